"""A seat's panel on a table image: the name (with the turn and dealer marks), then its details
in up to three lines, wrapped between details so nothing is cut in the middle of a figure; only
the name is shortened (with an ellipsis) where the panel is too narrow."""

from __future__ import annotations

from PIL import ImageDraw

from engine.words import say
from renderers.assets import font
from renderers.layout import Box
from renderers.text import draw_text, fit_name, text_width, wrap_pieces
from renderers.theme import RGB, Theme

DETAIL_LINES = 3


def draw_seat(
    draw: ImageDraw.ImageDraw,
    box: Box,
    name: str,
    details: list[str],
    colour: RGB,
    to_play: bool,
    dealer: bool,
    theme: Theme,
) -> None:
    draw.rounded_rectangle(
        box,
        12,
        fill=theme.panel,
        outline=theme.turn if to_play else colour,
        width=5 if to_play else 3,
    )
    draw.rounded_rectangle((box[0] + 5, box[1] + 8, box[0] + 11, box[3] - 8), 3, fill=colour)
    name_font = font(theme.label_size, bold=True)
    small = font(theme.small_size)
    x = box[0] + 18
    width = box[2] - x - 8
    # "D" marks the dealer (a translation gives its own short mark); the marks stay whole.
    before = "▶ " if to_play else ""
    after = say(" · D") if dealer else ""
    room = width - text_width(before + after, name_font)
    shown = before + fit_name(name, name_font, room) + after
    draw_text(
        draw,
        (x, box[1] + 8),
        shown,
        font=name_font,
        fill=theme.turn if to_play else theme.text,
        area=box,
    )
    for row, line in enumerate(wrap_pieces(details, small, width, DETAIL_LINES)):
        draw_text(draw, (x, box[1] + 40 + row * 31), line, font=small, fill=theme.muted, area=box)

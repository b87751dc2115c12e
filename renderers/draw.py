"""Small drawing helpers shared by the images."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.cards import Card
from renderers.assets import card_back, card_face, font
from renderers.palette import to_palette
from renderers.text import draw_text, fit_text
from renderers.theme import DEFAULT_THEME, Theme


def paste_card(
    image: Image.Image, card: Card | None, box: tuple[int, int, int, int], theme: Theme
) -> None:
    width = box[2] - box[0]
    sprite = card_back(width, theme) if card is None else card_face(card, width, theme)
    image.paste(sprite, (box[0], box[1]), sprite)


def to_png(image: Image.Image, theme: Theme | None = None) -> bytes:
    """PNG bytes of the image mapped to its theme's palette (see `renderers.palette`)."""
    buffer = io.BytesIO()
    to_palette(image, theme or DEFAULT_THEME).save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def draw_header(
    draw: ImageDraw.ImageDraw, title: str, score_lines: Sequence[str], theme: Theme
) -> None:
    """The band across the top of a table image: the title on the left, the score lines on the
    right, one under the other."""
    box = (0, 0, theme.width, theme.header_height)
    draw.rectangle(box, fill=theme.panel)
    title_font = font(theme.title_size, bold=True)
    small = font(theme.small_size)
    half = theme.width // 2
    draw_text(
        draw,
        (theme.margin, box[3] // 2),
        fit_text(title, title_font, half - 20),
        font=title_font,
        fill=theme.text,
        anchor="lm",
    )
    step = box[3] // (len(score_lines) + 1)
    for number, line in enumerate(score_lines, 1):
        draw_text(
            draw,
            (theme.width - theme.margin, step * number),
            fit_text(line, small, half - 30),
            font=small,
            fill=theme.muted,
            anchor="rm",
        )

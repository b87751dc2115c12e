"""The server leaderboard (top ten, the viewer's own place below) and a player's recent-results
chart. Inputs are plain rows prepared by the bot: no game state, no hidden card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.words import say
from renderers.assets import font
from renderers.draw import to_png
from renderers.text import draw_text, fit_text, text_width, wrap_words
from renderers.theme import DEFAULT_THEME, Theme

ROW_HEIGHT = 74  # the name with the figure on its right, the detail under it
TOP = 108
FOOTER = 48
PLACE_X = 46  # the centre of the place medal
NAME_X = 92
CHART_SIZE = (800, 260)


@dataclass(frozen=True, slots=True)
class BoardRow:
    place: int
    name: str
    figure: str
    detail: str
    highlight: bool = False  # the viewer's own row


@dataclass(frozen=True, slots=True)
class BoardModel:
    title: str
    subtitle: str
    rows: tuple[BoardRow, ...]
    own: BoardRow | None = None  # shown below the list when the viewer is not on this page
    footer: str = ""


def _row(draw: ImageDraw.ImageDraw, row: BoardRow, top: int, theme: Theme) -> None:
    width = theme.width
    if row.highlight:
        draw.rounded_rectangle(
            (12, top + 3, width - 12, top + ROW_HEIGHT - 3), 10, outline=theme.highlight, width=3
        )
    small, bold = font(theme.small_size), font(theme.label_size, bold=True)
    middle = top + ROW_HEIGHT // 2
    medal = {1: theme.highlight, 2: theme.muted, 3: theme.sides[1]}.get(row.place)
    if medal is not None:
        draw.ellipse((PLACE_X - 22, middle - 22, PLACE_X + 22, middle + 22), fill=medal)
    draw_text(
        draw,
        (PLACE_X, middle),
        str(row.place),
        font=bold,
        fill=theme.badge_text if medal else theme.text,
        anchor="mm",
    )
    figure_x = width - 24
    figure_w = text_width(row.figure, bold)
    draw_text(draw, (figure_x, top + 8), row.figure, font=bold, fill=theme.highlight, anchor="ra")
    name = fit_text(row.name, bold, figure_x - figure_w - 16 - NAME_X)
    draw_text(draw, (NAME_X, top + 8), name, font=bold, fill=theme.text)
    detail = fit_text(row.detail, small, figure_x - NAME_X)
    draw_text(draw, (NAME_X, top + 42), detail, font=small, fill=theme.muted)


def board_height(model: BoardModel) -> int:
    rows = max(len(model.rows), 4) + (model.own is not None)
    return TOP + rows * ROW_HEIGHT + 16 + FOOTER


def render(model: BoardModel, theme: Theme = DEFAULT_THEME) -> Image.Image:
    height = board_height(model)
    image = Image.new("RGB", (theme.width, height), theme.felt)
    draw = ImageDraw.Draw(image)
    width = theme.width - 48
    draw.rectangle((0, 0, theme.width, 96), fill=theme.panel)
    title = fit_text(model.title, font(theme.title_size, bold=True), width)
    draw_text(draw, (24, 30), title, font=font(theme.title_size, bold=True), fill=theme.text,
              anchor="lm")  # fmt: skip
    subtitle = fit_text(model.subtitle, font(theme.small_size), width)
    draw_text(draw, (24, 72), subtitle, font=font(theme.small_size), fill=theme.muted,
              anchor="lm")  # fmt: skip
    if not model.rows:
        lines = wrap_words(
            say("No finished games yet: play a match to appear here."),
            font(theme.label_size),
            width,
            2,
        )
        for number, line in enumerate(lines):
            draw_text(draw, (theme.width // 2, TOP + 60 + number * 36), line,
                      font=font(theme.label_size), fill=theme.text, anchor="mm")  # fmt: skip
    for index, row in enumerate(model.rows):
        _row(draw, row, TOP + index * ROW_HEIGHT, theme)
    if model.own is not None:
        top = TOP + len(model.rows) * ROW_HEIGHT + 8
        draw.line((24, top, theme.width - 24, top), fill=theme.muted, width=1)
        _row(draw, model.own, top + 6, theme)
    if model.footer:
        footer = fit_text(model.footer, font(theme.small_size), width)
        draw_text(draw, (theme.width - 24, height - FOOTER // 2), footer,
                  font=font(theme.small_size), fill=theme.muted, anchor="rm")  # fmt: skip
    return image


def render_png(model: BoardModel, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render(model, theme), theme)


def render_chart(
    recent: Sequence[tuple[str, int]], title: str, theme: Theme = DEFAULT_THEME
) -> Image.Image:
    """Bars for the latest matches, oldest on the left: up for a win, down for a loss, height by
    the points margin; a draw is a flat mark."""
    width, height = CHART_SIZE
    image = Image.new("RGB", CHART_SIZE, theme.panel)
    draw = ImageDraw.Draw(image)
    title = fit_text(title, font(theme.small_size, bold=True), width - 32)
    draw_text(draw, (16, 24), title, font=font(theme.small_size, bold=True), fill=theme.text,
              anchor="lm")  # fmt: skip
    axis = 48 + (height - 64) // 2
    draw.line((16, axis, width - 16, axis), fill=theme.muted, width=1)
    if not recent:
        return image
    biggest = max(1, *(abs(margin) for _, margin in recent))
    slot = (width - 32) / max(len(recent), 12)
    half = (height - 64) // 2
    colours = {"win": theme.sides[3], "loss": theme.red, "draw": theme.muted}
    for index, (outcome, margin) in enumerate(recent):
        left = 16 + index * slot + slot * 0.15
        right = 16 + (index + 1) * slot - slot * 0.15
        size = max(4, round(half * abs(margin) / biggest))
        if outcome == "draw":
            box = (left, axis - 3, right, axis + 3)
        elif outcome == "win":
            box = (left, axis - size, right, axis)
        else:
            box = (left, axis, right, axis + size)
        draw.rectangle(box, fill=colours.get(outcome, theme.muted))
    return image


def render_chart_png(
    recent: Sequence[tuple[str, int]], title: str, theme: Theme = DEFAULT_THEME
) -> bytes:
    return to_png(render_chart(recent, title, theme), theme)

"""The server leaderboard (top ten, the viewer's own place below) and a player's recent-results
chart. Inputs are plain rows prepared by the bot: no game state, no hidden card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.assets import font
from renderers.draw import to_png
from renderers.text import draw_text, fit_text
from renderers.theme import DEFAULT_THEME, Theme

ROW_HEIGHT = 52
TOP = 96
COLUMNS = (40, 130, 700, 900)  # place, name, figure, detail
CHART_SIZE = (800, 240)


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
            (24, top + 4, width - 24, top + ROW_HEIGHT - 4), 10, outline=theme.highlight, width=3
        )
    label, bold = font(theme.label_size), font(theme.label_size, bold=True)
    middle = top + ROW_HEIGHT // 2
    medal = {1: theme.highlight, 2: theme.muted, 3: theme.sides[1]}.get(row.place)
    if medal is not None:
        draw.ellipse((COLUMNS[0] - 4, middle - 20, COLUMNS[0] + 36, middle + 20), fill=medal)
    draw_text(
        draw,
        (COLUMNS[0] + 16, middle),
        str(row.place),
        font=bold,
        fill=theme.badge_text if medal else theme.text,
        anchor="mm",
    )
    name = fit_text(row.name, bold, COLUMNS[2] - COLUMNS[1] - 20)
    draw_text(draw, (COLUMNS[1], middle), name, font=bold, fill=theme.text, anchor="lm")
    draw_text(draw, (COLUMNS[2], middle), row.figure, font=bold, fill=theme.highlight, anchor="lm")
    detail = fit_text(row.detail, label, width - COLUMNS[3] - 40)
    draw_text(draw, (COLUMNS[3], middle), detail, font=label, fill=theme.muted, anchor="lm")


def render(model: BoardModel, theme: Theme = DEFAULT_THEME) -> Image.Image:
    image = Image.new("RGB", (theme.width, theme.height), theme.felt)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, theme.width, 80), fill=theme.panel)
    draw_text(draw, (24, 28), model.title, font=font(theme.title_size, bold=True), fill=theme.text,
              anchor="lm")  # fmt: skip
    draw_text(draw, (24, 62), model.subtitle, font=font(theme.small_size), fill=theme.muted,
              anchor="lm")  # fmt: skip
    if not model.rows:
        draw_text(
            draw,
            (theme.width // 2, theme.height // 2),
            "No finished games yet: play a match to appear here.",
            font=font(theme.label_size),
            fill=theme.text,
            anchor="mm",
        )
    for index, row in enumerate(model.rows):
        _row(draw, row, TOP + index * ROW_HEIGHT, theme)
    if model.own is not None:
        top = TOP + len(model.rows) * ROW_HEIGHT + 8
        draw.line((40, top, theme.width - 40, top), fill=theme.muted, width=1)
        _row(draw, model.own, top + 6, theme)
    if model.footer:
        draw_text(draw, (theme.width - 24, theme.height - 18), model.footer,
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
    draw_text(draw, (16, 20), title, font=font(theme.small_size, bold=True), fill=theme.text,
              anchor="lm")  # fmt: skip
    axis = 40 + (height - 56) // 2
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

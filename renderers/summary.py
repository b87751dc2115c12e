"""The deal summary: each side's points and the cards that scored, and a small chart of the
match so far (from the game's `SummaryPicture`)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core import GameView
from engine.pictures import SummaryChart, SummaryPicture, default_names
from renderers.assets import font
from renderers.draw import paste_card, to_png
from renderers.text import draw_text, fit_text
from renderers.theme import DEFAULT_THEME, Theme

CHART = (60, 470, 1220, 690)


def render(
    view: GameView, names: Sequence[str] | None = None, theme: Theme = DEFAULT_THEME
) -> Image.Image:
    return render_picture(view.summary_picture(names or default_names(view.players)), theme)


def render_picture(picture: SummaryPicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    image = Image.new("RGB", (theme.width, theme.height), theme.felt)
    draw = ImageDraw.Draw(image)
    title_font = font(theme.title_size, bold=True)
    label = font(theme.label_size)
    small = font(theme.small_size)
    draw.rectangle((0, 0, theme.width, theme.header_height), fill=theme.panel)
    draw_text(
        draw,
        (theme.margin, theme.header_height // 2),
        fit_text(picture.heading, title_font, theme.width - 2 * theme.margin),
        font=title_font,
        fill=theme.text,
        anchor="lm",
    )
    columns = picture.columns
    column_w = (theme.width - 2 * theme.margin) // max(len(columns), 1)
    for index, column in enumerate(columns):
        left = theme.margin + index * column_w
        colour = theme.sides[index % len(theme.sides)]
        draw.rounded_rectangle(
            (left + 4, 70, left + column_w - 8, 450), 14, fill=theme.panel, outline=colour, width=3
        )
        draw_text(
            draw,
            (left + 20, 84),
            fit_text(column.name, label, column_w - 40),
            font=font(theme.label_size, bold=True),
            fill=theme.text,
        )
        for row, line in enumerate(column.lines):
            draw_text(
                draw,
                (left + 20, 118 + row * 26),
                fit_text(line, small, column_w - 40),
                font=small,
                fill=theme.muted,
            )
        cards = column.cards
        card_w = 44
        step = min(card_w + 4, max(10, (column_w - 60) // max(len(cards), 1)))
        y = 118 + len(column.lines) * 26 + 10
        for number, card in enumerate(cards):
            x = left + 20 + number * step
            paste_card(image, card, (x, y, x + card_w, y + round(card_w / theme.card_ratio)), theme)
    if picture.chart is not None:
        _chart(draw, picture.chart, theme)
    return image


def _chart(draw: ImageDraw.ImageDraw, chart: SummaryChart, theme: Theme) -> None:
    left, top, right, bottom = CHART
    draw.rounded_rectangle(CHART, 12, fill=theme.panel)
    small = font(theme.small_size)
    low, limit = chart.low, chart.high
    draw_text(draw, (left + 14, top + 10), chart.title, font=small, fill=theme.muted)
    plot = (left + 50, top + 36, right - 20, bottom - 16)

    def y_of(value: float) -> float:
        return plot[3] - (value - low) / (limit - low) * (plot[3] - plot[1])

    for value in {0, limit, low} if low else {0, limit}:
        y = y_of(value)
        draw.line((plot[0], y, plot[2], y), fill=theme.felt_edge if value else theme.muted, width=1)
        draw_text(
            draw,
            (plot[0] - 8, y),
            f"{value:+d}" if low else str(value),
            font=small,
            fill=theme.muted,
            anchor="rm",
        )
    count = max((len(line) for line in chart.series), default=0)
    for index, line in enumerate(chart.series):
        colour = theme.sides[index % len(theme.sides)] if len(chart.series) > 1 else theme.highlight
        points = [
            (plot[0] + (plot[2] - plot[0]) * (n + 1) / max(count, 1), y_of(max(low, min(limit, v))))
            for n, v in enumerate(line)
        ]
        points.insert(0, (plot[0], y_of(0)))
        draw.line(points, fill=colour, width=3)
        for point in points[1:]:
            draw.ellipse((point[0] - 4, point[1] - 4, point[0] + 4, point[1] + 4), fill=colour)


def render_png(
    view: GameView, names: Sequence[str] | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    return to_png(render(view, names, theme), theme)

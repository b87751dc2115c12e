"""The deal summary: each side's points card by card, sweeps, the difference, and a small
chart of the match so far."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.seep.view import SeepView
from engine.suipe.view import SuipeView
from renderers.assets import font
from renderers.draw import paste_card, to_png
from renderers.model import default_names
from renderers.text import draw_text, fit_text
from renderers.theme import DEFAULT_THEME, Theme

CHART = (60, 470, 1220, 690)


def render(
    view: SeepView | SuipeView, names: Sequence[str] | None = None, theme: Theme = DEFAULT_THEME
) -> Image.Image:
    if not view.deals:
        raise ValueError("no deal has finished yet")
    names = list(names or default_names(view.players))
    outcome = view.deals[-1]
    image = Image.new("RGB", (theme.width, theme.height), theme.felt)
    draw = ImageDraw.Draw(image)
    title_font = font(theme.title_size, bold=True)
    label = font(theme.label_size)
    small = font(theme.small_size)
    sides = outcome.score.sides
    side_names = [" & ".join(names[p] for p in view.sides[s].players) for s in range(len(sides))]
    totals = [side.total for side in sides]
    heading = f"Deal {outcome.number}: " + " · ".join(
        f"{side_names[s]} {totals[s]}" for s in range(len(sides))
    )
    if isinstance(view, SeepView):
        baazi = getattr(outcome, "baazi_side", None)
        if baazi is not None:
            heading += f" — baazi to {side_names[baazi]}!"
        else:
            heading += f" · difference {totals[0] - totals[1]:+d}"
    draw.rectangle((0, 0, theme.width, theme.header_height), fill=theme.panel)
    draw_text(
        draw,
        (theme.margin, theme.header_height // 2),
        fit_text(heading, title_font, theme.width - 2 * theme.margin),
        font=title_font,
        fill=theme.text,
        anchor="lm",
    )
    column_w = (theme.width - 2 * theme.margin) // len(sides)
    for index, side in enumerate(sides):
        left = theme.margin + index * column_w
        colour = theme.sides[index % len(theme.sides)]
        draw.rounded_rectangle(
            (left + 4, 70, left + column_w - 8, 450), 14, fill=theme.panel, outline=colour, width=3
        )
        draw_text(
            draw,
            (left + 20, 84),
            fit_text(side_names[index], label, column_w - 40),
            font=font(theme.label_size, bold=True),
            fill=theme.text,
        )
        lines = _side_lines(view, side)
        for row, line in enumerate(lines):
            draw_text(
                draw,
                (left + 20, 118 + row * 26),
                fit_text(line, small, column_w - 40),
                font=small,
                fill=theme.muted,
            )
        cards = side.scoring_cards
        card_w = 44
        step = min(card_w + 4, max(10, (column_w - 60) // max(len(cards), 1)))
        y = 118 + len(lines) * 26 + 10
        for number, card in enumerate(cards):
            x = left + 20 + number * step
            paste_card(image, card, (x, y, x + card_w, y + round(card_w / theme.card_ratio)), theme)
    _chart(draw, view, theme)
    return image


def _side_lines(view: SeepView | SuipeView, side) -> list[str]:
    if isinstance(view, SuipeView):
        return [
            f"{side.cards} cards ({side.most_cards} for most) · {side.spades} spades "
            f"({side.most_spades} for most)",
            f"2♠, aces and 10♦: {side.card_points}",
            f"Suipes: {side.suipes} → {side.suipe_points} after kala",
            f"Total: {side.total}",
        ]
    extra = f" (incl. {side.most_cards_points} for most cards)" if side.most_cards_points else ""
    return [
        f"{side.cards} cards · card points {side.card_points}{extra}",
        f"Sweeps: {side.sweeps} → {side.sweep_points}",
        f"Total: {side.total}",
    ]


def _chart(draw: ImageDraw.ImageDraw, view: SeepView | SuipeView, theme: Theme) -> None:
    left, top, right, bottom = CHART
    draw.rounded_rectangle(CHART, 12, fill=theme.panel)
    small = font(theme.small_size)
    if isinstance(view, SuipeView):
        series = [[o.totals[s] for o in view.deals] for s in range(len(view.sides))]
        limit = max(10, max(max(line) for line in series))
        low, title = 0, "Match points after each deal"
    else:
        target = view.rules.target_lead
        series = [[o.running_total for o in view.deals]]
        limit, low, title = (
            target,
            -target,
            f"Running total (side 0's lead); ±{target} wins a baazi",
        )
    draw_text(draw, (left + 14, top + 10), title, font=small, fill=theme.muted)
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
    count = len(view.deals)
    for index, line in enumerate(series):
        colour = theme.sides[index % len(theme.sides)] if len(series) > 1 else theme.highlight
        points = [
            (plot[0] + (plot[2] - plot[0]) * (n + 1) / max(count, 1), y_of(max(low, min(limit, v))))
            for n, v in enumerate(line)
        ]
        points.insert(0, (plot[0], y_of(0)))
        draw.line(points, fill=colour, width=3)
        for point in points[1:]:
            draw.ellipse((point[0] - 4, point[1] - 4, point[0] + 4, point[1] + 4), fill=colour)


def render_png(
    view: SeepView | SuipeView, names: Sequence[str] | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    return to_png(render(view, names, theme), theme)

"""The deal summary: each side's points and the cards that scored, and a small chart of the
match so far (from the game's `SummaryPicture`)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from engine.core import GameView
from engine.pictures import SummaryChart, SummaryColumn, SummaryPicture, default_names
from renderers.assets import font
from renderers.draw import drawing, paste_card, to_png
from renderers.text import draw_text, fit_name, text_width, wrap_pieces, wrap_words
from renderers.theme import DEFAULT_THEME, Theme

HEADING_LINES = 4  # the heading wraps onto up to four lines
LINE = 31
CARD_W = 70
CORNER_STEP = 30  # the least a card shows beside the next: its whole corner, "10" too
ROW_SHIFT = 0.42  # a further row of cards lies this much of a card lower: corners stay in view
CHART_H = 250
GAP = 12


def column_width(picture: SummaryPicture, theme: Theme) -> int:
    """Two panels a row (a phone is narrow)."""
    if len(picture.columns) > 1:
        return (theme.width - 3 * theme.margin) // 2
    return theme.width - 2 * theme.margin


def panel_lines(column: SummaryColumn, width: int, theme: Theme) -> list[str]:
    """The column's lines, each wrapped between its parts (" · ") onto up to two lines."""
    small = font(theme.small_size)
    lines: list[str] = []
    for line in column.lines:
        lines += wrap_pieces(line.split(" · "), small, width - 28, 3)
    return lines


def card_grid(count: int, width: int) -> tuple[int, int, int]:
    """How `count` overlapping cards lie in a panel `width` wide: (rows, cards a row, the step
    from one card to the next), each card showing at least its corner beside the next."""
    room = width - 28 - CARD_W  # the panel's inner width, less the last card of a row
    per_row = max(1, room // CORNER_STEP + 1)
    rows = max(1, -(-count // per_row))
    in_row = -(-count // rows)  # the rows share the cards evenly
    return rows, in_row, min(CARD_W + 4, room // max(in_row - 1, 1))


NAME_LINE = 34  # from one line of a side's names to the next
NAME_LINES = 3  # a side of three players, one a line where their names are long


def team_lines(name: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """A side's players ("Asha & Computer 2 & Computer 3") on up to three lines, broken
    between players; only what still does not fit is shortened, as a name may be."""
    parts = name.split(" & ")
    out: list[str] = []
    while parts and len(out) < NAME_LINES - 1:
        line = parts.pop(0)
        while parts and text_width(f"{line} & {parts[0]}" + " &" * (len(parts) > 1), face) <= width:
            line = f"{line} & {parts.pop(0)}"
        out.append(line + (" &" if parts else ""))
    if parts:
        out.append(" & ".join(parts))
    return [fit_name(line, face, width) for line in out]


def panel_height(lines: list[list[str]], rows: int, theme: Theme, name_lines: int = 1) -> int:
    """The height every panel shares: the name (on `name_lines` lines), the most lines any
    panel has, the cards in `rows` overlapping rows (0: no cards)."""
    most = max((len(column) for column in lines), default=0)
    top = 48 + (name_lines - 1) * NAME_LINE
    if not rows:
        return top + most * LINE
    card_h = round(CARD_W / theme.card_ratio)
    return top + most * LINE + card_h + round((rows - 1) * ROW_SHIFT * card_h) + 12


def heading_height(lines: int) -> int:
    return 16 + 40 * max(lines, 2)


def summary_height(panels: int, panel_h: int, has_chart: bool, heading: int) -> int:
    """The heading, the panels two a row, then the chart."""
    height = heading + (panels + 1) // 2 * (panel_h + GAP) + GAP
    return height + (CHART_H + GAP if has_chart else 0)


def render(
    view: GameView, names: Sequence[str] | None = None, theme: Theme = DEFAULT_THEME
) -> Image.Image:
    return render_picture(view.summary_picture(names or default_names(view.players)), theme)


def render_picture(picture: SummaryPicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    with drawing(picture.pack):
        return _render_picture(picture, theme)


def _render_picture(picture: SummaryPicture, theme: Theme) -> Image.Image:
    columns = picture.columns
    column_w = column_width(picture, theme)
    lines = [panel_lines(column, column_w, theme) for column in columns]  # wrapped once
    rows = max(
        (card_grid(len(column.cards), column_w)[0] for column in columns if column.cards),
        default=0,
    )
    bold = font(theme.label_size, bold=True)
    names = [team_lines(column.name, bold, column_w - 28) for column in columns]
    name_lines = max((len(shown) for shown in names), default=1)
    height = panel_height(lines, rows, theme, name_lines)
    title_font = font(theme.title_size, bold=True)
    heading = wrap_words(
        picture.heading, title_font, theme.width - 2 * theme.margin, HEADING_LINES
    )
    heading_h = heading_height(len(heading))
    size = (theme.width, summary_height(len(columns), height, picture.chart is not None, heading_h))
    image = Image.new("RGB", size, theme.felt)
    draw = ImageDraw.Draw(image)
    band = (0, 0, theme.width, heading_h)
    draw.rectangle(band, fill=theme.panel)
    top = (heading_h - 40 * len(heading)) // 2
    for row, line in enumerate(heading):
        draw_text(draw, (theme.margin, top + row * 40), line, font=title_font, fill=theme.text,
                  area=band)  # fmt: skip
    for index, (column, wrapped, shown) in enumerate(zip(columns, lines, names, strict=True)):
        left = theme.margin + (index % 2) * (column_w + theme.margin)
        top = heading_h + GAP + (index // 2) * (height + GAP)
        box = (left, top, left + column_w, top + height)
        _panel(image, draw, column, (shown, name_lines), wrapped, box, index, theme)
    if picture.chart is not None:
        bottom = size[1] - GAP
        _chart(
            draw, picture.chart, (theme.margin, bottom - CHART_H, theme.width - 12, bottom), theme
        )
    return image


def _panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    column: SummaryColumn,
    names: tuple[list[str], int],
    lines: list[str],
    box: tuple[int, int, int, int],
    index: int,
    theme: Theme,
) -> None:
    """A side's panel: its players (`names`: the lines and the lines every panel gives them),
    its figures and the cards that scored."""
    left, top, right, bottom = box
    colour = theme.sides[index % len(theme.sides)]
    draw.rounded_rectangle(box, 14, fill=theme.panel, outline=colour, width=3)
    bold = font(theme.label_size, bold=True)
    small = font(theme.small_size)
    shown, name_lines = names
    for row, name in enumerate(shown):
        draw_text(draw, (left + 14, top + 10 + row * NAME_LINE), name, font=bold,
                  fill=theme.text, area=box)  # fmt: skip
    details = top + 48 + (name_lines - 1) * NAME_LINE
    for row, line in enumerate(lines):
        draw_text(draw, (left + 14, details + row * LINE), line, font=small, fill=theme.muted,
                  area=box)  # fmt: skip
    cards = column.cards
    if not cards:
        return
    card_h = round(CARD_W / theme.card_ratio)
    rows, in_row, step = card_grid(len(cards), right - left)
    first = bottom - card_h - 12 - round((rows - 1) * ROW_SHIFT * card_h)
    for number, card in enumerate(cards):
        row, place = divmod(number, in_row)
        x = left + 14 + place * step
        y = first + round(row * ROW_SHIFT * card_h)
        paste_card(image, card, (x, y, x + CARD_W, y + card_h), theme)


def _chart(
    draw: ImageDraw.ImageDraw,
    chart: SummaryChart,
    box: tuple[int, int, int, int],
    theme: Theme,
) -> None:
    left, top, right, bottom = box
    draw.rounded_rectangle(box, 12, fill=theme.panel)
    small = font(theme.small_size)
    low, limit = chart.low, chart.high
    title = wrap_words(chart.title, small, right - left - 28, 2)
    for row, text in enumerate(title):
        draw_text(draw, (left + 14, top + 8 + row * LINE), text, font=small, fill=theme.muted,
                  area=box)  # fmt: skip
    plot = (left + 70, top + 24 + LINE * len(title) + 14, right - 20, bottom - 20)

    def y_of(value: float) -> float:
        return plot[3] - (value - low) / (limit - low) * (plot[3] - plot[1])

    for value in {0, limit, low} if low else {0, limit}:
        y = y_of(value)
        draw.line((plot[0], y, plot[2], y), fill=theme.felt_edge if value else theme.muted, width=1)
        draw_text(
            draw,
            (plot[0] - 8, y),
            f"{value:+d}" if low and value else str(value),  # a lead's axis: -100, 0, +100
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

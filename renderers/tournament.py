"""A tournament's pictures: the final results (a podium for the best three, then the table
of scores with the tie-breaks) and a knockout bracket. The models are plain words and figures
built by the bot in the reader's language: nothing here knows a format or a game.

Only a player's name is ever shortened (with an ellipsis); a column's heading takes two lines
where it needs them, and its column is made wide enough for its longest word and figure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from renderers.assets import font
from renderers.draw import to_png
from renderers.text import draw_text, fit_name, text_width, wrap_words
from renderers.theme import DEFAULT_THEME, Theme

HEADER = 96
MARGIN = 24
GAP = 16
PODIUM_TOP = HEADER + 20
PODIUM_NAME = 40  # the name above each step
PODIUM_STEPS = (150, 110, 80)  # heights of the first, second and third steps
ROW = 46
HEADING_LINE = 30  # a line of a column's heading
FOOTER = 48


@dataclass(frozen=True, slots=True)
class ResultRow:
    place: int
    name: str
    score: str
    tiebreaks: tuple[str, ...] = ()
    highlight: bool = False  # the reader's own line


@dataclass(frozen=True, slots=True)
class ResultsModel:
    title: str  # the event's name
    subtitle: str  # the game and format, "final results"
    place_label: str  # "#"
    name_label: str  # "Player" / "Pair"
    score_label: str  # "Points"
    tiebreak_labels: tuple[str, ...]
    rows: tuple[ResultRow, ...]
    footer: str = ""


def _header(draw: ImageDraw.ImageDraw, title: str, subtitle: str, theme: Theme) -> None:
    width = theme.width - 2 * MARGIN
    draw.rectangle((0, 0, theme.width, HEADER), fill=theme.panel)
    big, small = font(theme.title_size, bold=True), font(theme.small_size)
    draw_text(draw, (MARGIN, 30), fit_name(title, big, width), font=big, fill=theme.text,
              anchor="lm")  # fmt: skip
    draw_text(draw, (MARGIN, 72), fit_name(subtitle, small, width), font=small,
              fill=theme.muted, anchor="lm")  # fmt: skip


def heading_lines(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """A column heading on as few lines of `width` as it takes, broken between words or
    after a hyphen ("Sonneborn–" / "Berger"); a piece wider than `width` keeps its own line."""
    lines: list[str] = []
    for match in re.finditer(r"[^\s\-–]*[\-–]|[^\s\-–]+", text):
        piece = match.group()
        glue = "" if not lines or lines[-1][-1] in "-–" else " "
        if lines and text_width(lines[-1] + glue + piece, face) <= width:
            lines[-1] += glue + piece
        else:
            lines.append(piece)
    return lines


def heading_width(text: str, face: ImageFont.FreeTypeFont, lines: int = 2) -> float:
    """The narrowest width that holds `text` on at most `lines` lines."""
    low = max((text_width(p, face) for p in heading_lines(text, face, 0)), default=0.0)
    high = max(low, text_width(text, face))
    while high - low > 1:
        middle = (low + high) / 2
        if len(heading_lines(text, face, middle)) <= lines:
            high = middle
        else:
            low = middle
    return high


@dataclass(frozen=True, slots=True)
class _Table:
    """Where the table's columns go: the place's right edge, the name's left and right
    edges, each figure column's right edge, and each heading's lines."""

    place_right: float
    name_left: float
    name_right: float
    rights: tuple[float, ...]
    headings: tuple[tuple[str, ...], ...]  # the place, the name, then each figure column

    @property
    def heading_rows(self) -> int:
        return max(len(lines) for lines in self.headings)


MIN_NAME_SHARE = 0.34  # of the table's width, kept for the names


def _table(model: ResultsModel, theme: Theme) -> _Table:
    face, bold = font(theme.small_size), font(theme.small_size, bold=True)
    inner = theme.width - 2 * MARGIN
    place_w = max(text_width(model.place_label, face), text_width("000", bold)) + GAP
    labels = (model.score_label, *model.tiebreak_labels)
    cap = (inner - place_w - inner * MIN_NAME_SHARE) / max(len(labels), 1)
    widths = []
    for index, label in enumerate(labels):
        figures = [row.score if index == 0 else _figure(row, index - 1) for row in model.rows]
        widest = max((text_width(f, bold) for f in figures), default=0.0)
        widths.append(max(widest, min(heading_width(label, face), cap)) + GAP)
    rights: list[float] = []
    right = float(theme.width - MARGIN)
    for width in reversed(widths):
        rights.insert(0, right)
        right -= width
    name_left = MARGIN + place_w
    headings = [
        tuple(heading_lines(model.place_label, face, place_w - GAP)),
        tuple(heading_lines(model.name_label, face, right - name_left - GAP)),
        *(tuple(heading_lines(label, face, widths[i] - GAP)) for i, label in enumerate(labels)),
    ]
    return _Table(MARGIN + place_w - GAP, name_left, right, tuple(rights), tuple(headings))


def _podium_height(model: ResultsModel) -> int:
    return PODIUM_NAME + PODIUM_STEPS[0] + 24 if model.rows else 0


def results_height(model: ResultsModel, theme: Theme = DEFAULT_THEME) -> int:
    heading = _table(model, theme).heading_rows * HEADING_LINE
    table = heading + 12 + max(len(model.rows), 1) * ROW
    return PODIUM_TOP + _podium_height(model) + table + (FOOTER if model.footer else 16)


def _podium(draw: ImageDraw.ImageDraw, rows: Sequence[ResultRow], theme: Theme) -> None:
    """The best three on steps: the first in the middle and highest, the second on its
    left, the third on its right."""
    column = (theme.width - 2 * MARGIN - 2 * GAP) // 3
    lefts = (MARGIN + column + GAP, MARGIN, MARGIN + 2 * (column + GAP))
    floor = PODIUM_TOP + PODIUM_NAME + PODIUM_STEPS[0]
    bold, big = font(theme.label_size, bold=True), font(theme.title_size, bold=True)
    small = font(theme.small_size)
    colours = (theme.highlight, theme.muted, theme.sides[1])
    for index, row in enumerate(rows[:3]):
        left, height = lefts[index], PODIUM_STEPS[index]
        top = floor - height
        box = (left, top, left + column, floor)
        draw.rounded_rectangle(box, 8, fill=colours[index])
        name = fit_name(row.name, bold, column - 8)
        draw_text(draw, (left + column / 2, top - 8), name, font=bold, fill=theme.text,
                  anchor="md")  # fmt: skip
        draw_text(draw, (left + column / 2, top + 6), str(row.place), font=big,
                  fill=theme.badge_text, anchor="ma", area=box)  # fmt: skip
        draw_text(draw, (left + column / 2, top + 44), row.score, font=small,
                  fill=theme.badge_text, anchor="ma", area=box)  # fmt: skip


def _figure(row: ResultRow, index: int) -> str:
    return row.tiebreaks[index] if index < len(row.tiebreaks) else ""


def render_results(model: ResultsModel, theme: Theme = DEFAULT_THEME) -> Image.Image:
    height = results_height(model, theme)
    image = Image.new("RGB", (theme.width, height), theme.felt)
    draw = ImageDraw.Draw(image)
    _header(draw, model.title, model.subtitle, theme)
    if model.rows:
        _podium(draw, model.rows, theme)
    face, bold = font(theme.small_size), font(theme.small_size, bold=True)
    top = PODIUM_TOP + _podium_height(model)
    table = _table(model, theme)
    rights, name_left, name_right = table.rights, table.name_left, table.name_right
    anchors = [(table.place_right, "r"), (name_left, "l"), *((r, "r") for r in rights)]
    rows = table.heading_rows
    for lines, (x, side) in zip(table.headings, anchors, strict=True):
        for number, line in enumerate(lines):
            y = top + (rows - len(lines) + number) * HEADING_LINE + HEADING_LINE // 2
            draw_text(draw, (x, y), line, font=face, fill=theme.muted, anchor=f"{side}m")
    top += rows * HEADING_LINE + 6
    draw.line((MARGIN, top, theme.width - MARGIN, top), fill=theme.muted, width=1)
    top += 6
    for index, row in enumerate(model.rows):
        y = top + index * ROW
        middle = y + ROW // 2
        if row.highlight:
            draw.rounded_rectangle((MARGIN // 2, y + 2, theme.width - MARGIN // 2, y + ROW - 2),
                                   8, outline=theme.highlight, width=3)  # fmt: skip
        elif index % 2:
            draw.rectangle((MARGIN // 2, y, theme.width - MARGIN // 2, y + ROW), fill=theme.panel)
        draw_text(draw, (table.place_right, middle), str(row.place), font=bold,
                  fill=theme.text, anchor="rm")  # fmt: skip
        name = fit_name(row.name, bold, name_right - name_left - GAP)
        draw_text(draw, (name_left, middle), name, font=bold, fill=theme.text, anchor="lm")
        figures = (row.score, *(_figure(row, i) for i in range(len(model.tiebreak_labels))))
        for number, figure in enumerate(figures):
            if figure:
                colour = theme.highlight if number == 0 else theme.text
                draw_text(draw, (rights[number], middle), figure, font=bold if number == 0
                          else face, fill=colour, anchor="rm")  # fmt: skip
    if model.footer:
        footer = wrap_words(model.footer, face, theme.width - 2 * MARGIN, 1)
        draw_text(draw, (theme.width - MARGIN, height - FOOTER // 2), footer[0], font=face,
                  fill=theme.muted, anchor="rm")  # fmt: skip
    return image


def render_results_png(model: ResultsModel, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render_results(model, theme), theme)


# The bracket


@dataclass(frozen=True, slots=True)
class BracketSide:
    name: str  # empty: not known yet
    score: str = ""  # matches won in the tie
    won: bool = False


@dataclass(frozen=True, slots=True)
class BracketTie:
    top: BracketSide
    bottom: BracketSide  # a bye: the bye's word as its name


@dataclass(frozen=True, slots=True)
class BracketModel:
    title: str
    subtitle: str
    round_names: tuple[str, ...]  # "Round 1" … "Semi-finals", "Final"
    rounds: tuple[tuple[BracketTie, ...], ...]  # the first round first, top to bottom
    champion: str = ""  # the winner's name once the final is over
    champion_label: str = ""  # "Champion"


LINE = 38  # one side of a tie
TIE_GAP = 20
ROUND_TOP = HEADER + 64


def bracket_height(model: BracketModel) -> int:
    first = len(model.rounds[0]) if model.rounds else 1
    champion = 90 if model.champion else 0
    return ROUND_TOP + first * (2 * LINE + TIE_GAP) + champion + 16


def render_bracket(model: BracketModel, theme: Theme = DEFAULT_THEME) -> Image.Image:
    height = bracket_height(model)
    image = Image.new("RGB", (theme.width, height), theme.felt)
    draw = ImageDraw.Draw(image)
    _header(draw, model.title, model.subtitle, theme)
    count = max(len(model.rounds), 1)
    column = (theme.width - 2 * MARGIN - (count - 1) * GAP) / count
    face, bold = font(theme.small_size), font(theme.small_size, bold=True)
    slot = 2 * LINE + TIE_GAP  # the height a first-round tie takes
    previous: list[float] = []
    for number, ties in enumerate(model.rounds):
        left = MARGIN + number * (column + GAP)
        name = model.round_names[number] if number < len(model.round_names) else ""
        lines = wrap_words(name, face, column, 2)
        for line_number, line in enumerate(lines):
            y = HEADER + 32 + (line_number - (len(lines) - 1) / 2) * 28
            draw_text(draw, (left + column / 2, y), line, font=face, fill=theme.muted,
                      anchor="mm")  # fmt: skip
        span = slot * (2**number)
        middles = []
        for index, tie in enumerate(ties):
            middle = ROUND_TOP + index * span + span / 2 - TIE_GAP / 2
            middles.append(middle)
            box = (left, middle - LINE, left + column, middle + LINE)
            draw.rounded_rectangle(box, 6, fill=theme.panel, outline=theme.felt_edge)
            draw.line((left + 6, middle, left + column - 6, middle), fill=theme.felt_edge)
            for side, top in ((tie.top, middle - LINE), (tie.bottom, middle)):
                _side(draw, side, (left, top, left + column, top + LINE), face, bold, theme)
            if previous:
                for feeder in (previous[2 * index], previous[2 * index + 1]):
                    joint = left - GAP / 2
                    draw.line((joint - GAP / 2, feeder, joint, feeder), fill=theme.muted, width=2)
                    draw.line((joint, feeder, joint, middle), fill=theme.muted, width=2)
                draw.line((left - GAP / 2, middle, left, middle), fill=theme.muted, width=2)
        previous = middles
    if model.champion:
        top = height - 90
        big = font(theme.title_size, bold=True)
        label = wrap_words(model.champion_label, face, theme.width - 2 * MARGIN, 1)
        if label:
            draw_text(draw, (theme.width / 2, top + 12), label[0], font=face, fill=theme.muted,
                      anchor="ma")  # fmt: skip
        champion = fit_name(model.champion, big, theme.width - 2 * MARGIN)
        draw_text(draw, (theme.width / 2, top + 44), champion, font=big, fill=theme.highlight,
                  anchor="ma")  # fmt: skip
    return image


def _side(
    draw: ImageDraw.ImageDraw,
    side: BracketSide,
    box: tuple[float, float, float, float],
    face: ImageFont.FreeTypeFont,
    bold: ImageFont.FreeTypeFont,
    theme: Theme,
) -> None:
    left, top, right, bottom = box
    middle = (top + bottom) / 2
    area = (int(left), int(top), int(right), int(bottom))
    score_w = text_width(side.score, bold) + 8 if side.score else 0
    if side.score:
        draw_text(draw, (right - 8, middle), side.score, font=bold,
                  fill=theme.highlight if side.won else theme.muted, anchor="rm",
                  area=area)  # fmt: skip
    if side.name:
        name = fit_name(side.name, bold if side.won else face, right - left - 16 - score_w)
        draw_text(draw, (left + 8, middle), name, font=bold if side.won else face,
                  fill=theme.text if side.won or not side.score else theme.muted, anchor="lm",
                  area=area)  # fmt: skip


def render_bracket_png(model: BracketModel, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render_bracket(model, theme), theme)

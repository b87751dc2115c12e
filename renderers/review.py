"""A review's pictures: a flagged decision before and after (the table as the seat saw it,
its hand with the move played and the better one framed, then the floor after each), and a
chart of the figures over the deal. Plain data and drawings in, already in the reader's
language: this module names no game and translates nothing."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from engine.cards import Card
from engine.pictures import HandPicture
from renderers import hand as hand_image
from renderers.assets import font
from renderers.draw import to_png
from renderers.text import draw_text, fit_text, recording_at, text_width, wrap_words
from renderers.theme import DEFAULT_THEME, Theme

Drawing = Callable[[], Image.Image]  # draws one picture, as wide as the theme's images
LABEL_BAND = 52
MOVE_LINE = 34
FRAME = 6  # the width of a card's frame in the hand


@dataclass(frozen=True, slots=True)
class DecisionPicture:
    """One flagged decision: `title` ("Move 12 · big loss"), the table before it, the seat's
    hand with the cards of the move played and of the better one, then each move in words
    ("Yours: …", "Better: …") above the floor it leaves."""

    title: str
    before: Drawing
    hand: HandPicture | None
    played_cards: Collection[Card]
    best_cards: Collection[Card]
    played: str
    played_after: Drawing
    best: str
    best_after: Drawing


def played_colour(theme: Theme) -> tuple[int, int, int]:
    return theme.red


def best_colour(theme: Theme) -> tuple[int, int, int]:
    return theme.highlight  # (the legend's colour of the best card)


def render_decision(picture: DecisionPicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The pieces one under another at their own width, so every label keeps its size."""
    face = font(theme.label_size, bold=True)
    room = theme.width - 2 * theme.margin - 36
    played_lines = wrap_words(picture.played, face, room, 2)
    best_lines = wrap_words(picture.best, face, room, 2)
    pictures: dict[int, Image.Image] = {}  # by the top they are drawn at
    moves: dict[int, tuple[list[str], tuple[int, int, int]]] = {}
    top = LABEL_BAND

    def add(drawing: Drawing) -> None:
        nonlocal top
        with recording_at(0, top):
            image = drawing()
        pictures[top] = image
        top += image.height

    def move(lines: list[str], colour: tuple[int, int, int]) -> None:
        nonlocal top
        moves[top] = (lines, colour)
        top += 20 + MOVE_LINE * len(lines)

    add(picture.before)
    hand = picture.hand
    if hand is not None:
        add(partial(_framed_hand, picture, hand, theme))
    move(played_lines, played_colour(theme))
    add(picture.played_after)
    move(best_lines, best_colour(theme))
    add(picture.best_after)
    canvas = Image.new("RGB", (theme.width, top), theme.felt)
    draw = ImageDraw.Draw(canvas)
    _label(draw, picture.title, 0, theme)
    for at, image in pictures.items():
        canvas.paste(image, (0, at))
    for at, (lines, colour) in moves.items():
        _move(draw, lines, colour, at, theme)
    return canvas


def _framed_hand(picture: DecisionPicture, hand: HandPicture, theme: Theme) -> Image.Image:
    image = hand_image.render_picture(hand, theme)
    layout = hand_image.hand_layout(len(hand.cards), theme)
    draw = ImageDraw.Draw(image)
    for index, card in enumerate(hand.cards):
        box = layout.cards[index]
        if index + 1 < len(layout.cards) and layout.cards[index + 1][0] < box[2]:
            # an overlapped card: only the strip that shows is framed, so that a frame
            # around one card never looks like one around two
            box = (box[0], box[1], layout.cards[index + 1][0] - FRAME, box[3])
        if card in picture.best_cards:
            _frame(draw, box, best_colour(theme), 0)
        if card in picture.played_cards:
            _frame(draw, box, played_colour(theme), FRAME if card in picture.best_cards else 0)
    return image


def _frame(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: tuple[int, int, int],
    inset: int,
) -> None:  # fmt: skip
    left, top, right, bottom = box
    draw.rounded_rectangle((left - FRAME + inset, top - FRAME + inset, right + FRAME - inset,
                            bottom + FRAME - inset), 10, outline=colour, width=FRAME)  # fmt: skip


def _label(draw: ImageDraw.ImageDraw, text: str, top: int, theme: Theme) -> None:
    box = (0, top, theme.width, top + LABEL_BAND)
    draw.rectangle(box, fill=theme.black)
    face = font(theme.title_size, bold=True)
    shown = fit_text(text, face, theme.width - 2 * theme.margin)
    draw_text(draw, (theme.margin, top + LABEL_BAND // 2), shown, font=face,
              fill=theme.highlight, anchor="lm", area=box)  # fmt: skip


def _move(
    draw: ImageDraw.ImageDraw, lines: Sequence[str], colour: tuple[int, int, int], top: int,
    theme: Theme,
) -> None:  # fmt: skip
    height = 20 + MOVE_LINE * len(lines)
    box = (0, top, theme.width, top + height)
    draw.rectangle(box, fill=theme.badge)
    left = theme.margin
    draw.rectangle((left, top + 8, left + 22, top + height - 8), fill=colour)
    face = font(theme.label_size, bold=True)
    for row, line in enumerate(lines):
        draw_text(draw, (left + 36, top + 10 + row * MOVE_LINE), line, font=face,
                  fill=theme.badge_text, area=box)  # fmt: skip


def render_decision_png(picture: DecisionPicture, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render_decision(picture, theme), theme)


# ----- the chart over the deal --------------------------------------------------------------


CHART_HEIGHT = 420
PLOT_LEFT, PLOT_RIGHT = 110, 24  # room for the figures on the left
PLOT_TOP, PLOT_BOTTOM = 96, 70  # the title and legend above, the moves below


@dataclass(frozen=True, slots=True)
class ChartPoint:
    step: int  # the move's number in the deal
    played: float  # the figure of the choice made
    best: float  # the best choice's figure
    marked: bool  # a flagged decision


@dataclass(frozen=True, slots=True)
class ChartModel:
    title: str  # "Your figures over deal 12"
    played_label: str  # "your choice"
    best_label: str  # "the best choice"
    axis: str  # "move", under the moves' numbers
    points: tuple[ChartPoint, ...]
    labels: tuple[str, str, str]  # the top, zero and bottom figures, written as the reader does
    top: float
    bottom: float


def render_chart(model: ChartModel, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """Two lines over the seat's decisions, left to right: the figure of the choice made and
    the best one's; the gap between them is what the choice lost; flagged decisions are
    ringed."""
    width = theme.width
    image = Image.new("RGB", (width, CHART_HEIGHT), theme.panel)
    draw = ImageDraw.Draw(image)
    bold, small = font(theme.label_size, bold=True), font(theme.small_size)
    title = fit_text(model.title, bold, width - 2 * theme.margin)
    draw_text(draw, (theme.margin + 4, 28), title, font=bold, fill=theme.text, anchor="lm")
    _legend(draw, model, theme)
    left, right = PLOT_LEFT, width - PLOT_RIGHT
    top, bottom = PLOT_TOP, CHART_HEIGHT - PLOT_BOTTOM
    span = (model.top - model.bottom) or 1.0

    def y(value: float) -> float:
        return bottom - (value - model.bottom) / span * (bottom - top)

    draw.rectangle((left, top, right, bottom), outline=theme.muted, width=1)
    if model.bottom < 0 < model.top:
        draw.line((left, y(0), right, y(0)), fill=theme.muted, width=1)
    _scale(draw, model, y, left, theme)
    points = model.points
    if not points:
        return image
    count = len(points)

    def x(index: int) -> float:
        return left + 16 + (right - left - 32) * (index / max(1, count - 1) if count > 1 else 0.5)

    lines = (([p.best for p in points], best_colour(theme), 3),
             ([p.played for p in points], theme.turn, 4))  # fmt: skip
    for values, colour, line in lines:
        coords = [(x(i), y(value)) for i, value in enumerate(values)]
        if len(coords) > 1:
            draw.line(coords, fill=colour, width=line, joint="curve")
        for cx, cy in coords:
            draw.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=colour)
    for i, point in enumerate(points):
        if point.marked:
            cx, cy = x(i), y(point.played)
            draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), outline=theme.red, width=4)
    # the first, the last and (room allowing) a few moves between, by their numbers
    taken: list[tuple[float, float]] = []
    for i in [0, count - 1, *range(0, count, max(1, count // 5))]:
        text = str(points[i].step)
        half = text_width(text, small) / 2
        span_ = (x(i) - half - 8, x(i) + half + 8)
        if any(span_[0] < right_ and left_ < span_[1] for left_, right_ in taken):
            continue
        draw_text(draw, (x(i), bottom + 8), text, font=small, fill=theme.muted, anchor="ma")
        taken.append(span_)
    axis = fit_text(model.axis, small, right - left)
    draw_text(draw, ((left + right) / 2, CHART_HEIGHT - 12), axis, font=small, fill=theme.muted,
              anchor="md")  # fmt: skip
    return image


def _scale(
    draw: ImageDraw.ImageDraw,
    model: ChartModel,
    y: Callable[[float], float],
    left: int,
    theme: Theme,
) -> None:
    """The figures left of the plot: both ends always (an end at zero too: a scale needs two
    figures), and zero between them where it lies inside the range, clear of both ends'."""
    small = font(theme.small_size)
    room = theme.small_size + 4
    inside = model.bottom < 0 < model.top
    zero_shown = inside and y(model.top) + room < y(0) < y(model.bottom) - room
    for index, (label, at) in enumerate(zip(model.labels, (model.top, 0.0, model.bottom),
                                            strict=True)):  # fmt: skip
        if index == 1 and not zero_shown:
            continue
        shown = fit_text(label, small, left - 16)
        draw_text(draw, (left - 10, y(at)), shown, font=small, fill=theme.muted, anchor="rm")


def _legend(draw: ImageDraw.ImageDraw, model: ChartModel, theme: Theme) -> None:
    small = font(theme.small_size)
    half = (theme.width - 2 * theme.margin) // 2
    for number, (label, colour) in enumerate(((model.played_label, theme.turn),
                                              (model.best_label, best_colour(theme)))):  # fmt: skip
        left = theme.margin + 4 + number * half
        draw.rectangle((left, 58, left + 28, 70), fill=colour)
        shown = fit_text(label, small, half - 44)
        draw_text(draw, (left + 36, 64), shown, font=small, fill=theme.text, anchor="lm")


def render_chart_png(model: ChartModel, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render_chart(model, theme), theme)


# ----- a puzzle's position --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PositionPicture:
    """A puzzle: `title`, the table as the mover sees it and the mover's hand (nothing of
    another hand but its size, as every table picture)."""

    title: str
    table: Drawing
    hand: HandPicture | None


def render_position(picture: PositionPicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    with recording_at(0, LABEL_BAND):
        table = picture.table()
    hand = None
    if picture.hand is not None:
        with recording_at(0, LABEL_BAND + table.height):
            hand = hand_image.render_picture(picture.hand, theme)
    height = LABEL_BAND + table.height + (hand.height if hand is not None else 0)
    canvas = Image.new("RGB", (theme.width, height), theme.felt)
    draw = ImageDraw.Draw(canvas)
    _label(draw, picture.title, 0, theme)
    canvas.paste(table, (0, LABEL_BAND))
    if hand is not None:
        canvas.paste(hand, (0, LABEL_BAND + table.height))
    return canvas


def render_position_png(picture: PositionPicture, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render_position(picture, theme), theme)

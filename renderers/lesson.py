"""A lesson's example as one picture: the table before the move, the move in words, then the
table after it (stacked, so each keeps its phone-readable size); or a single picture (a hand
with the card to play marked) above its move. The words come in, already in the reader's
language: this module names no game and translates nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from renderers.assets import font
from renderers.draw import to_png
from renderers.layout import floor_box
from renderers.text import (
    draw_text,
    fit_text,
    is_recording,
    recording_at,
    recording_bands,
    recording_text,
    wrap_words,
)
from renderers.theme import DEFAULT_THEME, Theme

LABEL_BAND = 52  # the band that names a picture ("Before the move")
MOVE_LINE = 36  # from one line of the move to the next (room for Devanagari's marks)
MOVE_LINES = 3
ARROW = 22  # the arrow before the move, pointing from the picture above to the one below
FLOOR_PAD = 16  # felt kept above and below what lies on a floor

Drawing = Callable[[], Image.Image]  # draws one picture, as wide as the theme's images


@dataclass(frozen=True, slots=True)
class LessonPicture:
    """One example: `before` (the table, or a hand with the move marked), the move that is
    made there, and `after` (None: the picture before the move is the whole example)."""

    before: Drawing
    move: str  # "Seat 1: Play 7♥ (wild)", in the reader's language
    after: Drawing | None = None
    before_label: str = ""  # "Before the move": drawn above `before` when there is an `after`
    after_label: str = ""


def render(picture: LessonPicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The pictures one under another at their own size, each named by its label band, the
    move between them on a band of its own."""
    width = theme.width
    move_font = font(theme.label_size, bold=True)
    text_left = theme.margin + ARROW + 14
    lines = wrap_words(picture.move, move_font, width - text_left - theme.margin, MOVE_LINES)
    move_band = 24 + MOVE_LINE * len(lines)
    labelled = picture.after is not None
    top = LABEL_BAND if labelled else 0
    with recording_at(0, top):
        before = picture.before()
    below = top + before.height + move_band
    after = None
    if picture.after is not None:
        with recording_at(0, below + LABEL_BAND):
            after = picture.after()
    height = below + (LABEL_BAND + after.height if after is not None else 0)
    image = Image.new("RGB", (width, height), theme.felt)
    draw = ImageDraw.Draw(image)
    image.paste(before, (0, top))
    if labelled:
        _label(draw, picture.before_label, 0, theme)
    _move(draw, lines, top + before.height, move_band, theme)
    if after is not None:
        _label(draw, picture.after_label, below, theme)
        image.paste(after, (0, below + LABEL_BAND))
    return image


def _label(draw: ImageDraw.ImageDraw, text: str, top: int, theme: Theme) -> None:
    box = (0, top, theme.width, top + LABEL_BAND)
    draw.rectangle(box, fill=theme.black)  # set apart from the picture's own header
    face = font(theme.title_size, bold=True)
    shown = fit_text(text, face, theme.width - 2 * theme.margin)
    draw_text(draw, (theme.margin, top + LABEL_BAND // 2), shown, font=face,
              fill=theme.highlight, anchor="lm", area=box)  # fmt: skip


def _move(
    draw: ImageDraw.ImageDraw, lines: list[str], top: int, height: int, theme: Theme
) -> None:
    box = (0, top, theme.width, top + height)
    draw.rectangle(box, fill=theme.badge)
    middle = top + height // 2
    left = theme.margin + 2
    corners = [(left, middle - 10), (left + ARROW, middle - 10), (left + ARROW // 2, middle + 10)]
    draw.polygon(corners, fill=theme.just_played, outline=theme.badge_text)
    face = font(theme.label_size, bold=True)
    for row, line in enumerate(lines):
        draw_text(draw, (left + ARROW + 12, top + 12 + row * MOVE_LINE), line, font=face,
                  fill=theme.badge_text, area=box)  # fmt: skip


def bands(
    drawing: Drawing, kept: list[tuple[int, int, int, int]], drawn: Image.Image | None = None
) -> Image.Image:
    """The picture `drawing` draws, only its `kept` full-width bands, one under another (a
    table's floor and its last play, without the seats and scores a lesson does not teach);
    `drawn`: that picture, drawn already (drawn again only to record its words)."""
    if drawn is None or is_recording():
        with recording_bands(kept):
            drawn = drawing()
    image = Image.new("RGB", (drawn.width, sum(band[3] - band[1] for band in kept)))
    top = 0
    for band in kept:
        image.paste(drawn.crop(band), (0, top))
        top += band[3] - band[1]
    return image


def _floor_rows(table: Drawing, theme: Theme) -> tuple[int, int, Image.Image]:
    """The rows of a table's floor that its cards and words take, with some felt around, and
    the table (drawn to look: nothing recorded)."""
    floor = floor_box(theme)
    if is_recording():
        with recording_text():  # not recorded here: `bands` records what is kept
            whole = table().convert("RGB")
    else:
        whole = table().convert("RGB")
    inside = (floor[0] + 4, floor[1] + 4, floor[2] - 4, floor[3] - 4)
    region = whole.crop(inside)
    ink = ImageChops.difference(region, Image.new("RGB", region.size, theme.felt)).convert("L")
    found = ink.point(lambda value: 255 if value > 8 else 0).getbbox()
    top, bottom = (found[1], found[3]) if found else (0, region.height)
    return (max(inside[1], inside[1] + top - FLOOR_PAD),
            min(inside[3], inside[1] + bottom + FLOOR_PAD), whole)  # fmt: skip


def floor_of(
    table: Drawing, theme: Theme = DEFAULT_THEME, footer: tuple[int, int, int, int] | None = None
) -> Image.Image:
    """What lies on a table's floor (or its trick): the rows of the floor that its cards and
    words take, without the floor's edge, the seats or the scores; with `footer`, that band of
    the table beneath (a lesson's last play and what it took). A floor of a few cards took
    408 px whatever it held."""
    top, bottom, drawn = _floor_rows(table, theme)
    kept = [(0, top, theme.width, bottom), *([footer] if footer else [])]
    image = bands(table, kept, drawn)  # its words recorded where they land
    clean = image.copy()
    clean.paste(theme.felt, (0, 0, theme.width, bottom - top))  # the floor's edge left out
    inside = (floor_box(theme)[0] + 4, 0, floor_box(theme)[2] - 4, bottom - top)
    clean.paste(image.crop(inside), inside[:2])
    return clean


def trimmed_table(table: Drawing, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """A whole table with the empty felt of its floor left out: the floor's edge closes
    round what lies on it (a floor of five cards keeps some 200 of its 388 px)."""
    floor = floor_box(theme)
    top, bottom, drawn = _floor_rows(table, theme)
    width, arc = theme.width, 24  # the floor's edge kept whole where it rounds its corners
    kept: list[tuple[int, int, int, int]] = []
    for start, end in ((0, floor[1] + arc), (top, bottom), (floor[3] - arc, theme.height)):
        if kept and start <= kept[-1][3]:  # one band with the last (a word is never split)
            kept[-1] = (0, kept[-1][1], width, max(end, kept[-1][3]))
        else:
            kept.append((0, start, width, end))
    return bands(table, kept, drawn)


def render_png(picture: LessonPicture, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render(picture, theme), theme)

"""Small drawing helpers shared by the images."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.cards import Card, Pack
from renderers.assets import card_sprite, corner_font, font
from renderers.encode import indexed_png, palette_png
from renderers.frame import (
    Drawn,
    Frame,
    Pieces,
    blending,
    canvas_draw,
    frame_for,
    paste,
    pieces,
    shape_drawn,
)
from renderers.palette import to_palette
from renderers.text import draw_text, fit_text, note_label, wrap_pieces, wrap_words
from renderers.theme import DEFAULT_THEME, Theme

_PACK: ContextVar[Pack] = ContextVar("pack", default=Pack.FRENCH)


@contextmanager
def drawing(pack: Pack) -> Iterator[None]:
    """Cards drawn meanwhile show `pack`'s faces (a picture says which: `HandPicture.pack`…)."""
    token = _PACK.set(pack)
    try:
        yield
    finally:
        _PACK.reset(token)


def paste_card(
    image: Image.Image, card: Card | None, box: tuple[int, int, int, int], theme: Theme
) -> None:
    """A card's face (its corner in the language spoken now: "D" for a German queen) or, for
    None, its back."""
    width = box[2] - box[0]
    if card is None:
        label, pack = None, Pack.FRENCH
    else:
        pack = _PACK.get()
        label = card.letter(pack)
        note_label(str(card), corner_font(width))
    picture, mask = card_sprite(card, width, theme, label, pack)
    paste(image, picture, box[:2], mask, lambda _: _mapped_sprite(card, width, theme, label, pack))


@lru_cache(maxsize=1024)
def _mapped_sprite(
    card: Card | None, width: int, theme: Theme, label: str | None, pack: Pack
) -> Pieces:
    """A card's sprite mapped to the palette and cut for pasting through its mask, for the
    table images that are drawn mapped (`renderers.frame`)."""
    picture, mask = card_sprite(card, width, theme, label, pack)
    return pieces(to_palette(picture, theme), mask)


def dim_card(image: Image.Image, box: tuple[int, int, int, int], theme: Theme) -> None:
    """Lay a shade over a card that may not be played now (its corner still readable)."""
    blending(image, box)
    region = image.crop(box)
    shade = Image.new("RGB", region.size, theme.dim)
    mask = card_sprite(None, box[2] - box[0], theme)[1]
    image.paste(Image.blend(region, shade, 0.55), box[:2], mask)


def to_png(image: Image.Image, theme: Theme | None = None) -> bytes:
    """PNG bytes of the image mapped to its theme's palette (see `renderers.palette`), its
    bands of rows deflated once for every image they are in (see `renderers.encode`)."""
    return palette_png(image, theme or DEFAULT_THEME)


def framed_to_png(frames: list[Frame], image: Image.Image, theme: Theme) -> bytes:
    """`to_png` of a table image drawn inside `framing()`, mapped as it was drawn."""
    frame = frame_for(frames, image)
    if frame is None:
        return to_png(image, theme)
    return indexed_png(frame.indexed(), theme, frame.like, frame.drawn_rows())


SMALL_LINE = 31  # from one line of small text to the next (room for Devanagari's marks)


def table_canvas(
    floor: tuple[int, int, int, int], title: str, score_lines: Sequence[str], theme: Theme
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A table image before its seats and cards: the felt, the floor's edge and the header."""
    background, mapped, history = _background(floor, theme)
    image, draw = canvas_draw(background, theme, mapped, history)
    draw_header(draw, title, score_lines, theme)
    return image, draw


@lru_cache(maxsize=16)
def _background(
    floor: tuple[int, int, int, int], theme: Theme
) -> tuple[Image.Image, Image.Image, tuple[Drawn, ...]]:
    """What every table with this floor starts from: the felt, the floor's edge and the
    header's band, the same mapped to the palette (copied, not drawn, for each image), and
    what was drawn (`renderers.frame`)."""
    size = (theme.width, theme.height)
    image = Image.new("RGB", size, theme.felt)
    draw = ImageDraw.Draw(image)
    edge = (floor[0] - 6, floor[1] - 6, floor[2] + 6, floor[3] + 6)
    draw.rounded_rectangle(edge, 28, outline=theme.felt_edge, width=3)
    header = (0, 0, theme.width, theme.header_height)
    draw.rectangle(header, fill=theme.panel)
    history = (
        shape_drawn((0, 0, size[0] - 1, size[1] - 1), theme.felt),
        shape_drawn(edge, None, theme.felt_edge, 3, 28),
        shape_drawn(header, theme.panel),
    )
    return image, to_palette(image, theme), tuple(d for d in history if d is not None)


def draw_header(
    draw: ImageDraw.ImageDraw, title: str, score_lines: Sequence[str], theme: Theme
) -> None:
    """The title across the top of a table image (on the header's band: `_background`), then
    the score lines, each on a line of its own so names never run into figures (three lines at
    most: where they would take more, they run on, one after another)."""
    box = (0, 0, theme.width, theme.header_height)
    title_font = font(theme.title_size, bold=True)
    small = font(theme.small_size)
    width = theme.width - 2 * theme.margin
    draw_text(
        draw,
        (theme.margin, 8),
        fit_text(title, title_font, width),
        font=title_font,
        fill=theme.text,
        area=box,
    )
    lines: list[str] = []
    for line in score_lines:  # each wrapped between its parts, so no figure is cut off
        lines += wrap_pieces(line.split(" · "), small, width, 3)
    if len(lines) > 3:  # the lines run on into each other rather than lose their ends
        every = [piece for line in score_lines for piece in line.split(" · ")]
        lines = wrap_pieces(every, small, width, 3)
    for number, line in enumerate(lines):
        top = 44 + number * SMALL_LINE
        draw_text(draw, (theme.margin, top), line, font=small, fill=theme.muted, area=box)


def draw_footer(draw: ImageDraw.ImageDraw, text: str, right: int, theme: Theme) -> None:
    """The band across the bottom: the last play in words, on up to three lines."""
    box = (0, theme.height - theme.footer_height, theme.width, theme.height)
    draw.rectangle(box, fill=theme.panel)
    label = font(theme.label_size)
    lines = wrap_words(text, label, right - theme.margin, 3)
    step = 34
    top = (box[1] + box[3]) // 2 - step * len(lines) // 2
    for row, line in enumerate(lines):
        draw_text(
            draw, (theme.margin, top + row * step), line, font=label, fill=theme.text, area=box
        )

"""Text in every script our players write their names in.

DejaVu Sans, the images' face, has none of the scripts of South Asia (Devanagari, Gujarati,
Gurmukhi, Bengali, Tamil, and the Arabic script of Urdu), and the Noto faces for those scripts
have no Latin letters. So a line that holds one of those scripts is cut into runs by
script, and each run is drawn in a face that has its letters, all on one baseline. Lines in
DejaVu's scripts alone (nearly all of them) take the plain, single-call path. Emoji, common in
Discord names, are handled the same way, with the monochrome Noto Emoji face. The signs
of the German-suited pack's leaves, acorns and bells (🍃🌰🔔) are not: in one colour the
emoji face draws an acorn as a blob and a bell as a ring, so they are drawn as the cards draw
their suits (`renderers.suits`), each on a small card-coloured tile, in the suit's own colours.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.cards import Suit
from renderers.assets import script_font
from renderers.frame import FrameDraw
from renderers.palette import to_palette
from renderers.suits import german_suit
from renderers.theme import DEFAULT_THEME, Theme

Point = tuple[float, float]


class Script(Enum):
    """A script, by the stem of the bundled face files that draw it."""

    DEFAULT = "DejaVuSans"  # Latin, Greek, Cyrillic, card suits and other symbols
    DEVANAGARI = "NotoSansDevanagari"
    GUJARATI = "NotoSansGujarati"
    GURMUKHI = "NotoSansGurmukhi"
    BENGALI = "NotoSansBengali"
    TAMIL = "NotoSansTamil"
    ARABIC = "NotoSansArabic"  # Urdu names
    EMOJI = "NotoEmoji"  # drawn in the text's colour, like every other letter
    SUIT = "suit"  # a German-suited pack's sign (🍃🌰🔔), drawn as the cards draw the suit


# The emoji among the symbol blocks (U+2000 to U+2BFF) that phones draw as pictures and DejaVu
# Sans lacks, found by comparing the two faces' glyphs. The rest of those blocks stay DejaVu's:
# the card suits, arrows and stars it draws already.
_PICTURE_EMOJI_IN_SYMBOL_BLOCKS = (
    (0x231A, 0x231B), (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x26BD, 0x26BE),
    (0x26C4, 0x26C5), (0x26C8, 0x26C8), (0x26CE, 0x26CF), (0x26D1, 0x26D1), (0x26D3, 0x26D4),
    (0x26E9, 0x26EA), (0x26F0, 0x26F5), (0x26F7, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705),
    (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755),
    (0x2757, 0x2757), (0x2795, 0x2797), (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2934, 0x2935),
    (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
)  # fmt: skip

# The German-suited pack's signs in text (`engine.cards.GERMAN_SUITS`; hearts are ♥), by suit
SUIT_SIGNS = {"\U0001f343": Suit.SPADES, "\U0001f330": Suit.CLUBS, "\U0001f514": Suit.DIAMONDS}

_RANGES: tuple[tuple[int, int, Script], ...] = (
    *((ord(sign), ord(sign), Script.SUIT) for sign in SUIT_SIGNS),  # before the other emoji
    (0x0900, 0x097F, Script.DEVANAGARI),
    (0xA8E0, 0xA8FF, Script.DEVANAGARI),  # Devanagari Extended
    (0x1CD0, 0x1CFF, Script.DEVANAGARI),  # Vedic extensions
    (0x0980, 0x09FF, Script.BENGALI),
    (0x0A00, 0x0A7F, Script.GURMUKHI),
    (0x0A80, 0x0AFF, Script.GUJARATI),
    (0x0B80, 0x0BFF, Script.TAMIL),
    (0x0600, 0x06FF, Script.ARABIC),
    (0x0750, 0x077F, Script.ARABIC),  # Arabic Supplement
    (0x08A0, 0x08FF, Script.ARABIC),  # Arabic Extended-A
    (0xFB50, 0xFDFF, Script.ARABIC),  # presentation forms A
    (0xFE70, 0xFEFF, Script.ARABIC),  # presentation forms B
    (0x1F100, 0x1FAFF, Script.EMOJI),  # flags, pictographs, faces, hands, food, transport…
    (0x1F004, 0x1F004, Script.EMOJI),  # mahjong red dragon
    (0x1F0CF, 0x1F0CF, Script.EMOJI),  # joker
    *((low, high, Script.EMOJI) for low, high in _PICTURE_EMOJI_IN_SYMBOL_BLOCKS),
)
_OTHER_SCRIPTS = re.compile(
    "[" + "".join(f"{re.escape(chr(low))}-{re.escape(chr(high))}" for low, high, _ in _RANGES) + "]"
)
_RIGHT_TO_LEFT = {Script.ARABIC}
_PICTURES = {Script.EMOJI, Script.SUIT}  # runs a space after them does not belong to
_JOINERS = {"\u200c", "\u200d"}  # zero-width non-joiner and joiner: part of the run they sit in
_ELLIPSIS = "…"


def script_of(char: str) -> Script | None:
    """The script a character is drawn in, or None for one that belongs with its neighbours
    (spaces, joiners, combining marks)."""
    code = ord(char)
    if code < 0x0600:  # Latin and the other scripts DejaVu draws: the common case, quickly
        if char.isspace() or unicodedata.category(char).startswith("M"):
            return None
        return Script.DEFAULT
    for low, high, script in _RANGES:
        if low <= code <= high:
            return script
    if char.isspace() or char in _JOINERS or unicodedata.category(char).startswith("M"):
        return None
    return Script.DEFAULT


def runs(text: str) -> list[tuple[Script, str]]:
    """`text` cut into maximal runs of one script, in order. Spaces at the end of a
    right-to-left run go to the next run: inside it they would be drawn on its left."""
    return list(_runs(text))


@lru_cache(maxsize=4096)
def _runs(text: str) -> tuple[tuple[Script, str], ...]:
    """`runs`, remembered: the names in other scripts come back on every image."""
    pieces: list[tuple[Script, str]] = []
    pending = ""  # neutral characters whose run is not known yet
    for char in text:
        script = script_of(char)
        if script is None and char.isspace() and pieces and pieces[-1][0] in _PICTURES:
            script = Script.DEFAULT  # the emoji face's space is an emoji wide
        if script is None:
            if pieces and not pending and not (char.isspace() and pieces[-1][0] in _RIGHT_TO_LEFT):
                pieces[-1] = (pieces[-1][0], pieces[-1][1] + char)
            else:
                pending += char
        elif pieces and pieces[-1][0] is script:
            pieces[-1] = (script, pieces[-1][1] + pending + char)
            pending = ""
        else:
            pieces.append((script, pending + char))
            pending = ""
    if pending and pieces and pieces[-1][0] is Script.DEFAULT:
        pieces[-1] = (Script.DEFAULT, pieces[-1][1] + pending)
    elif pending:
        pieces.append((Script.DEFAULT, pending))
    return tuple(pieces)


Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Label:
    """A piece of text drawn on an image, with the height its face gives it."""

    text: str
    height: int  # pixels from the top of a capital to the foot of a descender ("Hg")


@dataclass(frozen=True, slots=True)
class TextBox:
    """Where a piece of text was drawn: its ink, and the area it was drawn for."""

    text: str
    box: Box
    area: Box | None  # the panel, band or card the text belongs in (None: the image)


@dataclass(frozen=True, slots=True)
class Cut:
    """Text shortened with an ellipsis to fit: allowed for a player's name only."""

    text: str
    shown: str
    name: bool


@dataclass
class Recording:
    """Everything drawn inside a `recording_text` block."""

    labels: list[Label] = field(default_factory=list)
    boxes: list[TextBox] = field(default_factory=list)
    cuts: list[Cut] = field(default_factory=list)


_RECORDING: ContextVar[Recording | None] = ContextVar("recording", default=None)


@contextmanager
def recording_text() -> Iterator[Recording]:
    """Collect every label, text box and shortened text drawn inside the block."""
    recording = Recording()
    token = _RECORDING.set(recording)
    try:
        yield recording
    finally:
        _RECORDING.reset(token)


@contextmanager
def recording_at(left: int, top: int) -> Iterator[None]:
    """Text drawn inside the block is drawn on a picture that will be pasted at (left, top)
    of the image being recorded: its boxes are recorded where they will be."""
    outer = _RECORDING.get()
    if outer is None:
        yield
        return
    with recording_text() as inner:
        yield

    def moved(box: Box) -> Box:
        return (box[0] + left, box[1] + top, box[2] + left, box[3] + top)

    outer.labels += inner.labels
    outer.cuts += inner.cuts
    outer.boxes += [
        TextBox(b.text, moved(b.box), None if b.area is None else moved(b.area))
        for b in inner.boxes
    ]


@contextmanager
def recording_bands(bands: list[Box]) -> Iterator[None]:
    """Text drawn inside the block is drawn on a picture of which only `bands` (full-width
    strips) are kept, stacked in that order: the text in a band is recorded where it will
    be, the text cut away with the rest is not."""
    outer = _RECORDING.get()
    if outer is None:
        yield
        return
    with recording_text() as inner:
        yield
    outer.labels += inner.labels
    outer.cuts += inner.cuts
    top = 0
    for band in bands:
        shift = top - band[1]

        def moved(box: Box, shift: int = shift) -> Box:
            return (box[0], box[1] + shift, box[2], box[3] + shift)

        for drawn in inner.boxes:
            if band[1] <= drawn.box[1] and drawn.box[3] <= band[3]:
                area = None if drawn.area is None else (
                    drawn.area[0], max(drawn.area[1], band[1]),
                    drawn.area[2], min(drawn.area[3], band[3]),
                )  # fmt: skip
                outer.boxes.append(
                    TextBox(drawn.text, moved(drawn.box), None if area is None else moved(area))
                )
        top += band[3] - band[1]


def is_recording() -> bool:
    """Whether text drawn now is being recorded (so it must be drawn, not pasted from a cache)."""
    return _RECORDING.get() is not None


@contextmanager
def recording_labels() -> Iterator[list[Label]]:
    """Collect every label drawn inside the block (text, card corners), to measure them."""
    with recording_text() as recording:
        yield recording.labels


@lru_cache(maxsize=128)
def label_height(face: ImageFont.FreeTypeFont) -> int:
    box = face.getbbox("Hg")
    return int(box[3] - box[1])


def note_label(text: str, face: ImageFont.FreeTypeFont) -> None:
    recording = _RECORDING.get()
    if recording is not None and text.strip():
        recording.labels.append(Label(text, label_height(face)))


def face_for(face: ImageFont.FreeTypeFont, script: Script) -> ImageFont.FreeTypeFont:
    """The face for `script` at the size and weight of `face` (a suit's sign: `face`, whose
    size the tile takes)."""
    if script in (Script.DEFAULT, Script.SUIT):
        return face
    return script_font(script.value, face.size, bold="Bold" in str(face.path))


@lru_cache(maxsize=4096)
def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    if not _OTHER_SCRIPTS.search(text):
        return face.getlength(text)
    return sum(_advance(script, run, face_for(face, script)) for script, run in runs(text))


@lru_cache(maxsize=4096)
def run_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    """The advance of one run of one script in its own face."""
    return face.getlength(text)


def _advance(script: Script, run: str, face: ImageFont.FreeTypeFont) -> float:
    if script is Script.SUIT:
        return sum(tile_advance(face) for char in run if char in SUIT_SIGNS)
    return run_width(run, face)


def tile_size(face: ImageFont.FreeTypeFont) -> int:
    """A suit's tile in text in `face`: a little higher than a capital, so that its suit is
    as plain as a card's corner at a phone's size."""
    return max(8, round(face.size * 1.05))


def tile_advance(face: ImageFont.FreeTypeFont) -> int:
    """From the start of a suit's tile to what follows it: a thin gap each side of the
    tile."""
    return tile_size(face) + 2 * tile_gap(face)


def tile_gap(face: ImageFont.FreeTypeFont) -> int:
    return max(1, round(face.size * 0.08))


@lru_cache(maxsize=256)
def suit_tile(suit: Suit, size: int, theme: Theme) -> Image.Image:
    """A suit's sign for a line of text: the suit as its cards draw it, on a small rounded
    tile of the cards' face colour (the suits' inks are dark, the text's ground too)."""
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, size - 1, size - 1), max(2, size // 5), fill=(*theme.card_face, 255)
    )
    inner = max(4, size - 2 * max(1, size // 16))
    shape = german_suit(suit, inner, theme)
    at = ((size - inner) // 2, (size - inner) // 2)
    tile.alpha_composite(shape, at)
    return tile


def fit_text(text: str, face: ImageFont.FreeTypeFont, width: float, name: bool = False) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels. Only a player's name
    may be shortened (`fit_name`): other text is laid out to fit, and a recording notes any
    other text cut here as a fault."""
    if text_width(text, face) <= width:
        return text
    head, number = _numbered(text) if name else (text, "")
    if number and text_width(f"{head[:1]}{_ELLIPSIS}{number}", face) > width:
        head, number = text, ""  # no room for the number and a letter before it
    kept, too_long = 0, len(head)  # the longest prefix that fits with the ellipsis
    while kept < too_long:
        middle = (kept + too_long + 1) // 2
        if text_width(head[:middle] + _ELLIPSIS + number, face) <= width:
            kept = middle
        else:
            too_long = middle - 1
    shown = head[:kept]
    # Never end on a space, vowel sign, virama or joiner cut off from its letter.
    while shown and script_of(shown[-1]) is None:
        shown = shown[:-1]
    shown += _ELLIPSIS + number
    recording = _RECORDING.get()
    if recording is not None:
        recording.cuts.append(Cut(text, shown, name))
    return shown


def fit_name(name: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """A player's name, shortened with a visible ellipsis where it does not fit; a name that
    ends in a number keeps it ("Comp… 2"): the computer players are "Computer 2" to
    "Computer 6", which shortened at their end would all read "Comput…"."""
    return fit_text(name, face, width, name=True)


def _numbered(name: str) -> tuple[str, str]:
    """A name and the number it ends in, with the space before it ("Computer", " 2"), or
    the name and "" when it ends in none."""
    head, space, tail = name.rpartition(" ")
    if space and head.strip() and tail.isdecimal() and len(tail) <= 3:
        return head, space + tail
    return name, ""


def wrap_pieces(
    pieces: list[str], face: ImageFont.FreeTypeFont, width: float, lines: int, joiner: str = " · "
) -> list[str]:
    """`pieces` joined into at most `lines` lines of `width` pixels, a piece never split
    unless it is longer than a line (then between its words); what does not fit ends the last
    line with an ellipsis (a fault for anything but a name: see `fit_text`).

    Text that fits on one line whole (the last play, most scores) is measured once, not
    piece by piece: a line's text is new after nearly every move, so each measure is a
    layout of its own."""
    first = next((number for number, piece in enumerate(pieces) if piece), len(pieces))
    whole = joiner.join(pieces[first:])  # as the pieces join below (empty ones first dropped)
    if text_width(whole, face) <= width:
        return [whole] if whole else []
    out = _wrapped(pieces, face, width, joiner)
    if len(out) > lines:
        out = [*out[: lines - 1], joiner.join(out[lines - 1 :])]
    return [fit_text(line, face, width) for line in out]


def _wrapped(
    pieces: Sequence[str], face: ImageFont.FreeTypeFont, width: float, joiner: str
) -> list[str]:
    """`pieces` in order on as many lines of `width` as they take, a piece split (between its
    words) only where it is longer than a line; nothing shortened."""
    out: list[str] = []
    current = ""
    for piece in pieces:
        candidate = current + joiner + piece if current else piece
        fits = text_width(candidate, face) <= width
        if fits or (not current and " " not in piece):
            current = candidate
            continue
        if text_width(piece, face) <= width:
            out.append(current)
            current = piece
            continue
        for number, word in enumerate(_words(piece)):  # a piece longer than a line
            glue = (joiner if number == 0 else " ") if current else ""
            if current and text_width(current + glue + word, face) > width:
                out.append(current)
                current = word
            else:
                current = current + glue + word
    if current:
        out.append(current)
    return out


_FIGURE = re.compile(r"[+\-−]?\d+(?:[.,]\d+)?[½¼¾]?")


def _words(piece: str) -> list[str]:
    """`piece`'s words, where a line may break between them: a figure stays with the word
    after it ("4 Karten", not "4" at a line's end and "Karten" on the next)."""
    words: list[str] = []
    for word in piece.split(" "):
        if words and _FIGURE.fullmatch(words[-1]):
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def pieces_fit(
    pieces: list[str], face: ImageFont.FreeTypeFont, width: float, lines: int, joiner: str = " · "
) -> list[str]:
    """`pieces` on at most `lines` lines of `width` pixels, none cut where any order allows:
    in their own order where they fit so (`wrap_pieces`), else in the order closest to it
    that fits (a seat's "2 points" beside its card count when its other details take two
    lines); where none fits, `wrap_pieces` (which ends the last line with an ellipsis)."""
    pieces = [piece for piece in pieces if piece]
    if _fits(_wrapped(pieces, face, width, joiner), face, width, lines) or len(pieces) > 6:
        return wrap_pieces(pieces, face, width, lines, joiner)
    for order in _orders(len(pieces))[1:]:
        out = _wrapped([pieces[i] for i in order], face, width, joiner)
        if _fits(out, face, width, lines):
            return out
    return wrap_pieces(pieces, face, width, lines, joiner)


def _fits(out: list[str], face: ImageFont.FreeTypeFont, width: float, lines: int) -> bool:
    return len(out) <= lines and all(text_width(line, face) <= width for line in out)


@lru_cache(maxsize=8)
def _orders(count: int) -> list[tuple[int, ...]]:
    """Every order of `count` pieces, the least moved first (the first: their own)."""
    return sorted(
        itertools.permutations(range(count)),
        key=lambda order: sum(abs(place - piece) for place, piece in enumerate(order)),
    )


def wrap_words(text: str, face: ImageFont.FreeTypeFont, width: float, lines: int) -> list[str]:
    """`text` broken between words into at most `lines` lines of `width` pixels."""
    return wrap_pieces(text.split(" "), face, width, lines, joiner=" ")


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: tuple[int, ...],
    anchor: str = "la",
    area: Box | None = None,
) -> None:
    """`draw.text` for any of our scripts. `anchor` as in Pillow, placed by `font`'s metrics;
    `area` is where the text belongs (a recording checks it stays there)."""
    note_label(text, font)
    recording = _RECORDING.get()
    if not _OTHER_SCRIPTS.search(text):
        _draw_run(draw, xy, text, font, fill, anchor)
        if recording is not None and text.strip():
            box = draw.textbbox(xy, text, font=font, anchor=anchor)
            recording.boxes.append(TextBox(text, _whole(box), area))
        return
    pieces = [(script, face_for(font, script), run) for script, run in runs(text)]
    widths = [_advance(script, run, piece_face) for script, piece_face, run in pieces]
    total = sum(widths)
    ascent, descent = font.getmetrics()
    horizontal, vertical = anchor[0], anchor[1]
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}[horizontal]
    baseline = (
        xy[1]
        + {
            "a": ascent,
            "t": ascent,
            "m": (ascent - descent) / 2,
            "s": 0,
            "b": -descent,
            "d": -descent,
        }[vertical]
    )
    ink: list[Box] = []
    for (script, piece_face, run), width in zip(pieces, widths, strict=True):
        if script is Script.SUIT:
            ink += _draw_tiles(draw, (x, baseline), run, piece_face)
        else:
            _draw_run(draw, (x, baseline), run, piece_face, fill, "ls")
            if recording is not None and run.strip():
                ink.append(_whole(draw.textbbox((x, baseline), run, font=piece_face, anchor="ls")))
        x += width
    if recording is not None and ink:
        box = (min(b[0] for b in ink), min(b[1] for b in ink),
               max(b[2] for b in ink), max(b[3] for b in ink))  # fmt: skip
        recording.boxes.append(TextBox(text, box, area))


def _draw_tiles(
    draw: ImageDraw.ImageDraw, xy: Point, run: str, face: ImageFont.FreeTypeFont
) -> list[Box]:
    """The suits' signs of `run` as tiles from the baseline at `xy`; their boxes."""
    size = tile_size(face)
    theme = draw.frame.theme if isinstance(draw, FrameDraw) else DEFAULT_THEME
    image: Image.Image = draw._image  # what `draw` draws on
    top = round(xy[1] - size * 0.86)  # standing on the baseline, as a capital, a little below
    x = round(xy[0]) + tile_gap(face)
    boxes: list[Box] = []
    for char in run:
        suit = SUIT_SIGNS.get(char)
        if suit is None:
            continue  # a variation selector after the sign
        box = (x, top, x + size, top + size)
        if isinstance(draw, FrameDraw):
            draw.blend(box)
        tile = suit_tile(suit, size, theme)
        image.paste(tile, box[:2], tile)
        boxes.append(box)
        x += tile_advance(face)
    return boxes


@lru_cache(maxsize=2048)
def _run_mask(
    text: str, face: ImageFont.FreeTypeFont, mode: str, anchor: str, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """The glyphs of one line of text as a grey mask, and where its corner lies from the point
    it is drawn at: laying out and rasterising text is most of the time an image takes, and
    the same names, counts and headings come back in image after image."""
    return face.getmask2(text, mode, anchor=anchor, start=start)


def _draw_run(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: tuple[int, ...],
    anchor: str,
) -> None:
    """`draw.text` for one line, its mask cached: the same steps as Pillow's own (the mask
    rendered at the fraction of a pixel the text starts at, then filled with the ink), so the
    pixels are the same."""
    if "\n" in text:
        draw.text(xy, text, font=face, fill=fill, anchor=anchor)
        return
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
    mask, offset = _run_mask(text, face, draw.fontmode, anchor, start)
    position = (int(xy[0]) + offset[0], int(xy[1]) + offset[1])
    ink = draw.draw.draw_ink(fill)
    if isinstance(draw, FrameDraw):
        width, height = mask.size
        box = (position[0], position[1], position[0] + width, position[1] + height)
        if not (width and height) or draw.flat_text(
            box,
            lambda colour: _flat_run(
                text, face, draw.fontmode, anchor, start, fill, colour, draw.frame.theme
            ),
            lambda: draw.draw.draw_bitmap(position, mask, ink),
        ):
            return
        draw.blend(box)
    draw.draw.draw_bitmap(position, mask, ink)


@lru_cache(maxsize=2048)
def _flat_run(
    text: str,
    face: ImageFont.FreeTypeFont,
    mode: str,
    anchor: str,
    start: tuple[float, float],
    fill: tuple[int, ...],
    colour: Any,
    theme: Theme,
) -> Image.Image:
    """A line drawn on `colour` and mapped to the palette: what the palette image shows
    where the line is drawn on that colour (`renderers.frame`)."""
    mask, _ = _run_mask(text, face, mode, anchor, start)
    picture = Image.new("RGB", mask.size, colour)
    draw = ImageDraw.Draw(picture)
    draw.draw.draw_bitmap((0, 0), mask, draw.draw.draw_ink(fill))
    return to_palette(picture, theme)


def _whole(box: tuple[float, float, float, float]) -> Box:
    return (int(box[0]), int(box[1]), int(-(-box[2] // 1)), int(-(-box[3] // 1)))

"""Text in every script our players write their names in.

DejaVu Sans, the images' face, has no Devanagari or Gujarati, and the Noto faces for those
scripts have no Latin letters. So a line that holds one of those scripts is cut into runs by
script, and each run is drawn in a face that has its letters, all on one baseline. Lines in
DejaVu's scripts alone (nearly all of them) take the plain, single-call path.
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum

from PIL import ImageDraw, ImageFont

from renderers.assets import script_font

Point = tuple[float, float]


class Script(Enum):
    DEFAULT = "default"  # everything DejaVu Sans draws: Latin, Greek, Cyrillic, symbols
    DEVANAGARI = "devanagari"
    GUJARATI = "gujarati"


_OTHER_SCRIPTS = re.compile("[\u0900-\u097f\ua8e0-\ua8ff\u1cd0-\u1cff\u0a80-\u0aff]")
_JOINERS = {"\u200c", "\u200d"}  # zero-width non-joiner and joiner: part of the run they sit in
_ELLIPSIS = "…"


def script_of(char: str) -> Script | None:
    """The script a character is drawn in, or None for one that belongs with its neighbours
    (spaces, joiners, combining marks)."""
    code = ord(char)
    if 0x0900 <= code <= 0x097F or 0xA8E0 <= code <= 0xA8FF or 0x1CD0 <= code <= 0x1CFF:
        return Script.DEVANAGARI
    if 0x0A80 <= code <= 0x0AFF:
        return Script.GUJARATI
    if char.isspace() or char in _JOINERS or unicodedata.category(char).startswith("M"):
        return None
    return Script.DEFAULT


def runs(text: str) -> list[tuple[Script, str]]:
    """`text` cut into maximal runs of one script, in order."""
    pieces: list[tuple[Script, str]] = []
    leading = ""  # neutral characters before the first letter join the first run
    for char in text:
        script = script_of(char)
        if script is None and not pieces:
            leading += char
        elif script is None or (pieces and pieces[-1][0] is script):
            pieces[-1] = (pieces[-1][0], pieces[-1][1] + char)
        else:
            pieces.append((script, leading + char))
            leading = ""
    if leading:
        pieces.append((Script.DEFAULT, leading))
    return pieces


def face_for(face: ImageFont.FreeTypeFont, script: Script) -> ImageFont.FreeTypeFont:
    """The face for `script` at the size and weight of `face`."""
    if script is Script.DEFAULT:
        return face
    return script_font(script.value, face.size, bold="Bold" in str(face.path))


def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    if not _OTHER_SCRIPTS.search(text):
        return face.getlength(text)
    return sum(face_for(face, script).getlength(run) for script, run in runs(text))


def fit_text(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels."""
    if text_width(text, face) <= width:
        return text
    while text and text_width(text + _ELLIPSIS, face) > width:
        text = text[:-1]
        # Never end on a vowel sign, virama or joiner cut off from its letter.
        while text and script_of(text[-1]) is None:
            text = text[:-1]
    return text + _ELLIPSIS


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: tuple[int, ...],
    anchor: str = "la",
) -> None:
    """`draw.text` for any of our scripts. `anchor` as in Pillow, placed by `font`'s metrics."""
    if not _OTHER_SCRIPTS.search(text):
        draw.text(xy, text, font=font, fill=fill, anchor=anchor)
        return
    pieces = [(face_for(font, script), run) for script, run in runs(text)]
    total = sum(piece_face.getlength(run) for piece_face, run in pieces)
    ascent, descent = font.getmetrics()
    horizontal, vertical = anchor
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
    for piece_face, run in pieces:
        draw.text((x, baseline), run, font=piece_face, fill=fill, anchor="ls")
        x += piece_face.getlength(run)

"""Fonts and card sprites, made once and cached.

Cards are drawn by the project: a rounded face with the rank and suit in the corners and a
large suit in the middle, or a patterned back. The corner's letter is the one the language
spoken writes ("D" for a German queen, `Card.letter`). A German-suited pack's hearts, leaves,
acorns and bells are vector shapes drawn here (`renderers.suits`), no image files. French
suit symbols come from the bundled DejaVu Sans
(licence in assets/fonts/LICENSE-DejaVu.txt), so they render the same everywhere. Names in
Devanagari, Gujarati, Gurmukhi, Bengali, Tamil or Urdu use the bundled Noto Sans faces
(assets/fonts/LICENSE-Noto.txt), and emoji the Noto Emoji face (LICENSE-NotoEmoji.txt); see
`renderers.text`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from engine.cards import Card, Pack, Suit, rank_text
from renderers.suits import german_suit, suit_ink
from renderers.theme import DEFAULT_THEME, Theme

FONT_DIR = Path(__file__).resolve().parent / "assets" / "fonts"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


@lru_cache(maxsize=64)
def script_font(stem: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """A bundled face for a script DejaVu lacks, by its files' stem ("NotoSansDevanagari")."""
    name = f"{stem}-{'Bold' if bold else 'Regular'}.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def suit_colour(suit: Suit, theme: Theme) -> tuple[int, int, int]:
    return theme.red if suit in (Suit.HEARTS, Suit.DIAMONDS) else theme.black


def _blank_card(
    width: int, fill: tuple[int, int, int], outline: tuple[int, int, int], edge: int, theme: Theme
) -> Image.Image:
    """A rounded card of the theme's proportions, transparent outside its corners."""
    height = round(width / theme.card_ratio)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, width - 1, height - 1),
        max(3, width // 10),
        fill=fill,
        outline=outline,
        width=edge,
    )
    return image


def corner_font(width: int) -> ImageFont.FreeTypeFont:
    """The face of a card's corner index (its rank), the label a player reads on a card."""
    return font(max(9, round(width * 0.34)), bold=True)


@lru_cache(maxsize=256)
def index_width(width: int) -> int:
    """How much of a card's left edge its corner index takes (the widest rank, "10", and a
    margin): cards laid over each other keep at least this much in view."""
    pad = max(2, width // 14)
    return pad + int(corner_font(width).getlength("10")) + max(3, width // 20)


@lru_cache(maxsize=1024)
def card_sprite(
    card: Card | None,
    width: int,
    theme: Theme = DEFAULT_THEME,
    label: str | None = None,
    pack: Pack = Pack.FRENCH,
) -> tuple[Image.Image, Image.Image]:
    """A card's face (None: its back) as an opaque picture and a two-level mask, what the
    images paste. A card is opaque inside its rounded edge and clear outside, nothing in
    between, so the two-level mask lays down the same pixels as the sprite's own alpha, and
    pastes about five times faster. `label` is the corner's rank as the reader's language
    writes it (default: English), `pack` the faces' suits."""
    if card is None:
        sprite = _back(width, theme)
    else:
        sprite = _face(card, width, theme, label or rank_text(card.rank), pack)
    mask = sprite.getchannel("A").convert("1", dither=Image.Dither.NONE)
    return sprite.convert("RGB"), mask


def _face(card: Card, width: int, theme: Theme, label: str, pack: Pack) -> Image.Image:
    image = _blank_card(width, theme.card_face, theme.card_edge, max(1, width // 45), theme)
    height = image.height
    draw = ImageDraw.Draw(image)
    corner = corner_font(width)
    pad = max(2, width // 14)
    if pack is Pack.GERMAN:
        return _german_face(image, card, width, theme, label)
    colour = suit_colour(card.suit, theme)
    draw.text((pad, pad), label, font=corner, fill=colour)
    suit_font = font(max(8, int(width * 0.26)))
    label_box = draw.textbbox((pad, pad), label, font=corner)
    draw.text((pad, label_box[3] + 1), card.suit.symbol, font=suit_font, fill=colour)
    big = font(max(12, int(width * 0.55)))
    draw.text(
        (width // 2 + width // 10, int(height * 0.64)),
        card.suit.symbol,
        font=big,
        fill=colour,
        anchor="mm",
    )
    return image


def _german_face(
    image: Image.Image, card: Card, width: int, theme: Theme, label: str
) -> Image.Image:
    """A German-suited face: the rank and a small suit in the corner, a large suit below."""
    draw = ImageDraw.Draw(image)
    corner = corner_font(width)
    pad = max(2, width // 14)
    draw.text((pad, pad), label, font=corner, fill=suit_ink(card.suit, theme))
    label_box = draw.textbbox((pad, pad), label, font=corner)
    small = german_suit(card.suit, max(8, int(width * 0.24)), theme)
    image.alpha_composite(small, (pad, int(label_box[3]) + 3))
    # as on mariáš cards, the Ober carries its sign high and the Unter low; the König is
    # crowned and the Ass (Daus) shows a larger sign
    size = 0.56 if card.rank == 1 else 0.46
    big = german_suit(card.suit, max(12, int(width * size)), theme)
    height = image.height
    middle = {12: 0.52, 11: 0.76}.get(card.rank, 0.66 if card.rank == 13 else 0.64)
    centre = (width // 2 + width // 10, int(height * middle))
    image.alpha_composite(big, (centre[0] - big.width // 2, centre[1] - big.height // 2))
    if card.rank == 13:
        _crown(draw, centre[0], centre[1] - big.height // 2 - 2, big.width * 0.6, theme)
    return image


def _crown(draw: ImageDraw.ImageDraw, x: int, bottom: int, width: float, theme: Theme) -> None:
    """A small crown above a König's sign."""
    half, high = width / 2, width * 0.45
    points = [(x - half, bottom), (x - half, bottom - high), (x - half / 2, bottom - high / 2),
              (x, bottom - high), (x + half / 2, bottom - high / 2), (x + half, bottom - high),
              (x + half, bottom)]  # fmt: skip
    draw.polygon(points, fill=theme.bell_gold, outline=theme.bells)


def _back(width: int, theme: Theme) -> Image.Image:
    edge = max(1, width // 25)
    back = _blank_card(width, theme.back, theme.card_face, edge, theme)
    pattern = _blank_card(width, theme.back, theme.card_face, edge, theme)
    height = back.height
    draw = ImageDraw.Draw(pattern)
    inset = max(3, width // 9)
    step = max(4, width // 7)
    for offset in range(-height, width, step):
        draw.line(
            (inset + offset, inset, inset + offset + height, inset + height),
            fill=theme.back_line,
            width=1,
        )
    # the diagonal lines only inside an inner frame, the border left plain
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inset, inset, width - inset, height - inset), 2, fill=255
    )
    back.paste(pattern, (0, 0), mask)
    return back

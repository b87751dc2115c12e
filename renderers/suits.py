"""The German-suited pack's suits — hearts, leaves, acorns and bells — as vector shapes.

Each suit is drawn by Pillow from a few ellipses, polygons and lines, four times larger than
needed and scaled down (smooth edges at any size), and cached. No picture files: the shapes
are the project's own. Hearts, leaves, acorns and bells stand for hearts, spades, clubs and
diamonds (`engine.cards.Pack`).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engine.cards import Suit
from renderers.theme import RGB, Theme

SCALE = 4  # drawn this much larger, then scaled down
Point = tuple[float, float]


class _Pen:
    """Coordinates given as fractions of the square drawn in."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.size = image.width
        self.draw = ImageDraw.Draw(image)

    def at(self, x: float, y: float) -> Point:
        return (x * self.size, y * self.size)

    def box(self, left: float, top: float, right: float, bottom: float) -> tuple[float, ...]:
        return (*self.at(left, top), *self.at(right, bottom))

    def width(self, fraction: float) -> int:
        return max(1, round(self.size * fraction))


def suit_ink(suit: Suit, theme: Theme) -> RGB:
    """The colour of a German-suited card's letters: red, green, dark brown or gold."""
    return {
        Suit.HEARTS: theme.red,
        Suit.SPADES: theme.leaves,
        Suit.CLUBS: theme.acorn_ink,
        Suit.DIAMONDS: theme.bells,
    }[suit]


@lru_cache(maxsize=128)
def german_suit(suit: Suit, size: int, theme: Theme) -> Image.Image:
    """The suit's shape in a `size` × `size` picture, clear around it."""
    pen = _Pen(Image.new("RGBA", (size * SCALE, size * SCALE), (0, 0, 0, 0)))
    if suit is Suit.HEARTS:
        _heart(pen, theme)
    elif suit is Suit.SPADES:
        _leaf(pen, theme)
    elif suit is Suit.CLUBS:
        _acorn(pen, theme)
    else:
        _bell(pen, theme)
    return pen.image.resize((size, size), Image.Resampling.LANCZOS)


def _heart(pen: _Pen, theme: Theme) -> None:
    pen.draw.ellipse(pen.box(0.08, 0.14, 0.54, 0.58), fill=theme.red)
    pen.draw.ellipse(pen.box(0.46, 0.14, 0.92, 0.58), fill=theme.red)
    outline = [pen.at(0.1, 0.45), pen.at(0.5, 0.94), pen.at(0.9, 0.45), pen.at(0.5, 0.3)]
    pen.draw.polygon(outline, fill=theme.red)


def _leaf(pen: _Pen, theme: Theme) -> None:
    """A broad leaf, pointed at the top, its stalk below and its veins."""
    top, bottom = 0.04, 0.8
    left: list[Point] = []
    right: list[Point] = []
    for step in range(41):
        t = step / 40
        y = top + (bottom - top) * t
        half = 0.42 * math.sin(math.pi * t**0.75) ** 0.8
        left.append(pen.at(0.5 - half, y))
        right.append(pen.at(0.5 + half, y))
    pen.draw.polygon([*left, *reversed(right)], fill=theme.leaves)
    pen.draw.line([pen.at(0.5, 0.74), pen.at(0.5, 0.97)], fill=theme.leaves, width=pen.width(0.07))
    vein = pen.width(0.035)
    pen.draw.line([pen.at(0.5, 0.16), pen.at(0.5, 0.76)], fill=theme.card_face, width=vein)
    for y in (0.34, 0.5):
        pen.draw.line([pen.at(0.5, y + 0.12), pen.at(0.31, y)], fill=theme.card_face, width=vein)
        pen.draw.line([pen.at(0.5, y + 0.12), pen.at(0.69, y)], fill=theme.card_face, width=vein)


def _acorn(pen: _Pen, theme: Theme) -> None:
    """An acorn: the nut below, its scaly cup above, a short stalk on top."""
    draw = pen.draw
    draw.line([pen.at(0.5, 0.3), pen.at(0.58, 0.04)], fill=theme.acorn_cup, width=pen.width(0.08))
    draw.ellipse(pen.box(0.27, 0.34, 0.73, 0.97), fill=theme.acorns)
    draw.chord(pen.box(0.18, 0.2, 0.82, 0.7), 180, 360, fill=theme.acorn_cup)
    draw.rectangle(pen.box(0.18, 0.43, 0.82, 0.47), fill=theme.acorn_cup)
    for x in (0.3, 0.42, 0.54, 0.66):  # the cup's scales
        draw.line(
            [pen.at(x, 0.46), pen.at(x + 0.1, 0.28)], fill=theme.acorns, width=pen.width(0.025)
        )
    draw.ellipse(pen.box(0.36, 0.55, 0.46, 0.75), fill=theme.card_face)  # a shine on the nut


def _bell(pen: _Pen, theme: Theme) -> None:
    """A round sleigh bell: a gold ball with a red band, its slit below and a loop on top."""
    draw = pen.draw
    edge = pen.width(0.045)
    draw.ellipse(pen.box(0.4, 0.02, 0.6, 0.2), outline=theme.bells, width=edge)
    ball = pen.box(0.1, 0.14, 0.9, 0.94)
    draw.ellipse(ball, fill=theme.bell_gold, outline=theme.bells, width=edge)
    inside = Image.new("L", pen.image.size, 0)
    ImageDraw.Draw(inside).ellipse(ball, fill=255)
    band = Image.new("L", pen.image.size, 0)
    ImageDraw.Draw(band).rectangle(pen.box(0.0, 0.44, 1.0, 0.56), fill=255)
    pen.image.paste(theme.red, (0, 0), ImageChops.multiply(inside, band))
    draw.ellipse(pen.box(0.44, 0.64, 0.56, 0.76), fill=theme.bells)
    draw.line([pen.at(0.5, 0.7), pen.at(0.5, 0.92)], fill=theme.bells, width=edge)

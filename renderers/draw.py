"""Small drawing helpers shared by the images."""

from __future__ import annotations

import io

from PIL import Image

from engine.cards import Card
from renderers.assets import card_back, card_face
from renderers.palette import to_palette
from renderers.theme import DEFAULT_THEME, Theme


def paste_card(
    image: Image.Image, card: Card | None, box: tuple[int, int, int, int], theme: Theme
) -> None:
    width = box[2] - box[0]
    sprite = card_back(width, theme) if card is None else card_face(card, width, theme)
    image.paste(sprite, (box[0], box[1]), sprite)


def to_png(image: Image.Image, theme: Theme | None = None) -> bytes:
    """PNG bytes of the image mapped to its theme's palette (see `renderers.palette`)."""
    buffer = io.BytesIO()
    to_palette(image, theme or DEFAULT_THEME).save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()

"""The band-by-band PNGs: a player sees exactly the image mapped to its palette, whether its
bands were deflated now or found in the shared cache."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.core import PUBLIC
from engine.suipe import SuipeMatch, SuipeRules
from renderers import encode, table
from renderers.palette import to_palette
from renderers.theme import DEFAULT_THEME
from tests.renderers.test_images import NAMES, played


def pictures() -> list[Image.Image]:
    match = SuipeMatch(SuipeRules(players=2), 4)
    shown = []
    for _ in range(6):
        shown.append(table.render(played(match, 1).view(PUBLIC), NAMES[:2]))
    odd = Image.new("RGB", (97, 3 * encode.BAND + 5), DEFAULT_THEME.felt)  # a part band last
    ImageDraw.Draw(odd).ellipse((10, 10, 80, 50), fill=DEFAULT_THEME.badge, outline=(3, 9, 27))
    return [*shown, odd]


def test_the_png_is_the_image_mapped_to_the_palette_with_or_without_the_cache() -> None:
    images = pictures()
    encode.clear_cache()
    cold = [encode.palette_png(image, DEFAULT_THEME) for image in images]
    warm = [encode.palette_png(image, DEFAULT_THEME) for image in images]  # every band cached
    assert warm == cold
    for image, data in zip(images, cold, strict=True):
        decoded = Image.open(io.BytesIO(data))
        decoded.load()  # a broken stream or checksum fails here
        expected = to_palette(image, DEFAULT_THEME)
        assert decoded.mode == "P" and decoded.size == image.size
        assert decoded.tobytes() == expected.tobytes()
        assert decoded.convert("RGB").tobytes() == expected.convert("RGB").tobytes()


def test_the_cache_stays_within_its_bound() -> None:
    images = pictures()
    encode.clear_cache()
    before = encode._BANDS.limit
    encode._BANDS.limit = 2_000
    try:
        for image in images:
            encode.palette_png(image, DEFAULT_THEME)
        assert 0 < encode._BANDS.size <= 2_000
        assert Image.open(io.BytesIO(encode.palette_png(images[0], DEFAULT_THEME))).tobytes() == (
            to_palette(images[0], DEFAULT_THEME).tobytes()
        )
    finally:
        encode._BANDS.limit = before
        encode.clear_cache()

"""One 256-colour palette per theme, so images encode as small, fast palette PNGs.

Truecolour PNG encoding spends most of its time choosing a filter for every row; a palette
image skips that, encodes about four times faster and is half the size. The palette is made
once per theme: every theme colour exactly, plus the colours that matter most (card faces,
anti-aliased text and edges) taken from sample images of every kind.

Learning those colours means drawing the whole gallery (a 200 MB peak), so the default
theme's palette ships ready made in `assets/palette-default.bin` (768 bytes):
`python -m renderers.palette` writes it again, and a test checks that it is what the gallery
gives today.
"""

from __future__ import annotations

import sys
from dataclasses import astuple
from functools import lru_cache
from pathlib import Path

from PIL import Image

from renderers.theme import DEFAULT_THEME, Theme

COLOURS = 256
SHIPPED = Path(__file__).parent / "assets" / "palette-default.bin"


def theme_colours(theme: Theme) -> list[tuple[int, int, int]]:
    colours: list[tuple[int, int, int]] = []
    for value in astuple(theme):
        candidates = (
            value if isinstance(value, tuple) and value and isinstance(value[0], tuple) else [value]
        )
        for colour in candidates:
            if isinstance(colour, tuple) and len(colour) == 3 and colour not in colours:
                colours.append(colour)
    for extra in ((255, 255, 255), (0, 0, 0)):
        if extra not in colours:
            colours.append(extra)
    return colours


@lru_cache(maxsize=4)
def palette_image(theme: Theme) -> Image.Image:
    """A "P" image whose palette every picture of this theme is mapped to."""
    if theme == DEFAULT_THEME and SHIPPED.is_file():
        flat = list(SHIPPED.read_bytes())
        exact = [channel for colour in theme_colours(theme) for channel in colour]
        if len(flat) == 3 * COLOURS and flat[: len(exact)] == exact:
            return _palette(flat)
    return _palette(learned_palette(theme))


def _palette(flat: list[int]) -> Image.Image:
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def learned_palette(theme: Theme) -> list[int]:
    """The theme's colours, then colours learned from the gallery: 768 channel values."""
    from renderers.gallery import gallery_images  # it draws with the modules that use this one

    exact = theme_colours(theme)
    samples = list(gallery_images(theme).values())
    width = max(image.width for image in samples)
    atlas = Image.new("RGB", (width, sum(image.height for image in samples)), theme.felt)
    top = 0
    for image in samples:
        atlas.paste(image.convert("RGB"), (0, top))
        top += image.height
    learned = atlas.quantize(COLOURS - len(exact), method=Image.Quantize.FASTOCTREE)
    learned_colours = learned.getpalette()[: 3 * (COLOURS - len(exact))]  # type: ignore[index]
    flat = [channel for colour in exact for channel in colour] + learned_colours
    flat += [0] * (3 * COLOURS - len(flat))
    return flat


def to_palette(image: Image.Image, theme: Theme) -> Image.Image:
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_image(theme), dither=Image.Dither.NONE)


def main() -> int:
    """Write the default theme's palette where `palette_image` finds it."""
    SHIPPED.write_bytes(bytes(learned_palette(DEFAULT_THEME)))
    print(SHIPPED)
    return 0


if __name__ == "__main__":
    sys.exit(main())

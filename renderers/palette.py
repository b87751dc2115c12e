"""One 256-colour palette per theme, so images encode as small, fast palette PNGs.

Truecolour PNG encoding spends most of its time choosing a filter for every row; a palette
image skips that, encodes about four times faster and is half the size. The palette is made
once per theme: every theme colour exactly, plus the colours that matter most (card faces,
anti-aliased text and edges) taken from sample images of every kind.

Learning those colours means drawing the whole gallery (a 200 MB peak), so the default
theme's palette ships ready made in `assets/palette-default.bin` (768 bytes):
`python -m renderers.gallery --palette` writes it again. The learning lives with the gallery
(`renderers.gallery.learn_palette`), which draws with the modules that use this one; another
theme gets its exact colours and an even spread of others until a palette is learned for it.
"""

from __future__ import annotations

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


_LEARNED: dict[Theme, list[int]] = {}


def use_learned(theme: Theme, flat: list[int]) -> None:
    """Map `theme`'s images to `flat` (768 channel values) from now on."""
    _LEARNED[theme] = flat
    palette_image.cache_clear()


@lru_cache(maxsize=4)
def palette_image(theme: Theme) -> Image.Image:
    """A "P" image whose palette every picture of this theme is mapped to."""
    if theme in _LEARNED:
        return _palette(_LEARNED[theme])
    if theme == DEFAULT_THEME and SHIPPED.is_file():
        flat = list(SHIPPED.read_bytes())
        exact = [channel for colour in theme_colours(theme) for channel in colour]
        if len(flat) == 3 * COLOURS and flat[: len(exact)] == exact:
            return _palette(flat)
    return _palette(spread_palette(theme))


def _palette(flat: list[int]) -> Image.Image:
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def spread_palette(theme: Theme) -> list[int]:
    """The theme's colours, then an even spread of others: a palette without learning."""
    exact = theme_colours(theme)
    levels = (0, 51, 102, 153, 204, 255)
    spread = [(r, g, b) for r in levels for g in levels for b in levels]
    colours = exact + [c for c in spread if c not in exact][: COLOURS - len(exact)]
    flat = [channel for colour in colours for channel in colour]
    return flat + [0] * (3 * COLOURS - len(flat))


def with_learned(theme: Theme, learned: list[int]) -> list[int]:
    """The theme's colours exactly, then `learned` (channel values): 768 values."""
    exact = theme_colours(theme)
    flat = [channel for colour in exact for channel in colour] + learned
    return (flat + [0] * (3 * COLOURS - len(flat)))[: 3 * COLOURS]


def to_palette(image: Image.Image, theme: Theme) -> Image.Image:
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_image(theme), dither=Image.Dither.NONE)

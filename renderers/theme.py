"""Colours and sizes of every image: one frozen default, overridable per server later.

Images are drawn for phones: Discord shows an image about 400 px wide there, so an 800 px
image is halved, and the smallest text (`small_size`, 24 px) is still 12 px high on screen
(`tests/renderers/test_label_sizes.py` measures every label of every image kind).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    width: int = 800
    height: int = 980
    felt: RGB = (22, 92, 58)
    felt_edge: RGB = (14, 66, 41)
    panel: RGB = (12, 48, 32)
    text: RGB = (246, 244, 236)
    muted: RGB = (186, 208, 194)
    card_face: RGB = (252, 250, 244)
    card_edge: RGB = (70, 70, 70)
    # A suit's ink, its letters and signs: red and black at least 3:1 apart (WCAG contrast)
    red: RGB = (198, 32, 44)
    black: RGB = (16, 16, 18)
    # The German-suited pack (renderers.suits): hearts are `red`; leaves, acorns, bells. Four
    # inks cannot all be 3:1 apart (3 × 3 × 3 is more than 21:1, the widest contrast there
    # is): the acorns' near-black is 3:1 from the other three, which differ in hue.
    leaves: RGB = (30, 124, 52)
    acorns: RGB = (150, 90, 26)  # the nut
    acorn_cup: RGB = (92, 62, 30)
    acorn_ink: RGB = (34, 22, 10)  # an acorns card's letters
    bells: RGB = (196, 124, 0)  # a bell's edge and a bells card's letters
    bell_gold: RGB = (240, 184, 40)
    back: RGB = (126, 28, 44)
    back_line: RGB = (176, 72, 86)
    # One meaning per colour, the same in every game (`renderers.legend` explains them):
    highlight: RGB = (255, 212, 0)  # the card that wins the trick now (or took it); the best
    turn: RGB = (110, 214, 255)  # the seat to move
    just_played: RGB = (255, 120, 190)  # the card just played, where it now lies
    trump_mark: RGB = (0, 128, 140)  # a trump in the hand
    dim: RGB = (40, 40, 40)  # laid over a card that may not be played now
    badge: RGB = (250, 238, 196)
    badge_text: RGB = (40, 30, 10)
    # One colour per side (two sides in partnerships, one per seat otherwise: up to six).
    sides: tuple[RGB, ...] = (
        (66, 133, 244), (240, 140, 20), (176, 96, 224), (60, 190, 120), (222, 64, 78),
        (200, 200, 200),
    )  # fmt: skip
    header_height: int = 140  # the title, then up to three lines of scores
    footer_height: int = 120  # the last play, and the cards it took
    margin: int = 12
    card_ratio: float = 0.70  # width / height of a card
    min_card_width: int = 70  # the narrowest card whose corner index is still a readable label
    title_size: int = 30
    label_size: int = 26
    small_size: int = 24  # the smallest text on any image
    # A theme keys most drawing caches (a card's sprite, a line of text mapped to the palette):
    # its hash is worked out once, not from its forty fields at every look-up.
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        values = tuple(getattr(self, f.name) for f in fields(self) if f.compare)
        object.__setattr__(self, "_hash", hash(values))

    def __hash__(self) -> int:
        return self._hash


DEFAULT_THEME = Theme()

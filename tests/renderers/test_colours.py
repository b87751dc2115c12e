"""Every suit's ink reads on the card face, and no two suits of a pack look alike: 3:1 apart
in WCAG contrast, or, in the German-suited pack's four inks (where 3:1 between every two is
impossible: 3 × 3 × 3 is more than 21:1, the widest contrast there is), of clearly different
hues. Acorns and bells were 1.19:1 and almost the same brown."""

from __future__ import annotations

import itertools

import pytest

from engine.cards import Suit
from renderers.assets import suit_colour
from renderers.suits import suit_ink
from renderers.theme import DEFAULT_THEME
from tests.renderers.colours import contrast, delta_e

PACKS = {
    "French": {suit: suit_colour(suit, DEFAULT_THEME) for suit in Suit},
    "German": {suit: suit_ink(suit, DEFAULT_THEME) for suit in Suit},
}
APART = 45  # CIE76: colours this far apart are of different hues at a glance


@pytest.mark.parametrize("pack", sorted(PACKS))
def test_every_ink_reads_on_the_card_face(pack: str) -> None:
    for suit, ink in PACKS[pack].items():
        assert contrast(ink, DEFAULT_THEME.card_face) >= 3, (suit, ink)


@pytest.mark.parametrize("pack", sorted(PACKS))
def test_no_two_suits_look_alike(pack: str) -> None:
    inks = sorted(set(PACKS[pack].values()))
    assert len(inks) == {"French": 2, "German": 4}[pack]
    for first, second in itertools.combinations(inks, 2):
        ratio = contrast(first, second)
        assert ratio >= 3 or (len(inks) > 2 and delta_e(first, second) >= APART), (
            first, second, round(ratio, 2)
        )  # fmt: skip


def test_two_inks_are_held_to_three_to_one() -> None:
    """The French pack's red and black, where 3:1 is possible, must reach it."""
    red, black = DEFAULT_THEME.red, DEFAULT_THEME.black
    assert contrast(red, black) >= 3


def test_the_measure_catches_the_old_acorns_and_bells() -> None:
    acorns, bells = (150, 90, 26), (168, 100, 0)
    assert contrast(acorns, bells) < 1.2 and delta_e(acorns, bells) < APART

"""A Sheepshead hand's phases and the two facts of a call that both the hand and the
explanations of refused moves read (kept apart so that neither imports the other)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from engine.cards import Card, Suit, card_of
from engine.sheepshead.rules import FAIL_SUITS


class Phase(Enum):
    PICK = "pick"  # each in turn picks up the blind or passes
    BURY = "bury"  # the picker lays as many cards away
    CALL = "call"  # five players, called ace: the picker calls a partner or goes alone
    PLAY = "play"
    OVER = "over"


# The members as globals: in Python 3.11 reading a member from its Enum class goes through
# the enum type's attribute hook, many times slower than a global, and moves read them
# on every play.
PICK_PHASE, BURY_PHASE, CALL_PHASE, PLAY_PHASE, OVER_PHASE = Phase

FAIL_ACES = tuple(card_of(1, suit) for suit in FAIL_SUITS)


def hold_suit(called: Card | None) -> Suit | None:
    return None if called is None else called.suit


def call_rank(hand: Sequence[Card], buried: Sequence[Card]) -> int:
    """1: the picker calls an ace; 10: all three fail aces are the picker's (held or buried),
    so a ten is called instead."""
    mine = {*hand, *buried}
    return 10 if all(ace in mine for ace in FAIL_ACES) else 1

"""German Whist's moves in a player's words, for the picker and /play."""

from __future__ import annotations

from collections.abc import Sequence

from engine.germanwhist.actions import WhistPlay
from engine.germanwhist.hand import WhistHand
from engine.words import say


def describe_action(hand: WhistHand, action: WhistPlay, names: Sequence[str] | None = None) -> str:
    card = action.card
    shown = card.shown()
    trump = card.suit is hand.trump
    if not hand.trick:
        return say("Lead {card} (trump)", card=shown) if trump else say("Lead {card}", card=shown)
    if hand.beats(card, hand.trick[0][1]):
        return say("Play {card}: takes the trick", card=shown)
    return say("Play {card}", card=shown)

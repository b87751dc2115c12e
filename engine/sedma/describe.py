"""Sedma's moves in a player's words, for the picker and /play."""

from __future__ import annotations

from collections.abc import Sequence

from engine.sedma.actions import Kind, SedmaAction
from engine.sedma.hand import Phase, SedmaHand
from engine.sedma.rules import card_points
from engine.words import say, seat_name, trick_play


def describe_action(
    hand: SedmaHand, action: SedmaAction, names: Sequence[str] | None = None
) -> str:
    card = action.card
    if action.kind is Kind.STOP:
        holder = hand.winning()
        if holder is None:
            return say("Stop: the trick goes to nobody")
        return say("Stop: the trick goes to {name}", name=seat_name(holder, names))
    assert card is not None
    shown = card.shown(hand.rules.pack)
    wild = hand.rules.is_wild(card)
    if action.kind is Kind.AGAIN:
        if wild:
            return say("Go again with {card} (wild)", card=shown)
        return say("Go again with {card}", card=shown)
    if action.kind is Kind.FIGHT:
        return say("Fight: lead {card}", card=shown)
    if not hand.trick or hand.phase is Phase.DECIDE:
        if card_points(card):
            return say("Lead {card} ({points} points)", card=shown, points=card_points(card))
        return say("Lead {card}", card=shown)
    if hand.matches(card):
        if wild:
            return say("Play {card} (wild): takes the trick so far", card=shown)
        return say("Play {card}: takes the trick so far", card=shown)
    holder = hand.winning()
    assert holder is not None
    return trick_play(card, card_points(card), seat_name(holder, names), hand.rules.pack)

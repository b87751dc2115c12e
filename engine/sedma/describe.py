"""Sedma's moves in a player's words, for the picker and /play."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.sedma.actions import Kind, SedmaAction
from engine.sedma.hand import Phase, SedmaHand
from engine.sedma.rules import card_points


def name_of(player: int, names: Sequence[str] | None) -> str:
    return names[player] if names else f"seat {player + 1}"


def _worth(card: Card) -> str:
    return f" ({card_points(card)} points)" if card_points(card) else ""


def describe_action(
    hand: SedmaHand, action: SedmaAction, names: Sequence[str] | None = None
) -> str:
    card = action.card
    if action.kind is Kind.STOP:
        holder = hand.winning()
        who = name_of(holder, names) if holder is not None else "nobody"
        return f"Stop: the trick is {who}'s" if names else f"Stop: the trick goes to {who}"
    assert card is not None
    wild = " (wild)" if hand.rules.is_wild(card) else ""
    if action.kind is Kind.AGAIN:
        return f"Go again with {card.pretty}{wild}"
    if action.kind is Kind.FIGHT:
        return f"Fight: lead {card.pretty}"
    if not hand.trick or hand.phase is Phase.DECIDE:
        return f"Lead {card.pretty}{_worth(card)}"
    if hand.matches(card):
        return f"Play {card.pretty}{wild}: takes the trick so far"
    holder = hand.winning()
    assert holder is not None
    if card_points(card):
        return f"Play {card.pretty}: gives {card_points(card)} points to {name_of(holder, names)}"
    return f"Play {card.pretty}"

"""Why a Suipe move is illegal, in a player's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.suipe.actions import Move, SuipeAction
from engine.words import say

if TYPE_CHECKING:
    from engine.suipe.deal import SuipeDeal


def explain_illegal(deal: SuipeDeal, action: SuipeAction) -> str:
    card = action.card
    hand_after = list(deal.hands[deal.turn])
    hand_after.remove(card)
    if action.kind is Move.TRAIL:
        return say(
            "You made or last added to a build on the floor: capture, build or add to a build "
            "this turn instead of trailing."
        )
    if card.rank > 10 and action.kind is not Move.CAPTURE:
        return say("Face cards only capture one face card of their rank; they never build.")
    if action.kind is Move.CAPTURE:
        if card.rank > 10:
            return say("{card} can only take one loose card of its own rank.", card=card.pretty)
        if action.build and action.value not in deal.builds:
            return say("There is no {value}-build to capture.", value=action.value)
        return say(
            "{card} takes loose {value}s and separate groups worth {value} (and the "
            "{value}-build): those cards don't make that.",
            card=card.pretty,
            value=card.rank,
        )
    value = action.value
    if not 2 <= value <= 10:
        return say("A build is announced as a number from 2 to 10.")
    if all(c.rank != value for c in hand_after):
        return say(
            "To announce {value} you must keep a {value} in your hand to capture it with.",
            value=value,
        )
    if action.kind is Move.RAISE:
        build = deal.builds.get(action.raised or 0)
        if build is None:
            return say("There is no {value}-build to raise.", value=action.raised)
        if build.multiple:
            return say(
                "The {value}-build is multiple: its value can't change any more.",
                value=action.raised,
            )
    return say(
        "Those cards don't make groups worth {value} with your {card} — and no group in a build "
        "may hold two cards of the same rank (no 6 from 3+3).",
        value=value,
        card=card.pretty,
    )

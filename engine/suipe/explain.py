"""Why a Suipe move is illegal, in a player's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.suipe.actions import Move, SuipeAction

if TYPE_CHECKING:
    from engine.suipe.deal import SuipeDeal


def explain_illegal(deal: SuipeDeal, action: SuipeAction) -> str:
    card = action.card
    hand_after = list(deal.hands[deal.turn])
    hand_after.remove(card)
    if action.kind is Move.TRAIL:
        return (
            "You made or last added to a build on the floor: capture, build or add to a build "
            "this turn instead of trailing."
        )
    if card.rank > 10 and action.kind is not Move.CAPTURE:
        return "Face cards only capture one face card of their rank; they never build."
    if action.kind is Move.CAPTURE:
        if card.rank > 10:
            return f"{card.pretty} can only take one loose card of its own rank."
        if action.build and action.value not in deal.builds:
            return f"There is no {action.value}-build to capture."
        return (
            f"{card.pretty} takes loose {card.rank}s and separate groups worth {card.rank} "
            f"(and the {card.rank}-build): those cards don't make that."
        )
    value = action.value
    if not 2 <= value <= 10:
        return "A build is announced as a number from 2 to 10."
    if all(c.rank != value for c in hand_after):
        return f"To announce {value} you must keep a {value} in your hand to capture it with."
    if action.kind is Move.RAISE:
        build = deal.builds.get(action.raised or 0)
        if build is None:
            return f"There is no {action.raised}-build to raise."
        if build.multiple:
            return f"The {action.raised}-build is multiple: its value can't change any more."
    return (
        f"Those cards don't make groups worth {value} with your {card.pretty} — and no group "
        "in a build may hold two cards of the same rank (no 6 from 3+3)."
    )

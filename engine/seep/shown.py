"""What a Seep seat has shown it lacks: a seat that could have swept the floor with a card of
some value and did not holds no card of that value.

A sweep is worth 50 points (in seep30, the sweeping card's value), so a player passes one up
only when they cannot make it. The hands are dealt in full after the bidder's first play and
never refilled, so what a seat lacked then it still lacks. Only floors without houses count:
a house may oblige its owner to keep a card, and a sweep must take it too. Everything here is
public: the floor as it stood before each play is worked out backwards from the floor now
and the plays everyone saw.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.seep.actions import Kind
from engine.seep.deal import SeepDeal

VALUES = range(1, 14)


def shown_lacks(deal: SeepDeal) -> dict[int, frozenset[int]]:
    """For each seat that has shown any, the card values it cannot hold."""
    loose = list(deal.loose)
    house_values = set(deal.houses)
    excluded = {9, 10} if deal.rules.rawalpindi else set()  # (10♦ and 9♠ may not capture)
    lacks: dict[int, set[int]] = {}
    for record in reversed(deal.history):
        action = record.action
        if action.kind is Kind.BID:
            break
        # undo the play: the floor and the houses as they stood before it
        if action.kind is Kind.THROW:
            assert action.card is not None
            loose.remove(action.card)
        elif action.kind is Kind.CAPTURE:
            loose.extend(action.loose)
            if record.house_before is not None:
                house_values.add(action.value)
        else:
            loose.extend(action.loose)
            if record.house_before is None:
                house_values.discard(action.value)
            if action.broken is not None:
                house_values.add(action.broken)
        if record.play_number == 0 or house_values or record.sweep_points is not None:
            continue  # (the bidder's first play comes before the deal is completed)
        missed = sweeping_values(loose) - excluded
        if missed:
            lacks.setdefault(record.seat, set()).update(missed)
    return {seat: frozenset(values) for seat, values in lacks.items()}


def sweeping_values(loose: Sequence[Card]) -> set[int]:
    """The values whose card would take every loose card: the floor splits into groups each
    adding up to it."""
    if not loose:
        return set()
    ranks = sorted((card.rank for card in loose), reverse=True)
    total = sum(ranks)
    return {
        value
        for value in VALUES
        if value >= ranks[0] and total % value == 0 and _splits(ranks, value)
    }


def _splits(ranks: list[int], value: int) -> bool:
    """Whether `ranks` (largest first) split into groups each adding up to `value`."""
    groups = [0] * (sum(ranks) // value)

    def place(index: int) -> bool:
        if index == len(ranks):
            return True
        rank = ranks[index]
        tried: set[int] = set()
        for group, filled in enumerate(groups):
            if filled + rank > value or filled in tried:
                continue
            tried.add(filled)
            groups[group] += rank
            if place(index + 1):
                return True
            groups[group] -= rank
        return False

    return place(0)

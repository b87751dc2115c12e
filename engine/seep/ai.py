"""Seep for the fishing family's computer players."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.ai.games import Deal, Role
from engine.cards import FULL_DECK, Card
from engine.fishing_ai import FishingAdapter
from engine.seep.actions import Kind
from engine.seep.deal import Phase
from engine.seep.rules import SeepRules

ROLES = {Kind.BID: Role.BID, Kind.CAPTURE: Role.CAPTURE, Kind.HOUSE: Role.PILE,
         Kind.THROW: Role.DISCARD}  # fmt: skip


class SeepAdapter(FishingAdapter):
    game = "seep"
    roles = ROLES

    def piles(self, deal: Deal) -> Iterator[tuple[int, tuple[Card, ...], tuple[int, ...]]]:
        for house in deal.houses.values():
            yield house.value, house.cards, house.owners

    def face_up_floor(self, deal: Deal) -> bool:
        return deal.phase is not Phase.BID  # during the bid the floor is face down

    def card_points(self, deal: Deal, card: Card) -> int:
        return int(deal.rules.card_points(card))

    def standing(self, deal: Deal, side: int) -> float:
        if deal.is_over:
            return float(deal.score.sides[side].total)
        points = _points_of(deal.rules)
        return float(sum([points[card.index] for card in deal.captured[side]])
                     + sum(deal.sweeps[side]))  # fmt: skip

    def players(self, deal: Deal) -> int:
        return int(deal.rules.players)  # (a two-player deal has four hands)


@cache
def _points_of(rules: SeepRules) -> list[int]:
    """Every card's points under `rules`, by `Card.index` (the searches count often)."""
    points = [0] * len(FULL_DECK)
    for card in FULL_DECK:
        points[card.index] = int(rules.card_points(card))
    return points

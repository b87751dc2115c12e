"""Suipe for the fishing family's computer players."""

from __future__ import annotations

from collections.abc import Iterator

from engine.ai.games import Deal, Role
from engine.cards import FULL_DECK, Card, Suit
from engine.fishing_ai import FishingAdapter
from engine.suipe.actions import Move
from engine.suipe.rules import card_points

ROLES = {Move.CAPTURE: Role.CAPTURE, Move.BUILD: Role.PILE, Move.RAISE: Role.PILE,
         Move.TRAIL: Role.DISCARD}  # fmt: skip
POINTS = [0] * len(FULL_DECK)  # each card's points by `Card.index` (a search counts often)
for _card in FULL_DECK:
    POINTS[_card.index] = card_points(_card)


class SuipeAdapter(FishingAdapter):
    game = "suipe"
    roles = ROLES

    def piles(self, deal: Deal) -> Iterator[tuple[int, tuple[Card, ...], tuple[int, ...]]]:
        for build in deal.builds.values():
            yield build.value, build.cards, (build.builder,)

    def card_points(self, deal: Deal, card: Card) -> int:
        return card_points(card)

    def standing(self, deal: Deal, side: int) -> float:
        """Before the end, the majorities (cards, spades) are counted in proportion."""
        if deal.is_over:
            return float(deal.score.sides[side].total)
        taken = deal.captured[side]
        spades = sum(1 for card in taken if card.suit is Suit.SPADES)
        points = sum([POINTS[card.index] for card in taken])
        return float(points + deal.suipes[side] + 3 * len(taken) / 27 + spades / 7)


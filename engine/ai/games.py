"""What the computer players need to know about each game, behind one small interface.

A deal is Seep's or Suipe's deal object; both keep `hands`, `stock`, `loose`, `captured`,
`turn`, `copy()`, `legal_actions()` and `apply()`. The adapter adds what differs: the piles
that are captured only whole (houses, builds), who must hold which value, and how a side's
standing is counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, Suit
from engine.seep.deal import Phase as SeepPhase
from engine.seep.deal import SeepDeal
from engine.seep.scoring import card_points as seep_card_points
from engine.suipe.deal import SuipeDeal
from engine.suipe.rules import card_points as suipe_card_points

Deal = Any  # SeepDeal | SuipeDeal


@dataclass(frozen=True, slots=True)
class GameAdapter:
    game: str

    # ----- sides -------------------------------------------------------------------------

    def sides(self, deal: Deal) -> int:
        return 2 if self.game == "seep" else deal.rules.sides

    def side_of(self, deal: Deal, seat: int) -> int:
        return deal.side_of(seat)

    # ----- what is public ---------------------------------------------------------------

    def piles(self, deal: Deal) -> Iterator[tuple[int, tuple[Card, ...], tuple[int, ...]]]:
        """(value, cards, seats that must hold a card of that value) for houses or builds."""
        if self.game == "seep":
            for house in deal.houses.values():
                yield house.value, house.cards, house.owners
        else:
            for build in deal.builds.values():
                yield build.value, build.cards, (build.builder,)

    def public_cards(self, deal: Deal) -> list[Card]:
        """Cards every player has seen face up: the floor, the piles and every capture."""
        if self.game == "seep" and deal.phase is SeepPhase.BID:
            cards: list[Card] = []  # the floor is still face down
        else:
            cards = list(deal.loose)
        for _, pile, _ in self.piles(deal):
            cards.extend(pile)
        for taken in deal.captured:
            cards.extend(taken)
        return cards

    def hidden_floor(self, deal: Deal) -> int:
        """Floor cards nobody has seen yet (Seep's floor during the bid)."""
        return len(deal.loose) if self.game == "seep" and deal.phase is SeepPhase.BID else 0

    # ----- counting ---------------------------------------------------------------------

    def card_points(self, deal: Deal, card: Card) -> int:
        if self.game == "seep":
            return deal.rules.card_points(card)
        return suipe_card_points(card)

    def standing(self, deal: Deal, side: int) -> float:
        """A side's standing in the deal so far, in the deal's own points. At the end it is
        the deal's score; before, Suipe's majorities are counted in proportion."""
        if deal.is_over:
            return float(deal.score.sides[side].total)
        taken = deal.captured[side]
        if self.game == "seep":
            return float(seep_card_points(deal.rules, taken) + sum(deal.sweeps[side]))
        spades = sum(1 for card in taken if card.suit is Suit.SPADES)
        points = sum(suipe_card_points(card) for card in taken)
        return points + deal.suipes[side] + 3 * len(taken) / 27 + spades / 7

    def margin(self, deal: Deal, side: int) -> float:
        """The side's standing minus the best other side's."""
        others = [self.standing(deal, s) for s in range(self.sides(deal)) if s != side]
        return self.standing(deal, side) - max(others)


SEEP = GameAdapter("seep")
SUIPE = GameAdapter("suipe")


def adapter_for(deal: Deal) -> GameAdapter:
    if isinstance(deal, SeepDeal):
        return SEEP
    if isinstance(deal, SuipeDeal):
        return SUIPE
    raise TypeError(f"no computer player for {type(deal).__name__}")

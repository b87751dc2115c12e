"""What a fishing deal (Seep's, Suipe's) keeps the same way: the cards' places and its copies."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, Self, TypeVar

from engine.cards import Card

A = TypeVar("A")


class FishingDeal(Generic[A]):
    """The places a fishing deal's cards are in, and the copy the computer players make of it.

    The game's deal (a dataclass) holds these fields and says which cards lie in its piles
    (houses, builds) on the floor."""

    hands: list[list[Card]]
    loose: list[Card]
    stock: list[Card]
    captured: list[list[Card]]
    history: list[Any]
    _legal: list[A] | None

    def legal_actions(self) -> list[A]:
        """Every legal play of the seat to move, grouped by hand card and sorted (worked out
        once a position, until `changed`)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[A]:
        raise NotImplementedError

    def pile_cards(self) -> Iterable[Card]:
        """The cards in the floor's piles (houses, builds)."""
        raise NotImplementedError

    def all_cards(self) -> list[Card]:
        """Every card of the deal wherever it is (for conservation checks)."""
        cards = [*self.loose, *self.stock]
        for hand in self.hands:
            cards.extend(hand)
        cards.extend(self.pile_cards())
        for pile in self.captured:
            cards.extend(pile)
        return cards

    def copy(self) -> Self:
        """An independent copy. Hands are already in order and the cached moves stay valid
        (shared until either side changes: `changed` gives a new cache, never clears one),
        so nothing is recomputed (computer players copy positions by the thousand). The game
        copies what else it changes in place (`copy_more`)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hands = [list(hand) for hand in self.hands]
        new.loose = list(self.loose)
        new.stock = list(self.stock)
        new.captured = [list(pile) for pile in self.captured]
        new.history = list(self.history)
        self.copy_more(new)
        return new

    def copy_more(self, new: Self) -> None:
        """Give `new` its own copies of the game's other changing fields."""

"""Suipe's table options, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Suit
from engine.core import GameError, RulesRecord

SUIPE = "suipe"
ALL_AT_ONCE = 52  # hand_size value meaning "deal the whole pack at once"


@dataclass(frozen=True, slots=True)
class SuipeRules(RulesRecord):
    owner = "Suipe"  # named where an unknown option is refused

    game: str = SUIPE
    players: int = 2  # 2, 3 or 4
    partnerships: bool = True  # 4 players play two against two (False: each for themselves)
    hand_size: int = 0  # 0: the default (8 for 2-3 players, 6 for 4); 6, 8, or 52 for all
    deals: int = 2  # deals in a match

    def __post_init__(self) -> None:
        if self.game != SUIPE:
            raise GameError(f"unknown game {self.game!r}")
        if self.players not in (2, 3, 4):
            raise GameError("Suipe is played by 2, 3 or 4 players")
        if self.hand_size not in (0, 6, 8, ALL_AT_ONCE):
            raise GameError("hands are 6 or 8 cards, or the whole pack at once")
        if not 1 <= self.deals <= 20:
            raise GameError("a match lasts between 1 and 20 deals")

    @property
    def cards_per_hand(self) -> int:
        if self.hand_size == ALL_AT_ONCE:
            return 48 // self.players
        return self.hand_size or (6 if self.players == 4 else 8)

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 and self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 and self.partnerships else seat


def card_points(card: Card) -> int:
    """Points a card scores by itself: 2♠ 1, each ace 1, 10♦ 2."""
    if card.rank == 1:
        return 1
    if card.rank == 2 and card.suit is Suit.SPADES:
        return 1
    if card.rank == 10 and card.suit is Suit.DIAMONDS:
        return 2
    return 0


def preference(card: Card) -> int:
    """How much a player wants a card: its points first, then spades (most spades)."""
    return 2 * card_points(card) + (card.suit is Suit.SPADES)

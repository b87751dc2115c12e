"""Seep's table options, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Suit
from engine.core import GameError, RulesRecord

SEEP = "seep"
SEEP30 = "seep30"


@dataclass(frozen=True, slots=True)
class SeepRules(RulesRecord):
    """Every option a host can set. Defaults follow RULES.md."""

    owner = "Seep"  # named where an unknown option is refused

    game: str = SEEP  # "seep" (100 points) or "seep30" (Punjab, 30 points)
    players: int = 4  # 4 in two partnerships, or 2 (each plays two hands)
    baazis: int = 1  # how many baazis the match lasts
    limited_houses: bool = False  # at most two houses on the floor
    loose_card_break: bool = False  # a loose card may raise a house cemented by a hand card
    diamond_ten_two: bool = False  # 100-point: 10♦ = 2, most cards = 4, first-play sweep = 50
    target: int = 0  # lead that wins a baazi; 0 = the game's default (100 or 30)
    rawalpindi: bool = False  # seep30: 2♠ = 5, no most-cards, 10♦/9♠ house restrictions

    def __post_init__(self) -> None:
        if self.game not in (SEEP, SEEP30):
            raise GameError(f"unknown game {self.game!r}: choose seep or seep30")
        if self.players not in (2, 4):
            raise GameError("Seep is played by 2 or 4 players")
        if not 1 <= self.baazis <= 99:
            raise GameError("a match lasts between 1 and 99 baazis")
        if self.target < 0:
            raise GameError("the target lead cannot be negative")
        if self.diamond_ten_two and self.game != SEEP:
            raise GameError("the 10♦ = 2 scoring belongs to the 100-point game")
        if self.rawalpindi and self.game != SEEP30:
            raise GameError("the Rawalpindi option belongs to the 30-point game")

    @property
    def sides(self) -> int:
        """Always two: partners at four, and at two each player plays two hands."""
        return 2

    @staticmethod
    def side_of(seat: int) -> int:
        """A seat's side (and a player's: in the 2-player game player p holds seats p and
        p+2)."""
        return seat % 2

    @property
    def is_thirty(self) -> bool:
        return self.game == SEEP30

    @property
    def target_lead(self) -> int:
        return self.target or (30 if self.is_thirty else 100)

    @property
    def nine_point_rule(self) -> bool:
        return not self.is_thirty

    @property
    def card_total(self) -> int:
        return 30 if self.is_thirty else 100

    @property
    def most_cards_bonus(self) -> int:
        """Points for the side with more captured cards (0 when the variant has none)."""
        if self.is_thirty:
            return 0 if self.rawalpindi else 4
        return 4 if self.diamond_ten_two else 0

    def card_points(self, card: Card) -> int:
        if self.is_thirty:
            if card.rank == 10 and card.suit is Suit.DIAMONDS:
                return 12
            if card.suit is Suit.SPADES and card.rank == 9:
                return 9
            if card.suit is Suit.SPADES and card.rank == 2:
                return 5 if self.rawalpindi else 1
            return 1 if card.rank == 1 else 0
        if card.suit is Suit.SPADES:
            return card.rank
        if card.rank == 1:
            return 1
        if card.rank == 10 and card.suit is Suit.DIAMONDS:
            return 2 if self.diamond_ten_two else 6
        return 0

    def sweep_points(self, card: Card, *, first_play: bool, last_play: bool) -> int:
        if last_play:
            return 0
        if self.is_thirty:
            return card.rank
        if first_play and not self.diamond_ten_two:
            return 25
        return 50

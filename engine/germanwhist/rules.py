"""German Whist's table options, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import FULL_DECK, Card
from engine.core import GameError, RulesRecord
from engine.words import say

GERMAN_WHIST = "germanwhist"
HAND_SIZE = 13


@dataclass(frozen=True, slots=True)
class WhistRules(RulesRecord):
    """A German Whist table's rules."""

    owner = "German Whist"  # named where an unknown option is refused

    game: str = GERMAN_WHIST
    players: int = 2
    target: int = 5  # points that win the match: a hand gives its winner the tricks over six

    def __post_init__(self) -> None:
        if self.game != GERMAN_WHIST:
            raise GameError(f"unknown game {self.game!r}: this is German Whist")
        if self.players != 2:
            raise GameError("German Whist is played by 2 players")
        if not 1 <= self.target <= 21:
            raise GameError("a German Whist match is played to between 1 and 21 points")

    @property
    def title(self) -> str:
        return say("German Whist")

    @property
    def goal(self) -> int:
        return self.target

    def deck(self) -> list[Card]:
        return list(FULL_DECK)


def strength(card: Card) -> int:
    """The order within a suit: 2 lowest, ace highest."""
    return 14 if card.rank == 1 else card.rank

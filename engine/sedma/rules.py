"""Sedma's and Hola's table options, as one frozen value (defaults follow RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import FULL_DECK, Card, Pack, Suit, card_of
from engine.core import GameError, RulesRecord
from engine.words import say

SEDMA = "sedma"
HOLA = "hola"
KING_OF_HEARTS = card_of(13, Suit.HEARTS)
SEDMA_RANKS = (1, 7, 8, 9, 10, 11, 12, 13)
HAND_SIZE = 4
MAX_ROUNDS = 4  # a continued trick has at most four rounds


@dataclass(frozen=True, slots=True)
class SedmaRules(RulesRecord):
    owner = "Sedma"  # named where an unknown option is refused

    game: str = SEDMA  # "sedma" (32 cards) or "hola" (52 cards)
    players: int = 4  # Sedma 2, 3 or 4; Hola 2 or 4 (four play in partnerships)
    target: int = 0  # game points (Sedma, default 10) or points (Hola, default 200) to win
    only_against_opponents: bool = False  # Sedma: continue only while an opponent holds it
    german_suits: bool = False  # the cards' faces only: hearts, leaves, acorns and bells

    def __post_init__(self) -> None:
        if self.game not in (SEDMA, HOLA):
            raise GameError(f"unknown game {self.game!r}: choose sedma or hola")
        allowed = (2, 3, 4) if self.game == SEDMA else (2, 4)
        if self.players not in allowed:
            seats = " or ".join(map(str, allowed))
            raise GameError(f"{self.game.title()} is played by {seats} players")
        if self.game == SEDMA and self.target and not 1 <= self.target <= 50:
            raise GameError("a Sedma match is played to between 1 and 50 game points")
        if self.game == HOLA and self.target and not 200 <= self.target <= 500:
            raise GameError("a Hola match is played to between 200 and 500 points")
        if self.only_against_opponents and self.game == HOLA:
            raise GameError("“only against the opponents” belongs to Sedma's continued tricks")

    @property
    def title(self) -> str:
        """The game's name in the language spoken now."""
        return say("Sedma") if self.game == SEDMA else say("Hola")

    @property
    def pack(self) -> Pack:
        """How the cards look: the German-suited (mariáš) pack or the French one."""
        return _GERMAN if self.german_suits else _FRENCH

    @property
    def is_hola(self) -> bool:
        return self.game == HOLA

    @property
    def goal(self) -> int:
        return self.target or (200 if self.is_hola else 10)

    @property
    def three_handed(self) -> bool:
        return self.players == 3

    def deck(self) -> list[Card]:
        """The pack in a fixed order: 52 cards for Hola, 32 for Sedma (30 for three: no 8♣
        and 9♣)."""
        if self.is_hola:
            return list(FULL_DECK)
        return list(_SEDMA_PACK_OF_THREE if self.three_handed else _SEDMA_PACK)

    def is_wild(self, card: Card) -> bool:
        if card.rank == 7:
            return True
        if self.is_hola:
            return card.rank == 2
        return self.three_handed and card == KING_OF_HEARTS

    @property
    def wild_cards(self) -> frozenset[Card]:
        """Every card `is_wild` says is wild (worked out once per table kind)."""
        return self._wild()[0]

    @property
    def wild_by_index(self) -> tuple[bool, ...]:
        """`is_wild` of every card, by its index (read on every play)."""
        return self._wild()[1]

    def _wild(self) -> tuple[frozenset[Card], tuple[bool, ...]]:
        key = (self.game, self.players)
        wild = _WILD.get(key)
        if wild is None:
            by_index = tuple(self.is_wild(c) for c in FULL_DECK)
            wild = _WILD[key] = (frozenset(c for c in FULL_DECK if by_index[c.index]), by_index)
        return wild


_FRENCH, _GERMAN = Pack.FRENCH, Pack.GERMAN  # read on every play (Enum members as globals)
_WILD: dict[tuple[str, int], tuple[frozenset[Card], tuple[bool, ...]]] = {}
_SEDMA_PACK = tuple(c for c in FULL_DECK if c.rank in SEDMA_RANKS)
_SEDMA_PACK_OF_THREE = tuple(
    c for c in _SEDMA_PACK if not (c.suit is Suit.CLUBS and c.rank in (8, 9))
)


def card_points(card: Card) -> int:
    """Aces and tens are worth 10; nothing else counts."""
    return 10 if card.rank in (1, 10) else 0


# `card_points` of every card, for sums over many cards (`sum(map(POINTS.__getitem__, …))`)
POINTS = {card: card_points(card) for card in FULL_DECK}

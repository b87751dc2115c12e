"""Counting a finished Suipe deal: 11 points, plus Suipes with kala."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import FULL_DECK, Card, Suit
from engine.suipe.rules import card_points

MOST_CARDS = 3
MOST_SPADES = 1


@dataclass(frozen=True, slots=True)
class SideScore:
    cards: int
    spades: int
    most_cards: int  # 3 or 0
    most_spades: int  # 1 or 0
    card_points: int  # 2♠, aces, 10♦
    suipes: int  # Suipes made
    suipe_points: int  # after kala
    scoring_cards: tuple[Card, ...] = ()  # 2♠, aces and 10♦ taken

    @property
    def total(self) -> int:
        return self.most_cards + self.most_spades + self.card_points + self.suipe_points


@dataclass(frozen=True, slots=True)
class DealScore:
    sides: tuple[SideScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(side.total for side in self.sides)


def _sole_leader(counts: Sequence[int]) -> int | None:
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


# Every card's points, by card index (a deal's piles are counted card by card).
_POINTS = [card_points(card) for card in FULL_DECK]
_SPADE = [int(card.suit is Suit.SPADES) for card in FULL_DECK]  # 1 for a spade, by card index


def score_deal(captured: Sequence[Sequence[Card]], suipes: Sequence[int]) -> DealScore:
    counts = [len(pile) for pile in captured]
    spades = [sum([_SPADE[card.index] for card in pile]) for pile in captured]
    points = _POINTS
    cards_leader = _sole_leader(counts)
    spades_leader = _sole_leader(spades)
    sides = []
    for side, pile in enumerate(captured):
        others = [n for other, n in enumerate(suipes) if other != side]
        sides.append(
            SideScore(
                cards=counts[side],
                spades=spades[side],
                most_cards=MOST_CARDS if cards_leader == side else 0,
                most_spades=MOST_SPADES if spades_leader == side else 0,
                card_points=sum([points[card.index] for card in pile]),
                suipes=suipes[side],
                suipe_points=max(0, suipes[side] - max(others, default=0)),
                scoring_cards=tuple([c for c in pile if points[c.index]]),
            )
        )
    return DealScore(tuple(sides))

"""Counting a finished Seep deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine.cards import FULL_DECK, Card
from engine.seep.rules import SeepRules


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's points for a deal."""

    cards: int  # how many cards the side captured
    card_points: int  # scoring cards (and the most-cards bonus), Satthi applied
    most_cards_points: int
    sweeps: int
    sweep_points: int
    scoring_cards: tuple[Card, ...] = ()  # the cards that scored, shown when the deal is counted

    @property
    def total(self) -> int:
        return self.card_points + self.sweep_points


@dataclass(frozen=True, slots=True)
class DealScore:
    sides: tuple[SideScore, SideScore]
    satthi: int | None = None  # the side that took every card point (30-point game)

    @property
    def difference(self) -> int:
        """Side 0's total minus side 1's."""
        return self.sides[0].total - self.sides[1].total


def card_points(rules: SeepRules, cards: Sequence[Card]) -> int:
    points = points_by_index(rules)
    return sum([points[card.index] for card in cards])


def points_by_index(rules: SeepRules) -> list[int]:
    """Every card's points under `rules`, by card index (a deal's piles are counted card by
    card)."""
    return _points_by_index(rules.game, rules.rawalpindi, rules.diamond_ten_two)


@cache
def _points_by_index(game: str, rawalpindi: bool, diamond_ten_two: bool) -> list[int]:
    """(The options that change a card's points: a handful of lists at most.)"""
    rules = SeepRules(game=game, rawalpindi=rawalpindi, diamond_ten_two=diamond_ten_two)
    return [rules.card_points(card) for card in FULL_DECK]


def score_deal(
    rules: SeepRules, captured: Sequence[Sequence[Card]], sweeps: Sequence[Sequence[int]]
) -> DealScore:
    counts = [len(pile) for pile in captured]
    table = points_by_index(rules)
    points = [sum([table[card.index] for card in pile]) for pile in captured]
    bonus = [0, 0]
    if rules.most_cards_bonus and counts[0] != counts[1]:
        bonus[0 if counts[0] > counts[1] else 1] = rules.most_cards_bonus
    with_bonus = [points[side] + bonus[side] for side in (0, 1)]
    satthi = None
    if rules.is_thirty:
        for side in (0, 1):
            if with_bonus[side] == rules.card_total:
                satthi = side
                with_bonus[side] = 2 * rules.card_total
    sides = tuple(
        SideScore(
            cards=counts[side],
            card_points=with_bonus[side],
            most_cards_points=bonus[side],
            sweeps=len(sweeps[side]),
            sweep_points=sum(sweeps[side]),
            scoring_cards=tuple(
                sorted(
                    (c for c in captured[side] if table[c.index]),
                    key=lambda c: (-table[c.index], c.suit, c.rank),
                )
            ),
        )
        for side in (0, 1)
    )
    return DealScore(sides=sides, satthi=satthi)  # type: ignore[arg-type]

"""Counting a finished Seep deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine.cards import FULL_DECK, Card, Suit
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


@cache
def _points_by_card(
    game: str, rawalpindi: bool, diamond_ten_two: bool
) -> tuple[dict[Card, int], dict[Card, tuple[int, Suit, int]]]:
    """Every card's points, and its place among the scoring cards shown (the most points
    first, then by suit and rank), by card: a deal's piles are counted with one lookup a
    card. (A handful of pairs at most.)"""
    table = _points_by_index(game, rawalpindi, diamond_ten_two)
    points = {card: table[card.index] for card in FULL_DECK}
    order = {card: (-points[card], card.suit, card.rank) for card in FULL_DECK}
    return points, order


def score_deal(
    rules: SeepRules, captured: Sequence[Sequence[Card]], sweeps: Sequence[Sequence[int]]
) -> DealScore:
    counts = [len(pile) for pile in captured]
    points_of, order = _points_by_card(rules.game, rules.rawalpindi, rules.diamond_ten_two)
    points = [sum(map(points_of.__getitem__, pile)) for pile in captured]
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
                sorted(filter(points_of.__getitem__, captured[side]), key=order.__getitem__)
            ),
        )
        for side in (0, 1)
    )
    return DealScore(sides=sides, satthi=satthi)  # type: ignore[arg-type]

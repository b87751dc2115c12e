"""The "normal" computer player: one look ahead, with the odds of what comes back.

A play is worth what it gains now (points, sweeps, a Suipe's share of the majorities) minus
what the next opponent can expect to take back from the floor it leaves — each card value
weighted by the chance that this opponent holds one, from the cards still unseen — plus a
little for a house or build the player will collect later.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from engine.ai.games import Deal, GameAdapter, Role, adapter_for
from engine.ai.worlds import unseen_cards
from engine.cards import Card, value_order

REPLY_WEIGHT = 0.8  # how much an opponent's expected reply counts against a play
PILE_SHARE = 0.5  # share of a new house's or build's points counted as ours already


@dataclass(frozen=True, slots=True)
class Scored:
    action: Any
    score: float
    gain: float  # what the play itself wins
    risk: float  # what the next opponent may expect to win back


def holds_chance(unseen: int, of_value: int, hand_size: int) -> float:
    """The chance that a hand of `hand_size` unseen cards holds at least one of `of_value`."""
    if of_value <= 0 or hand_size <= 0:
        return 0.0
    if hand_size > unseen - of_value:
        return 1.0
    return 1.0 - comb(unseen - of_value, hand_size) / comb(unseen, hand_size)


def _floor_key(deal: Deal, game: GameAdapter, seat: int) -> tuple[Any, ...]:
    piles = tuple(sorted((value, cards, holders) for value, cards, holders in game.piles(deal)))
    return (tuple(deal.loose), piles, seat, deal.play_number)


class ReplyOdds:
    """The next opponent's best immediate gain by card value, cached per floor."""

    def __init__(self, game: GameAdapter, unseen: Sequence[Card]) -> None:
        self.game = game
        self.unseen = unseen
        self.counts: Counter[int] = Counter(card.rank for card in unseen)
        self._best: dict[tuple[Any, ...], dict[int, float]] = {}

    def expected(self, after: Deal, mover_side: int) -> float:
        if after.is_over:
            return 0.0
        opponent = after.turn
        if self.game.side_of(after, opponent) == mover_side:
            return 0.0
        hand_size = len(after.hands[opponent])
        best = self.best_by_value(after, opponent)
        expected, none_better = 0.0, 1.0
        for value, gain in sorted(best.items(), key=lambda item: -item[1]):
            if gain <= 0:
                break
            chance = holds_chance(len(self.unseen), self.counts[value], hand_size)
            expected += gain * chance * none_better
            none_better *= 1.0 - chance
        return expected

    def best_by_value(self, after: Deal, opponent: int) -> dict[int, float]:
        key = _floor_key(after, self.game, opponent)
        cached = self._best.get(key)
        if cached is None:
            cached = self._best[key] = self._compute(after, opponent)
        return cached

    def _compute(self, after: Deal, opponent: int) -> dict[int, float]:
        game = self.game
        side = game.side_of(after, opponent)
        base = game.margin(after, side)
        required = [value for value, _, holders in game.piles(after) if opponent in holders]
        best: dict[int, float] = {}
        trial = after.copy()  # one position, given each imagined hand in turn
        trial.stock = []  # no new hands: the reply is one play on this floor
        for value in sorted(self.counts):
            card = next(c for c in self.unseen if c.rank == value)
            hand = [card]
            for needed in required:
                extra = next((c for c in self.unseen if c.rank == needed and c != card), None)
                if needed != value and extra is not None:
                    hand.append(extra)
            trial.hands[opponent] = sorted(hand, key=value_order)
            trial.changed()
            top = 0.0
            for action in trial.legal_actions():
                if action.card != card or game.role(action) is not Role.CAPTURE:
                    continue
                reply = trial.copy()
                reply.apply(action)
                top = max(top, game.margin(reply, side) - base)
            best[value] = top
        return best


def score_actions(world: Deal, rng: random.Random) -> list[Scored]:
    """Every legal play of the seat to move in `world`, best first."""
    game = adapter_for(world)
    seat = world.turn
    side = game.side_of(world, seat)
    odds = ReplyOdds(game, unseen_cards(world, seat, game))
    before = game.margin(world, side)
    scored = []
    for action in world.legal_actions():
        after = world.copy()
        after.apply(action)
        gain = game.margin(after, side) - before
        risk = odds.expected(after, side)
        score = gain - REPLY_WEIGHT * risk + _shape(game, world, action)
        scored.append(Scored(action, score + rng.random() * 1e-6, gain, risk))
    scored.sort(key=lambda s: -s.score)
    return scored


def _shape(game: GameAdapter, world: Deal, action: Any) -> float:
    """Small preferences that a one-play look cannot see."""
    card: Card = action.card
    role = game.role(action)
    if role is Role.PILE:
        points = sum(game.card_points(world, c) for c in (card, *action.loose))
        touched = game.pile_values(action)
        for value, cards, _ in game.piles(world):
            if value in touched:
                points += sum(game.card_points(world, c) for c in cards)
        return PILE_SHARE * points + 0.5
    if role is Role.CAPTURE:
        return 0.05 * len(action.loose)
    # a card left on the floor: give away as little as possible, keep high cards for later
    return -0.3 * game.card_points(world, card) - 0.02 * card.rank

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

from engine.ai.clock import Clock
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


ReplyMemo = dict[tuple[Any, ...], dict[int, float]]
"""The next opponent's best gains by card value, by floor and by the cards that stand for each
unseen value: one decision's many looks at similar floors share them (see `ReplyOdds`)."""


def reply_may_end(after: Deal) -> bool:
    """Whether the next play may end the deal: only the seat to move holds cards (the odds
    look at one play on the floor, without the stock)."""
    turn = after.turn
    return not any(hand for seat, hand in enumerate(after.hands) if seat != turn)


class ReplyOdds:
    """The next opponent's best immediate gain by card value, cached per floor (and, given a
    shared `memo`, across every look of one decision)."""

    def __init__(
        self,
        game: GameAdapter,
        unseen: Sequence[Card],
        memo: ReplyMemo | None = None,
        any_suit: bool = False,
    ) -> None:
        self.game = game
        self.unseen = unseen
        self.counts: Counter[int] = Counter(card.rank for card in unseen)
        self._best: ReplyMemo = {} if memo is None else memo
        # the gains depend on the unseen cards only through the first unseen card of each
        # value (the card tried, and the one a pile's holder keeps), so that is in the key;
        # `any_suit` keys them by the values alone: whichever seat first looks at a floor,
        # its cards stand for every seat's (close enough inside the hard player's play-outs,
        # and many more looks are shared)
        firsts: dict[int, Card] = {}
        for card in unseen:
            firsts.setdefault(card.rank, card)
        self._firsts = firsts
        self._stands_for = tuple(sorted(firsts.items()))
        self._key = tuple(sorted(firsts)) if any_suit else self._stands_for

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
        if reply_may_end(after):
            # the reply may end the deal, and then the whole deal's score counts
            return self._one_value_at_a_time(after, opponent)
        # (what a seat may capture also depends on the houses it has built, in Rawalpindi)
        built = getattr(after, "built_by", None)
        key = (
            _floor_key(after, self.game, opponent),
            self._key,
            tuple(sorted(built[opponent])) if built else (),
        )
        cached = self._best.get(key)
        if cached is None:
            cached = self._best[key] = self._all_values_at_once(after, opponent)
        return cached

    def _all_values_at_once(self, after: Deal, opponent: int) -> dict[int, float]:
        """The opponent is given one card of every unseen value that could capture here, and
        one of each pile's value (so it keeps a card of the piles it holds, and the rules
        allow the same captures as for each card alone): one listing of moves for all values.
        The deal cannot end on the reply, so a capture's gain is what it adds to the side's
        standing, counted on a copy whose captured cards are set aside (cheaper to copy and
        count)."""
        game = self.game
        best = dict.fromkeys(self.counts, 0.0)
        # a capture takes loose cards adding up to its card's value, or a pile of that value:
        # other values capture nothing here and are left out of the hand
        sums = 1
        for card in after.loose:
            sums |= sums << card.rank
        piles = {value for value, _, _ in game.piles(after)}
        hand = [card for value, card in self._stands_for if (sums >> value) & 1 or value in piles]
        if not hand:
            return best
        side = game.side_of(after, opponent)
        trial = after.copy()
        trial.stock = []  # no new hands: the reply is one play on this floor
        trial.captured = [[] for _ in trial.captured]
        trial.hands[opponent] = sorted(hand, key=value_order)
        trial.changed()
        base = game.margin(trial, side)
        for action in trial.legal_actions():
            if game.role(action) is not Role.CAPTURE:
                continue
            reply = trial.copy()
            reply.apply(action)
            gain = game.margin(reply, side) - base
            value = action.card.rank
            if gain > best[value]:
                best[value] = gain
        return best

    def _one_value_at_a_time(self, after: Deal, opponent: int) -> dict[int, float]:
        game = self.game
        side = game.side_of(after, opponent)
        base = game.margin(after, side)
        required = [value for value, _, holders in game.piles(after) if opponent in holders]
        best: dict[int, float] = {}
        trial = after.copy()  # one position, given each imagined hand in turn
        trial.stock = []  # no new hands: the reply is one play on this floor
        firsts = self._firsts
        for value in sorted(self.counts):
            card = firsts[value]
            hand = [card]
            for needed in required:
                extra = firsts.get(needed)
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


def score_actions(
    world: Deal,
    rng: random.Random,
    memo: ReplyMemo | None = None,
    count: int | None = None,
    clock: Clock | None = None,
    any_suit: bool = False,
) -> list[Scored]:
    """Every legal play of the seat to move in `world`, best first; with `count`, only the
    best `count` of them (the same as the first `count` of the whole list: what an opponent
    may win back is worked out only for the plays that could still be among them, since it
    only lowers a play's score). `memo` keeps the replies' odds between calls on positions of
    one decision (`any_suit`: see `ReplyOdds`); `clock` is looked at before each reply's odds
    (see `hard.play_out`)."""
    game = adapter_for(world)
    seat = world.turn
    side = game.side_of(world, seat)
    odds = ReplyOdds(game, unseen_cards(world, seat, game), memo, any_suit)
    legal = world.legal_actions()
    start = world
    if world.stock or sum(len(hand) for hand in world.hands) > 1:
        # the play cannot end the deal: its gain is what it adds to the standing, counted
        # on a copy whose captured cards are set aside (the legal plays stay the same)
        start = world.copy()
        start.captured = [[] for _ in start.captured]
    before = game.margin(start, side)
    looks = []  # (the most the play can score, listing order, play, position after, gain)
    for index, action in enumerate(legal):
        after: Deal | None = None
        if start is not world and game.role(action) is Role.DISCARD:
            gain = 0.0  # (a card left on the floor adds nothing: its position waits)
        else:
            after = start.copy()
            after.apply(action)
            gain = game.margin(after, side) - before
            if start is not world and reply_may_end(after):  # then the real captures count
                after = world.copy()
                after.apply(action)
        most = gain + _shape(game, world, action) + rng.random() * 1e-6
        looks.append((most, index, action, after, gain))
    if count is not None:
        looks.sort(key=lambda look: (-look[0], look[1]))
    scored: list[tuple[float, int, Scored]] = []
    floor = float("-inf")  # the `count`-th best score so far
    for most, index, action, after, gain in looks:
        if count is not None and len(scored) >= count and most < floor:
            break  # (sorted: no play left can reach the best `count`)
        if clock is not None:
            clock.check()
        if after is None:
            after = _after_discard(world, start, action)
        risk = odds.expected(after, side)
        score = most - REPLY_WEIGHT * risk
        scored.append((-score, index, Scored(action, score, gain, risk)))
        if count is not None and len(scored) >= count:
            floor = -sorted(scored)[count - 1][0]
    scored.sort()
    return [entry for _, _, entry in scored[:count]]


def _after_discard(world: Deal, start: Deal, action: Any) -> Deal:
    """The position after a discard that `score_actions` put off making."""
    after = start.copy()
    after.apply(action)
    if reply_may_end(after):
        after = world.copy()
        after.apply(action)
    return after


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

"""The "hard" computer player: imagine the unseen cards many times and play each idea out.

The normal player's best few plays are the candidates. For each of many possible worlds
(see `worlds.py`) every candidate is played, then everyone plays on by the normal player's
judgement for a round (or, near the end, to the deal's end, where taking the last cards
counts); the candidate with the best average margin wins. The same worlds serve every
candidate, so they are compared on equal cards. After the first few worlds only the best two
are played on (the others rarely catch up, and a decision costs about 1.7 times less: under
the bot's deadline more worlds are finished).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.ai.clock import Clock, OutOfTime
from engine.ai.games import Deal, GameAdapter, Role, adapter_for
from engine.ai.normal import REPLY_WEIGHT, ReplyMemo, ReplyOdds, score_actions
from engine.ai.worlds import sample_world, unseen_cards


@dataclass(frozen=True, slots=True)
class SearchBudget:
    samples: int = 12  # worlds imagined per decision
    candidates: int = 4  # plays compared
    depth: int | None = None  # plays simulated after the candidate (None: see `look_ahead`)
    careful: int | None = None  # of those, the first few by the normal player's judgement
    endgame: int = 8  # with at most this many plays left, simulate to the deal's end
    trial: int = 4  # worlds every candidate is played in; then only the best `finalists`
    finalists: int = 2
    any_suit: bool = True  # share the replies' odds between seats (see `ReplyOdds`)
    seconds: float | None = None  # think at most this long, wall clock (the bot sets it;
    # never more than `clock.MAX_SECONDS`); None: every sample, whatever the machine's load


def greedy_play(world: Deal, game: GameAdapter, rng: random.Random) -> Any:
    """What everyone does inside a simulation: the most the play wins now, and when nothing
    can be won, the card that gives away least."""
    side = game.side_of(world, world.turn)
    before = game.margin(world, side)
    best, best_score = None, float("-inf")
    for action in world.legal_actions():
        after = world.copy()
        after.apply(action)
        score = game.margin(after, side) - before
        if game.role(action) is Role.DISCARD:
            score -= 0.3 * game.card_points(world, action.card) + 0.01 * action.card.rank
        score += rng.random() * 1e-6
        if score > best_score:
            best, best_score = action, score
    return best


def plays_left(deal: Deal) -> int:
    return sum(len(hand) for hand in deal.hands) + len(deal.stock)


def look_ahead(world: Deal, game: GameAdapter, budget: SearchBudget) -> tuple[int, int]:
    """Plays simulated after a candidate, and how many of them by the normal player's
    judgement (the rest greedily). By default the game's look-ahead (a round), all careful."""
    default = game.look_ahead(game.players(world))
    depth = default if budget.depth is None else budget.depth
    return depth, depth if budget.careful is None else budget.careful


def play_out(
    world: Deal,
    game: GameAdapter,
    budget: SearchBudget,
    rng: random.Random,
    memo: ReplyMemo | None = None,
    clock: Clock | None = None,
) -> None:
    """Everyone plays on from `world`; `memo` is the decision's (see `score_actions`), and
    `clock` raises `OutOfTime` between plays once the decision's time is up."""
    clock = clock or Clock(None)
    if plays_left(world) <= budget.endgame:
        while not world.is_over:  # the end is near: who takes the last cards counts
            clock.check()
            world.apply(score_actions(world, rng, memo, 1, clock, budget.any_suit)[0].action)
        return
    depth, careful = look_ahead(world, game, budget)
    for step in range(depth):
        if world.is_over:
            return
        clock.check()
        if step < careful:
            world.apply(score_actions(world, rng, memo, 1, clock, budget.any_suit)[0].action)
        else:
            world.apply(greedy_play(world, game, rng))


def leaf_value(
    world: Deal,
    game: GameAdapter,
    side: int,
    seat: int,
    memo: ReplyMemo | None = None,
    any_suit: bool = False,
) -> float:
    """The margin where the simulation stops, less what the opponent to move can expect to
    take from the floor there."""
    margin = game.margin(world, side)
    if world.is_over:
        return margin
    odds = ReplyOdds(game, unseen_cards(world, seat, game), memo, any_suit)
    return margin - REPLY_WEIGHT * odds.expected(world, side)


def hard_choice(world: Deal, rng: random.Random, budget: SearchBudget) -> Any:
    """`world` is the mover's imagined deal; more are imagined from it (the unseen cards are
    the same whichever world they are counted from).

    With `budget.seconds`, the search stops when the time is up, even inside a world, and
    answers from the worlds played out in full (none: the normal player's choice)."""
    clock = Clock.start(budget.seconds)
    game = adapter_for(world)
    seat = world.turn
    side = game.side_of(world, seat)
    memo: ReplyMemo = {}  # the replies' odds, shared by every look of this decision
    top = score_actions(world, rng, memo, budget.candidates)  # (always in full)
    if len(top) == 1:
        return top[0].action
    totals = [0.0] * len(top)
    alive = list(range(len(top)))  # the candidates still compared
    for played in range(budget.samples):
        if played == budget.trial and len(alive) > budget.finalists:
            alive = sorted(alive, key=lambda i: (-totals[i], -top[i].score))[: budget.finalists]
        imagined = sample_world(world, seat, rng)
        values = []
        try:
            for index in alive:
                trial = imagined.copy()
                trial.apply(top[index].action)
                play_out(trial, game, budget, rng, memo, clock)
                values.append(leaf_value(trial, game, side, seat, memo, budget.any_suit))
        except OutOfTime:
            break  # this world is left out: every candidate is judged on the same worlds
        for index, value in zip(alive, values, strict=True):
            totals[index] += value
    best = max(alive, key=lambda i: (totals[i], top[i].score))
    return top[best].action

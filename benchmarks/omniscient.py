"""The all-seeing player: a yardstick for the computer players, never one of them.

It reads the real deal — every hand, the stock, the face-down floor, the blind and the bury —
which no seat at a table may know, so it lives here in `benchmarks/` and nothing in `engine/`,
`bot/`, `cogs/` or `renderers/` may import it (`tests/test_layers.py` checks). Its margin over
the normal player is how much seeing the cards is worth; the share of that margin the hard
player reaches is the benchmark's "share of the gap" (`python -m benchmarks.ai --against
omniscient`).

How it decides, on the real cards:
- Near the end of a hand, a perfect-information search (alpha-beta, the own side maximising
  the final result, every other seat minimising it): the last plays of Seep and Suipe, the
  last tricks of Sedma, Hola and Sheepshead.
- Elsewhere, every candidate move is played out on the real cards with the normal player's
  judgement for everyone (which is how the other seats of a benchmark do play); the best
  result wins. In Seep and Suipe the play-out is the hard player's (a round, or to the end
  when the end is near), scored the same way, on the real deal instead of imagined ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.ai import SearchBudget, choose_action
from engine.ai.games import Role, adapter_for
from engine.ai.hard import leaf_value, play_out, plays_left
from engine.ai.normal import ReplyMemo, score_actions
from engine.core import GameState

FISHING_CANDIDATES = 14  # the normal player's best plays, each played out on the real cards
FISHING_EXACT = 5  # plays left in a Seep or Suipe deal from which the search is exact
TRICK_EXACT = {"sedma": 4, "sheepshead": 4}  # cards in each hand from which the search is exact
FISHING_PLAY_OUT = SearchBudget(depth=11, endgame=20)  # three rounds at four seats
NODE_CAP = 60_000  # an exact search that grows past this falls back to play-outs


class TooBig(Exception):
    """The exact search passed its node cap."""


def omniscient_action(match: GameState, player: int, rng: random.Random) -> Any:
    """The all-seeing player's move for `player` (to move) in `match`."""
    if match.pending_cut is not None or match.current_player != player:
        return choose_action(match, player, "normal", rng)
    deal = match.deal  # type: ignore[attr-defined]  # the real one: every card seen
    if match.game in ("sedma", "hola", "sheepshead"):
        return _trick_choice(match.game, deal, player, rng)
    return _fishing_choice(deal, rng)


# ----- a perfect-information search -----------------------------------------------------


def _search(
    state: Any,
    root: int,
    ours: Callable[[Any, int], bool],
    result: Callable[[Any], float],
    alpha: float,
    beta: float,
    nodes: list[int],
) -> float:
    """The result for `root`'s side with best play by everyone, every card seen."""
    if state.is_over:
        return result(state)
    nodes[0] += 1
    if nodes[0] > NODE_CAP:
        raise TooBig
    maximise = ours(state, state.turn)
    best = float("-inf") if maximise else float("inf")
    for action in state.legal_actions():
        after = state.copy()
        after.apply(action)
        value = _search(after, root, ours, result, alpha, beta, nodes)
        if maximise:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _exact_choice(
    state: Any, root: int, ours: Callable[[Any, int], bool], result: Callable[[Any], float]
) -> Any | None:
    """The best move by exact search, or None when the search is too big."""
    nodes = [0]
    best, best_value = None, float("-inf")
    try:
        for action in state.legal_actions():
            after = state.copy()
            after.apply(action)
            value = _search(after, root, ours, result, best_value, float("inf"), nodes)
            if value > best_value:
                best, best_value = action, value
    except TooBig:
        return None
    return best


# ----- Seep and Suipe -------------------------------------------------------------------


def _fishing_choice(deal: Any, rng: random.Random) -> Any:
    game = adapter_for(deal)
    legal = deal.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = deal.turn
    side = game.side_of(deal, seat)
    if game.role(legal[0]) is Role.BID:
        return _best_played_out(deal, legal, seat, rng)
    if not deal.stock and plays_left(deal) <= FISHING_EXACT:

        def ours(state: Any, mover: int) -> bool:
            return bool(game.side_of(state, mover) == side)

        exact = _exact_choice(deal, seat, ours, lambda state: game.margin(state, side))
        if exact is not None:
            return exact
    memo: ReplyMemo = {}
    top = score_actions(deal, rng, memo, FISHING_CANDIDATES)
    budget = FISHING_PLAY_OUT
    best, best_value = top[0].action, float("-inf")
    for scored in top:
        trial = deal.copy()
        trial.apply(scored.action)
        play_out(trial, game, budget, rng, memo)
        value = leaf_value(trial, game, side, seat, memo, budget.any_suit)
        if value > best_value:
            best, best_value = scored.action, value
    return best


def _best_played_out(deal: Any, options: list[Any], seat: int, rng: random.Random) -> Any:
    """Seep's bid: each one played to the end of the deal by the normal player's judgement."""
    game = adapter_for(deal)
    side = game.side_of(deal, seat)
    memo: ReplyMemo = {}
    best, best_value = options[0], float("-inf")
    for option in options:
        trial = deal.copy()
        trial.apply(option)
        while not trial.is_over:
            trial.apply(score_actions(trial, rng, memo, 1)[0].action)
        value = game.margin(trial, side)
        if value > best_value:
            best, best_value = option, value
    return best


# ----- Sedma, Hola and Sheepshead -------------------------------------------------------


def _trick_choice(game: str, hand: Any, seat: int, rng: random.Random) -> Any:
    if game == "sheepshead":
        from engine.sheepshead import ai
    else:
        from engine.sedma import ai  # type: ignore[no-redef]
    legal = hand.legal_actions()
    if len(legal) == 1:
        return legal[0]
    result = ai.result_for if game == "sheepshead" else ai.margin
    exact_at = TRICK_EXACT["sheepshead" if game == "sheepshead" else "sedma"]
    teams = not getattr(hand, "leaster", False) and getattr(hand, "picker", 0) is not None
    if (
        teams
        and not getattr(hand, "stock", None)
        and getattr(hand, "phase", None) is not None
        and max(len(cards) for cards in hand.hands) <= exact_at
        and _in_play(hand)
    ):

        def ours(state: Any, mover: int) -> bool:
            return bool(state.side_of(mover) == state.side_of(seat))

        exact = _exact_choice(hand, seat, ours, lambda state: result(state, seat))
        if exact is not None:
            return exact
    best, best_value = legal[0], float("-inf")
    for action in legal:
        trial = hand.copy()
        trial.apply(action)
        ai.play_out(trial, rng)
        value = result(trial, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def _in_play(hand: Any) -> bool:
    """The cards are being played (not a pick, bury or call still to come)."""
    return str(getattr(hand.phase, "name", "")).upper() in ("PLAY", "DECIDE")

"""Hints for learners: the normal player's choice, with one line saying why."""

from __future__ import annotations

import random

from engine.ai.bidding import normal_bid
from engine.ai.normal import Scored, score_actions
from engine.ai.worlds import mover_world
from engine.core import GameState
from engine.registry import Hint


def _points(value: float) -> str:
    rounded = round(value)
    return f"{rounded} point{'s' if rounded != 1 else ''}"


def _reason(best: Scored, words: str) -> str:
    kind = best.action.kind.value
    if kind == "capture":
        if best.gain <= 0:
            text = f"{words}: it takes cards now, so they cannot be used against you"
        else:
            text = f"{words}: it wins about {_points(best.gain)} now"
    elif kind in ("house", "build", "raise"):
        text = f"{words}: it gathers points in a pile you can collect later with your other card"
    else:
        text = f"{words}: nothing worth taking, and this card gives away the least"
    if best.risk >= 1:
        text += f" (the next opponent may win back about {_points(best.risk)})"
    elif kind != "bid":
        text += " and leaves little for the next opponent"
    return text + "."


def suggest_fishing(match: GameState, player: int, seed: int | str = 0) -> Hint:
    """A good move for `player` (to move) and a one-line reason, from that seat's view."""
    rng = random.Random(seed)
    world = mover_world(match, player, rng)
    legal = world.legal_actions()
    if legal[0].kind.value == "bid":
        bid = normal_bid(world, legal, rng)
        same = sum(1 for card in world.hands[world.turn] if card.rank == bid.value)
        why = "a pair to build on" if same > 1 else "the highest value you hold"
        return Hint(bid, f"Bid {bid.value}: {why}.")
    best = score_actions(world, rng)[0]
    return Hint(best.action, _reason(best, world.describe(best.action)))

"""Hints for learners: the normal player's choice, with one line saying why (in the player's
language: the reasons are messages of the catalogues, `engine.words`)."""

from __future__ import annotations

import random

from engine.ai.bidding import normal_bid
from engine.ai.games import Role, adapter_for
from engine.ai.normal import Scored, score_actions
from engine.ai.worlds import mover_world
from engine.core import AnyGame
from engine.registry import Hint
from engine.words import say, say_count


def _points(value: float) -> str:
    rounded = round(value)
    return say_count("{count} point", "{count} points", rounded)


def _reason(best: Scored, role: Role, words: str) -> str:
    if role is Role.CAPTURE:
        if best.gain <= 0:
            text = say("{move}: it takes cards now, so they cannot be used against you", move=words)
        else:
            text = say("{move}: it wins about {points} now", move=words, points=_points(best.gain))
    elif role is Role.PILE:
        text = say(
            "{move}: it gathers points in a pile you can collect later with your other card",
            move=words,
        )
    else:
        text = say("{move}: nothing worth taking, and this card gives away the least", move=words)
    if best.risk >= 1:
        text = say(
            "{reason} (the next opponent may win back about {points})",
            reason=text,
            points=_points(best.risk),
        )
    elif role is not Role.BID:
        text = say("{reason} and leaves little for the next opponent", reason=text)
    return say("{reason}.", reason=text)


def suggest_fishing(match: AnyGame, player: int, seed: int | str = 0) -> Hint:
    """A good move for `player` (to move) and a one-line reason, from that seat's view."""
    rng = random.Random(seed)
    world = mover_world(match, player, rng)
    legal = world.legal_actions()
    game = adapter_for(world)
    if game.role(legal[0]) is Role.BID:
        bid = normal_bid(world, legal, rng)
        same = sum(1 for card in world.hands[world.turn] if card.rank == bid.value)
        if same > 1:
            return Hint(bid, say("Bid {value}: a pair to build on.", value=bid.value))
        return Hint(bid, say("Bid {value}: the highest value you hold.", value=bid.value))
    best = score_actions(world, rng, count=1)[0]
    return Hint(best.action, _reason(best, game.role(best.action), world.describe(best.action)))

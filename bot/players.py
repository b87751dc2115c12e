"""Computer players for the bot: the engine's players at the seat's level, thinking in a
worker thread so a hard player never holds up the other tables."""

from __future__ import annotations

import asyncio
import random

from engine.ai import Level, SearchBudget, choose_action
from engine.ai.clock import MAX_SECONDS
from engine.core import Action, AnyGame

LEVELS = tuple(level.value for level in Level)
DEFAULT_LEVEL = Level.NORMAL.value
TAKEOVER_LEVEL = Level.NORMAL.value  # plays a turn for a player whose time ran out
HARD_BUDGET = SearchBudget(seconds=MAX_SECONDS)  # the longest the engine lets a search think
SHARED_DEAL_BUDGET = SearchBudget()
"""A hard computer at a deal others play too (the daily deal, an event's deal set) thinks
through every sample, however busy the machine: everyone who plays the deal meets the same
computer, which a wall-clock limit would make depend on the load."""


def computer_move(
    match: AnyGame, player: int, rng: random.Random, level: str, shared: bool = False
) -> Action:
    """A move for `player` at `level`, decided from that seat's knowledge only; at a deal
    `shared` with other players, the same move wherever and whenever it is asked."""
    budget = SHARED_DEAL_BUDGET if shared else HARD_BUDGET
    return choose_action(match, player, Level(level), rng, budget)


async def think(
    match: AnyGame, player: int, rng: random.Random, level: str, shared: bool = False
) -> Action:
    """`computer_move` off the event loop. The caller holds the table's lock, so the match
    does not change while the worker reads it."""
    return await asyncio.to_thread(computer_move, match, player, rng, level, shared)

"""Computer players for every game and option, at three levels, and hints for learners.

`choose_action` and `suggest` work for any registered game: they ask the game's registration
for its computer players. The fishing family's players live here (`FISHING`): each decision
is made from one seat's knowledge only, its own hand and what has been face up; everything
else is re-imagined (`worlds.sample_world`) before any thinking starts, so the real hidden
cards never reach the decision. Decisions are reproducible from the random generator given.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any

from engine.ai.bidding import normal_bid
from engine.ai.games import Role, adapter_for
from engine.ai.hard import SearchBudget, greedy_play, hard_choice
from engine.ai.hints import suggest_fishing
from engine.ai.normal import score_actions
from engine.ai.worlds import mover_world
from engine.core import Action, AnyGame
from engine.fairness import Cut
from engine.registry import Hint, spec_of
from engine.words import say

__all__ = ["FISHING", "Hint", "Level", "SearchBudget", "choose_action", "suggest"]

EASY_SLIP = 0.3  # how often an easy player plays a random legal move


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


def choose_action(
    match: AnyGame,
    player: int,
    level: Level | str,
    rng: random.Random,
    budget: SearchBudget | None = None,
) -> Action:
    """The move `player` (who must be the one to move) makes at `level`. A computer seat
    cuts the deck in the middle (the default cut)."""
    if match.pending_cut is not None:
        return Cut(match.pending_cut.default)
    return spec_of(match).computer.choose(match, player, Level(level).value, rng, budget)


def suggest(match: AnyGame, player: int, seed: int | str = 0) -> Hint:
    """A good move for `player` (to move) and a one-line reason, from that seat's view."""
    if match.pending_cut is not None:
        return Hint(Cut(match.pending_cut.default), say("Any cut is as good as another."))
    return spec_of(match).computer.hint(match, player, seed)


class FishingComputer:
    """The fishing games' computer players (Seep, Suipe)."""

    def choose(
        self, match: AnyGame, player: int, level: str, rng: random.Random, budget: Any
    ) -> Any:
        chosen = Level(level)
        world = mover_world(match, player, rng)  # from here on, only what the seat may know
        legal = world.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if adapter_for(world).role(legal[0]) is Role.BID:
            return rng.choice(legal) if chosen is Level.EASY else normal_bid(world, legal, rng)
        if chosen is Level.EASY:
            if rng.random() < EASY_SLIP:
                return rng.choice(legal)
            return greedy_play(world, adapter_for(world), rng)
        if chosen is Level.NORMAL:
            return score_actions(world, rng, count=1)[0].action
        return hard_choice(world, rng, budget or SearchBudget())

    def hint(self, match: AnyGame, player: int, seed: int | str) -> Hint:
        return suggest_fishing(match, player, seed)


FISHING = FishingComputer()

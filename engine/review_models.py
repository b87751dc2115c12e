"""The two families' review models (see `engine.review`): the worlds and play-outs the hard
computer player imagines, reused.

- fishing (Seep, Suipe): `worlds.sample_world` deals the unseen cards again; a choice is played
  and everyone plays on as in the hard player's search (`hard.play_out`: a round by the normal
  player's judgement, or to the deal's end once few plays are left), and the figure is the
  hard player's own leaf value (the side's margin, less what the next opponent may expect to
  take back from the floor left).
- tricks (Sedma, Hola, Sheepshead): the game's own world sampler; the hand is played to its
  end by the normal player's rules of thumb for everyone, and the figure is the game's result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.games import adapter_for
from engine.ai.hard import SearchBudget, leaf_value, play_out
from engine.ai.normal import ReplyMemo, score_actions
from engine.ai.worlds import sample_world
from engine.review import Thresholds

HARD_BUDGET = SearchBudget()  # the hard player's look-ahead, without its deadline


@dataclass(frozen=True, slots=True)
class FishingReview:
    thresholds: Thresholds
    unit: str = "points"
    samples: int = 64
    trial: int = 8
    finalists: int = 3
    digits: int = 1
    widest: int = 10  # choices weighed at most, besides the one played
    budget: SearchBudget = HARD_BUDGET

    def mover(self, deal: Any, player: int) -> int:
        return int(deal.turn)  # (as the hard player's `mover_world`)

    def imagine(self, deal: Any, seat: int, rng: random.Random) -> Any:
        return sample_world(deal, seat, rng)

    def choices(self, deal: Any) -> Sequence[Any]:
        return list(deal.legal_actions())

    def new_memo(self) -> ReplyMemo:
        return {}

    def shortlist(
        self, deal: Any, seat: int, options: Sequence[Any], rng: random.Random
    ) -> set[int]:
        """The normal player's best `widest` (a crowded floor offers dozens of plays)."""
        if len(options) <= self.widest:
            return set(range(len(options)))
        world = sample_world(deal, seat, rng)
        best = [str(s.action) for s in score_actions(world, rng, count=self.widest)]
        notations = [str(action) for action in options]
        return {notations.index(n) for n in best if n in notations}

    def value(
        self, world: Any, action: Any, seat: int, rng: random.Random, memo: ReplyMemo
    ) -> float:
        game = adapter_for(world)
        side = game.side_of(world, seat)
        trial = world.copy()
        trial.apply(action)
        play_out(trial, game, self.budget, rng, memo)
        return leaf_value(trial, game, side, seat, memo, self.budget.any_suit)

    def final(self, deal: Any, seat: int) -> float:
        game = adapter_for(deal)
        return game.margin(deal, game.side_of(deal, seat))

    def sides(self, deal: Any) -> list[int] | None:
        """Each seat's side when there are two (the margin is one side's gain, the other's
        loss: the face-up view prunes); three or four players alone: None."""
        game = adapter_for(deal)
        sides = [game.side_of(deal, seat) for seat in range(len(deal.hands))]
        return sides if len(set(sides)) == 2 else None


@dataclass(frozen=True, slots=True)
class TrickReview:
    thresholds: Thresholds
    imagine_world: Callable[[Any, int, random.Random], Any]  # the game's world sampler
    heuristic: Callable[[Any, random.Random], Any]  # the normal player, for everyone
    result: Callable[[Any, int], float]  # a finished hand's figure for a seat, in the unit
    unit: str = "card points"
    # a seat's side while the sides stay fixed to the deal's end (None: not yet, or not two)
    side_of: Callable[[Any, int], int | None] | None = None
    samples: int = 48
    trial: int = 12
    finalists: int = 3
    digits: int = 1

    def mover(self, deal: Any, player: int) -> int:
        return player

    def imagine(self, deal: Any, seat: int, rng: random.Random) -> Any:
        return self.imagine_world(deal, seat, rng)

    def choices(self, deal: Any) -> Sequence[Any]:
        return list(deal.legal_actions())

    def new_memo(self) -> None:
        return None

    def shortlist(
        self, deal: Any, seat: int, options: Sequence[Any], rng: random.Random
    ) -> set[int]:
        return set(range(len(options)))

    def value(self, world: Any, action: Any, seat: int, rng: random.Random, memo: None) -> float:
        trial = world.copy()
        trial.apply(action)
        while not trial.is_over:
            trial.apply(self.heuristic(trial, rng))
        return self.result(trial, seat)

    def final(self, deal: Any, seat: int) -> float:
        return self.result(deal, seat)

    def sides(self, deal: Any) -> list[int] | None:
        """Each seat's side when the deal's sides are two and fixed from here to its end (Sedma,
        Hola; Sheepshead once the picker has called: one side's gain is the other's loss);
        otherwise (before a pick, a leaster's players each alone) None."""
        if self.side_of is None:
            return None
        found = [self.side_of(deal, seat) for seat in range(len(deal.hands))]
        sides = [side for side in found if side is not None]
        return sides if len(sides) == len(found) and len(set(sides)) == 2 else None

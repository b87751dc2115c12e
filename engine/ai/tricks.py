"""What the trick games' computer players share: decide in a world dealt from the seat's view,
with a random slip at easy, rules of thumb at normal, and play-outs over imagined worlds at hard.

A game gives its own world sampler, rules of thumb, play-out value and hint reasons."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from engine.ai.clock import MAX_SECONDS
from engine.core import Action, AnyGame
from engine.registry import Hint


class Trial(Protocol):
    """A hand a computer player may try a move on."""

    def copy(self) -> Self: ...

    def apply(self, action: Any) -> object: ...


W = TypeVar("W")  # a game's deal (a hand in play), real or imagined
T = TypeVar("T", bound=Trial)
A = TypeVar("A", bound=Action)  # a game's action

EASY_SLIP = 0.35  # how often an easy trick player plays a random legal move


def best_by_playouts(
    options: Sequence[A],
    worlds: int,
    sample: Callable[[], W],
    value: Callable[[W, A], float],
    seconds: float | None = None,
) -> A:
    """The option with the best total `value` over `worlds` sampled worlds (each option tried
    in the same world). With `seconds`, sampling stops when the time is up, even inside a
    world (then left out, so every option is judged on the same worlds), once one world has
    been played in full."""
    if len(options) == 1:
        return options[0]
    totals = [0.0] * len(options)
    deadline = None if seconds is None else time.perf_counter() + seconds
    for played in range(worlds):
        world = sample()
        values = []
        for action in options:
            if played and deadline is not None and time.perf_counter() > deadline:
                break
            values.append(value(world, action))
        if len(values) < len(options):
            break
        totals = [total + more for total, more in zip(totals, values, strict=True)]
        if deadline is not None and time.perf_counter() > deadline:
            break
    return options[max(range(len(options)), key=lambda i: totals[i])]


def playout_value(
    play_out: Callable[[T, random.Random], None],
    result: Callable[[T, int], float],
    seat: int,
    rng: random.Random,
) -> Callable[[T, Any], float]:
    """The value of a move in a world: played on a copy, the hand played out by rules of
    thumb, then the game's `result` for `seat`."""

    def value(world: T, action: Any) -> float:
        trial = world.copy()
        trial.apply(action)
        play_out(trial, rng)
        return result(trial, seat)

    return value


def deal_of(match: AnyGame, player: int) -> Any:
    """The hand in play of a deal-by-deal match, for the player to move."""
    if match.current_player != player:
        raise ValueError(f"player {player} is not the one to move")
    return match.deal  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class TrickComputer(Generic[W, A]):
    """A game's `ComputerPlayers`, made of its own pieces."""

    sample_world: Callable[[W, int, random.Random], W]  # the unseen cards dealt again
    heuristic: Callable[[W, random.Random], A]  # the normal player
    hard_choice: Callable[[W, int, random.Random, float | None], A]
    reason: Callable[[W, A], str]  # a hint's reason

    def choose(
        self, match: AnyGame, player: int, level: str, rng: random.Random, budget: Any
    ) -> A:
        world = self.sample_world(deal_of(match, player), player, rng)  # the seat's view only
        if level == "easy" and rng.random() < EASY_SLIP:
            return rng.choice(world.legal_actions())  # type: ignore[attr-defined, no-any-return]
        if level == "hard":
            # the bot's budget stops sampling after its seconds (at most `MAX_SECONDS`);
            # without one, every world is played (reproducible whatever the machine's load)
            seconds = getattr(budget, "seconds", None)
            if seconds is not None:
                seconds = min(seconds, MAX_SECONDS)
            return self.hard_choice(world, player, rng, seconds)
        return self.heuristic(world, rng)

    def hint(self, match: AnyGame, player: int, seed: int | str) -> Hint:
        rng = random.Random(seed)
        world = self.sample_world(deal_of(match, player), player, rng)
        action = self.heuristic(world, rng)
        return Hint(action, self.reason(world, action))

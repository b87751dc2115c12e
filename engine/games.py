"""Start a match or read a position by game name (through the registry).

A built-in game named in `STARTS` is started without the registry: a process that only plays
(a simulation, a benchmark, a script) never imports `engine.registry` and the game specs, their
options and lesson settings (about a fifth of a new process's first hundred hands)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core import AnyGame
    from engine.shuffles import Seed

# A built-in game's start, "module:function" of (seed, rules) -> match: the function its
# registration (`GameSpec.new_match`) names, so both start a match alike.
STARTS = {
    "sheepshead": "engine.sheepshead.match:start",
    "sedma": "engine.sedma.match:start_sedma",
    "hola": "engine.sedma.match:start_hola",
}
_started: dict[str, Callable[[Seed, dict[str, Any]], AnyGame]] = {}  # imported


def new_match(game: str, seed: Seed, **options: Any) -> AnyGame:
    """A new match of `game` (options as in the game's rules: players, baazis, deals…)."""
    start = STARTS.get(game)
    if start is None or "engine.registry" in sys.modules:  # (a loaded registry may differ)
        from engine import registry

        return registry.new_match(game, seed, **options)
    starter = _started.get(game)
    if starter is None:
        module, _, name = start.partition(":")
        starter = _started[game] = getattr(import_module(module), name)
    match: AnyGame = starter(seed, options)
    return match


def match_from_dict(data: dict[str, Any]) -> AnyGame:
    """Rebuild a saved match by replaying its actions."""
    from engine import registry

    return registry.restore(data)


def match_from_position(text: str) -> AnyGame:
    """A match around a deal in position notation; the first word names the game."""
    from engine import registry

    first = text.strip().split(maxsplit=1)[0].lower() if text.strip() else ""
    spec = registry.game(first)
    if spec.from_position is None:
        raise registry.UnknownGame(f"{spec.display_name} has no position notation")
    return spec.from_position(text)


def parse_any_position(text: str) -> Any:
    """A deal from position notation; the first word names the game."""
    return match_from_position(text).deal  # type: ignore[attr-defined]

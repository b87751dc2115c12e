"""Start a match or read a position by game name (through the registry)."""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.core import GameState
from engine.fairness import Seed


def new_match(game: str, seed: Seed, **options: Any) -> GameState:
    """A new match of `game` (options as in the game's rules: players, baazis, deals…)."""
    return registry.new_match(game, seed, **options)


def match_from_dict(data: dict[str, Any]) -> GameState:
    """Rebuild a saved match by replaying its actions."""
    return registry.restore(data)


def match_from_position(text: str) -> GameState:
    """A match around a deal in position notation; the first word names the game."""
    first = text.strip().split(maxsplit=1)[0].lower() if text.strip() else ""
    spec = registry.game(first)
    if spec.from_position is None:
        raise registry.UnknownGame(f"{spec.display_name} has no position notation")
    return spec.from_position(text)


def parse_any_position(text: str) -> Any:
    """A deal from position notation; the first word names the game."""
    return match_from_position(text).deal  # type: ignore[attr-defined]

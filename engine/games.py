"""The games the engine knows, by name: one place to start a match or read a position."""

from __future__ import annotations

from typing import Any

from engine.core import BadNotation, GameState
from engine.seep import SeepMatch, SeepRules
from engine.seep import parse_position as parse_seep_position
from engine.suipe import SuipeMatch, SuipeRules
from engine.suipe import parse_position as parse_suipe_position

GAMES = ("seep", "seep30", "suipe")
GAME_NAMES = {"seep": "Seep", "seep30": "Seep (30 points)", "suipe": "Suipe"}


def new_match(game: str, seed: int, **options: Any) -> GameState:
    """A new match of `game` (options as in the game's rules: players, baazis, deals…)."""
    if game == "suipe":
        return SuipeMatch(SuipeRules(**options), seed)
    if game in ("seep", "seep30"):
        return SeepMatch(SeepRules(game=game, **options), seed)
    raise BadNotation(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")


def match_from_dict(data: dict[str, Any]) -> GameState:
    """Rebuild a saved match by replaying its actions."""
    if data.get("game") == "suipe":
        return SuipeMatch.from_dict(data)
    return SeepMatch.from_dict(data)


def parse_any_position(text: str) -> Any:
    """A deal from position notation; the first word names the game."""
    first = text.strip().split(maxsplit=1)[0].lower() if text.strip() else ""
    if first == "suipe":
        return parse_suipe_position(text)
    return parse_seep_position(text)

"""A server's defaults for new tables and its rating choices, and how a new table's rules are
made from the host's options over those defaults."""

from __future__ import annotations

from typing import Any

from bot.tables import TableError
from engine.games import GAME_NAMES

TIMERS = {
    "3 minutes": 180, "off": 0, "1 minute": 60, "10 minutes": 600, "1 hour": 3600,
    "1 day": 86400,
}  # fmt: skip
LEVELS = ("normal", "easy", "hard")
# Table options a server may set a default for, with the games they belong to.
VARIANTS: dict[str, tuple[str, ...]] = {
    "limited_houses": ("seep", "seep30"),
    "loose_card_break": ("seep", "seep30"),
    "diamond_ten_two": ("seep",),
    "rawalpindi": ("seep30",),
}
DEFAULTS: dict[str, Any] = {
    "timer": "3 minutes",
    "level": "normal",
    "rate_computer_games": False,
    **{name: False for name in VARIANTS},
}
LABELS = {
    "timer": "Turn timer",
    "level": "Computer players",
    "rate_computer_games": "Games with computer players are rated",
    "limited_houses": "Seep: at most two houses",
    "loose_card_break": "Seep: a loose card may help break a house",
    "diamond_ten_two": "Seep: 10♦ scores 2, most cards 4",
    "rawalpindi": "Seep (30 points): Rawalpindi rules",
}


def effective(settings: dict[str, Any]) -> dict[str, Any]:
    return {**DEFAULTS, **{k: v for k, v in settings.items() if k in DEFAULTS}}


def describe(settings: dict[str, Any]) -> str:
    values = effective(settings)
    lines = []
    for key, label in LABELS.items():
        value = values[key]
        shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        lines.append(f"{label}: **{shown}**")
    return "\n".join(lines)


def table_rules(game: str, chosen: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """The variants of a new table: what the host chose, else the server's default, and only
    the ones its game knows."""
    values = effective(settings)
    rules: dict[str, Any] = {}
    for name, games in VARIANTS.items():
        if game not in games:
            if chosen.get(name):
                names = " and ".join(GAME_NAMES[g] for g in games)
                raise TableError(f"“{LABELS[name].split(': ')[-1]}” is an option of {names}.")
            continue
        value = chosen.get(name)
        value = values[name] if value is None else value
        if value:
            rules[name] = True
    return rules

"""What the fishing games' registrations share: their seats, computer players and examples.

Seep and Suipe are both played by two to four, four by default, with the fishing computer
players; a position's notation opens a match; a lesson's example is checked against the same
facts (the loose cards, the piles, the sweeps, a bid).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.ai import FISHING
from engine.core import AnyGame
from engine.registry import Family, GameSpec, OptionSpec, SideRule


def fishing_spec(
    name: str,
    display_name: str,
    options: tuple[OptionSpec, ...],
    side_rule: Callable[[Mapping[str, Any]], SideRule],
    new_match: Callable[[Any, Mapping[str, Any]], AnyGame],
    restore: Callable[[Mapping[str, Any]], AnyGame],
    from_position: Callable[[str], AnyGame],
    **more: Any,
) -> GameSpec:
    """A fishing game's registration: two to four players (four by default) and the fishing
    family's computer players; `more` holds the game's own entries (stats, lessons …)."""
    return GameSpec(
        name, display_name, Family.FISHING, 2, 4, 4, side_rule, options, new_match, restore,
        from_position, FISHING, **more,
    )  # fmt: skip


def fishing_facts(
    loose: Iterable[object], piles: Iterable[str], sweeps: int, bid: int | None = None
) -> dict[str, Any]:
    """What a lesson's example checks: the loose cards and the piles (both sorted, as text),
    the sweeps so far and the bid (None where the game has none)."""
    return {"floor": sorted(map(str, loose)), "piles": sorted(piles), "sweeps": sweeps, "bid": bid}


def fishing_topic(phase: str, piles: bool, pile_topic: str) -> str:
    """The /rules page for what a view shows: the scoring once the deal is over, the piles'
    page while a pile lies on the floor, else the captures'."""
    if phase == "over":
        return "scoring"
    return pile_topic if piles else "captures"

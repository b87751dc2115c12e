"""Sedma: the Czech trick-and-draw game for 2, 3 or 4 players, and Hola, its 52-card relative."""

from importlib import import_module
from typing import TYPE_CHECKING

from engine.sedma.actions import Kind, SedmaAction, parse_action
from engine.sedma.hand import HandScore, Phase, SedmaHand
from engine.sedma.match import HandOutcome, SedmaMatch
from engine.sedma.rules import HOLA, SEDMA, SedmaRules

if TYPE_CHECKING:
    from engine.sedma.position import format_position, parse_position
    from engine.sedma.view import SedmaView

# The notation and the view are imported when first asked for (a match is played without them).
_LATER = {
    "format_position": "engine.sedma.position",
    "parse_position": "engine.sedma.position",
    "SedmaView": "engine.sedma.view",
}


def __getattr__(name: str) -> object:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)


__all__ = [
    "HOLA",
    "SEDMA",
    "HandOutcome",
    "HandScore",
    "Kind",
    "Phase",
    "SedmaAction",
    "SedmaHand",
    "SedmaMatch",
    "SedmaRules",
    "SedmaView",
    "format_position",
    "parse_action",
    "parse_position",
]

"""Sedma: the Czech trick-and-draw game for 2, 3 or 4 players, and Hola, its 52-card relative."""

from engine.sedma.actions import Kind, SedmaAction, parse_action
from engine.sedma.hand import HandScore, Phase, SedmaHand
from engine.sedma.match import HandOutcome, SedmaMatch
from engine.sedma.position import format_position, parse_position
from engine.sedma.rules import HOLA, SEDMA, SedmaRules
from engine.sedma.view import SedmaView

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

"""Suipe: the Samoan fishing game for 2, 3 or 4 players."""

from engine.suipe.actions import Move, SuipeAction, parse_action
from engine.suipe.deal import Build, PlayRecord, SuipeDeal
from engine.suipe.match import SuipeDealOutcome, SuipeMatch
from engine.suipe.position import format_position, parse_position
from engine.suipe.rules import SUIPE, SuipeRules
from engine.suipe.view import BuildView, SuipeSideView, SuipeView

__all__ = [
    "SUIPE",
    "Build",
    "BuildView",
    "Move",
    "PlayRecord",
    "SuipeAction",
    "SuipeDeal",
    "SuipeDealOutcome",
    "SuipeMatch",
    "SuipeRules",
    "SuipeSideView",
    "SuipeView",
    "format_position",
    "parse_action",
    "parse_position",
]

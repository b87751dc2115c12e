"""Seep: the 100-point game of northern India and the 30-point Punjab game."""

from engine.seep.actions import Kind, SeepAction, parse_action
from engine.seep.deal import House, Phase, PlayRecord, SeepDeal
from engine.seep.match import DealOutcome, SeepMatch
from engine.seep.position import format_position, parse_position
from engine.seep.rules import SEEP, SEEP30, SeepRules
from engine.seep.view import HouseView, SeepView, SideView

__all__ = [
    "SEEP",
    "SEEP30",
    "DealOutcome",
    "House",
    "HouseView",
    "Kind",
    "Phase",
    "PlayRecord",
    "SeepAction",
    "SeepDeal",
    "SeepMatch",
    "SeepRules",
    "SeepView",
    "SideView",
    "format_position",
    "parse_action",
    "parse_position",
]

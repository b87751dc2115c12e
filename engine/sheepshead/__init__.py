"""Sheepshead: the Wisconsin trick-taking game for 3 to 6 players, with a picker, a buried
blind, a secret partner, leasters and a score sheet."""

from engine.sheepshead.actions import Kind, SheepsheadAction, parse_action
from engine.sheepshead.hand import HandScore, SheepsheadHand
from engine.sheepshead.match import HandOutcome, SheepsheadMatch
from engine.sheepshead.phases import Phase
from engine.sheepshead.rules import SHEEPSHEAD, SheepsheadRules

__all__ = [
    "SHEEPSHEAD",
    "HandOutcome",
    "HandScore",
    "Kind",
    "Phase",
    "SheepsheadAction",
    "SheepsheadHand",
    "SheepsheadMatch",
    "SheepsheadRules",
    "parse_action",
]

"""German Whist's registration."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import GameState
from engine.germanwhist.match import WhistMatch, start
from engine.germanwhist.rules import GERMAN_WHIST
from engine.registry import (
    Family,
    GameSpec,
    LazyComputer,
    LessonSpec,
    OptionSpec,
    SideRule,
    StatSpec,
)
from engine.words import marked

if TYPE_CHECKING:  # (views are imported when first shown)
    from engine.germanwhist.view import WhistView

# The package's own /rules pages and catalogues (shipped as its package data).
HERE = Path(__file__).parent

POINTS = OptionSpec(
    "whist_points", int, marked("German Whist: points that win the match (default 5)"),
    marked("German Whist: points to win"), key="target", low=1, high=21,
)  # fmt: skip


def topic_for(view: WhistView) -> str:
    if view.phase == "over":
        return "counting"
    return "the-stock" if view.phase == "draw" else "winning-a-trick"


def facts(view: WhistView) -> dict[str, Any]:
    """What a lesson's example checks after its move."""
    return {"took": view.took, "winning": view.winning, "phase": view.phase}


def _from_position(text: str) -> GameState:
    from engine.germanwhist.position import parse_position

    return WhistMatch.at_position(parse_position(text))


SPEC = GameSpec(
    name=GERMAN_WHIST,
    display_name=marked("German Whist"),
    family=Family.TRICKS,
    min_players=2,
    max_players=2,
    default_players=2,
    side_rule=lambda rules: SideRule.SOLO,
    options=(POINTS,),
    new_match=start,
    restore=lambda data: WhistMatch.from_dict(dict(data)),
    from_position=_from_position,
    computer=LazyComputer("engine.germanwhist.ai:COMPUTER"),
    stats=(
        StatSpec("match_points", marked("Match points")),
        StatSpec("hands_won", marked("Hands won")),
    ),
    lessons=LessonSpec(
        GERMAN_WHIST, ("en",), topic_for, facts, sweep_word="", folder=HERE / "lessons"
    ),
    description=marked("52 cards, 2 players"),
    locales=HERE / "locales",
    order=40,
)

"""Sheepshead's registration."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import AnyGame
from engine.registry import (
    DailySpec,
    Family,
    GameSpec,
    Headline,
    LazyComputer,
    LessonSpec,
    OptionSpec,
    SideRule,
    StatSpec,
)
from engine.sheepshead.match import SheepsheadMatch, start
from engine.sheepshead.rules import SHEEPSHEAD, NoPick, Partner
from engine.words import marked, marked_count

if TYPE_CHECKING:  # (views are imported when first shown)
    from engine.sheepshead.view import SheepsheadView

# The package's own /rules pages and catalogues (shipped as its package data).
HERE = Path(__file__).parent

PARTNER = OptionSpec(
    "sheepshead_partner", str,
    marked("Sheepshead with five: the partner holds the called ace or J♦"),
    marked("Sheepshead: the partner"), key="partner",
    choices=(
        (marked("called ace"), Partner.CALLED_ACE.value),
        (marked("jack of diamonds"), Partner.JACK.value),
    ),
)  # fmt: skip
NOBODY_PICKS = OptionSpec(
    "nobody_picks", str, marked("Sheepshead: when everyone passes, play a leaster or redeal"),
    marked("Sheepshead: when nobody picks"), key="no_pick",
    choices=((marked("leaster"), NoPick.LEASTER.value), (marked("redeal"), NoPick.REDEAL.value)),
)  # fmt: skip
DOUBLE_ON_BUMP = OptionSpec(
    "double_on_bump", bool, marked("Sheepshead: a picker who loses pays double (default on)"),
    marked("Sheepshead: double on the bump"),
)  # fmt: skip
HANDS = OptionSpec(
    "sheepshead_hands", int,
    marked("Sheepshead: hands the table plays (default: each player deals twice)"),
    marked("Sheepshead: hands"), key="hands", low=1, high=60,
)  # fmt: skip

STATS = (
    StatSpec("units", marked("Units on the sheet")),
    StatSpec("picked", marked("Hands picked")),
    StatSpec("picks_won", marked("Picks won")),
    StatSpec("partnered", marked("Hands as partner")),
    StatSpec("schneiders", marked("Schneiders won")),
    StatSpec("leasters_won", marked("Leasters won")),
)


def topic_for(view: SheepsheadView) -> str:
    if view.phase == "pick":
        return "picking"
    if view.phase == "bury":
        return "picking"
    if view.phase == "call":
        return "partner"
    if view.phase == "over":
        return "scoring"
    if view.leaster:
        return "leasters"
    return "playing"


def facts(view: SheepsheadView) -> dict[str, Any]:
    """What a lesson's example checks after its move."""
    return {
        "took": view.took,
        "winning": view.winning,
        "phase": view.phase,
        "picker": view.picker,
        "sheet": list(view.sheet),
    }


def _from_position(text: str) -> AnyGame:
    from engine.sheepshead.position import parse_position

    return SheepsheadMatch.at_position(parse_position(text))


SPEC = GameSpec(
    name=SHEEPSHEAD,
    display_name=marked("Sheepshead"),
    family=Family.TRICKS,
    min_players=3,
    max_players=6,
    default_players=5,
    side_rule=lambda rules: SideRule.IN_PLAY,
    options=(PARTNER, NOBODY_PICKS, DOUBLE_ON_BUMP, HANDS),
    new_match=start,
    restore=lambda data: SheepsheadMatch.from_dict(
        {**data, "rules": {**data["rules"], "game": SHEEPSHEAD}}
    ),
    from_position=_from_position,
    computer=LazyComputer("engine.sheepshead.computer:COMPUTER"),
    stats=STATS,
    headline=Headline(
        marked("units"), "units", count_words=marked_count("{count} unit", "{count} units")
    ),
    lessons=LessonSpec(
        "sheepshead", ("en", "de"), topic_for, facts, sweep_word="", folder=HERE / "lessons"
    ),
    locales=HERE / "locales",
    description="3 to 6, Wisconsin",
    order=40,
    daily=DailySpec(figure="units"),  # the hand's units won or lost
    match_type=SheepsheadMatch,
    dealer_out_seats=6,  # the Wisconsin tournament table of six: five play, the dealer sits out
)

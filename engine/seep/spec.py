"""Seep's registration: the 100-point game and the Punjab 30-point game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.ai.games import register_adapter
from engine.core import AnyGame
from engine.fishing_spec import fishing_facts, fishing_spec, fishing_topic
from engine.registry import (
    DailySpec,
    GameSpec,
    Headline,
    LessonSpec,
    OptionSpec,
    SideRule,
    StatSpec,
)
from engine.seep.ai import SeepAdapter
from engine.seep.deal import SeepDeal
from engine.seep.describe import house_name
from engine.seep.match import SeepMatch
from engine.seep.position import parse_position
from engine.seep.rules import SEEP, SEEP30, SeepRules
from engine.seep.view import SeepView
from engine.words import marked, marked_count

# The package's own /rules pages and catalogues (shipped as its package data).
HERE = Path(__file__).parent

BAAZIS = OptionSpec(
    "baazis", int, marked("Seep: how many baazis the match lasts"), marked("Seep: baazis"),
    default=1, low=1, high=20,
)  # fmt: skip
LIMITED_HOUSES = OptionSpec(
    "limited_houses", bool, marked("Seep: at most two houses on the floor"),
    marked("Seep: at most two houses"), server_default=True, only_true=True,
)  # fmt: skip
LOOSE_CARD_BREAK = OptionSpec(
    "loose_card_break", bool,
    marked("Seep: a loose card may raise a house the same play cements"),
    marked("Seep: a loose card may help break a house"), server_default=True, only_true=True,
)  # fmt: skip
TEN_OF_DIAMONDS_TWO = OptionSpec(
    "ten_of_diamonds_two", bool, marked("Seep: 10♦ scores 2 and most cards 4"),
    marked("Seep: 10♦ scores 2, most cards 4"), key="diamond_ten_two", server_default=True,
    only_true=True,
)  # fmt: skip
WINNING_LEAD = OptionSpec(
    "winning_lead", int,
    marked("Seep: the lead that wins a baazi (default 100; 30 in the 30-point game)"),
    marked("Seep: the lead that wins a baazi"), key="target", low=10, high=500, server_default=True,
)  # fmt: skip
RAWALPINDI = OptionSpec(
    "rawalpindi", bool, "Seep (30 points): Rawalpindi rules",
    marked("Seep (30 points): Rawalpindi rules"),
    server_default=True, only_true=True,
)  # fmt: skip


def _rules(game: str, rules: Mapping[str, Any]) -> SeepRules:
    return SeepRules(game=game, **{k: v for k, v in rules.items() if k != "game"})


def topic_for(view: SeepView) -> str:
    if view.phase == "bid":
        return "deal-and-bid"
    return fishing_topic(view.phase, bool(view.houses), "houses")


def facts(view: SeepView) -> dict[str, Any]:
    return fishing_facts(
        view.loose,
        (f"house {h.value}{'*' if h.cemented else ''}" for h in view.houses),
        sum(side.sweeps for side in view.sides),
        view.bid,
    )


def _from_position(text: str) -> AnyGame:
    return SeepMatch.from_position(parse_position(text))  # type: ignore[no-any-return]


LESSONS = LessonSpec(
    "seep",
    ("en", "hi", "gu"),
    topic_for,
    facts,
    strong_pile=marked("cemented"),
    sweep_word=marked("a sweep"),
    pile_name=house_name,
    folder=HERE / "lessons",
)
# The 30-point game has pages of its own: its count, sweeps, Satthi and Rawalpindi.
LESSONS_30 = replace(LESSONS, key="seep30")
STATS = (
    StatSpec("baazis_won", marked("Baazis"), lost_key="baazis_lost"),
    StatSpec("sweeps", marked("Sweeps")),
)
HEADLINE = Headline(
    marked("baazis"),
    "baazis_won",
    "baazis_lost",
    marked_count("{count} baazi", "{count} baazis"),
    detail=marked("baazis"),
)


def _spec(
    name: str,
    display: str,
    options: tuple[OptionSpec, ...],
    description: str,
    variant_of: str | None = None,
    lessons: LessonSpec = LESSONS,
    order: int = 100,
) -> GameSpec:
    return fishing_spec(
        name,
        display,
        options,
        lambda rules: SideRule.PARTNERS,
        lambda seed, rules: SeepMatch(_rules(name, rules), seed),
        lambda data: SeepMatch.from_dict({**data, "rules": {**data["rules"], "game": name}}),
        _from_position,
        match_type=SeepMatch,
        stats=STATS,
        headline=HEADLINE,
        lessons=lessons,
        locales=HERE / "locales",
        description=description,
        variant_of=variant_of,
        seat_counts=(2, 4),
        order=order,
        daily=DailySpec(),  # four players, partners: the side's points in the deal
    )


register_adapter(SeepDeal, SeepAdapter())
SEEP_OPTIONS = (BAAZIS, WINNING_LEAD, LIMITED_HOUSES, LOOSE_CARD_BREAK, TEN_OF_DIAMONDS_TWO)
# A server's default lead is the 100-point game's: the 30-point game keeps its own 30.
WINNING_LEAD_30 = replace(WINNING_LEAD, server_default=False)
SEEP30_OPTIONS = (BAAZIS, WINNING_LEAD_30, LIMITED_HOUSES, LOOSE_CARD_BREAK, RAWALPINDI)
SEEP_SPEC = _spec(SEEP, marked("Seep"), SEEP_OPTIONS, "100 points", order=10)
SEEP30_SPEC = _spec(
    SEEP30, marked("Seep (30 points)"), SEEP30_OPTIONS, "Punjab, 30 points", variant_of=SEEP,
    lessons=LESSONS_30, order=11,
)  # fmt: skip

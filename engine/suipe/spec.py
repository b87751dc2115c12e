"""Suipe's registration."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.ai.games import register_adapter
from engine.core import AnyGame
from engine.fishing_spec import fishing_facts, fishing_spec, fishing_topic
from engine.registry import (
    DailySpec,
    LessonSpec,
    OptionSpec,
    SideRule,
    StatSpec,
)
from engine.suipe.ai import SuipeAdapter
from engine.suipe.deal import SuipeDeal
from engine.suipe.describe import build_name
from engine.suipe.match import SuipeMatch
from engine.suipe.position import parse_position
from engine.suipe.rules import ALL_AT_ONCE, SUIPE, SuipeRules
from engine.suipe.view import SuipeView
from engine.words import marked

# The package's own /rules pages and catalogues (shipped as its package data).
HERE = Path(__file__).parent

OPTIONS = (
    OptionSpec(
        "deals", int, marked("Suipe: how many deals the match lasts"), marked("Suipe: deals"),
        default=2, low=1, high=20,
    ),
    OptionSpec(
        "hand_size", str, marked("Suipe: cards per hand (default 8, or 6 with four players)"),
        marked("Suipe: cards per hand"),
        choices=(("6", 6), ("8", 8), (marked("all"), ALL_AT_ONCE)),
    ),
    OptionSpec(
        "partnerships", bool,
        marked("Suipe with four: two against two (default) or each for themselves"),
        marked("Suipe: partnerships"),
    ),
)  # fmt: skip


def _rules(rules: Mapping[str, Any]) -> SuipeRules:
    return SuipeRules(**{k: v for k, v in rules.items() if k != "game"})


def side_rule(rules: Mapping[str, Any]) -> SideRule:
    if rules.get("players") == 4 and rules.get("partnerships", True):
        return SideRule.PARTNERS
    return SideRule.SOLO


def topic_for(view: SuipeView) -> str:
    return fishing_topic(view.phase, bool(view.builds), "builds")


def facts(view: SuipeView) -> dict[str, Any]:
    return fishing_facts(
        view.loose,
        (f"build {b.value}{'*' if b.multiple else ''}" for b in view.builds),
        sum(side.suipes for side in view.sides),
    )


def _from_position(text: str) -> AnyGame:
    return SuipeMatch.from_position(parse_position(text))  # type: ignore[no-any-return]


register_adapter(SuipeDeal, SuipeAdapter())
SPEC = fishing_spec(
    SUIPE,
    marked("Suipe"),
    OPTIONS,
    side_rule,
    lambda seed, rules: SuipeMatch(_rules(rules), seed),
    lambda data: SuipeMatch.from_dict(dict(data)),
    _from_position,
    match_type=SuipeMatch,
    stats=(StatSpec("sweeps", marked("Suipes")),),
    lessons=LessonSpec(
        "suipe",
        ("en",),
        topic_for,
        facts,
        strong_pile=marked("multiple"),
        sweep_word=marked("a Suipe"),
        pile_name=build_name,
        folder=HERE / "lessons",
    ),
    locales=HERE / "locales",
    seat_counts=(2, 3, 4),
    order=20,
    daily=DailySpec(rules={"deals": 1}),
)

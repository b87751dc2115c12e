"""Sedma's and Hola's registrations."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import AnyGame
from engine.registry import (
    DailySpec,
    Family,
    GameSpec,
    LazyComputer,
    LessonSpec,
    OptionSpec,
    SideRule,
    StatSpec,
)
from engine.sedma.match import SedmaMatch, start_hola, start_sedma
from engine.sedma.rules import HOLA, SEDMA
from engine.words import marked

if TYPE_CHECKING:  # (views are imported when first shown)
    from engine.sedma.view import SedmaView

# The package's own /rules pages and catalogues (shipped as its package data).
HERE = Path(__file__).parent

GAME_POINTS = OptionSpec(
    "game_points", int, marked("Sedma: game points that win the match (default 10)"),
    marked("Sedma: game points to win"), key="target", low=1, high=50,
)  # fmt: skip
HOLA_POINTS = OptionSpec(
    "hola_points", int, marked("Hola: points that win the match (200 to 500, default 200)"),
    marked("Hola: points to win"), key="target", low=200, high=500,
)  # fmt: skip
ONLY_AGAINST = OptionSpec(
    "only_against_opponents", bool,
    marked("Sedma: go again only while the other side holds the trick"),
    marked("Sedma: go again only against the opponents"), server_default=True, only_true=True,
)  # fmt: skip

GERMAN_SUITS = OptionSpec(
    "german_suits", bool,
    marked("Cards with hearts, leaves, acorns and bells (mariáš); on at Czech and Slovak tables"),
    marked("German-suited cards (mariáš)"), on_in=("cs", "sk"), only_true=True,
)  # fmt: skip


def side_rule(rules: Mapping[str, Any]) -> SideRule:
    players = rules.get("players", 4)
    return (
        SideRule.IN_PLAY if players == 3 else SideRule.PARTNERS if players == 4 else SideRule.SOLO
    )


def topic_for(view: SedmaView) -> str:
    if view.phase == "over":
        return "counting"
    if view.phase == "decide":
        return "fight" if view.rules.is_hola else "continuing"
    if view.rules.three_handed:
        return "three-players"
    return "winning-a-trick"


def facts(view: SedmaView) -> dict[str, Any]:
    """What a lesson's example checks after its move."""
    return {
        "took": view.took,  # who took the trick the move ended
        "winning": view.winning,  # who holds the trick in play
        "phase": view.phase,
        "round": view.round,
        "held": view.held_tricks,
    }


def _from_position(text: str) -> AnyGame:
    from engine.sedma.position import parse_position

    return SedmaMatch.at_position(parse_position(text))


STATS = (
    StatSpec("game_points", marked("Game points")),
    StatSpec("hands_won", marked("Hands won")),
    StatSpec("hands_won_2", marked("Hands won with 2")),
    StatSpec("hands_won_3", marked("Hands won with 3")),
)


def _spec(name: str, display: str, options: tuple[OptionSpec, ...], **extra: Any) -> GameSpec:
    return GameSpec(
        name=name,
        display_name=display,
        family=Family.TRICKS,
        min_players=2,
        max_players=4,
        default_players=4,
        side_rule=side_rule,
        options=options,
        new_match=start_hola if name == HOLA else start_sedma,
        restore=lambda data: SedmaMatch.from_dict(
            {**data, "rules": {**data["rules"], "game": name}}
        ),
        from_position=_from_position,
        computer=LazyComputer("engine.sedma.ai:COMPUTER"),
        lessons=LessonSpec(
            "sedma", ("en", "cs", "sk"), topic_for, facts, sweep_word="", folder=HERE / "lessons"
        ),
        locales=HERE / "locales",
        daily=DailySpec(),  # the side's card points in the hand
        match_type=SedmaMatch,
        **extra,
    )


SEDMA_SPEC = _spec(
    SEDMA, marked("Sedma"), (GAME_POINTS, ONLY_AGAINST, GERMAN_SUITS), stats=STATS,
    seat_counts=(2, 3, 4), order=30,
)  # fmt: skip
HOLA_SPEC = _spec(
    HOLA, marked("Hola"), (HOLA_POINTS, GERMAN_SUITS), stats=(StatSpec("game_points",
    marked("Points")), StatSpec("hands_won", marked("Hands won"))), description="52 cards",
    variant_of=SEDMA,
    seat_counts=(2, 4), order=31,
)  # fmt: skip

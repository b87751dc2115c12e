"""Suipe position notation (see docs/notation.md):

suipe players=3
dealer: 0
turn: 1
floor: AC 2D 3H
build 8: 3C 5D @1
hand 1: 3S 6H 8C
taken 0: 5C 5D
suipes 2: 1
last: 0
stock: 4H 9S
"""

from __future__ import annotations

from engine.cards import Card, format_cards, parse_cards
from engine.core import BadNotation
from engine.fishing_position import check_turn_holds, position_text, read_fishing_position
from engine.notation import check_each_card_once, parse_options, position_lines
from engine.suipe.deal import Build, SuipeDeal
from engine.suipe.rules import SUIPE, SuipeRules


def format_position(deal: SuipeDeal) -> str:
    return position_text(
        deal,
        [],
        "build",
        ((v, b.multiple, b.cards, (b.builder,)) for v, b in sorted(deal.builds.items())),
        ("suipes", [str(count) if count else "" for count in deal.suipes]),
        [f"stock: {format_cards(deal.stock)}"] if deal.stock else [],
    )


def parse_position(text: str) -> SuipeDeal:
    lines = position_lines(text)
    if not lines or lines[0].split()[0] != SUIPE:
        raise BadNotation("a Suipe position starts with 'suipe'")
    rules = parse_options(SuipeRules, "game", lines[0].split())
    suipes = [0] * rules.sides
    builds: dict[int, Build] = {}
    numbers: dict[str, int | None] = {"dealer": 0, "turn": None, "play": 0, "last": None}
    hands, captured, found = read_fishing_position(
        lines[1:],
        (rules.players, rules.sides),
        numbers,
        {"stock": parse_cards},
        ("build", builds, lambda value, mark, text: _parse_build(value, mark, text, rules)),
        suipes=(suipes, int),
    )
    loose: list[Card] = found.get("floor", [])
    stock: list[Card] = found.get("stock", [])
    dealer = numbers["dealer"] or 0
    turn = numbers["turn"]
    if turn is None:
        turn = (dealer + 1) % rules.players
    if not 0 <= dealer < rules.players or not 0 <= turn < rules.players:
        raise BadNotation(f"seats are numbered 0 to {rules.players - 1}")
    deal = SuipeDeal(
        rules=rules,
        dealer=dealer,
        hands=hands,
        loose=loose,
        builds=builds,
        stock=stock,
        turn=turn,
        play_number=numbers["play"] or 0,
        captured=captured,
        suipes=suipes,
        last_capture_side=numbers["last"],
    )
    check_each_card_once(deal.all_cards())
    check_turn_holds(hands, turn)
    return deal


def _parse_build(value: int, multiple_mark: bool, text: str, rules: SuipeRules) -> Build:
    cards_text, _, builder_text = text.partition("@")
    if not 2 <= value <= 10:
        raise BadNotation(f"a build is announced as 2 to 10, not {value}")
    cards = tuple(parse_cards(cards_text))
    total = sum(card.rank for card in cards)
    if len(cards) < 2 or total % value or any(card.rank > 10 for card in cards):
        raise BadNotation(f"the {value}-build's cards must be numerals adding up to {value}s")
    try:
        builder = int(builder_text)
    except ValueError:
        raise BadNotation(f"write the {value}-build's last builder after '@'") from None
    if not 0 <= builder < rules.players:
        raise BadNotation(f"there is no seat {builder}")
    build = Build(value, cards, builder)
    if build.multiple != multiple_mark:
        raise BadNotation(
            f"the {value}-build is {'' if build.multiple else 'not '}multiple: write "
            f"'build {value}{'*' if build.multiple else ''}:'"
        )
    return build

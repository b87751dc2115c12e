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

import re

from engine.cards import Card, format_cards, parse_cards
from engine.core import BadNotation
from engine.notation import (
    check_each_card_once,
    fishing_seat_lines,
    options_line,
    parse_options,
    position_lines,
    read_position,
)
from engine.suipe.deal import Build, SuipeDeal
from engine.suipe.rules import SUIPE, SuipeRules

_BUILD = re.compile(r"build\s+(\d+)(\*?)")
_INDEXED = re.compile(r"(hand|taken|suipes)\s+(\d)")


def format_position(deal: SuipeDeal) -> str:
    lines = [options_line(deal.rules, ("game", "players")), f"dealer: {deal.dealer}"]
    lines += [f"turn: {deal.turn}", f"play: {deal.play_number}"]
    lines.append(f"floor: {format_cards(deal.loose)}".rstrip())
    for value in sorted(deal.builds):
        build = deal.builds[value]
        mark = "*" if build.multiple else ""
        lines.append(f"build {value}{mark}: {format_cards(build.cards)} @{build.builder}")
    lines += fishing_seat_lines(deal.hands, deal.captured)
    for side, count in enumerate(deal.suipes):
        if count:
            lines.append(f"suipes {side}: {count}")
    if deal.last_capture_side is not None:
        lines.append(f"last: {deal.last_capture_side}")
    if deal.stock:
        lines.append(f"stock: {format_cards(deal.stock)}")
    return "\n".join(lines)


def parse_position(text: str) -> SuipeDeal:
    lines = position_lines(text)
    if not lines or lines[0].split()[0] != SUIPE:
        raise BadNotation("a Suipe position starts with 'suipe'")
    rules = parse_options(SuipeRules, "game", lines[0].split())
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    captured: list[list[Card]] = [[] for _ in range(rules.sides)]
    suipes = [0] * rules.sides
    builds: dict[int, Build] = {}
    numbers: dict[str, int | None] = {"dealer": 0, "turn": None, "play": 0, "last": None}

    def read_build(match: re.Match[str], value: str) -> None:
        build = _parse_build(int(match.group(1)), bool(match.group(2)), value, rules)
        if build.value in builds:
            raise BadNotation(f"two builds of {build.value}")
        builds[build.value] = build

    def read_seat(match: re.Match[str], value: str) -> None:
        what, index = match.group(1), int(match.group(2))
        limit = rules.players if what == "hand" else rules.sides
        if index >= limit:
            raise BadNotation(f"{what} {index} does not exist")
        if what == "hand":
            hands[index] = parse_cards(value)
        elif what == "taken":
            captured[index] = parse_cards(value)
        else:
            suipes[index] = int(value)

    found = read_position(
        lines[1:],
        numbers,
        {"floor": parse_cards, "stock": parse_cards},
        ((_BUILD, read_build), (_INDEXED, read_seat)),
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
    if not hands[turn] and any(hands):
        raise BadNotation(f"seat {turn} is to play but holds no cards")
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

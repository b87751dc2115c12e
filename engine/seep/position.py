"""Seep position notation: set up any mid-deal position and write it back.

See docs/notation.md. A position is a few `key: value` lines (or the same joined by " | "):

    seep players=4
    dealer: 3
    turn: 0
    play: 5
    floor: 2S 3H 5D
    house 10: 4C 6H @1
    house 12*: QH 5S 7C @0 3
    hand 0: AS 2H 10D
    taken 0: 5C 5D
    sweeps 1: 50
    last: 0
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
    parsed_position,
    read_position,
)
from engine.seep.deal import House, Phase, SeepDeal
from engine.seep.rules import SEEP, SEEP30, SeepRules

_HOUSE = re.compile(r"house\s+(\d+)(\*?)")
_SEAT_KEY = re.compile(r"(hand|taken|sweeps|built)\s+(\d)")


def rules_line(rules: SeepRules) -> str:
    return options_line(rules, ("game", "players"))


def parse_rules_line(line: str) -> SeepRules:
    words = line.split()
    if not words or words[0] not in (SEEP, SEEP30):
        raise BadNotation("a position starts with the game: 'seep' or 'seep30'")
    return parse_options(SeepRules, "game", words)


def format_position(deal: SeepDeal) -> str:
    """The position as notation lines (the inverse of `parse_position`)."""
    lines = [rules_line(deal.rules), f"dealer: {deal.dealer}", f"turn: {deal.turn}"]
    lines.append(f"play: {deal.play_number}")
    if deal.bid is not None:
        lines.append(f"bid: {deal.bid}")
    lines.append(f"floor: {format_cards(deal.loose)}".rstrip())
    for value in sorted(deal.houses):
        house = deal.houses[value]
        mark = "*" if house.cemented else ""
        owners = " ".join(str(seat) for seat in house.owners)
        lines.append(f"house {value}{mark}: {format_cards(house.cards)} @{owners}")
    lines += fishing_seat_lines(deal.hands, deal.captured)
    for side, sweeps in enumerate(deal.sweeps):
        if sweeps:
            lines.append(f"sweeps {side}: {' '.join(str(points) for points in sweeps)}")
    if deal.last_capture_side is not None:
        lines.append(f"last: {deal.last_capture_side}")
    if deal.rules.rawalpindi:  # who has built which house this deal matters for 10♦ and 9♠
        if deal.values_built:
            lines.append(f"built: {_numbers(deal.values_built)}")
        for seat, values in enumerate(deal.built_by):
            if values:
                lines.append(f"built {seat}: {_numbers(values)}")
    return "\n".join(lines)


def _numbers(values: set[int]) -> str:
    return " ".join(str(v) for v in sorted(values))


def parse_position(text: str) -> SeepDeal:
    """Build a deal from notation. Cards not mentioned are out of play.

    `play: 0` without a `bid:` line is the bidder's announcement, before the floor is turned up.
    """
    lines = parsed_position(text)
    rules = parse_rules_line(lines[0])
    hands: list[list[Card]] = [[], [], [], []]
    captured: list[list[Card]] = [[], []]
    sweeps: list[list[int]] = [[], []]
    houses: dict[int, House] = {}
    numbers: dict[str, int | None] = {
        "dealer": 0, "turn": None, "play": 1, "bid": None, "last": None
    }  # fmt: skip
    built_by: list[set[int]] = [set(), set(), set(), set()]

    def read_house(match: re.Match[str], value: str) -> None:
        house = _parse_house(int(match.group(1)), bool(match.group(2)), value)
        if house.value in houses:
            raise BadNotation(f"two houses of {house.value}")
        houses[house.value] = house

    def read_seat(match: re.Match[str], value: str) -> None:
        what, index = match.group(1), int(match.group(2))
        limit = 4 if what in ("hand", "built") else 2
        if index >= limit:
            raise BadNotation(f"{what} {index} does not exist")
        if what == "hand":
            hands[index] = parse_cards(value)
        elif what == "taken":
            captured[index] = parse_cards(value)
        elif what == "built":
            built_by[index] = {int(v) for v in value.split()}
        else:
            sweeps[index] = [int(points) for points in value.split()]

    found = read_position(
        lines[1:],
        numbers,
        {"floor": parse_cards, "built": lambda value: {int(v) for v in value.split()}},
        ((_HOUSE, read_house), (_SEAT_KEY, read_seat)),
    )
    loose: list[Card] = found.get("floor", [])
    values_built: set[int] = found.get("built", set())
    dealer = numbers["dealer"] or 0
    play = numbers["play"] or 0
    if not 0 <= dealer < 4:
        raise BadNotation("dealer is a seat from 0 to 3")
    turn = numbers["turn"]
    if turn is None:
        turn = (dealer + 1 + play) % 4
    if not 0 <= turn < 4:
        raise BadNotation("turn is a seat from 0 to 3")
    bidding = numbers["play"] == 0 and numbers["bid"] is None
    if bidding and (houses or captured[0] or captured[1]):
        raise BadNotation("before the bid the floor holds only the four loose cards")
    deal = SeepDeal(
        rules=rules,
        dealer=dealer,
        hands=hands,
        loose=loose,
        houses=houses,
        bid=numbers["bid"],
        phase=Phase.BID if bidding else Phase.PLAY,
        turn=turn,
        play_number=play,
        captured=captured,
        sweeps=sweeps,
        last_capture_side=numbers["last"],
        built_by=built_by,
        values_built=values_built,
    )
    for house in houses.values():
        for seat in house.owners:
            deal.built_by[seat].add(house.value)
        deal.values_built.add(house.value)
    _validate(deal)
    return deal


def _parse_house(value: int, cemented_mark: bool, text: str) -> House:
    cards_text, _, owners_text = text.partition("@")
    if not 9 <= value <= 13:
        raise BadNotation(f"a house is worth 9 to 13, not {value}")
    cards = tuple(parse_cards(cards_text))
    total = sum(card.rank for card in cards)
    if len(cards) < 2 or total % value:
        raise BadNotation(f"the {value}-house's cards add up to {total}, not a multiple of {value}")
    owners = tuple(int(seat) for seat in owners_text.split())
    if not 1 <= len(owners) <= 2 or any(not 0 <= seat < 4 for seat in owners):
        raise BadNotation(f"the {value}-house needs one or two owners (seats 0-3) after '@'")
    if len(owners) == 2 and owners[0] % 2 == owners[1] % 2:
        raise BadNotation(f"the {value}-house's two owners must be on different sides")
    house = House(value, cards, owners)
    if house.cemented != cemented_mark:
        state = "is" if house.cemented else "is not"
        raise BadNotation(
            f"the {value}-house {state} cemented: write 'house {value}"
            f"{'*' if house.cemented else ''}:'"
        )
    if len(owners) == 2 and not house.cemented:
        raise BadNotation(f"an ordinary {value}-house has a single owner")
    return house


def _validate(deal: SeepDeal) -> None:
    check_each_card_once(deal.all_cards())
    for card in deal.loose:
        if card.rank in deal.houses:
            raise BadNotation(f"a loose {card} can't lie beside the {card.rank}-house")
    for house in deal.houses.values():
        for seat in house.owners:
            if all(card.rank != house.value for card in deal.hands[seat]):
                raise BadNotation(
                    f"seat {seat} owns the {house.value}-house, so hand {seat} must hold a card "
                    f"of {house.value}"
                )
    if not deal.hands[deal.turn] and any(deal.hands):
        raise BadNotation(f"seat {deal.turn} is to play but holds no cards")
    if not any(deal.hands):
        deal._finish()

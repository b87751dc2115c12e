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

from engine.cards import Card, parse_cards
from engine.core import BadNotation
from engine.fishing_position import check_turn_holds, position_text, read_fishing_position
from engine.notation import check_each_card_once, parse_options, parsed_position
from engine.seep.deal import House, Phase, SeepDeal
from engine.seep.rules import SEEP, SEEP30, SeepRules


def parse_rules_line(line: str) -> SeepRules:
    words = line.split()
    if not words or words[0] not in (SEEP, SEEP30):
        raise BadNotation("a position starts with the game: 'seep' or 'seep30'")
    return parse_options(SeepRules, "game", words)


def format_position(deal: SeepDeal) -> str:
    """The position as notation lines (the inverse of `parse_position`)."""
    tail = []
    if deal.rules.rawalpindi:  # who has built which house this deal matters for 10♦ and 9♠
        if deal.values_built:
            tail.append(f"built: {_numbers(deal.values_built)}")
        for seat, values in enumerate(deal.built_by):
            if values:
                tail.append(f"built {seat}: {_numbers(values)}")
    return position_text(
        deal,
        [] if deal.bid is None else [f"bid: {deal.bid}"],
        "house",
        ((v, h.cemented, h.cards, h.owners) for v, h in sorted(deal.houses.items())),
        ("sweeps", [" ".join(str(points) for points in sweeps) for sweeps in deal.sweeps]),
        tail,
    )


def _numbers(values: set[int]) -> str:
    return " ".join(str(v) for v in sorted(values))


def _number_set(text: str) -> set[int]:
    return {int(v) for v in text.split()}


def parse_position(text: str) -> SeepDeal:
    """Build a deal from notation. Cards not mentioned are out of play.

    `play: 0` without a `bid:` line is the bidder's announcement, before the floor is turned up.
    """
    lines = parsed_position(text)
    rules = parse_rules_line(lines[0])
    sweeps: list[list[int]] = [[], []]
    houses: dict[int, House] = {}
    numbers: dict[str, int | None] = {
        "dealer": 0, "turn": None, "play": 1, "bid": None, "last": None
    }  # fmt: skip
    built_by: list[set[int]] = [set(), set(), set(), set()]
    hands, captured, found = read_fishing_position(
        lines[1:],
        (4, 2),
        numbers,
        {"built": _number_set},
        ("house", houses, _parse_house),
        sweeps=(sweeps, lambda value: [int(points) for points in value.split()]),
        built=(built_by, _number_set),
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
    check_turn_holds(deal.hands, deal.turn)
    if not any(deal.hands):
        deal._finish()

"""What a Seep seat shows it lacks by the sweeps it passes up, and the hard player's worlds
keeping it."""

from __future__ import annotations

import random

from engine.ai.worlds import sample_world
from engine.cards import parse_cards
from engine.seep.shown import shown_lacks, sweeping_values
from tests.engine.seep.helpers import play, position

START = (
    "seep players=4 | dealer: 3 | turn: 1 | play: 5 | bid: 12 | floor: 6D | "
    "hand 0: 3C KH JD 2C | hand 1: 9C 4S 8C AH | hand 2: QC 2D 7S 5H | hand 3: 5D 8H 10S 3S"
)


def test_the_values_that_would_sweep_a_floor():
    assert sweeping_values(parse_cards("2H 3C 5D 6S")) == {8}  # 2+6 and 3+5; 16 is no card
    assert sweeping_values(parse_cards("6D")) == {6}
    assert sweeping_values(parse_cards("6D 6C")) == {6, 12}
    assert (
        sweeping_values(parse_cards("AH 2H 3C 4S 6S 9D")) == set()
    )  # 25: no card of 25 or 5 takes the 9
    assert sweeping_values([]) == set()


def test_a_seat_that_does_not_sweep_lacks_every_value_that_would_have():
    deal = position(START)
    play(deal, "4S")  # seat 1 could have swept 6♦ with a 6: it holds none
    assert shown_lacks(deal) == {1: frozenset({6})}
    play(deal, "2D")  # 6♦ 4♠: a 10 would have swept
    assert shown_lacks(deal) == {1: frozenset({6}), 2: frozenset({10})}
    play(deal, "3S")  # 6♦ 4♠ 2♦: 6 (6 and 4+2) or 12 would have
    assert shown_lacks(deal)[3] == {6, 12}


def test_a_sweep_or_a_house_on_the_floor_shows_nothing():
    deal = position(START.replace("hand 1: 9C 4S 8C AH", "hand 1: 9C 4S 6C AH"))
    play(deal, "6Cx6D")  # the sweep itself
    assert shown_lacks(deal) == {}
    housed = position(START.replace("floor: 6D", "floor: 3H | house 11: 5C 6D @0"))
    play(housed, "4S")
    assert 1 not in shown_lacks(housed)


def test_the_hard_players_worlds_never_give_a_seat_a_value_it_lacks():
    deal = position(START)
    for notation in ("4S", "2D", "3S"):
        play(deal, notation)
    lacks = shown_lacks(deal)
    rng = random.Random(7)
    for _ in range(200):
        world = sample_world(deal, 0, rng, lacks)
        assert not any(card.rank == 6 for card in world.hands[1])
        assert not any(card.rank == 10 for card in world.hands[2])
        assert not any(card.rank in (6, 12) for card in world.hands[3])
        assert [len(hand) for hand in world.hands] == [len(hand) for hand in deal.hands]
        assert world.hands[0] == deal.hands[0]

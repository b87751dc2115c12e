"""German Whist's computer players: legal moves from their own view only, and the normal
player ahead of a random one."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose_action
from engine.games import new_match
from engine.germanwhist.ai import heuristic, sample_world


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_plays_a_whole_hand_of_legal_moves(level: str) -> None:
    match = new_match("germanwhist", 4)
    rng = random.Random(4)
    while match.deals_finished == 0:
        player = match.current_player
        action = choose_action(match, player, level, rng)
        assert action in match.legal_actions()
        match.apply(action, player)


def test_the_choice_does_not_depend_on_cards_the_seat_cannot_see() -> None:
    match = new_match("germanwhist", 9)
    for _ in range(11):
        match.apply(match.legal_actions()[0], match.current_player)
    seat = match.current_player
    hand = match.deal
    first = choose_action(match, seat, "normal", random.Random(1))
    match.deal = sample_world(hand, seat, random.Random(2))  # the other hand and stock redealt
    assert choose_action(match, seat, "normal", random.Random(1)) == first


def test_a_world_keeps_the_face_up_cards_the_other_player_won() -> None:
    match = new_match("germanwhist", 2)
    for _ in range(10):
        match.apply(match.legal_actions()[0], match.current_player)
    hand = match.deal
    seat = hand.turn
    world = sample_world(hand, seat, random.Random(3))
    assert set(hand.shown[1 - seat]) <= set(world.hands[1 - seat])
    assert world.hands[seat] == hand.hands[seat] and len(world.stock) == len(hand.stock)


def test_the_normal_player_takes_more_counted_tricks_than_a_random_one() -> None:
    normal = random_side = 0
    for seed in range(30):
        match = new_match("germanwhist", seed)
        rng = random.Random(seed)
        hand = match.deal
        smart = seed % 2  # each seat in turn
        while not hand.is_over:
            if hand.turn == smart:
                action = heuristic(hand, rng)
            else:
                action = rng.choice(hand.legal_actions())
            hand.apply(action)
        normal += hand.counted[smart]
        random_side += hand.counted[1 - smart]
    assert normal > random_side * 1.3, (normal, random_side)

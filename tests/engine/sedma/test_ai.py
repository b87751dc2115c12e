"""Sedma's computer players decide from their seat's view only, at every level, and give hints
in words."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose_action, suggest
from engine.sedma import SedmaMatch, SedmaRules
from engine.sedma.ai import sample_world, unseen_cards
from engine.sedma.rules import KING_OF_HEARTS
from tests.engine.shared import played_at_random

from .test_properties import swapped


def advanced(game: str, players: int, seed: int, plays: int) -> SedmaMatch:
    match = SedmaMatch(SedmaRules(game=game, players=players), seed)
    return played_at_random(match, seed, plays)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(("game", "players"), [("sedma", 4), ("sedma", 3), ("hola", 2)])
def test_a_decision_does_not_change_when_hidden_cards_are_swapped(
    level: str, game: str, players: int
) -> None:
    for seed in range(6):
        match = advanced(game, players, seed, 3 + seed)
        seat = match.current_player
        assert seat is not None
        real = choose_action(match, seat, level, random.Random(seed))
        for shuffle in range(3):
            other = swapped(match, seat, random.Random(100 + shuffle))
            again = choose_action(other, seat, level, random.Random(seed))
            assert again == real


def test_worlds_keep_the_sizes_and_the_seats_own_hand() -> None:
    match = advanced("sedma", 3, 4, 5)
    hand = match.deal
    seat = hand.turn
    world = sample_world(hand, seat, random.Random(1))
    assert world.hands[seat] == hand.hands[seat]
    assert [len(h) for h in world.hands] == [len(h) for h in hand.hands]
    assert len(world.stock) == len(hand.stock)
    pool = set(unseen_cards(hand, seat))
    assert {c for p, h in enumerate(world.hands) if p != seat for c in h} | set(world.stock) == pool
    if KING_OF_HEARTS in pool:  # the holder is re-imagined with the cards
        holders = {sample_world(hand, seat, random.Random(n)).king_of_hearts for n in range(30)}
        assert len(holders) > 1


def test_a_hint_is_a_legal_move_with_a_reason() -> None:
    match = advanced("sedma", 4, 2, 6)
    hint = suggest(match, match.current_player, "seed")
    assert hint.action in match.legal_actions()
    assert hint.reason.endswith(".") and len(hint.reason) > 10

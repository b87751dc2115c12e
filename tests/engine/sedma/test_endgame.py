"""The exact search of Sedma's last tricks agrees with a plain minimax over the engine's own
moves (every card seen), for two, three and four players."""

from __future__ import annotations

import random

import pytest

from engine.sedma import SedmaMatch, SedmaRules
from engine.sedma.ai import margin
from engine.sedma.endgame import Endgame, TooBig, cards_left, searchable
from engine.sedma.hand import SedmaHand


def minimax(hand: SedmaHand, seat: int) -> float:
    if hand.is_over:
        return margin(hand, seat)
    values = []
    for action in hand.legal_actions():
        after = hand.copy()
        after.apply(action)
        values.append(minimax(after, seat))
    return max(values) if hand.same_side(hand.turn, seat) else min(values)


def endgame(players: int, seed: int, left: int) -> SedmaHand:
    """A hand played at random until the stock is empty and at most `left` cards are in the
    hands, then a few plays more (often mid-trick)."""
    rng = random.Random(seed)
    hand = SedmaMatch(SedmaRules(players=players), seed).deal
    while not hand.is_over and (hand.stock or cards_left(hand) > left):
        hand.apply(rng.choice(hand.legal_actions()))
    for _ in range(rng.randrange(3)):
        if not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.mark.parametrize(("players", "left"), [(2, 6), (3, 6), (4, 8)])
def test_the_search_agrees_with_minimax(players: int, left: int) -> None:
    for seed in range(12):
        hand = endgame(players, seed, left)
        if hand.is_over:
            continue
        assert searchable(hand)
        seat = hand.turn
        search = Endgame(seat, 10**6)
        for action in hand.legal_actions():
            after = hand.copy()
            after.apply(action)
            assert search.value(after) == minimax(after, seat)


def test_a_search_past_its_cap_gives_up() -> None:
    hand = endgame(4, 3, 16)
    with pytest.raises(TooBig):
        Endgame(hand.turn, 5).value(hand)

"""Seeded German Whist matches played at random: every card is somewhere exactly once, the
public view never depends on a hidden card, and a saved match replays to the same table."""

from __future__ import annotations

import random

import pytest

from engine.core import PUBLIC
from engine.games import new_match
from engine.registry import restore

NAMES = ["Asha", "Dev"]


def places(match) -> list:
    hand = match.deal
    cards = [*hand.hands[0], *hand.hands[1], *hand.stock, *(c for _, c in hand.trick)]
    cards += [c for taken in hand.taken for c in taken]
    return [*cards, *([hand.upcard] if hand.upcard else [])]


@pytest.mark.parametrize("seed", range(8))
def test_random_play_keeps_the_pack_and_hides_what_is_hidden(seed: int) -> None:
    match = new_match("germanwhist", seed, target=3)
    rng = random.Random(seed)
    while not match.is_terminal:
        cards = places(match)
        assert len(cards) == len(set(cards)) == 52
        hand = match.deal
        public = match.view(PUBLIC)
        other = hand.copy()  # the hidden cards (both hands, less what was shown, and the stock)
        hidden = [c for p in (0, 1) for c in hand.hands[p] if c not in hand.shown[p]]
        hidden += hand.stock
        rng.shuffle(hidden)
        for p in (0, 1):
            keep = [c for c in hand.hands[p] if c in hand.shown[p]]
            size = len(hand.hands[p]) - len(keep)
            other.hands[p] = keep + hidden[:size]
            del hidden[:size]
        other.stock = hidden
        match.deal, real = other, hand
        assert match.view(PUBLIC) == public
        assert match.view(PUBLIC).picture(NAMES) == public.picture(NAMES)
        match.deal = real
        player = match.current_player
        legal = match.legal_actions()
        assert legal and all(a.card in hand.hands[player] for a in legal)
        match.apply(rng.choice(legal).notation, player)
    again = restore(match.to_dict())
    assert again.scores == match.scores and again.view(PUBLIC) == match.view(PUBLIC)

"""A move is made on a copy of the match (`GameState.clone`): the copy plays on exactly as
the match would, and the match it came from is untouched, its deal secrets included."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.fairness import DealKeys


@pytest.mark.parametrize("game", sorted(registry.names()))
def test_a_clone_plays_on_as_the_match_and_leaves_it_untouched(game: str) -> None:
    spec = registry.game(game)
    players = spec.allowed_seats[-1]
    match = spec.new_match(DealKeys.fresh(), {"players": players})
    moves = random.Random(game)
    while match.deals_finished == 0 and not match.is_terminal:
        before = match.to_dict()
        copy = match.clone()
        assert copy.to_dict() == before and copy is not match
        move = moves.choice(list(copy.legal_actions()))
        seat = copy.current_player
        copy.apply(move, seat)
        assert match.to_dict() == before, "the match the copy came from changed"
        match.apply(move, seat)
        assert match.to_dict()["actions"] == copy.to_dict()["actions"]
        if match.deals_finished == 0:  # (a new deal draws a secret of its own in each)
            assert match.to_dict() == copy.to_dict()
            assert list(match.legal_actions()) == list(copy.legal_actions())
    assert match.deals_finished == 1 or match.is_terminal
    keys = match.deal_keys
    assert keys is not None and len(keys.secrets) >= 1

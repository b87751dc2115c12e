"""The fishing games' computer players take short cuts to decide in time; these check that the
short cuts give what the long way gives, and that a hard player out of time still plays well."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.ai import Level, SearchBudget, choose_action
from engine.ai.games import adapter_for
from engine.ai.normal import ReplyOdds, reply_may_end, score_actions
from engine.ai.worlds import mover_world, unseen_cards
from engine.games import new_match

from .shared import played_at_random

CONFIGS = [("seep", 4), ("seep", 2), ("seep30", 4), ("suipe", 2), ("suipe", 3), ("suipe", 4)]


def positions(game: str, players: int, count: int) -> list[Any]:
    """Matches stopped at random moments of their first deal, in play (not bidding)."""
    found = []
    for seed in range(count * 3):
        plays = random.Random(seed).randrange(1, 45)
        match = played_at_random(new_match(game, seed, players=players), seed, plays)
        if not match.is_terminal and match.pending_cut is None and match.deal.play_number > 0:
            found.append(match)
    return found[:count]


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_the_best_few_plays_are_those_at_the_head_of_the_whole_list(
    game: str, players: int
) -> None:
    for match in positions(game, players, 12):
        world = mover_world(match, match.current_player, random.Random(1))
        whole = score_actions(world, random.Random(2))
        for count in (1, 4):
            best = score_actions(world, random.Random(2), count=count)
            assert [s.action for s in best] == [s.action for s in whole[:count]]


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_the_odds_of_a_reply_are_those_of_each_value_tried_alone(game: str, players: int) -> None:
    """One listing for a hand of one card per value gives each value's best capture, as a
    hand of that card alone (with the cards of the piles its holder keeps) does."""
    compared = 0
    for match in positions(game, players, 12):
        world = mover_world(match, match.current_player, random.Random(1))
        game_adapter = adapter_for(world)
        for action in world.legal_actions():
            after = world.copy()
            after.apply(action)
            if after.is_over or reply_may_end(after):
                continue
            odds = ReplyOdds(game_adapter, unseen_cards(world, world.turn, game_adapter))
            fast = odds._all_values_at_once(after, after.turn)
            slow = odds._one_value_at_a_time(after, after.turn)
            assert fast == pytest.approx(slow)
            compared += 1
    assert compared > 20


@pytest.mark.parametrize(("game", "players"), [("seep", 4), ("suipe", 3)])
def test_a_hard_player_out_of_time_plays_what_the_normal_player_would(
    game: str, players: int
) -> None:
    for match in positions(game, players, 6):
        player = match.current_player
        hurried = choose_action(
            match, player, Level.HARD, random.Random(5), SearchBudget(seconds=0.0)
        )
        normal = choose_action(match, player, Level.NORMAL, random.Random(5))
        assert hurried == normal

"""The match recap names its winner in words that agree with who won: one player "wins", a
side of two "win"."""

from __future__ import annotations

import pytest

from engine.core import PUBLIC
from engine.games import new_match
from tests.engine.shared import played_at_random

NAMES = ["Asha", "Dev", "Ravi", "Mira", "Sina", "Tavita"]


def finished(game: str, players: int, seed: int):
    return played_at_random(new_match(game, seed, players=players), seed).view(PUBLIC)


@pytest.mark.parametrize(
    ("game", "players", "ending"),
    [
        ("seep", 2, " wins the match"),
        ("seep", 4, " win the match"),
        ("sedma", 2, " wins the match"),
        ("sedma", 4, " win the match"),
        ("sheepshead", 5, " wins the match"),
    ],
)
def test_the_recap_says_wins_for_one_player_and_win_for_a_side(
    game: str, players: int, ending: str
) -> None:
    for seed in range(1, 30):
        winner = finished(game, players, seed).recap_picture(NAMES[:players]).winner
        if "&" in winner and players not in (4,):
            continue  # a shared first place: several players win
        if winner.endswith("the match"):
            assert winner.endswith(ending), winner
            if players == 4:
                assert "&" in winner
            return
    pytest.fail("no match of these seeds had one winner")

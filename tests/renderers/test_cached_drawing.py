"""Seat panels and text are drawn once and then pasted from caches (a panel seen again becomes
a patch): a player sees exactly the picture that drawing everything afresh gives (the text-box
tests draw afresh, recording)."""

from __future__ import annotations

import pytest

from engine.core import PUBLIC
from engine.games import new_match
from renderers import table
from renderers.text import recording_text
from tests.renderers.test_images import played

NAMES = ["Dev Kumar Sharma", "रवि Ravi", "પ્રિયા 🌺", "Sina Tavita", "Mira", "Asha"]


@pytest.mark.parametrize(
    ("game", "players"), [("seep", 4), ("suipe", 2), ("sedma", 4), ("sheepshead", 6)]
)
def test_a_table_pasted_from_the_caches_is_the_table_drawn_afresh(game: str, players: int) -> None:
    match = new_match(game, 4, players=players)
    for moves in range(4):
        view = played(match, 1 if moves else 0, seed=moves).view(PUBLIC)
        names = NAMES[:players]
        first = table.render(view, names)  # new panels drawn onto the table
        again = table.render(view, names)  # panels seen again: made into patches
        third = table.render(view, names)  # every panel pasted from its patch
        with recording_text():
            fresh = table.render(view, names)  # everything drawn, nothing pasted
        assert first.tobytes() == fresh.tobytes()
        assert again.tobytes() == fresh.tobytes()
        assert third.tobytes() == fresh.tobytes()

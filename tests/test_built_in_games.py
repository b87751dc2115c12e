"""The shared lists a built-in game must join (docs/adding-a-game.md): each names every game
this project's entry points register, so a fifth built-in game left out of one of them fails
here, by name, instead of being quietly left out of the tests that read that list."""

from __future__ import annotations

from importlib.metadata import distribution

import pytest

from engine import registry
from tests.engine import replays, sample_tables
from tests.renderers import test_table_glance


def entry_point_games() -> dict[str, str]:
    """This distribution's own games: name → the `module:SPEC` its entry point names."""
    return {
        entry.name: entry.value
        for entry in distribution("seepbot").entry_points
        if entry.group == "seepbot.games"
    }


@pytest.mark.parametrize(
    ("where", "names"),
    [
        ("engine/registry.py BUILT_IN", lambda: set(registry.BUILT_IN)),
        ("tests/engine/sample_tables.py BUILT_IN_TABLES",
         lambda: {game for game, _ in sample_tables.BUILT_IN_TABLES}),
        ("tests/engine/replays.py CASES", lambda: {game for game, _, _ in replays.CASES}),
        ("tests/engine/replays.py POSITION_MODULES", lambda: set(replays.POSITION_MODULES)),
        ("tests/renderers/test_table_glance.py BUILT_IN", lambda: set(test_table_glance.BUILT_IN)),
    ],
)
def test_every_built_in_game_is_in_each_shared_list(where: str, names: object) -> None:
    assert callable(names)
    games = set(entry_point_games())
    assert games, "pip install -e . again: the entry points are read from the installed metadata"
    missing = games - names()
    assert not missing, f"{where} lacks {sorted(missing)} (see docs/adding-a-game.md)"


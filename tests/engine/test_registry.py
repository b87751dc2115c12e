from __future__ import annotations

from importlib.metadata import entry_points

from engine import registry


def test_the_built_in_games_are_the_ones_the_package_declares() -> None:
    """A built-in game is imported without reading the entry points, so the two lists must
    name the same games in the same places (a game added to one and not the other fails)."""
    declared = {p.name: p.value for p in entry_points(group=registry.GROUP)}
    ours = {name: value for name, value in declared.items() if value.startswith("engine.")}
    assert ours == registry.BUILT_IN


def test_a_built_in_game_and_an_installed_one_are_both_found_by_name() -> None:
    assert registry.game("sheepshead").name == "sheepshead"
    assert "tinytricks" in registry.names()

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


def test_a_games_capabilities_are_found_once_when_it_registers() -> None:
    """Every built-in game shows the commitment to its deal's secret and draws the match deal
    by deal; the installed Tiny Tricks commits to its deals but draws no recap."""
    for name in ("seep", "seep30", "suipe", "sedma", "hola", "sheepshead"):
        assert registry.game(name).capabilities == registry.Capabilities(commits=True, recaps=True)
    assert registry.game("tinytricks").capabilities == registry.Capabilities(commits=True)


def test_a_game_that_names_no_match_class_offers_nothing_beyond_the_protocol() -> None:
    from dataclasses import replace

    spec = replace(registry.game("tinytricks"), name="bare", match_type=None)
    registry.register_game(spec)
    try:
        capabilities = registry.game("bare").capabilities
        assert capabilities == registry.Capabilities()
        match = spec.new_match(1, {})
        assert capabilities.commitment(match) is None
        assert capabilities.recap(match, ["A", "B"]) is None
    finally:
        registry._GAMES.pop("bare")
        registry._CAPABILITIES.pop("bare")


def test_a_secret_deal_shows_its_commitment_and_a_finished_match_its_recap() -> None:
    from engine.fairness import DealKeys

    spec = registry.game("sedma")
    match = spec.new_match(DealKeys.fresh(), {"players": 2})
    commitment = spec.capabilities.commitment(match)
    pending = match.pending_cut
    assert commitment is not None or pending is not None
    while not match.is_terminal:
        match.apply(match.legal_actions()[0])
    recap = spec.capabilities.recap(match, ["Asha", "Dev"])
    assert recap is not None and recap.text()

"""Sedma and Hola started by name without the registry (`engine.games.STARTS`) are the same
matches as the registry's."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

import pytest

from engine import registry
from engine.games import STARTS


@pytest.mark.parametrize(
    ("game", "options"),
    [("sedma", {"players": 4}), ("sedma", {"players": 3, "target": 5}), ("hola", {"players": 2})],
)
def test_a_match_started_by_name_plays_as_the_registrys(game: str, options: dict[str, Any]) -> None:
    module, _, name = STARTS[game].partition(":")
    by_name = getattr(import_module(module), name)(7, options)
    registered = registry.new_match(game, 7, **options)
    assert by_name.rules == registered.rules
    rng = random.Random(3)
    while not registered.is_terminal and registered.deals_finished == 0:
        assert by_name.legal_actions() == registered.legal_actions()
        action = rng.choice(registered.legal_actions())
        by_name.apply(action)
        registered.apply(action)
    assert by_name.to_dict() == registered.to_dict()

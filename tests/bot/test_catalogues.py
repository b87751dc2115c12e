"""`python -m bot.catalogues`: which catalogue a message belongs to, and a message that moves
from one catalogue to another keeps its translation."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from bot.catalogues import SHARED, key_of, owner, read, render, translations, updated

SEEP, SUIPE = Path("engine/seep"), Path("engine/suipe")


def test_a_message_belongs_to_the_one_game_whose_files_alone_use_it() -> None:
    own = [SEEP, SUIPE]
    assert owner([("engine/seep/deal.py", 3), ("engine/seep/view.py", 9)], own) == SEEP
    assert owner([("engine/seep/deal.py", 3), ("engine/suipe/deal.py", 5)], own) is None
    assert owner([("engine/seep/deal.py", 3), ("bot/tables.py", 5)], own) is None
    assert owner([("engine/fishing.py", 3)], own) is None
    assert owner([("engine/seepish/x.py", 3)], own) is None  # a path, not a prefix


def pot(*messages: str) -> bytes:
    catalog = Catalog(project="Seep bot")
    for number, message in enumerate(messages):
        catalog.add(message, locations=[("engine/seep/deal.py", number)])
    return render(catalog, include_lineno=False)


def test_a_message_that_moves_keeps_its_translation() -> None:
    """The shared Hindi catalogue translates "My hand"; were the message to belong to a game's
    catalogue, that catalogue would take the translation, keep its own ones and drop what its
    code no longer says."""
    pool = translations([SHARED], "hi")
    hand = pool[key_of("My hand", None)]
    game = Catalog(locale="hi", project="Seep bot")
    game.add("Gone", "गया")
    game.add("Sweep", "सीप")
    merged = read(updated(render(game), pot("My hand", "Sweep", "New"), "hi", SEEP, pool))
    assert merged.get("My hand").string == hand.string  # type: ignore[union-attr]
    assert merged.get("Sweep").string == "सीप"  # type: ignore[union-attr]
    assert merged.get("New").string == ""  # type: ignore[union-attr]  # left to translate
    assert merged.get("Gone") is None and not merged.obsolete


def test_a_built_in_game_keeps_its_own_catalogue_before_its_entry_point_is_installed(
    monkeypatch,
) -> None:
    """docs/adding-a-game.md: a game in `BUILT_IN` whose entry point pip has not installed yet
    (no `pip install -e .` since it was added) still has its own catalogue, not the shared
    one: its messages were written into bot/locales."""
    from bot import catalogues
    from engine import registry

    installed = registry._entry_points()
    left = {name: point for name, point in installed.items() if name != "sheepshead"}
    monkeypatch.setattr(registry, "_found", left)
    monkeypatch.setattr(registry, "_GAMES", {})
    assert "sheepshead" not in registry.discovered()
    assert Path("engine/sheepshead") in catalogues.packages()

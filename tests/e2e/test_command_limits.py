"""The fake Discord refuses the command registrations real Discord refuses, so publishing a
command set that would overflow (too many games, options, choices…) fails a test."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import registry

from .conftest import Env, start_bot, stop_bot
from .fake_discord import command_problems, command_size, commands_problems


def subcommand(name: str, options: int = 0, **extra: Any) -> dict[str, Any]:
    return {
        "type": 1,
        "name": name,
        "description": f"Open a table of {name}",
        "options": [
            {"type": 4, "name": f"option{n}", "description": "a number"} for n in range(options)
        ],
        **extra,
    }


def table(games: list[dict[str, Any]]) -> dict[str, Any]:
    new = {"type": 2, "name": "new", "description": "Open a table", "options": games}
    return {"type": 1, "name": "table", "description": "Card game tables", "options": [new]}


def test_a_sound_command_set_passes() -> None:
    games = [subcommand(f"game{n}", options=10) for n in range(25)]
    assert commands_problems([table(games)]) == []
    assert commands_problems([table([subcommand("seep", options=25)])]) == []


def test_a_26th_game_or_option_is_refused() -> None:
    too_many_games = table([subcommand(f"game{n}") for n in range(26)])
    assert any("26 options" in p for p in command_problems(too_many_games))
    too_many_options = table([subcommand("seep", options=26)])
    assert any("26 options" in p for p in command_problems(too_many_options))


def test_choices_names_and_descriptions_within_their_lengths() -> None:
    choices = [{"name": f"c{n}", "value": f"c{n}"} for n in range(26)]
    option = {"type": 3, "name": "topic", "description": "a topic", "choices": choices}
    topics = subcommand("x") | {"options": [option]}
    assert any("choices" in p for p in command_problems(table([topics])))
    long = subcommand("seep", description_localizations={"hi": "क" * 101})
    assert any("description of 101" in p for p in command_problems(table([long])))
    spaced = subcommand("seep", name_localizations={"hi": "नई टेबल"})
    assert any("invalid name" in p for p in command_problems(table([spaced])))
    assert command_problems(table([subcommand("seep", name_localizations={"hi": "नई"})])) == []


def test_nesting_mixing_and_size() -> None:
    deep = {"type": 2, "name": "deeper", "description": "x", "options": [subcommand("a")]}
    nested = table([{"type": 2, "name": "group", "description": "x", "options": [deep]}])
    assert any("inside a group" in p for p in command_problems(nested))
    mixed = table([subcommand("a"), {"type": 4, "name": "n", "description": "a number"}])
    assert any("beside plain options" in p for p in command_problems(mixed))
    wordy = [subcommand(f"g{n}", description_localizations={"hi": "क" * 100}) for n in range(25)]
    huge = table([dict(g, options=[{"type": 3, "name": f"o{k}", "description": "d" * 100}
                                   for k in range(4)]) for g in wordy])  # fmt: skip
    assert any("characters in all" in p for p in command_problems(huge))
    assert any("limit is 100" in p for p in commands_problems([subcommand(f"c{n}") | {"type": 1}
                                                              for n in range(101)]))  # fmt: skip


async def test_twenty_five_games_fit_in_the_published_commands(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Room for 25 games: with as many games as Discord allows subcommands, each as rich in
    options as Sheepshead, `/table new`, `/rules` and `/stats` still publish (8,000
    characters per command, translations included)."""
    sheepshead = registry.game("sheepshead")
    games = dict(registry._GAMES)
    for n in range(25 - len(registry.games())):
        games[f"game{n}"] = replace(sheepshead, name=f"game{n}", display_name=f"Game {n}")
    monkeypatch.setattr(registry, "_GAMES", games)
    assert len(registry.games()) == 25
    await stop_bot(env.bot)
    env.bot = await start_bot(env.fake, env.database)
    await env.bot.sync_commands()  # the fake refuses what Discord refuses
    published = {c["name"]: c for c in env.fake.commands}
    assert len(published["table"]["options"][0]["options"]) == 25  # /table new <game>
    sizes = {name: command_size(command) for name, command in published.items()}
    assert max(sizes.values()) <= 6000  # room for more pages, options and translations

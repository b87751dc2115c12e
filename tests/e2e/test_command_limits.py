"""The fake Discord refuses the command registrations real Discord refuses, so publishing a
command set that would overflow (too many games, options, choices…) fails a test."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot import languages
from engine import registry

from .conftest import Env, start_bot, stop_bot
from .fake_discord import (
    COMMAND_CHARACTERS,
    command_problems,
    command_size,
    commands_problems,
    valid_name,
)

# the languages of ours that Discord's apps offer (bot/languages.py: hi, cs, de)
APP_LOCALES = tuple(language.code for language in languages.ALL
                    if language.locales and language.code != "en")  # fmt: skip


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


def named(node: dict[str, Any], locale: str | None) -> str:
    """A command's, group's or option's name as an app in `locale` shows it (None: English)."""
    return str((node.get("name_localizations") or {}).get(locale, node["name"]))


def locale_problems(nodes: list[dict[str, Any]], locale: str | None, where: str) -> list[str]:
    """What Discord refuses in one locale among siblings and below them: a name that is not
    1-32 lower-case word characters, two siblings of one name, a description or choice
    name outside 1-100 characters, more than 25 options or choices."""
    problems = []
    names = [named(node, locale) for node in nodes]
    problems += [f"{where}: two named {n!r}" for n in sorted(set(names)) if names.count(n) > 1]
    if len(nodes) > 25:
        problems.append(f"{where}: {len(nodes)} options")
    for node, name in zip(nodes, names, strict=True):
        path = f"{where} {name}"
        if not valid_name(name):
            problems.append(f"{path}: invalid name")
        description = (node.get("description_localizations") or {}).get(
            locale, node.get("description", "")
        )
        if not 1 <= len(description) <= 100:
            problems.append(f"{path}: a description of {len(description)}")
        choices = node.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{path}: {len(choices)} choices")
        choice_names = [named(choice, locale) for choice in choices]
        problems += [f"{path}: a choice of {len(c)}" for c in choice_names
                     if not 1 <= len(c) <= 100]  # fmt: skip
        problems += locale_problems(node.get("options") or [], locale, path)
    return problems


async def test_the_published_commands_fit_discords_limits_in_every_locale(env: Env) -> None:
    """Each app language sees its own names: in each, the names beside one another differ
    (Discord refuses two options, subcommands or commands of one name in a locale), and
    every text keeps Discord's lengths; each command's characters, counting the longest
    translation of every name, description and choice, stay within 8,000."""
    await env.bot.sync_commands()
    published = env.fake.commands
    locales = (None, *APP_LOCALES)
    problems = [p for locale in locales for p in locale_problems(published, locale, "")]
    assert problems == []
    assert all(command_size(command) <= COMMAND_CHARACTERS for command in published)


def test_two_siblings_of_one_name_in_a_locale_are_caught() -> None:
    seat = {"type": 4, "name": "seat", "description": "a seat"}
    seats = [seat | {"name_localizations": {"cs": "místo"}},
             {"type": 4, "name": "place", "description": "a place",
              "name_localizations": {"cs": "místo"}}]  # fmt: skip
    assert locale_problems(seats, "cs", "") == [": two named 'místo'"]
    assert locale_problems(seats, "de", "") == []
    capital = [seat | {"name_localizations": {"de": "Platz"}}]
    assert locale_problems(capital, "de", "") == [" Platz: invalid name"]

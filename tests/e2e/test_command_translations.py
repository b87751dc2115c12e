"""The slash commands as a Czech, German or Hindi Discord app shows them: every command,
group and option name, every description and every choice name is in the app's language
(Discord's apps have no Gujarati or Slovak).

A game's subcommand keeps the game's name (`/stůl nový sedma`), and a game package from
elsewhere names its own options or leaves them English.

Three kinds of choice keep their words: a number ("6", "8"), a language named in its own words
(the /language, /settings and /rules choices), and a /rules topic of a game that has no pages
in that language (a topic is named by its page's title)."""

from __future__ import annotations

from typing import Any

from bot import languages
from bot.i18n import LANGUAGES, OWN_NAMES, current, slash, slashes_said, speaking
from bot.lessons import lessons_of
from engine import registry
from engine.registry import BUILT_IN

from .conftest import Env

# the languages of ours that Discord's apps offer (bot/languages.py: hi, cs, de)
APP_LANGUAGES = tuple(language.code for language in languages.ALL
                      if language.locales and language.code != "en")  # fmt: skip


def kept(path: str, option: str, choice: dict[str, Any], code: str) -> bool:
    """Whether a choice's name is rightly the same in every language."""
    name, value = choice["name"], choice.get("value")
    if name.isdigit():
        return True
    if value in LANGUAGES and name in (LANGUAGES[value], OWN_NAMES[value]):
        return True
    words = path.split()
    if words[0] == "/rules" and option == "topic":
        return code not in lessons_of(words[1]).languages
    return False


def untranslated(node: dict[str, Any], path: str) -> list[str]:
    """Each description or choice name below `node` that an app language lacks."""
    found = []
    if node.get("description"):
        have = node.get("description_localizations") or {}
        found += [f"{code} {path}: {node['description']}" for code in APP_LANGUAGES
                  if code not in have]  # fmt: skip
    for choice in node.get("choices") or []:
        have = choice.get("name_localizations") or {}
        option = path.rsplit(" ", 1)[-1]
        found += [f"{code} {path} choice: {choice['name']}" for code in APP_LANGUAGES
                  if code not in have and not kept(path, option, choice, code)]  # fmt: skip
    for option in node.get("options") or []:
        found += untranslated(option, f"{path} {option['name']}")
    return found


async def test_every_description_and_choice_is_in_each_app_language(env: Env) -> None:
    await env.bot.sync_commands()
    missing = [m for c in env.fake.commands for m in untranslated(c, "/" + c["name"])]
    assert not missing, f"{len(missing)} untranslated:\n" + "\n".join(missing)


async def test_a_game_choice_is_the_game_name_in_the_app_language(env: Env) -> None:
    await env.bot.sync_commands()
    board = next(c for c in env.fake.commands if c["name"] == "leaderboard")
    game = next(o for o in board["options"] if o["name"] == "game")
    seep = next(c for c in game["choices"] if c["value"] == "seep")
    assert seep["name"] == "Seep"
    assert seep["name_localizations"]["hi"] == "सीप"
    assert seep["name_localizations"]["cs"] == "Seep"


def unnamed(node: dict[str, Any], path: str, games: set[str], foreign: set[str]) -> list[str]:
    """Each command, group or option name below `node` (itself included) an app language
    shows in English."""
    found = []
    if node["name"] not in games and node["name"] not in foreign:
        have = node.get("name_localizations") or {}
        found += [f"{code} {path}" for code in APP_LANGUAGES if code not in have]
    for option in node.get("options") or []:
        found += unnamed(option, f"{path} {option['name']}", games, foreign)
    return found


async def test_every_command_and_option_is_named_in_each_app_language(env: Env) -> None:
    await env.bot.sync_commands()
    games = {spec.name for spec in registry.games()}
    ours = {option.name for spec in registry.games() if spec.name in BUILT_IN
            for option in spec.options}  # fmt: skip
    foreign = {option.name for spec in registry.games() for option in spec.options} - ours
    missing = [m for c in env.fake.commands for m in unnamed(c, "/" + c["name"], games, foreign)]
    assert not missing, f"{len(missing)} unnamed:\n" + "\n".join(missing)
    table = next(c for c in env.fake.commands if c["name"] == "table")
    new = next(o for o in table["options"] if o["name"] == "new")
    sedma = next(o for o in new["options"] if o["name"] == "sedma")
    suits = next(o for o in sedma["options"] if o["name"] == "german_suits")
    assert table["name_localizations"]["cs"] == "stůl" and new["name_localizations"]["cs"] == "nový"
    assert suits["name_localizations"] == {"hi": "जर्मन_पत्ते", "cs": "mariášové_karty",
                                           "de": "deutsches_blatt"}  # fmt: skip


def test_messages_name_a_command_as_the_readers_app_shows_it() -> None:
    assert current() == "en" and slash("table rejoin") == "/table rejoin"
    for code, named in (("cs", "/stůl návrat"), ("de", "/tisch zurück"), ("hi", "/टेबल वापसी")):
        with speaking(code):
            assert slash("table rejoin") == named
    with speaking("sk"):  # Discord has no Slovak app: its players type the English names
        assert slash("table rejoin") == "/table rejoin"
    page = "Napište `/hand`, pak `/replay deal:3`; `/play` bere `KD`."  # a /rules page's text
    with speaking("cs"):
        assert slashes_said(page) == "Napište `/karty`, pak `/přehrát rozdání:3`; `/tah` bere `KD`."

"""The slash commands as a Czech, German or Hindi Discord app shows them: every description
and every choice name is in the app's language (Discord's apps have no Gujarati or Slovak).

Three kinds of choice keep their words: a number ("6", "8"), a language named in its own words
(the /language, /settings and /rules choices), and a /rules topic of a game that has no pages
in that language (a topic is named by its page's title)."""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGUAGES, OWN_NAMES
from bot.lessons import lessons_of

from .conftest import Env

APP_LANGUAGES = ("hi", "cs", "de")


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

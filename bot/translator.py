"""Slash commands in the players' languages, for the languages Discord's apps offer among ours.

Command, group and option names come from the `<code>.toml` files (`bot/locales/`, and a
game's own options from its package's `locales/`): Discord wants a name lower case without
spaces, so it is chosen by hand; a name a language's files lack stays English. Interactions
name their options by the English names whatever the app shows, so nothing else changes.
Descriptions and choice names are catalogue messages (`bot.i18n.catalogue`: the shared
messages and every game's own), marked where the commands and the games' options are written;
a game choice is the game's display name. A message a language's catalogues lack is shown in
English.

A string made by `said` carries its message and values in its extras, so a description built
from data ("how many players (2 or 3)") is translated as its message and filled in afterwards
(a value that is a message itself, as a game's name in "Open a table of {game}", in that
language too); a /rules topic (`topic_title`) is named by its page's title in that language's
pages.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import languages
from bot.i18n import command_names, option_names, translation
from bot.lessons import lesson, lessons_of

# Discord's locales that have a language of ours (Discord's apps have no Gujarati or Slovak).
# Discord's locales whose commands we name in their language (English is the default)
LOCALES = {
    discord.Locale(locale): language.code
    for language in languages.ALL
    if language.code != "en"
    for locale in language.locales
}
NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
)
DESCRIPTION_LIMIT = 100  # Discord's limit for a description or a choice's name


def said(message: str, **values: object) -> app_commands.locale_str:
    """A command's text in English, translated as `message` with `values` filled in."""
    text = message.format(**values) if values else message
    return app_commands.locale_str(text, message=message, values=values)


def topic_title(game: str, topic: str, title: str) -> app_commands.locale_str:
    """A /rules topic, named by its page's title (translated from the game's own pages)."""
    return app_commands.locale_str(title, lesson=game, topic=topic)


def _page_title(game: str, topic: str, code: str) -> str | None:
    if code not in lessons_of(game).languages:
        return None
    pages = lesson(game, code).pages
    return next((page.title for page in pages if page.topic == topic), None)


def short(text: str) -> str:
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def translate_text(string: app_commands.locale_str, code: str) -> str | None:
    """A description or choice name in `code`, None where no catalogue has it."""
    if "lesson" in string.extras:
        title = _page_title(string.extras["lesson"], string.extras["topic"], code)
        return None if title is None else short(title)
    message = str(string.extras.get("message", string.message))
    values: dict[str, object] = {  # a value that is a message itself (a game's name) is translated
        key: translation(code, value) or value if isinstance(value, str) else value
        for key, value in (string.extras.get("values") or {}).items()
    }
    text = translation(code, message)
    if text is None:
        return None
    return short(text.format(**values) if values else text)


class Translator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        code = LOCALES.get(locale)
        if code is None:
            return None
        location = context.location
        if location in NAMES:
            return command_names(code).get(string.message)
        if location is app_commands.TranslationContextLocation.parameter_name:
            return option_names(code).get(string.message)
        return translate_text(string, code)

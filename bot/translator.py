"""Slash command names and descriptions in Hindi, from `bot/locales/hi.toml` (a file a
translator can edit). Discord shows them to members whose client is set to Hindi."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import discord
from discord import app_commands

LOCALES = {discord.Locale.hindi: "hi"}
FOLDER = Path(__file__).parent / "locales"


@cache
def table(code: str) -> dict[str, dict[str, str]]:
    return tomllib.loads((FOLDER / f"{code}.toml").read_text(encoding="utf-8"))


class Translator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        code = LOCALES.get(locale)
        if code is None:
            return None
        words = table(code)
        location = context.location
        if location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
        ):
            return words["names"].get(string.message)
        return words["descriptions"].get(string.message)

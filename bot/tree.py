"""The slash-command tree: every command's handler speaks the player's language, set before it
runs (in the same task)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.i18n import language_of, use_language

if TYPE_CHECKING:
    from bot.client import SeepBot


async def localise(interaction: discord.Interaction) -> str:
    """Speak the player's language for the rest of this interaction's handling: their
    `/language` choice, else their Discord client's language."""
    bot = cast("SeepBot", interaction.client)
    prefs = await bot.preferences.of(interaction.user.id)
    code = language_of(prefs.language, str(interaction.locale))
    use_language(code)
    return code


class LocalisedTree(app_commands.CommandTree["SeepBot"]):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await localise(interaction)
        return True

"""Every interaction speaks its player's language: the command tree sets it before a slash
command's handler runs (the components' handlers set it themselves, through `localise`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import language_of, use_language

if TYPE_CHECKING:
    from bot.client import SeepBot


async def localise(interaction: discord.Interaction) -> str:
    """Speak the player's language for the rest of this interaction's handling: their
    `/language` choice, else their Discord client's language."""
    client: SeepBot = interaction.client  # type: ignore[assignment]  # always our bot
    prefs = await client.preferences.of(interaction.user.id)
    code = language_of(prefs.language, str(interaction.locale))
    use_language(code)
    return code


class LocalisedTree(app_commands.CommandTree["SeepBot"]):
    """Every slash command's handler speaks the player's language (set before it runs, in the
    same task)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await localise(interaction)
        return True

"""One answer for anything unexpected in a slash command: private and plain, never a
traceback for the user, and a warning (not an error) in the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import _
from cogs.common import answer_unexpected

if TYPE_CHECKING:
    from bot.client import SeepBot


async def on_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    if isinstance(error, app_commands.CheckFailure):
        message = _("You can't use that command here.")
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
        return
    await answer_unexpected(interaction, getattr(error, "original", error))


async def setup(bot: SeepBot) -> None:
    bot.tree.on_error = on_command_error  # type: ignore[method-assign]  # the tree's one handler

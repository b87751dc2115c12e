"""Owner-only maintenance: publish the slash commands from inside Discord."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, ngettext
from cogs.common import tell

if TYPE_CHECKING:
    from bot.client import SeepBot

# /admin sync's choices, marked for the catalogues: Discord shows them in the app's language.
SCOPES = (N_("this server"), N_("everywhere"))


@app_commands.default_permissions(administrator=True)
class AdminCommands(
    commands.GroupCog, group_name="admin", group_description=N_("Bot maintenance (owner only)")
):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="sync", description=N_("Publish the slash commands (bot owner only)")
    )
    @app_commands.describe(scope=N_("this server only (instant) or every server"))
    async def sync(
        self, interaction: discord.Interaction, scope: Literal["this server", "everywhere"]
    ) -> None:
        if not await self.bot.is_owner(interaction.user):
            await tell(interaction, _("Only the bot's owner can publish its commands."))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if scope == "this server" and interaction.guild is not None:
            self.bot.tree.copy_global_to(guild=interaction.guild)
            synced = await self.bot.tree.sync(guild=interaction.guild)
            text = ngettext(
                "Published {count} command to this server.",
                "Published {count} commands to this server.",
                len(synced),
            )
        else:
            synced = await self.bot.tree.sync()
            text = ngettext(
                "Published {count} command to every server (Discord may take a while to show it).",
                "Published {count} commands to every server (Discord may take a while to show "
                "them).",
                len(synced),
            )
            # a server's own copy would show every command twice there
            cleared = await self.bot.clear_server_copies([g.id for g in self.bot.guilds])
            if cleared:
                text += " " + ngettext(
                    "The copy published to {count} server alone was removed.",
                    "The copies published to {count} servers alone were removed.",
                    len(cleared),
                )
        await interaction.followup.send(text, ephemeral=True)


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(AdminCommands(bot))

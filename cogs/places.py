"""Where an interaction comes from, and the commands offered there: a server that added the
bot, or a place it reaches only as an app installed to a person's account (bot/contexts.py)."""

from __future__ import annotations

from typing import TypeVar

import discord

from bot.contexts import PRIVATE_SCOPE, TableContext, relayed

EVERYWHERE = discord.app_commands.AppCommandContext(
    guild=True, dm_channel=True, private_channel=True
)
USER_OR_SERVER = discord.app_commands.AppInstallationType(guild=True, user=True)
T = TypeVar("T")


def everywhere(command: T) -> T:
    """A command offered wherever a person may use apps: installable to a server and to a
    person's account, usable in servers, DMs with the bot and group DMs."""
    installs = discord.app_commands.allowed_installs(guilds=True, users=True)
    contexts = discord.app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    return installs(contexts(command))


def records_scope(interaction: discord.Interaction) -> int:
    """Whose records a command reads: a server's own where it added the bot, else the
    private tables of their players (PRIVATE_SCOPE)."""
    if relayed(context_of_interaction(interaction)):
        return PRIVATE_SCOPE
    return interaction.guild_id or 0


def context_of_interaction(interaction: discord.Interaction) -> TableContext:
    """Where an interaction comes from, as Discord says it (`context` and the integration
    owners): the bot posts itself only in a server that added it."""
    if interaction.context.private_channel:
        return TableContext.GROUP_DM
    if interaction.context.dm_channel or interaction.guild_id is None:
        return TableContext.DM
    if interaction.is_guild_integration():
        return TableContext.SERVER
    return TableContext.APP_IN_SERVER

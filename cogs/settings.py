"""/settings (Manage Server): defaults for new tables, rating choices, a new leaderboard season."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import settings as server
from bot.daily import DailyError, daily_changes, describe_daily
from bot.i18n import LANGUAGES, N_, _, slash
from bot.i18n import current as current_language
from bot.lfg import describe_lfg, lfg_changes
from bot.storage.store import GuildSettings
from cogs.common import OwnView, tell
from cogs.options import (
    LevelChoice,
    Option,
    RetentionChoice,
    TimerChoice,
    table_option,
    with_options,
)
from cogs.reports import list_reports
from cogs.ui_types import ViewButton

if TYPE_CHECKING:
    from bot.client import SeepBot

NEEDS_MANAGER = N_("You need the Manage Server permission to change this server's settings.")


def settings_options() -> list[Option]:
    languages = tuple(
        app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()
    )
    return [
        Option(
            "language",
            str | None,
            N_(
                "the language of the tables' messages, and of players whose app speaks none of ours"
            ),
            None,
            choices=languages,
        ),
        Option("timer", TimerChoice | None, N_("the turn timer of new tables"), None),
        Option("level", LevelChoice | None, N_("how well computer players play by default"), None),
        Option(
            "rate_computer_games",
            bool | None,
            N_("whether games with computer players count for ratings"),
            None,
        ),
        Option("records", RetentionChoice | None, N_("how long deal records are kept"), None),
        *(table_option(option) for option in server.server_options()),
    ]


def may_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.guild_id) and interaction.permissions.manage_guild


def damaged_line(current: GuildSettings) -> str:
    """A line for the admin when the stored settings could not be read (then "")."""
    if not current.damaged:
        return ""
    return _(
        "This server's stored settings could not be read, so the defaults apply: set them "
        "again with {command}.",
        command=slash("settings tables"),
    ) + "\n"


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class SettingsCommands(
    commands.GroupCog, group_name="settings", group_description=N_("This server's settings")
):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="reports", description=N_("Members' reports of computer players' moves")
    )
    async def reports(self, interaction: discord.Interaction) -> None:
        if not may_manage(interaction):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        await list_reports(interaction)

    @app_commands.command(name="show", description=N_("Show this server's settings"))
    async def show(self, interaction: discord.Interaction) -> None:
        if not may_manage(interaction):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        current = await self.bot.store.guild_settings(interaction.guild_id or 0)
        shown = f"{server.describe(current.settings)}\n{describe_lfg(current.settings)}"
        await tell(interaction, damaged_line(current) + shown)

    @with_options(settings_options())
    async def _tables(self, interaction: discord.Interaction, **values: object) -> None:
        if not may_manage(interaction):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        by_name = {option.name: option for option in server.server_options()}
        changes = {
            (by_name[name].rules_key if name in by_name else name): value
            for name, value in values.items()
            if value is not None
        }
        guild = interaction.guild_id or 0
        if changes:
            await self.bot.store.update_guild_settings(guild, changes)
            self.bot.preferences.forget_server(guild)
        current = await self.bot.store.guild_settings(guild)
        heading = _("Saved. New tables now start with:") if changes else _("Nothing changed:")
        await tell(interaction, f"{heading}\n{server.describe(current.settings)}")

    tables: app_commands.Command[SettingsCommands, ..., None] = app_commands.command(
        name="tables", description=N_("Defaults for new tables and rating")
    )(_tables)

    @app_commands.command(name="daily", description=N_("The daily deal: its day and its board"))
    @app_commands.describe(
        announce_here=N_("post each day's boards in this channel when the day ends (default off)"),
        zone=N_("the time zone of the day, such as Asia/Kolkata (default UTC)"),
        start_hour=N_("the hour the day starts, 0 to 23 (default 0, midnight)"),
    )
    async def daily(
        self,
        interaction: discord.Interaction,
        announce_here: bool | None = None,
        zone: str | None = None,
        start_hour: app_commands.Range[int, 0, 23] | None = None,
    ) -> None:
        if not may_manage(interaction):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        try:
            channel = interaction.channel_id if announce_here else None
            changes = daily_changes(channel, announce_here, zone, start_hour, current_language())
        except DailyError as error:
            await tell(interaction, str(error))
            return
        guild = interaction.guild_id or 0
        if changes:
            await self.bot.store.update_guild_settings(guild, changes)
        current = await self.bot.store.guild_settings(guild)
        heading = _("Saved.") if changes else _("Nothing changed:")
        await tell(interaction, f"{heading}\n{describe_daily(current.settings)}")

    @app_commands.command(
        name="lfg", description=N_("The table finder: its cards' channel and pings")
    )
    @app_commands.describe(
        cards_here=N_("post every table card in this channel (off: where /lfg is used)"),
        pings=N_("whether new cards ping the members who asked for them (default on)"),
        ping_every=N_("the fewest minutes between two pings for the same game (default 30)"),
    )
    async def lfg(
        self,
        interaction: discord.Interaction,
        cards_here: bool | None = None,
        pings: bool | None = None,
        ping_every: app_commands.Range[int, 1, 1440] | None = None,
    ) -> None:
        if not may_manage(interaction):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        if cards_here and isinstance(interaction.channel, discord.Thread):
            await tell(interaction, _("Table cards need a channel, not a thread: use this in one."))
            return
        changes = lfg_changes(interaction.channel_id, cards_here, pings, ping_every)
        guild = interaction.guild_id or 0
        if changes:
            await self.bot.store.update_guild_settings(guild, changes)
        current = await self.bot.store.guild_settings(guild)
        heading = _("Saved.") if changes else _("Nothing changed:")
        await tell(interaction, f"{heading}\n{describe_lfg(current.settings)}")

    @app_commands.command(name="season", description=N_("Start a new leaderboard season"))
    async def season(self, interaction: discord.Interaction) -> None:
        if not may_manage(interaction):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        await interaction.response.send_message(
            _(
                "Start a new season? Leaderboards and ratings will count only games finished "
                "from now on. Players' own stats keep their whole history."
            ),
            view=SeasonConfirm(self.bot, interaction.user.id),
            ephemeral=True,
        )


class SeasonConfirm(OwnView):
    def __init__(self, bot: SeepBot, user_id: int) -> None:
        super().__init__(timeout=300)
        self.bot = bot
        self.user_id = user_id
        self.confirm.label = _("Start a new season")  # in the manager's language
        self.cancel.label = _("Cancel")

    @discord.ui.button(label="Start a new season", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction, button: ViewButton
    ) -> None:
        if interaction.user.id != self.user_id or not may_manage(interaction):
            await tell(interaction, _(NEEDS_MANAGER))
            return
        await self.bot.store.start_season(interaction.guild_id or 0, time.time())
        self.stop()
        await interaction.response.edit_message(
            content=_("A new season has started: the leaderboards are empty again."), view=None
        )

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction, button: ViewButton
    ) -> None:
        self.stop()
        await interaction.response.edit_message(content=_("Nothing changed."), view=None)


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(SettingsCommands(bot))

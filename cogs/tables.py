"""/table commands: open a table, join, leave, start, status, end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import settings as server
from bot.presenter import GAME_NAMES, cannot_post
from bot.tables import TableError, TableSession
from cogs._ui import (
    VARIANT_DESCRIPTIONS,
    LevelChoice,
    TimerChoice,
    advance,
    chosen_variants,
    lobby_embed,
    lobby_view,
    schedule,
    session_for,
    table_channel,
    tell,
)

if TYPE_CHECKING:
    from bot.client import SeepBot


async def open_thread(channel: discord.TextChannel, name: str) -> tuple[discord.Thread | None, str]:
    """A public thread for a new table, or None and a note saying plainly why not."""
    allowed = channel.permissions_for(channel.guild.me)
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        return None, (
            "I may not create threads in this channel, so the table plays here. (Give me Create "
            "Public Threads to keep each table in its own thread.)"
        )
    try:
        thread = await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=1440,
            reason="a new card table",
        )
    except discord.HTTPException:
        return None, "I could not create a thread for this table, so it plays here."
    return thread, ""


def require_host_or_manager(interaction: discord.Interaction, session: TableSession) -> None:
    permissions = getattr(interaction.user, "guild_permissions", None)
    if interaction.user.id != session.row.host_id and not (
        permissions is not None and permissions.manage_channels
    ):
        raise TableError("Only the host (or someone who manages channels) can do that.")


class TableCommands(
    commands.GroupCog, group_name="table", group_description="Seep and Suipe tables"
):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a table in this channel")
    @app_commands.describe(
        game="seep (100 points), seep30 (Punjab, 30 points) or suipe",
        players="how many players (Seep: 2 or 4, Suipe: 2 to 4)",
        baazis="Seep: how many baazis the match lasts",
        deals="Suipe: how many deals the match lasts",
        timer="time for each turn before a computer player moves for an absent player",
        level="how well the computer players added with the lobby button play",
        beginner="a table for learners: the hand picker offers a Hint button (not rated)",
        hand_size="Suipe: cards per hand (default 8, or 6 with four players)",
        partnerships="Suipe with four: two against two (default) or each for themselves",
        **VARIANT_DESCRIPTIONS,
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: Literal["seep", "seep30", "suipe"],
        players: app_commands.Range[int, 2, 4] = 4,
        baazis: app_commands.Range[int, 1, 20] = 1,
        deals: app_commands.Range[int, 1, 20] = 2,
        timer: TimerChoice | None = None,
        level: LevelChoice | None = None,
        beginner: bool = False,
        limited_houses: bool | None = None,
        loose_card_break: bool | None = None,
        ten_of_diamonds_two: bool | None = None,
        rawalpindi: bool | None = None,
        hand_size: Literal["6", "8", "all"] | None = None,
        partnerships: bool | None = None,
    ) -> None:
        refusal = cannot_post(interaction.channel)
        if refusal:
            await tell(interaction, refusal)
            return
        saved = (await self.bot.store.guild_settings(interaction.guild_id or 0)).settings
        defaults = server.effective(saved)
        rules: dict[str, object] = {"players": players}
        options: dict[str, object] = {
            "turn_timer": server.TIMERS[timer or defaults["timer"]],
            "computer_level": level or defaults["level"],
            "hints": beginner,
        }
        chosen = chosen_variants(
            limited_houses=limited_houses,
            loose_card_break=loose_card_break,
            ten_of_diamonds_two=ten_of_diamonds_two,
            rawalpindi=rawalpindi,
        )
        if game == "suipe":
            rules["deals"] = deals
            if hand_size is not None:
                rules["hand_size"] = {"6": 6, "8": 8, "all": 52}[hand_size]
            if partnerships is False:
                rules["partnerships"] = False
        else:
            rules |= {"game": game, "baazis": baazis}
        try:
            rules |= server.table_rules(game, chosen, saved)
            self.bot.tables.validate(game, rules)
        except TableError as error:
            await tell(interaction, str(error))
            return
        channel = interaction.channel
        home, note = channel, ""
        if isinstance(channel, discord.TextChannel):
            thread, note = await open_thread(channel, f"{GAME_NAMES[game]} table")
            if thread is not None:
                home = thread
                options["parent_channel_id"] = channel.id
        try:
            session = await self.bot.tables.create(
                interaction.guild_id or 0,
                getattr(home, "id", None) or interaction.channel_id or 0,
                interaction.user.id,
                game,
                rules,
                options=options,
            )
            await session.join(interaction.user.id, interaction.user.display_name)
        except TableError as error:
            await tell(interaction, str(error))
            return
        embed = lobby_embed(session)
        if home is channel:
            await interaction.response.send_message(
                note or None, embed=embed, view=lobby_view(session)
            )
            return
        await interaction.response.send_message(
            f"{interaction.user.mention} opened a table: it plays in {home.mention}. "
            "Join with the button.",
            embed=embed,
            view=lobby_view(session),
        )
        await home.send(
            f"Table {session.id} plays here, {interaction.user.mention}. Moves, table images "
            "and summaries come in this thread; /table commands work here too."
        )

    @app_commands.command(name="join", description="Sit down at this channel's table")
    @app_commands.describe(seat="the seat you want (partners sit opposite)")
    async def join(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 4] | None = None
    ) -> None:
        try:
            session = session_for(interaction)
            chosen = await session.join(
                interaction.user.id,
                interaction.user.display_name,
                None if seat is None else seat - 1,
            )
        except TableError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(
            f"{interaction.user.mention} sits at seat {chosen + 1}.", embed=lobby_embed(session)
        )

    @app_commands.command(name="computer", description="Add a computer player (host only)")
    @app_commands.describe(level="easy (makes mistakes), normal, or hard (thinks ahead)")
    async def computer(
        self,
        interaction: discord.Interaction,
        level: LevelChoice = "normal",
    ) -> None:
        try:
            session = session_for(interaction)
            seat = await session.add_computer(interaction.user.id, level)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(
            f"A {level} computer player sits at seat {seat + 1}.", embed=lobby_embed(session)
        )

    @app_commands.command(name="leave", description="Leave this channel's table before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            session = session_for(interaction)
            await session.leave(interaction.user.id)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(f"{interaction.user.mention} left the table.")

    @app_commands.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        try:
            session = session_for(interaction)
            await session.start(interaction.user.id)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message("The game has started.")
        channel = await table_channel(self.bot, session, interaction)
        schedule(self.bot, advance(self.bot, session, channel, 0))

    @app_commands.command(name="status", description="Show this channel's table")
    async def status(self, interaction: discord.Interaction) -> None:
        try:
            session = session_for(interaction)
        except TableError as error:
            await tell(interaction, str(error))
            return
        if not session.started:
            await interaction.response.send_message(embed=lobby_embed(session), ephemeral=True)
            return
        await interaction.response.send_message("Here is the table.", ephemeral=True)
        schedule(self.bot, advance(self.bot, session, interaction.channel, 0))

    @app_commands.command(
        name="end", description="End this channel's table (host or Manage Channels)"
    )
    async def end(self, interaction: discord.Interaction) -> None:
        try:
            session = session_for(interaction)
            require_host_or_manager(interaction, session)
            await self.bot.tables.end(interaction.channel_id or 0)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(f"Table {session.id} has ended.")

    @app_commands.command(name="rejoin", description="Take your seat back from the computer player")
    async def rejoin(self, interaction: discord.Interaction) -> None:
        try:
            session = session_for(interaction)
            seat = await session.rejoin(interaction.user.id)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(
            f"Welcome back, {interaction.user.mention}: seat {seat + 1} is yours again."
        )
        schedule(self.bot, advance(self.bot, session, interaction.channel, 0))

    @app_commands.command(name="kick", description="Remove a player (host or Manage Channels)")
    @app_commands.describe(member="the player to remove; a computer player takes a started seat")
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        try:
            session = session_for(interaction)
            require_host_or_manager(interaction, session)
            seat = await session.kick(member.id)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.send_message(
            f"{member.display_name} left seat {seat + 1}."
            + (" A computer player takes it." if session.started else "")
        )
        if session.started:
            schedule(self.bot, advance(self.bot, session, interaction.channel, 0))


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(TableCommands(bot))

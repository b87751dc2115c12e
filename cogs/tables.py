"""/table commands: open a table, join, leave, start, status, end."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import logs
from bot import settings as server
from bot.client import prepare_drawing
from bot.contexts import PRIVATE_SCOPE, TableContext, people_at_most, relayed
from bot.flow import End, Kick, Rejoin, ShowTable, Start
from bot.i18n import N_, _, current, slash, speaking
from bot.table_options import TableOptions
from bot.tables import TableError, TableSession
from bot.translator import said
from cogs.common import cannot_post, session_for, tell
from cogs.lobby import (
    LobbyButton,
    NextMatchButton,
    RematchButton,
    lobby_embed,
    lobby_view,
    rule_name,
)
from cogs.options import (
    ALL_OPTIONS_UP_TO,
    LevelChoice,
    Option,
    TimerChoice,
    per_game,
    players_option,
    short,
    table_option,
    with_options,
)
from cogs.output import DiscordTableOutput
from cogs.places import context_of_interaction
from cogs.relay import (
    ContinueButton,
    RelayTableOutput,
    RoutedTableOutput,
    relay_output,
)
from engine import registry
from engine.registry import GameSpec, TableRules

if TYPE_CHECKING:
    from bot.client import SeepBot

ACKNOWLEDGE_AFTER = 1.5  # seconds an answer may wait before it is acknowledged first


async def open_thread(channel: discord.TextChannel, name: str) -> tuple[discord.Thread | None, str]:
    """A public thread for a new table, or None and a note saying plainly why not."""
    allowed = channel.permissions_for(channel.guild.me)
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        return None, _(
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
        return None, _("I could not create a thread for this table, so it plays here.")
    return thread, ""


def require_host_or_manager(interaction: discord.Interaction, session: TableSession) -> None:
    # the member's permissions in this channel, as Discord resolved them for the interaction
    if interaction.user.id != session.row.host_id and not interaction.permissions.manage_channels:
        raise TableError(_("Only the host (or someone who manages channels) can do that."))


def new_table_options(spec: GameSpec) -> list[Option]:
    """/table new <game>'s options: seats, the table's settings, then the game's own."""
    if len(registry.games()) > ALL_OPTIONS_UP_TO:
        return [players_option(spec)]
    return [
        players_option(spec),
        Option(
            "timer",
            TimerChoice | None,
            N_("time for each turn before a computer player moves for an absent player"),
            None,
        ),
        Option(
            "level",
            LevelChoice | None,
            N_("how well the computer players added with the lobby button play"),
            None,
        ),
        Option(
            "beginner",
            bool,
            N_("a table for learners: the hand picker offers a Hint button (not rated)"),
            False,
        ),
        *(table_option(option) for option in spec.options),
    ]


def new_table_description(spec: GameSpec) -> app_commands.locale_str:
    return said(N_("Open a table of {game}"), game=spec.display_name)


def new_table_group(open_table: Callable[..., Awaitable[None]]) -> app_commands.Group:
    """/table new: one subcommand per registered game, each calling `open_table`."""
    new = app_commands.Group(name="new", description=N_("Open a table in this channel"))
    for command in per_game(registry.games(), new_table_description, new_table_options,
                            open_table):  # fmt: skip
        new.add_command(command)
    return new


def seat_option() -> Option:
    high = max(spec.max_players for spec in registry.games())
    annotation = app_commands.Range[int, 1, high] | None
    return Option("seat", annotation, N_("the seat you want (partners sit opposite)"), None)


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class TableCommands(
    commands.GroupCog,
    group_name="table",
    group_description=N_("Card game tables"),
):
    """The /table group. discord.py runs this module afresh each time it loads it as an
    extension, so the class, made then, offers every game registered at that moment."""

    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        super().__init__()

    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        players: int | None = None,
        timer: str | None = None,
        level: str | None = None,
        beginner: bool = False,
        **chosen: object,
    ) -> None:
        context = context_of_interaction(interaction)
        refusal = None if relayed(context) else cannot_post(interaction.channel)
        if refusal:
            await tell(interaction, refusal)
            return
        # a table outside servers that added the bot is its players' own: their scope
        guild_id = PRIVATE_SCOPE if relayed(context) else interaction.guild_id or 0
        saved = (await self.bot.store.guild_settings(guild_id)).settings
        options = await new_table_settings(
            self.bot, interaction, context, saved, timer, level, beginner
        )
        try:
            spec = registry.game(game)
            rules = new_table_rules(spec, players, chosen, saved, options)
            self.bot.tables.validate(game, rules)
        except (TableError, registry.UnknownGame) as error:
            await tell(interaction, str(error))
            return
        thread, note, options = await table_thread(interaction, context, spec, options)
        session = await self.bot.tables.create(
            guild_id,
            thread.id if thread is not None else interaction.channel_id or 0,
            interaction.user.id,
            game,
            rules,
            options=options,
        )
        logs.set_table(session.id)
        await session.join(interaction.user.id, interaction.user.display_name)
        if people_at_most(context) == 1:  # a DM with the bot: the other seats are computers'
            note = await seat_computers(session, interaction.user.id, options)
        await post_lobby(self.bot, interaction, session, thread, note, context)

    new = new_table_group(open_table)

    @app_commands.command(
        name="setup", description=N_("Change the table's settings before the start (host only)")
    )
    @app_commands.describe(
        timer=N_("time for each turn before a computer player moves for an absent player"),
        level=N_("how well the computer players added with the lobby button play"),
        beginner=N_("a table for learners: the hand picker offers a Hint button (not rated)"),
        rule=N_("one of the game's rules to change"),
        value=N_("the rule's new value"),
    )
    async def setup(
        self,
        interaction: discord.Interaction,
        timer: TimerChoice | None = None,
        level: LevelChoice | None = None,
        beginner: bool | None = None,
        rule: str | None = None,
        value: str | None = None,
    ) -> None:
        session = session_for(interaction)

        def changed(options: TableOptions) -> TableOptions:
            if timer is not None:
                options = replace(options, turn_timer=server.TIMERS[timer])
            if level is not None:
                options = replace(options, computer_level=level)
            if beginner is not None:
                options = replace(options, hints=beginner)
            return options

        rules = dict(session.row.rules)
        if rule is not None or value is not None:
            option = session.spec.option(rule or "")
            if option is None:
                names = ", ".join(o.name for o in session.spec.options)
                raise TableError(_("Choose one of this game's rules: {names}.", names=names or "—"))
            if value is None:
                raise TableError(_("Give the rule's new value too."))
            rules = server.with_rule(rules, option, server.rule_value(option, value))
        if (timer, level, beginner) == (None, None, None) and rules == session.row.rules:
            raise TableError(_("Choose a setting or a rule to change."))
        await session.set_up(interaction.user.id, rules, changed)
        with speaking(session.language):
            text = _("{player} changed the table's settings.", player=interaction.user.mention)
        embed = lobby_embed(session.lobby_snapshot())
        await interaction.response.send_message(text, embed=embed)

    @setup.autocomplete("rule")
    async def _rules(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        session = self.bot.tables.get(interaction.channel_id or 0)
        if session is None:
            return []
        found = [(short(rule_name(o.label)), o.name) for o in session.spec.options]
        typed = typed.casefold()
        return [
            app_commands.Choice(name=label, value=name)
            for label, name in found
            if typed in label.casefold() or typed in name
        ][:25]

    @setup.autocomplete("value")
    async def _values(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        session = self.bot.tables.get(interaction.channel_id or 0)
        rule = getattr(interaction.namespace, "rule", None)
        option = None if session is None else session.spec.option(str(rule or ""))
        if option is None:
            return []
        typed = typed.casefold()
        return [
            app_commands.Choice(name=shown, value=sent)
            for shown, sent in server.rule_values(option)
            if typed in shown.casefold()
        ][:25]

    @with_options([seat_option()])
    async def _join(self, interaction: discord.Interaction, seat: int | None = None) -> None:
        session = session_for(interaction)
        chosen = await session.join(
            interaction.user.id,
            interaction.user.display_name,
            None if seat is None else seat - 1,
        )
        with speaking(session.language):
            text = _(
                "{player} sits at seat {number}.",
                player=interaction.user.mention,
                number=chosen + 1,
            )
        embed = lobby_embed(session.lobby_snapshot())
        await interaction.response.send_message(text, embed=embed)

    join: app_commands.Command[TableCommands, ..., None] = app_commands.command(
        name="join", description=N_("Sit down at this channel's table")
    )(_join)

    @app_commands.command(name="computer", description=N_("Add a computer player (host only)"))
    @app_commands.describe(level=N_("easy (makes mistakes), normal, or hard (thinks ahead)"))
    async def computer(
        self,
        interaction: discord.Interaction,
        level: LevelChoice = "normal",
    ) -> None:
        session = session_for(interaction)
        seat = await session.add_computer(interaction.user.id, level)
        with speaking(session.language):
            text = _(
                "A computer player ({level}) sits at seat {number}.",
                level=_(level),
                number=seat + 1,
            )
        embed = lobby_embed(session.lobby_snapshot())
        await interaction.response.send_message(text, embed=embed)

    @app_commands.command(
        name="leave", description=N_("Leave this channel's table before it starts")
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction)
        await session.leave(interaction.user.id)
        with speaking(session.language):
            text = _("{player} left the table.", player=interaction.user.mention)
        await interaction.response.send_message(text)

    @app_commands.command(name="start", description=N_("Start the game (host only)"))
    async def start(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction)
        await self.bot.flow.play(session, Start(interaction.user.id))
        with speaking(session.language):
            text = _("The game has started.")
        await interaction.response.send_message(text)

    @app_commands.command(name="status", description=N_("Show this channel's table"))
    async def status(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction)
        if not session.started:
            embed = lobby_embed(session.lobby_snapshot())
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        if session.seat_of(interaction.user.id) is None:
            try:
                require_host_or_manager(interaction, session)
            except TableError:
                await tell(
                    interaction,
                    _(
                        "Only the players at this table (or a moderator) can post it "
                        "again: the latest table message is above."
                    ),
                )
                return
        await self.bot.flow.play(session, ShowTable())
        await interaction.response.send_message(_("Here is the table."), ephemeral=True)

    @app_commands.command(
        name="end", description=N_("End this channel's table (host or Manage Channels)")
    )
    async def end(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction)
        require_host_or_manager(interaction, session)
        if session.row.options.event is not None:  # its event waits for its result
            raise TableError(
                _("This table plays a match of event {number}: it ends with its match (a "
                  "computer plays for a player who does not come).",
                  number=session.row.options.event)
            )  # fmt: skip
        name = interaction.user.display_name
        with speaking(session.language):
            closing = _("This table was ended by {name}.", name=name)
        # An end waits for a message being posted (which Discord may hold back): past a
        # moment, it is acknowledged first, within Discord's 3 seconds.
        ending = asyncio.ensure_future(
            self.bot.flow.play(session, End(interaction.channel_id or 0, closing))
        )
        if not (await asyncio.wait({ending}, timeout=ACKNOWLEDGE_AFTER))[0]:
            await interaction.response.defer(thinking=True)
        try:
            await ending
        except TableError as error:
            if interaction.response.is_done():  # the refusal is said privately
                await interaction.delete_original_response()
                await interaction.followup.send(str(error), ephemeral=True)
                return
            raise
        with speaking(session.language):
            text = _("Table {number} has ended.", number=session.id)
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text)
        else:
            await interaction.response.send_message(text)

    @app_commands.command(
        name="rejoin", description=N_("Take your seat back from the computer player")
    )
    async def rejoin(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction)
        seat = await self.bot.flow.play(session, Rejoin(interaction.user.id))
        assert isinstance(seat, int)  # a rejoin's answer: the seat taken back
        with speaking(session.language):
            text = _(
                "Welcome back, {player}: seat {number} is yours again.",
                player=interaction.user.mention,
                number=seat + 1,
            )
        await interaction.response.send_message(text)

    @app_commands.command(name="kick", description=N_("Remove a player (host or Manage Channels)"))
    @app_commands.describe(
        member=N_("the player to remove; a computer player takes a started seat")
    )
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        session = session_for(interaction)
        require_host_or_manager(interaction, session)
        seat = await self.bot.flow.play(session, Kick(member.id))
        assert isinstance(seat, int)  # a kick's answer: the seat left
        with speaking(session.language):
            text = _("{name} left seat {number}.", name=member.display_name, number=seat + 1)
            if session.started:
                text += " " + _("A computer player takes it.")
        await interaction.response.send_message(text)


async def setup(bot: SeepBot) -> None:
    bot.flow.attach(RoutedTableOutput(DiscordTableOutput(bot), RelayTableOutput(bot)))
    await bot.add_cog(TableCommands(bot))
    bot.add_dynamic_items(LobbyButton, RematchButton, NextMatchButton, ContinueButton)


async def new_table_settings(
    bot: SeepBot,
    interaction: discord.Interaction,
    context: TableContext,
    saved: Mapping[str, object],
    timer: str | None,
    level: str | None,
    beginner: bool,
) -> TableOptions:
    """A new table's settings: the opener's choices, else the server's defaults; the table's
    public messages speak the server's language, else its opener's."""
    guild = None if relayed(context) else interaction.guild_id
    language = await bot.preferences.server_language(guild) or current()
    return server.new_table_options(saved, language, timer, level, beginner, context)


def new_table_rules(
    spec: GameSpec,
    players: int | None,
    chosen: Mapping[str, object],
    saved: Mapping[str, object],
    options: TableOptions,
) -> TableRules:
    """A new table's rules: its seats, then the game's options as chosen, else as the server
    saved them, in the table's language."""
    rules: TableRules = {"players": players or spec.default_players}
    return rules | server.table_rules(spec, chosen, saved, options.language)


async def table_thread(
    interaction: discord.Interaction,
    context: TableContext,
    spec: GameSpec,
    options: TableOptions,
) -> tuple[discord.Thread | None, str, TableOptions]:
    """A new table's own thread when it is opened in a server's text channel (the channel
    noted in the options returned), or None and a note saying why it plays where it was
    opened."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel) or relayed(context):
        return None, "", options
    title = _("{game} table", game=registry.display_name(spec.name))
    thread, note = await open_thread(channel, title)
    if thread is not None:
        options = replace(options, parent_channel_id=channel.id)
    return thread, note, options


async def seat_computers(session: TableSession, host_id: int, options: TableOptions) -> str:
    """Fill every other seat of a table opened in a DM with the bot; the note saying so."""
    level = options.computer_level
    for _seat in range(session.players - 1):
        await session.add_computer(host_id, level)
    return _(
        "Only you and I are in this DM, so every other seat goes to a computer "
        "player. To play with people, open the table in a group DM or a server."
    )


async def post_lobby(
    bot: SeepBot,
    interaction: discord.Interaction,
    session: TableSession,
    thread: discord.Thread | None,
    note: str,
    context: TableContext,
) -> None:
    """The new table's lobby, as the command's answer: in the channel, or pointing to the
    table's own `thread`, where a first line greets its opener."""
    embed = lobby_embed(session.lobby_snapshot())
    if thread is None:
        sent = await interaction.response.send_message(
            note or None, embed=embed, view=lobby_view(session)
        )
    else:
        sent = await interaction.response.send_message(
            _(
                "{player} opened a table: it plays in {thread}. Join with the button.",
                player=interaction.user.mention,
                thread=thread.mention,
            ),
            embed=embed,
            view=lobby_view(session),
        )
    prepare_drawing()  # once the lobby is posted: the renderers load while players join
    if sent.message_id is not None:
        await session.remember_lobby(sent.message_id, interaction.channel_id or 0)
    output = relay_output(bot)
    if relayed(context) and output is not None:  # the lobby is this command's answer
        output.offer(session, interaction, lobby=True).answer = sent.message_id
    if thread is None:
        return
    await thread.send(
        _(
            "Table {number} plays here, {player}. Moves, table images and summaries "
            "come in this thread; {command} commands work here too.",
            command=slash("table"),
            number=session.id,
            player=interaction.user.mention,
        )
    )

"""/tournament commands: make an event, join and leave it, start it, see its standings,
export its results; and the event's messages on Discord (its thread, its standings message,
its tables' threads). The event's life is bot/tournaments/runtime.py's."""

from __future__ import annotations

import asyncio
import csv
import io
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import settings as server
from bot.daily import zone_of
from bot.i18n import N_, _, current, ngettext, slash, speaking
from bot.storage.tournaments import EventFormat, EventOptions, EventRow, PairingRow
from bot.tables import TableError, TableSession
from bot.tournaments.format import FormatName
from bot.tournaments.runtime import (
    EventError,
    EventView,
    Tournaments,
    entrant_name,
    event_language,
    format_label,
)
from bot.translator import said
from cogs.common import bot_of, can_attach, cannot_post, channel_of, guarded, tell
from cogs.options import (
    ALL_OPTIONS_UP_TO,
    Option,
    TimerChoice,
    game_option,
    per_game,
    players_option,
    table_option,
    with_options,
)
from cogs.ui_types import ViewButton, ViewItem
from engine import registry
from engine.registry import GameSpec, OptionValue, TableRules

if TYPE_CHECKING:
    from bot.client import SeepBot

log = logging.getLogger("seepbot.tournament")
FORMAT_NAMES = ("swiss", "sessions", "knockout", "arena", "duplicate")
STANDINGS_SHOWN = 30  # lines of standings in the message (the export has them all)
CLOCK = re.compile(r"^(?:(\d{4})-(\d{2})-(\d{2})\s+)?(\d{1,2}):(\d{2})$")
# Games whose /tournament new is a subcommand of its own (with the game's options): one fewer than
# /table's, the event's own options taking the room of a game (eight games made 8,602 characters,
# past Discord's 8,000); past it, one command with the game as a choice.
EVENT_OPTIONS_UP_TO = ALL_OPTIONS_UP_TO - 1


def event_options(spec: GameSpec | None) -> list[Option]:
    """/tournament new <game>'s options: the format, the start, the format's numbers, then
    the table's and the game's own."""
    first = [
        Option("format", str, N_("how players are paired and scored"), choices=tuple(
            app_commands.Choice(name=said(format_label(name)), value=name)
            for name in FORMAT_NAMES
        )),
        Option(
            "start",
            str | None,
            N_("minutes from now (30) or a time of the server's zone (20:00)"),
            None,
        ),
    ]
    if spec is None:
        return [*first, *format_numbers()]
    return [*first, players_option(spec), *format_numbers(),
            *(table_option(option) for option in spec.options)]  # fmt: skip


def format_numbers() -> list[Option]:
    """The format's numbers and the event's own settings, the same for every game."""
    return [
        Option("rounds", app_commands.Range[int, 1, 30] | None,
               N_("rounds (Swiss, duplicate) or sessions"), None),
        Option("best_of", app_commands.Range[int, 1, 9] | None,
               N_("knockout: matches a pairing plays"), None),
        Option("minutes", app_commands.Range[int, 5, 600] | None,
               N_("arena: the minutes it lasts"), None),
        Option("capacity", app_commands.Range[int, 2, 512] | None,
               N_("most players who may enter"), None),
        Option("checkin", app_commands.Range[int, 1, 120] | None,
               N_("entries close this many minutes before"), None),
        Option("computers", app_commands.Range[int, 0, 32] | None,
               N_("computer players who enter"), None),
        Option("timer", TimerChoice | None, N_("time for each turn"), None),
    ]  # fmt: skip


def event_description(spec: GameSpec) -> app_commands.locale_str:
    return said(N_("Make a tournament of {game}"), game=spec.display_name)


def start_time(text: str | None, zone: str, now: float) -> float:
    """When an event starts: now (nothing given), minutes from now ("30"), or a clock time
    in the server's zone ("20:00", "2026-12-04 20:00"). A time that has passed is refused."""
    if text is None or not text.strip():
        return now
    text = text.strip()
    if text.lstrip("+").isdigit():
        return now + 60 * int(text.lstrip("+"))
    found = CLOCK.match(text)
    if found is None:
        raise EventError(
            _("Give the start as minutes from now (30) or a time such as 20:00 or "
              "2026-12-04 20:00.")
        )  # fmt: skip
    year, month, day, hour, minute = found.groups()
    local = datetime.fromtimestamp(now, zone_of(zone))
    try:
        when = local.replace(hour=int(hour), minute=int(minute), second=0, microsecond=0)
        if year is not None:
            when = when.replace(year=int(year), month=int(month), day=int(day))
    except ValueError:
        raise EventError(_("That is not a time: give it as 20:00.")) from None
    if when.timestamp() < now - 60:
        raise EventError(
            _("That start time has passed: choose a time to come.")
            + (" " + _("(For tomorrow, give the date too: {example}.)",
                       example=(local + timedelta(days=1)).strftime("%Y-%m-%d ") + text)
               if year is None else "")
        )  # fmt: skip
    return max(now, when.timestamp())


def may_create(interaction: discord.Interaction, saved: Mapping[str, object]) -> bool:
    """Members with Manage Server, or with the role the server names for events."""
    if interaction.permissions.manage_guild:
        return True
    role = saved.get("tournament_role")
    roles = getattr(interaction.user, "roles", [])
    return isinstance(role, int | str) and any(r.id == int(role) for r in roles)


# ----- the event's messages ------------------------------------------------------------------


def standings_lines(view: EventView) -> list[str]:
    lines = []
    names = view.tiebreak_names
    for standing in view.standings[:STANDINGS_SHOWN]:
        name = view.name_of(standing.user_id)
        line = _("{rank}. {name} — {score}", rank=standing.rank, name=name,
                 score=number(standing.score))  # fmt: skip
        if standing.tiebreaks and names:
            breaks = ", ".join(
                f"{_(label)} {number(value)}"
                for label, value in zip(names, standing.tiebreaks, strict=False)
            )
            line += f" ({breaks})"
        line += " · " + _("{count} played", count=standing.played)
        if standing.withdrawn:
            line += " · " + _("withdrawn")
        lines.append(line)
    return lines


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


def table_line(view: EventView, pairing: PairingRow) -> str:
    players = ", ".join(view.name_of(u) for u in pairing.seats)
    where = f"<#{pairing.thread_id}>" if pairing.thread_id else "—"
    line = _("Round {round}, table {table}: {players} — {where}", round=pairing.round,
             table=pairing.table_number, players=players, where=where)  # fmt: skip
    if pairing.table_id is not None:
        line += " · " + _("table {number}", number=pairing.table_id)
    if pairing.result is not None:
        scores = " : ".join(number(s) for s in pairing.result["scores"])
        line += f" · {scores}"
    return line


def standings_embed(view: EventView) -> discord.Embed:
    event = view.event
    with speaking(event_language(event)):
        title = _("Event {number}: {format} of {game}", number=event.id,
                  format=_(format_label(event.format)),
                  game=registry.display_name(event.game))  # fmt: skip
        when = int(event.starts_at)
        status = {
            "open": _("Open for entries. Starts {time} ({relative}).",
                      time=f"<t:{when}:F>", relative=f"<t:{when}:R>"),
            "closed": _("Entries are closed. Starts {time} ({relative}).",
                        time=f"<t:{when}:F>", relative=f"<t:{when}:R>"),
            "running": _("Playing."),
            "finished": _("Finished."),
            "cancelled": _("Cancelled."),
        }.get(event.status, event.status)  # fmt: skip
        parts = [status]
        if event.status in ("open", "closed"):
            parts.append(
                _("Entered ({count}): {names}", count=len(view.entrants),
                  names=", ".join(entrant_name(e) for e in view.entrants) or "—")
            )  # fmt: skip
            parts.append(_("Join with the button or {command}.", command=slash("tournament join")))
        else:
            parts.append("\n".join(standings_lines(view)) or "—")
        embed = discord.Embed(title=title, description="\n\n".join(parts)[:4000],
                              colour=discord.Colour.gold())  # fmt: skip
        recent = [p for p in view.pairings if p.result is None] or list(view.pairings[-6:])
        if recent:
            text = "\n".join(table_line(view, p) for p in recent[:10])
            embed.add_field(name=_("Tables"), value=text[:1024], inline=False)
        embed.set_footer(text=_("{command} for every table's result and record",
                                command="/tournament export"))  # fmt: skip
    return embed


class EventButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"event:(?P<event>\d+):(?P<action>\w+)",
):
    LABELS: ClassVar[dict[str, str]] = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "start": N_("Start"),
    }

    def __init__(self, event_id: int, action: str) -> None:
        self.event_id = event_id
        self.action = action
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS.get(action, action)),
                style=style,
                custom_id=f"event:{event_id}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> EventButton:
        return cls(int(match["event"]), match["action"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await act(bot, interaction, self.event_id, self.action)


def event_buttons(event: EventRow) -> discord.ui.View | None:
    if event.status not in ("open", "closed"):
        return None
    view = discord.ui.View(timeout=None)
    with speaking(event_language(event)):
        actions = ("join", "leave", "start") if event.status == "open" else ("leave", "start")
        for action in actions:
            view.add_item(EventButton(event.id, action))
    return view


async def act(
    bot: SeepBot,
    interaction: discord.Interaction,
    event_id: int,
    action: str,
    partner: int | None = None,
) -> None:
    """Join (with a partner), leave or start an event; the answer is private."""
    events = tournaments_of(bot)
    user = interaction.user
    if action == "join":
        event = await events.join(event_id, user.id, user.display_name, partner)
        await tell(interaction, _("You have entered event {number}.", number=event.id))
    elif action == "leave":
        await events.leave(event_id, user.id)
        await tell(interaction, _("You have left event {number}.", number=event_id))
    elif action == "start":
        await events.start(event_id, user.id, manager=interaction.permissions.manage_guild)
        await tell(interaction, _("Event {number} starts now.", number=event_id))


def tournaments_of(bot: SeepBot) -> Tournaments:
    found = getattr(bot, "tournaments", None)
    if found is None:
        raise TableError(_("Tournaments are not available on this bot."))
    return found  # type: ignore[no-any-return]


def role_warning(me: discord.Member, role: discord.Role) -> str:
    """Why the bot cannot give and take `role` (empty when it can): the season table is kept
    either way, and the role is handed after the first event that ends once it may."""
    if not me.guild_permissions.manage_roles:
        return _("I cannot give the role {role} yet: I need the Manage Roles permission. The "
                 "season table is kept meanwhile.", role=role.mention)  # fmt: skip
    if role >= me.top_role:
        return _("I cannot give the role {role} yet: it must be below my own highest role in "
                 "the server's role list. The season table is kept meanwhile.",
                 role=role.mention)  # fmt: skip
    return ""


class DiscordEventOutput:
    """The runtime's port onto Discord."""

    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    async def hand_role(
        self, event: EventRow, role_id: int, give: set[int], take: set[int]
    ) -> bool:
        guild = self.bot.get_guild(event.guild_id)
        role = None if guild is None else guild.get_role(role_id)
        if guild is None or role is None:
            return False
        me = guild.me
        if not me.guild_permissions.manage_roles or role >= me.top_role:
            log.info("event %s: may not manage the champion role %s", event.id, role_id)
            return False
        try:
            for user_id in sorted(give):
                await self.bot.http.add_role(guild.id, user_id, role_id, reason="league champion")
            for user_id in sorted(take):
                await self.bot.http.remove_role(
                    guild.id, user_id, role_id, reason="no longer the league's champion"
                )
        except discord.HTTPException as error:
            log.info("event %s: the champion role could not be handed: %s", event.id, error)
            return False
        return True

    async def event_thread(self, event: EventRow) -> int:
        channel = await channel_of(self.bot, event.channel_id)
        with speaking(event_language(event)):
            title = _("Event {number}: {game}", number=event.id,
                      game=registry.display_name(event.game))  # fmt: skip
        thread = await channel.create_thread(
            name=title[:100], type=discord.ChannelType.public_thread,
            auto_archive_duration=10080, reason="a tournament",
        )  # fmt: skip
        return int(thread.id)

    async def table_thread(self, event: EventRow, title: str) -> int:
        channel = await channel_of(self.bot, event.channel_id)
        with speaking(event_language(event)):
            thread = await channel.create_thread(
                name=title[:100], type=discord.ChannelType.public_thread,
                auto_archive_duration=1440, reason="a tournament table",
            )  # fmt: skip
        return int(thread.id)

    async def table_opened(
        self, event: EventRow, session: TableSession, pairing: PairingRow
    ) -> None:
        channel = await channel_of(self.bot, session.row.channel_id)
        players = " ".join(f"<@{u}>" for u in pairing.seats if u >= 0)
        with speaking(event_language(event)):
            text = _(
                "Event {event}, round {round}, table {table}: {players}, your match plays here "
                "(table {number}). A seat whose player does not come is played by a computer "
                "once its turn timer runs out; the result counts.",
                event=event.id, round=pairing.round, table=pairing.table_number,
                players=players or "—", number=session.id,
            )  # fmt: skip
        # with its nonce: sent again after a crash, it is the same message
        await channel.send(text, nonce=f"e{event.id}.{pairing.round}.{pairing.table_number}")

    async def show_standings(self, event: EventRow, view: EventView) -> int | None:
        channel = await channel_of(self.bot, event.home_id)
        embed = standings_embed(view)
        buttons = event_buttons(event)
        if event.standings_message is not None:
            message = channel.get_partial_message(event.standings_message)
            try:
                await message.edit(embed=embed, view=buttons)
                return event.standings_message
            except discord.NotFound:
                pass  # deleted: posted again
        sent = await channel.send(embed=embed, view=buttons)
        return int(sent.id)

    async def announce(self, event: EventRow, text: str) -> None:
        channel = await channel_of(self.bot, event.home_id)
        await channel.send(text)

    async def final_results(self, event: EventRow, view: EventView, text: str) -> None:
        channel = await channel_of(self.bot, event.home_id)
        with speaking(event_language(event)):
            files = await event_pictures(view, None) if can_attach(channel) else []
        await channel.send(text, files=files)


async def event_pictures(view: EventView, viewer: int | None) -> list[discord.File]:
    """The event's results picture (a knockout's bracket too), in the words spoken now;
    `viewer`'s line marked. None before the start."""
    if view.state is None or view.format is None or not view.state.results:
        return []
    from bot.tournaments.pictures import bracket_model, results_model  # imports Pillow
    from renderers.tournament import render_bracket_png, render_results_png

    names = {e.user_id: entrant_name(e) for e in view.entrants}
    state = replace(view.state, entrants=tuple(
        replace(e, name=names.get(e.user_id, e.name)) for e in view.state.entrants
    ))  # fmt: skip
    event = view.event
    title = _("Event {number}: {game}", number=event.id, game=registry.display_name(event.game))
    rounds = max((r.round for r in state.results), default=0)
    model = results_model(view.format, state, title, event.status == "finished", viewer, rounds)
    files = [discord.File(io.BytesIO(await asyncio.to_thread(render_results_png, model)),
                          filename="results.png")]  # fmt: skip
    if view.format.name == FormatName.KNOCKOUT:
        bracket = bracket_model(state, title)
        png = await asyncio.to_thread(render_bracket_png, bracket)
        files.append(discord.File(io.BytesIO(png), filename="bracket.png"))
    return files


def event_channel(
    interaction: discord.Interaction, saved: Mapping[str, object]
) -> discord.TextChannel:
    """The text channel an event is made in, once its maker may make one there and the bot
    may open the event's threads in it; an EventError says plainly what is missing."""
    if not may_create(interaction, saved):
        raise EventError(
            _("Only members who manage the server (or have the server's event role) "
              "make events.")
        )  # fmt: skip
    channel = interaction.channel
    refusal = cannot_post(channel)
    if refusal:
        raise EventError(refusal)
    if not isinstance(channel, discord.TextChannel):
        raise EventError(_("Make the event in a text channel: its tables play in "
                           "threads of it."))  # fmt: skip
    allowed = channel.permissions_for(channel.guild.me)
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        raise EventError(
            _("I may not create threads in this channel, and each table of an event "
              "plays in a thread of its own. Give me Create Public Threads here, or "
              "make the event in another channel.")
        )  # fmt: skip
    return channel


def event_rules(
    game: str,
    players: int | None,
    chosen: Mapping[str, object],
    saved: Mapping[str, object],
    language: str,
) -> TableRules:
    """The rules of an event's tables: its seats, then the game's options as chosen, else as
    the server saved them."""
    try:
        spec = registry.game(game)
        rules: TableRules = {"players": players or spec.default_players}
        return rules | server.table_rules(spec, chosen, saved, language)
    except registry.UnknownGame as error:
        raise EventError(str(error)) from None


def dealer_sits_out(game: str, format: str, rules: Mapping[str, OptionValue]) -> bool:
    """A session table of one seat more than the game's has its dealer sit out each hand
    (Sheepshead: six at a table of five-handed play)."""
    spec = registry.game(game)
    return format == FormatName.SESSIONS and spec.dealer_out_seats == spec.players_of(rules) + 1


def event_settings(
    rules: Mapping[str, OptionValue],
    saved: Mapping[str, object],
    language: str,
    *,
    rounds: int | None,
    best_of: int | None,
    minutes: int | None,
    capacity: int | None,
    checkin: int | None,
    timer: str | None,
    dealer_sits_out: bool = False,
) -> EventOptions:
    """An event's options: its tables' settings (the server's defaults, in its language),
    the format's numbers, and who may enter when."""
    numbers: EventFormat = {
        "rounds": rounds or 0, "best_of": best_of or 1,
        "hands": int(rules.get("hands", 0) or 0),
        "duration": 60.0 * (minutes or 0),
        "dealer_sits_out": dealer_sits_out,
    }  # fmt: skip
    return {
        "table": server.new_table_options(saved, language, timer).to_json(),
        "format": numbers,
        "capacity": capacity or 0,
        "checkin": 60.0 * (checkin or 0),
    }


async def open_event_thread(
    channel: discord.TextChannel, event: EventRow, language: str
) -> discord.Thread:
    """The event's own thread, where it lives, named in the server's language."""
    with speaking(language):
        title = _("Event {number}: {game}", number=event.id,
                  game=registry.display_name(event.game))  # fmt: skip
    return await channel.create_thread(
        name=title[:100], type=discord.ChannelType.public_thread,
        auto_archive_duration=10080, reason="a tournament",
    )  # fmt: skip


def new_event_command(
    make_event: Callable[..., Awaitable[None]],
) -> app_commands.Group | app_commands.Command[TournamentCommands, ..., None]:
    """/tournament new: a subcommand per registered game, each with the game's own options;
    past EVENT_OPTIONS_UP_TO games (more than one command's 8,000 characters hold as
    subcommands), one command with the game as a choice, its options at their defaults.
    Each calls `make_event`."""
    description = N_("Make a tournament in this channel")
    if len(registry.games()) <= EVENT_OPTIONS_UP_TO:
        new = app_commands.Group(name="new", description=description)
        for command in per_game(registry.games(), event_description, event_options, make_event):
            new.add_command(command)
        return new

    async def any_game(
        self: TournamentCommands, interaction: discord.Interaction, game: str, **values: object
    ) -> None:
        await make_event(self, interaction, game, **values)

    # discord.py passes the cog as `self` to a callback it sees inside a class
    any_game.__qualname__ = "TournamentCommands.new"
    callback = with_options([game_option(), *event_options(None)])(any_game)
    return app_commands.command(name="new", description=description)(callback)


class TournamentCommands(
    commands.GroupCog,
    group_name="tournament",
    group_description=N_("Tournaments: Swiss, sessions, knockout, arena, duplicate"),
):
    """The /tournament group. discord.py runs this module afresh each time it loads it as an
    extension, so the class, made then, offers every game registered at that moment."""

    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        super().__init__()

    async def make_event(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        start: str | None = None,
        players: int | None = None,
        rounds: int | None = None,
        best_of: int | None = None,
        minutes: int | None = None,
        capacity: int | None = None,
        checkin: int | None = None,
        computers: int | None = None,
        timer: str | None = None,
        **chosen: object,
    ) -> None:
        events = tournaments_of(self.bot)
        saved = (await self.bot.store.guild_settings(interaction.guild_id or 0)).settings
        channel = event_channel(interaction, saved)
        language = await self.bot.preferences.server_language(interaction.guild_id) or current()
        rules = event_rules(game, players, chosen, saved, language)
        options = event_settings(
            rules, saved, language, rounds=rounds, best_of=best_of, minutes=minutes,
            capacity=capacity, checkin=checkin, timer=timer,
            dealer_sits_out=dealer_sits_out(game, format, rules),
        )  # fmt: skip
        zone = str(saved.get("daily_zone") or "UTC")
        starts_at = start_time(start, zone, time.time())
        event = await events.create(
            interaction.guild_id or 0, channel.id, interaction.user.id, game, format,
            rules, options, starts_at, computers or 0,
        )  # fmt: skip
        thread = await open_event_thread(channel, event, language)
        event = await events.attach_home(event, thread.id)
        await events.refresh(event.id)
        await schedule_on_discord(channel, thread, event, starts_at)
        with speaking(language):
            text = _(
                "{player} made event {number} ({format} of {game}): it starts {time} "
                "({relative}) and lives in {thread}. Join it there.",
                player=interaction.user.mention, number=event.id,
                format=_(format_label(format)), game=registry.display_name(game),
                time=f"<t:{int(starts_at)}:F>", relative=f"<t:{int(starts_at)}:R>",
                thread=thread.mention,
            )  # fmt: skip
        await interaction.response.send_message(text)

    new = new_event_command(make_event)

    async def _event_here(self, interaction: discord.Interaction, number: int | None) -> int:
        """The event asked for, or the one whose thread this is, or the server's latest."""
        if number is not None:
            return number
        events = tournaments_of(self.bot)
        found = await events.events.events_of(interaction.guild_id or 0)
        for event in found:
            if event.home_id == interaction.channel_id:
                return event.id
        if found:
            return found[0].id
        raise EventError(_("There is no event in this server yet: make one with {command}.",
                           command=slash("tournament new")))  # fmt: skip

    @app_commands.command(name="join", description=N_("Enter an event"))
    @app_commands.describe(
        event=N_("the event's number (default: this thread's)"),
        partner=N_("partnership games: the member you play with"),
    )
    async def join(
        self,
        interaction: discord.Interaction,
        event: int | None = None,
        partner: discord.Member | None = None,
    ) -> None:
        number = await self._event_here(interaction, event)
        await act(self.bot, interaction, number, "join", partner.id if partner else None)

    @app_commands.command(name="leave", description=N_("Leave an event before it starts"))
    @app_commands.describe(event=N_("the event's number (default: this thread's)"))
    async def leave(self, interaction: discord.Interaction, event: int | None = None) -> None:
        await act(self.bot, interaction, await self._event_here(interaction, event), "leave")

    @app_commands.command(name="start", description=N_("Start an event now (its creator)"))
    @app_commands.describe(event=N_("the event's number (default: this thread's)"))
    async def start(self, interaction: discord.Interaction, event: int | None = None) -> None:
        await act(self.bot, interaction, await self._event_here(interaction, event), "start")

    @app_commands.command(name="standings", description=N_("Show an event's standings"))
    @app_commands.describe(event=N_("the event's number (default: this thread's)"))
    async def standings(self, interaction: discord.Interaction, event: int | None = None) -> None:
        events = tournaments_of(self.bot)
        number = await self._event_here(interaction, event)
        view = await events.view(number)
        if view.event.guild_id != (interaction.guild_id or 0):
            raise EventError(_("There is no event numbered {number}.", number=number))
        lines = [table_line(view, p) for p in view.pairings]
        embed = standings_embed(view)
        await interaction.response.defer(ephemeral=True, thinking=True)  # the picture
        files = await event_pictures(view, interaction.user.id)
        await interaction.followup.send(
            "\n".join(lines)[-1900:] or "—", embed=embed, files=files, ephemeral=True
        )

    @app_commands.command(name="export", description=N_("Every table's result as a CSV file"))
    @app_commands.describe(event=N_("the event's number (default: this thread's)"))
    async def export(self, interaction: discord.Interaction, event: int | None = None) -> None:
        events = tournaments_of(self.bot)
        number = await self._event_here(interaction, event)
        view = await events.view(number)
        if view.event.guild_id != (interaction.guild_id or 0):
            raise EventError(_("There is no event numbered {number}.", number=number))
        data = results_csv(view)
        file = discord.File(io.BytesIO(data.encode()), filename=f"event-{number}.csv")
        await interaction.response.send_message(
            _("Event {number}: every table's result.", number=number), file=file,
            ephemeral=True,
        )  # fmt: skip

    @app_commands.command(
        name="league", description=N_("Make an event the first of a recurring league")
    )
    @app_commands.describe(
        league=N_("the league's name"),
        every=N_("days from one event to the next (7: each week)"),
        event=N_("the event's number (default: this thread's)"),
        champion=N_("a role the season's leader holds (the bot gives and takes it)"),
    )
    async def league(
        self,
        interaction: discord.Interaction,
        league: app_commands.Range[str, 1, 50],
        every: app_commands.Range[int, 1, 28] = 7,
        event: int | None = None,
        champion: discord.Role | None = None,
    ) -> None:
        events = tournaments_of(self.bot)
        number = await self._event_here(interaction, event)
        found = await events.get(number)
        mine = interaction.user.id == found.creator_id
        if found.guild_id != (interaction.guild_id or 0) or not (
            mine or interaction.permissions.manage_guild
        ):
            raise EventError(_("Only the event's creator (or someone who manages the server) "
                               "makes it a league."))  # fmt: skip
        await events.make_league(number, league, every, champion.id if champion else None)
        text = ngettext(
            "Event {number} opens the league {league}: when it ends, the next event is made "
            "for {count} day later, with the same settings.",
            "Event {number} opens the league {league}: when it ends, the next event is made "
            "for {count} days later, with the same settings.",
            every, number=number, league=league,
        )  # fmt: skip
        if champion is not None and interaction.guild is not None:
            text += " " + role_warning(interaction.guild.me, champion)
        await tell(interaction, text.strip())

    @app_commands.command(name="season", description=N_("A league's season table"))
    @app_commands.describe(league=N_("the league's name"))
    async def season(self, interaction: discord.Interaction, league: str) -> None:
        events = tournaments_of(self.bot)
        counted, table = await events.season(interaction.guild_id or 0, league)
        if not counted:
            raise EventError(_("The league {league} has no finished event yet.",
                               league=league))  # fmt: skip
        lines = [
            _("{rank}. {name} — {points} ({count} played)", rank=n + 1, name=name,
              points=points, count=played)
            for n, (_user, name, points, played) in enumerate(table[:STANDINGS_SHOWN])
        ]  # fmt: skip
        embed = discord.Embed(
            title=_("{league}: the season so far", league=league),
            description="\n".join(lines)[:4000], colour=discord.Colour.gold(),
        )  # fmt: skip
        embed.set_footer(text=_("Each event gives a player one point, and one more for each "
                                "player they finished above."))  # fmt: skip
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="settings", description=N_("Who makes events, and whether they are rated")
    )
    @app_commands.describe(
        role=N_("members with this role may make events (besides those who manage the "
                "server)"),
        rated=N_("whether events' tables count for the ratings"),
    )  # fmt: skip
    async def settings(
        self,
        interaction: discord.Interaction,
        role: discord.Role | None = None,
        rated: bool | None = None,
    ) -> None:
        if not interaction.permissions.manage_guild:
            raise EventError(_("Only members who manage the server change this."))
        changes: dict[str, object] = {}
        if role is not None:
            changes["tournament_role"] = role.id
        if rated is not None:
            changes["rate_tournaments"] = rated
        if not changes:
            raise EventError(_("Choose a setting to change."))
        await self.bot.store.update_guild_settings(interaction.guild_id or 0, changes)
        await tell(interaction, _("The event settings are saved."))


SCHEDULED_HOURS = 2.0  # how long a scheduled event is shown to last (Discord asks an end)


async def schedule_on_discord(
    channel: discord.TextChannel, thread: discord.Thread, event: EventRow, starts_at: float
) -> None:
    """The event in the server's list of scheduled events, where the bot may make one (a
    courtesy: the event runs whether or not Discord lists it)."""
    allowed = channel.guild.me.guild_permissions
    if not (allowed.manage_events or getattr(allowed, "create_events", False)):
        return
    start = datetime.fromtimestamp(max(starts_at, time.time() + 60), UTC)
    with speaking(event_language(event)):
        name = _("Event {number}: {format} of {game}", number=event.id,
                 format=_(format_label(event.format)),
                 game=registry.display_name(event.game))  # fmt: skip
    try:
        await channel.guild.create_scheduled_event(
            name=name[:100], start_time=start, end_time=start + timedelta(hours=SCHEDULED_HOURS),
            entity_type=discord.EntityType.external, location=f"#{thread.name}"[:100],
            privacy_level=discord.PrivacyLevel.guild_only,
        )  # fmt: skip
    except discord.HTTPException as error:
        log.info("event %s: Discord did not list it as a scheduled event: %s", event.id, error)


def results_csv(view: EventView) -> str:
    """Every table's result, one row a seat, then the standings."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["round", "table", "table_id", "thread_id", "seat", "user_id", "name",
                     "score", "place", "computer_stood_in"])  # fmt: skip
    for pairing in view.pairings:
        result = pairing.result or {}
        for seat, user_id in enumerate(pairing.seats):
            scores = result.get("scores") or []
            places = result.get("places") or []
            writer.writerow([
                pairing.round, pairing.table_number, pairing.table_id or "",
                pairing.thread_id or "", seat + 1, user_id, view.name_of(user_id),
                number(scores[seat]) if seat < len(scores) else "",
                places[seat] if seat < len(places) else "",
                int(user_id in (result.get("stood_in") or [])),
            ])  # fmt: skip
    writer.writerow([])
    writer.writerow(["rank", "user_id", "name", "score", *view.tiebreak_names, "played",
                     "withdrawn"])  # fmt: skip
    for standing in view.standings:
        writer.writerow([standing.rank, standing.user_id, view.name_of(standing.user_id),
                         number(standing.score), *(number(t) for t in standing.tiebreaks),
                         standing.played, int(standing.withdrawn)])  # fmt: skip
    return out.getvalue()


async def setup(bot: SeepBot) -> None:
    events = tournaments_of(bot)
    events.output = DiscordEventOutput(bot)
    await bot.add_cog(TournamentCommands(bot))
    bot.add_dynamic_items(EventButton)

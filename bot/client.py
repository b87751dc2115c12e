"""The Discord client: a `commands.Bot` with the store, the table sessions and the cogs; an
`AutoShardedBot` of the same when the process runs a set of Discord's shards."""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
from typing import Any, Generic, Self, TypeVar, cast, overload

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import __version__, logs
from bot.config import Settings
from bot.flow import TableFlow
from bot.health import Heartbeat
from bot.i18n import load_catalogues
from bot.localised import LocalisedTree
from bot.metrics import Metrics
from bot.pace_sharing import PaceSharing
from bot.pacing import pace_for, pace_requests, refusals_trace
from bot.preferences import Preferences
from bot.storage import Engine, Store
from bot.storage.pace import PaceStore
from bot.tables import Tables
from bot.tournaments.runtime import Tournaments
from bot.translator import Translator
from bot.uninstalled import end_tables_of_missing_games

log = logging.getLogger("seepbot")

COGS = (
    "cogs.errors", "cogs.tables", "cogs.play", "cogs.admin", "cogs.leaderboard", "cogs.settings",
    "cogs.rules", "cogs.preferences", "cogs.daily", "cogs.records", "cogs.privacy",
    "cogs.review", "cogs.reports", "cogs.lfg", "cogs.tournament", "cogs.puzzle",
    "cogs.practice",
)  # fmt: skip
SYNC_HINT = "run `python -m bot --sync`"
T = TypeVar("T")

# What the bot needs in a channel: see its messages and history, post, embed the table and
# attach its images, open a thread per table and post there.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


_drawing: threading.Thread | None = None


def prepare_drawing() -> threading.Thread:
    """Import Pillow and the renderers (about 7 MB, which an idle bot does without) in a thread
    of their own, once, as soon as a table opens: its first picture, drawn after the players
    have joined, then need not wait for them. The thread (to wait for it, where that matters)."""
    global _drawing
    if _drawing is None:
        _drawing = threading.Thread(target=_import_drawing, name="drawing imports", daemon=True)
        _drawing.start()
    return _drawing


def _import_drawing() -> None:
    from renderers import hand, recap, summary, table, tricks  # noqa: F401
    from renderers.palette import palette_image
    from renderers.theme import DEFAULT_THEME

    palette_image(DEFAULT_THEME)  # ships ready made: read once, before the first picture


def invite_link(application_id: int) -> str:
    """The link that adds the bot to a server (a server install: the bot joins as a member,
    with exactly the permissions it uses)."""
    scopes = ("bot", "applications.commands")
    link = discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=scopes)
    return f"{link}&integration_type=0"


def user_install_link(application_id: int) -> str:
    """The link that adds the app to a person's account (a user install: its commands follow
    them into DMs, group DMs and servers that have not added the bot; no bot member, no
    permissions: the tables there play through interactions, see docs/anywhere.md)."""
    link = discord.utils.oauth_url(application_id, scopes=("applications.commands",))
    return f"{link}&integration_type=1"


def command_shape(payload: dict[str, Any], prefix: str = "") -> set[str]:
    """A command as what players see of it: its name, its subcommands and options, and the
    values offered for each (for comparing what is published with what the bot serves)."""
    path = f"{prefix}{payload['name']}"
    shape = {path}
    for choice in payload.get("choices") or []:
        shape.add(f"{path}={choice['value']}")
    for option in payload.get("options") or []:
        shape |= command_shape(option, path + " ")
    return shape


class _OfTheFlow(Generic[T]):
    """An attribute of the bot that is its turn loop's (`bot.flow`), read and set there."""

    def __set_name__(self, owner: type[object], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, bot: None, owner: type[object]) -> Self: ...
    @overload
    def __get__(self, bot: SeepBot, owner: type[object]) -> T: ...
    def __get__(self, bot: SeepBot | None, owner: type[object]) -> Self | T:
        return self if bot is None else cast(T, getattr(bot.flow, self.name))

    def __set__(self, bot: SeepBot, value: T) -> None:
        setattr(bot.flow, self.name, value)


class SeepBot(commands.Bot):
    def __init__(self, settings: Settings, **options: Any) -> None:
        # Only the servers' own events (channels, threads, permissions): everything the bot
        # does comes to it as interactions, so the events of every message, reaction and
        # typing in its servers (its own table messages included: two events a move) would
        # only cost it their parsing, and a cache of messages it never reads.
        options.setdefault("max_messages", None)
        # the bot's own pace on Discord's global bucket (bot/pacing.py), its refusals counted
        self.pace = pace_for(settings.shards)
        options.setdefault("http_trace", refusals_trace(self.pace))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            tree_cls=LocalisedTree,
            **options,
        )
        pace_requests(self.http, self.pace)
        self.settings = settings
        self.store = Store(settings.store_location)
        self.tables = Tables(self.store)
        self.preferences = Preferences(self.store)
        # the turn loop; the tables cog attaches its output
        self.flow = TableFlow(self.store, self.tables, self.preferences)
        # the events, whose tables the flow plays; the tournament cog attaches their output
        self.tournaments = Tournaments(self.store, self.tables, self.flow)
        self.shutdown_grace = 5.0  # seconds that moves in progress get to finish at close
        self.fatal: str | None = None  # why the bot stopped by itself, for the operator
        self.store.database.on_claims_lost = self.stop_for
        self.metrics = Metrics(self)
        self.heartbeat = Heartbeat(settings.health_file, self.health)
        self.pace_sharing: PaceSharing | None = None
        self.serving = True  # False: only the commands are wanted (publishing them)
        self._announced = False

    # The turn loop's settings, where tests and the benchmark set them, and its tasks.
    computer_delay = _OfTheFlow[float]()
    timer_scale = _OfTheFlow[float]()
    timers = _OfTheFlow[dict[int, asyncio.Task[object]]]()
    background = _OfTheFlow[set[asyncio.Task[object]]]()

    async def open_store(self) -> None:
        """Open the store and take this process's shards (a second call does nothing): a
        problem there stops the start before any table is restored. `python -m bot` calls it
        before connecting to Discord, so the operator hears of the database first."""
        try:
            await self.store.open()
            await self.store.claim_shards(self.settings.shards)
        except BaseException:
            await self.store.close()
            raise

    def stop_for(self, reason: str) -> None:
        """Stop serving at once (this process's shards were lost): `python -m bot` ends with
        the reason in one line."""
        self.fatal = reason
        self.flow.schedule(self.close())

    async def setup_hook(self) -> None:
        load_catalogues()  # the shared words and every game package's own, merged once
        await self.tree.set_translator(Translator())
        if not self.serving:
            for name in COGS:
                await self.load_extension(name)
            return
        await self.open_store()
        if self.store.engine is Engine.POSTGRES:  # the token's processes share its budget
            self.pace_sharing = PaceSharing(self.pace, PaceStore(self.store))
            self.pace_sharing.start()
        plan = self.settings.shards
        await end_tables_of_missing_games(self.store, plan.owns if plan else None)
        restored = await self.tables.restore(plan.owns if plan else None)
        log.info("restored %d unfinished table(s)%s", restored, f" of {plan}" if plan else "")
        if restored:
            prepare_drawing()
        for name in COGS:
            await self.load_extension(name)  # each cog registers its own persistent buttons
        if self.settings.metrics_port is not None:
            await self.metrics.serve(self.settings.metrics_address, self.settings.metrics_port)
        self.heartbeat.start()
        self.flow.schedule(self._resume_tables())

    def health(self) -> dict[str, object]:
        """What the heartbeat says (`python -m bot --health` reads it)."""
        latency = self.latency
        ready = self.is_ready() and not self.is_closed() and latency == latency  # not NaN
        return {
            "version": __version__, "ready": ready, "servers": len(self.guilds),
            "tables": len(self.tables.by_channel),
        }  # fmt: skip

    async def _resume_tables(self) -> None:
        """Once the guilds and their channels are known (before, a table's channel would look
        deleted), every restored table gets what it is owed and plays on."""
        await self.wait_until_ready()
        for session in self.tables.restored():
            logs.set_table(session.id)  # the tasks resume starts log their table
            self.flow.resume(session)
        logs.set_table(None)
        plan = self.settings.shards
        await self.tournaments.restore(plan.owns if plan else None)

    async def on_ready(self) -> None:
        if not self._announced:  # on_ready comes again after a lost connection
            self._announced = True
            settle_startup_objects()
            line = await self.startup_line()
            if not self.is_closed():  # stopped meanwhile: its check of the commands was cut short
                log.info("%s", line)

    async def startup_line(self) -> str:
        """Who the bot is, where, whether players can see its commands, and how to invite it
        when it is in no server: one line for the operator."""
        user = self.user
        plan = self.settings.shards
        count = len(self.guilds)
        servers = "no server" if count == 0 else f"{count} server{'s' if count != 1 else ''}"
        line = f"seepbot {__version__}: {user} (id {getattr(user, 'id', '?')}) is in {servers}"
        if plan is not None:
            line += f" on shards {plan}"
        line += f"; {await self.commands_state()}"
        if count == 0 and self.application_id:
            line += f"; invite it with {invite_link(self.application_id)}"
        return line

    async def commands_state(self) -> str:
        """Whether Discord shows the commands this bot serves, where DEV_GUILD_ID or
        `--sync` put them."""
        guild_id = self.settings.dev_guild_id
        assert self.application_id is not None
        try:
            if guild_id:
                published = await self.http.get_guild_commands(self.application_id, guild_id)
            else:
                published = await self.http.get_global_commands(self.application_id)
        except discord.HTTPException as error:
            return f"could not check the published commands ({error.status})"
        except (aiohttp.ClientError, OSError) as error:  # the bot stopping, the network
            return f"could not check the published commands ({type(error).__name__})"
        where = f"server {guild_id}" if guild_id else "every server"
        served = set().union(*(command_shape(c.to_dict(self.tree))
                               for c in self.tree.get_commands()))  # fmt: skip
        shown = set().union(*(command_shape(dict(c)) for c in published))
        if not shown:
            return f"its commands are not published ({where}): {SYNC_HINT}"
        if shown != served:
            return f"the published commands ({where}) are not this version's: {SYNC_HINT}"
        return f"{len(published)} commands published ({where})"

    async def idle(self) -> None:
        """Wait until the work started by interactions has finished (used by tests)."""
        await self.flow.idle()

    async def close(self) -> None:
        """Stop the turn timers, give moves in progress a moment to finish, then close the
        Discord connection and, whatever happens there, the store."""
        await self.tournaments.close()
        await self.flow.close(self.shutdown_grace)
        try:
            await super().close()
        finally:
            await self.heartbeat.stop()
            if self.pace_sharing is not None:
                await self.pace_sharing.stop()
            await self.metrics.close()
            await self.store.close()

    async def sync_commands(self) -> tuple[list[app_commands.AppCommand], list[int]]:
        """Publish the slash commands (an explicit owner action, never on every start): to
        the DEV_GUILD_ID server when set, else to every server, removing any server's own
        copy (left by DEV_GUILD_ID), which would show every command twice there. Returns the
        commands published and the servers whose copy was removed."""
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild), []
        synced = await self.tree.sync()
        servers = [guild.id async for guild in self.fetch_guilds(limit=None)]
        return synced, await self.clear_server_copies(servers)

    async def clear_server_copies(self, guild_ids: list[int]) -> list[int]:
        """Remove the servers' own copies of the commands (published with DEV_GUILD_ID or
        `/admin sync this server`); the servers that had one."""
        assert self.application_id is not None
        cleared = []
        for guild_id in guild_ids:
            if await self.http.get_guild_commands(self.application_id, guild_id):
                await self.http.bulk_upsert_guild_commands(self.application_id, guild_id, [])
                cleared.append(guild_id)
        return cleared


class ShardedSeepBot(SeepBot, commands.AutoShardedBot):
    """The same bot over several gateway connections, one per shard this process runs."""


def create_bot(settings: Settings, **options: Any) -> SeepBot:
    """Tests pass options such as a small `guild_ready_timeout`."""
    plan = settings.shards
    if plan is None:
        return SeepBot(settings, **options)
    return ShardedSeepBot(settings, shard_ids=list(plan.ids), shard_count=plan.count, **options)


def settle_startup_objects() -> None:
    """Startup's objects (modules, catalogues, commands, the servers' cache, restored tables)
    live as long as the process: after one full collection they are set aside from the cyclic
    garbage collector (`gc.freeze`), which otherwise walks them again at each of its full
    collections while tables play. (Objects set aside are still freed when nothing refers to
    them; only a cycle among them would stay.) The young generation is collected every
    10,000 new objects instead of 700: a move makes a few hundred, and survivors were
    promoted and walked again and again (at 200 busy tables the collector took about 0.5 ms
    of a move, a full collection 50 ms; about half of that with these settings). Once a
    process: the first bot to be ready settles it."""
    global _settled
    if _settled:
        return
    _settled = True
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


_settled = False

"""The Discord client: a `commands.Bot` with the store, the table sessions and the cogs; an
`AutoShardedBot` of the same when the process runs a set of Discord's shards."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.flow import TableFlow
from bot.i18n import load_catalogues
from bot.preferences import Preferences
from bot.storage import Store
from bot.tables import Tables
from bot.translator import Translator
from bot.tree import LocalisedTree

log = logging.getLogger("seepbot")

COGS = (
    "cogs.errors", "cogs.tables", "cogs.play", "cogs.admin", "cogs.leaderboard", "cogs.settings",
    "cogs.rules", "cogs.preferences",
)  # fmt: skip


class SeepBot(commands.Bot):
    def __init__(self, settings: Settings, **options: Any) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=LocalisedTree,
            **options,
        )
        self.settings = settings
        self.store = Store(settings.store_location)
        self.tables = Tables(self.store)
        self.preferences = Preferences(self.store)
        # the turn loop; the tables cog attaches its output
        self.flow = TableFlow(self.store, self.tables, self.preferences)
        self.shutdown_grace = 5.0  # seconds that moves in progress get to finish at close
        self.fatal: str | None = None  # why the bot stopped by itself, for the operator
        self.store.database.on_claims_lost = self.stop_for

    # The turn loop's settings, where tests and the benchmark set them.
    @property
    def computer_delay(self) -> float:
        return self.flow.computer_delay

    @computer_delay.setter
    def computer_delay(self, seconds: float) -> None:
        self.flow.computer_delay = seconds

    @property
    def timer_scale(self) -> float:
        return self.flow.timer_scale

    @timer_scale.setter
    def timer_scale(self, scale: float) -> None:
        self.flow.timer_scale = scale

    @property
    def timers(self) -> dict[int, asyncio.Task[Any]]:
        return self.flow.timers

    @property
    def background(self) -> set[asyncio.Task[Any]]:
        return self.flow.background

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
        await self.open_store()
        plan = self.settings.shards
        restored = await self.tables.restore(plan.owns if plan else None)
        log.info("restored %d unfinished table(s)%s", restored, f" of {plan}" if plan else "")
        load_catalogues()  # the shared words and every game package's own, merged once
        await self.tree.set_translator(Translator())
        for name in COGS:
            await self.load_extension(name)  # each cog registers its own persistent buttons
        self.flow.schedule(self._resume_tables())

    async def _resume_tables(self) -> None:
        """Once the guilds and their channels are known (before, a table's channel would look
        deleted), every restored table gets what it is owed and plays on."""
        await self.wait_until_ready()
        for session in self.tables.restored():
            self.flow.resume(session)

    async def idle(self) -> None:
        """Wait until the work started by interactions has finished (used by tests)."""
        await self.flow.idle()

    async def close(self) -> None:
        """Stop the turn timers, give moves in progress a moment to finish, then close the
        Discord connection and, whatever happens there, the store."""
        await self.flow.close(self.shutdown_grace)
        try:
            await super().close()
        finally:
            await self.store.close()

    async def sync_commands(self) -> list[Any]:
        """Publish the slash commands (an explicit owner action, never on every start)."""
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()


class ShardedSeepBot(SeepBot, commands.AutoShardedBot):
    """The same bot over several gateway connections, one per shard this process runs."""


def create_bot(settings: Settings, **options: Any) -> SeepBot:
    """Tests pass options such as a small `guild_ready_timeout`."""
    plan = settings.shards
    if plan is None:
        return SeepBot(settings, **options)
    return ShardedSeepBot(settings, shard_ids=list(plan.ids), shard_count=plan.count, **options)

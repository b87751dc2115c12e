"""The Discord client: a `commands.Bot` with the store, the table sessions and the cogs."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.storage import Store
from bot.tables import Tables
from bot.translator import Translator

log = logging.getLogger("seepbot")

COGS = ("cogs.tables", "cogs.play", "cogs.admin", "cogs.leaderboard", "cogs.settings", "cogs.rules")


class SeepBot(commands.Bot):
    def __init__(self, settings: Settings, **options: Any) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, **options)
        self.settings = settings
        self.store = Store(settings.database_path)
        self.tables = Tables(self.store)
        self.computer_delay = 1.2  # seconds before a computer player moves: feels natural
        self.background: set[asyncio.Task[Any]] = set()
        self.timers: dict[int, asyncio.Task[Any]] = {}  # turn timers, by table id
        self.timer_scale = 1.0  # tests shrink every turn timer with this
        self.shutdown_grace = 5.0  # seconds that moves in progress get to finish at close

    async def setup_hook(self) -> None:
        await self.store.open()
        restored = await self.tables.restore()
        log.info("restored %d unfinished table(s)", restored)
        await self.tree.set_translator(Translator())
        for name in COGS:
            await self.load_extension(name)
        from cogs._ui import HandButton, LobbyButton

        self.add_dynamic_items(LobbyButton, HandButton)

    async def idle(self) -> None:
        """Wait until the work started by interactions has finished (used by tests)."""
        while self.background:
            await asyncio.gather(*list(self.background), return_exceptions=True)

    async def close(self) -> None:
        """Stop the turn timers, give moves in progress a moment to finish, then close the
        Discord connection and, whatever happens there, the store."""
        timers = list(self.timers.values())
        self.timers.clear()
        for timer in timers:
            timer.cancel()
        await asyncio.gather(*timers, return_exceptions=True)
        pending = [task for task in self.background if task is not asyncio.current_task()]
        if pending:
            _, unfinished = await asyncio.wait(pending, timeout=self.shutdown_grace)
            for task in unfinished:
                task.cancel()
            await asyncio.gather(*unfinished, return_exceptions=True)
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


def create_bot(settings: Settings, **options: Any) -> SeepBot:
    """Tests pass options such as a small `guild_ready_timeout`."""
    return SeepBot(settings, **options)

"""The real bot started against the fake Discord from a process of its own (kill -9 tests,
shard processes, the benchmark), as `python -m bot` would start it against Discord."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.client import SeepBot, create_bot
from bot.config import Settings


async def start_against_fake(
    api_base: str, gateway_url: str, settings: Settings
) -> tuple[SeepBot, asyncio.Task[Any]]:
    """Point discord.py at the fake, start the bot without turn timers (the players move when
    the caller says) and wait until it is ready; a start that fails raises why. Await the task
    to serve until the process is stopped. As in the tests' own process (tests/conftest.py),
    every cut is the default one, made by the table."""
    import discord
    import yarl

    import bot.tables

    bot.tables.ASK_FOR_CUT = False

    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    bot = create_bot(settings, guild_ready_timeout=0.05)
    bot.timer_scale = 0
    runner = asyncio.create_task(bot.start(settings.token))
    while not bot.is_ready():
        if runner.done():
            runner.result()
        await asyncio.sleep(0.01)
    return bot, runner

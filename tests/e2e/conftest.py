"""Start the real bot against the fake Discord; fail on any Discord-side violation or on any
ERROR logged by discord.py or the bot."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl

from bot.client import SeepBot, create_bot
from bot.config import Settings

from .fake_discord import FakeDiscord


class ErrorLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Env:
    fake: FakeDiscord
    bot: SeepBot
    database: Path
    errors: ErrorLog


async def start_bot(fake: FakeDiscord, location: Path | str, **settings: Any) -> SeepBot:
    """The bot on a SQLite file (a path) or a PostgreSQL database (a URL) against the fake;
    `settings`: more of its Settings."""
    if isinstance(location, str):
        settings = {"database_url": location, **settings}
    else:
        settings = {"database_path": location, **settings}
    bot = create_bot(Settings(token="fake.token", **settings), guild_ready_timeout=0.05)
    bot.computer_delay = 0
    fake.identified.clear()
    task = asyncio.create_task(bot.start("fake.token"))
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=15, return_when=asyncio.FIRST_COMPLETED)
    if task in done:  # start-up failed: show why
        ready.cancel()
        task.result()
    assert ready in done, "the bot did not become ready"
    bot._test_task = task  # type: ignore[attr-defined]
    return bot


async def stop_bot(bot: SeepBot, *, wait_for_work: bool = True) -> None:
    """Stop the bot, by default once the work that interactions started is done; without
    waiting, it is a shutdown in the middle of play."""
    if wait_for_work:
        await bot.idle()
    await bot.close()
    task = bot._test_task  # type: ignore[attr-defined]
    await asyncio.wait_for(task, 10)


@contextlib.asynccontextmanager
async def bot_env(
    location: Path | str, database: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Env]:
    """The fake Discord and the bot on `location`; at the end the bot is stopped and the test
    fails on any Discord-side violation or any ERROR logged."""
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    errors = ErrorLog()
    for name in ("discord", "seepbot"):
        logging.getLogger(name).addHandler(errors)
    environment = Env(fake, await start_bot(fake, location), database, errors)
    try:
        yield environment
        await environment.bot.idle()
    finally:
        # the bot of the end of the test: a test that restarts the bot replaces env.bot
        if not environment.bot.is_closed():
            await stop_bot(environment.bot)
        await fake.stop()
        for name in ("discord", "seepbot"):
            logging.getLogger(name).removeHandler(errors)
    assert not fake.violations, fake.violations
    assert not errors.records, [r.getMessage() for r in errors.records]


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Env]:
    database = tmp_path / "bot.sqlite3"
    async with bot_env(database, database, monkeypatch) as environment:
        yield environment

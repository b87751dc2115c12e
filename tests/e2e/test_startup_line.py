"""The line an operator reads when the bot has started: who it is, in how many servers,
whether players can see its commands (and what to run if not), and the invite link while it
is in no server."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import yarl

from bot import __version__
from bot.client import PERMISSIONS

from .conftest import start_bot, stop_bot
from .fake_discord import APP_ID, BOT_ID, FakeDiscord


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    yield fake
    await fake.stop()
    assert not fake.violations, fake.violations


async def started_line(
    fake: FakeDiscord, database: Path, caplog: pytest.LogCaptureFixture
) -> str:
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="seepbot"):
        bot = await start_bot(fake, database)
        for _ in range(500):  # the line follows the ready event
            lines = [r.getMessage() for r in caplog.records if " is in " in r.getMessage()]
            if lines:
                break
            await asyncio.sleep(0.01)
        await stop_bot(bot)
    assert len(lines) == 1, lines
    return lines[0]


async def test_the_start_up_line_tells_what_to_do_next(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = tmp_path / "bot.sqlite3"
    line = await started_line(fake, database, caplog)
    assert line.startswith(f"seepbot {__version__}: Seep Bot (id {BOT_ID}) is in 1 server; ")
    assert line.endswith(
        "its commands are not published (every server): run `python -m bot --sync`"
    )
    assert "invite" not in line

    bot = await start_bot(fake, database)
    synced, _ = await bot.sync_commands()
    await stop_bot(bot)
    line = await started_line(fake, database, caplog)
    assert line.endswith(f"; {len(synced)} commands published (every server)")

    # an older version's commands (an option gone) are not this version's
    table = next(c for c in fake.commands if c["name"] == "table")
    table["options"] = [o for o in table["options"] if o["name"] != "kick"]
    line = await started_line(fake, database, caplog)
    assert "the published commands (every server) are not this version's: run" in line

    fake.in_no_server = True
    line = await started_line(fake, database, caplog)
    assert line.startswith(f"seepbot {__version__}: Seep Bot (id {BOT_ID}) is in no server; ")
    invite = line.split("; invite it with ")[1]
    url = yarl.URL(invite)
    assert url.query["client_id"] == str(APP_ID)
    assert url.query["permissions"] == str(PERMISSIONS.value)

"""kill -9 in the middle of an event, again and again: the bot runs a Swiss event of eight
computers in its own process and is killed at random moments; after the last restart the
event has played to its end with every pairing made once, every pairing's table made once,
every result taken once and no pair meeting twice."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from .fake_discord import THREADS_CHANNEL_ID, FakeDiscord

KILLS = int(os.environ.get("EVENT_CRASH_KILLS", "10"))
ROUNDS = 3


def bot_process(api_base: str, gateway_url: str, database: str, ready: Any) -> None:
    asyncio.run(_serve(api_base, gateway_url, database, ready))


async def _serve(api_base: str, gateway_url: str, database: str, ready: Any) -> None:
    from bot.config import Settings

    from .bot_process import start_against_fake

    settings = Settings(token="x", database_path=Path(database))
    bot, runner = await start_against_fake(api_base, gateway_url, settings)
    bot.computer_delay = 0.05  # the event lasts long enough to be killed many times
    events = bot.tournaments
    if not await events.events.events_of(1):
        event = await events.create(
            1, THREADS_CHANNEL_ID, 1, "suipe", "swiss", {"players": 2, "deals": 1},
            {"table": {"turn_timer": 0, "language": "en"}, "format": {"rounds": ROUNDS}},
            time.time(), computers=8,
        )  # fmt: skip
        await events.start(event.id, 1)
    ready.set()
    await runner  # until killed


def read(database: Path, sql: str) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(database)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


@pytest.mark.slow
@pytest.mark.skipif(KILLS <= 0, reason="EVENT_CRASH_KILLS=0")
async def test_kill_9_in_the_middle_of_an_event_makes_nothing_twice(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    database = tmp_path / "events.sqlite3"
    spawn = multiprocessing.get_context("spawn")
    rng = random.Random(48)
    child = None
    kills = in_play = 0  # kills, and those that came while the event was playing
    try:
        while True:
            fake.identified.clear()
            ready = spawn.Event()
            child = spawn.Process(
                target=bot_process,
                args=(fake.api_base, fake.gateway_url, str(database), ready),
                daemon=True,
            )
            child.start()
            assert await asyncio.to_thread(ready.wait, 60), "the bot did not start"
            if kills == KILLS:
                break
            await asyncio.sleep(rng.uniform(0.3, 2.0))
            os.kill(child.pid, signal.SIGKILL)  # at a random moment
            status = read(database, "SELECT status FROM tournaments")
            in_play += bool(status) and status[0][0] == "running"
            child.join(10)
            kills += 1
        print(f"{kills} kills, {in_play} while the event played")
        assert in_play >= KILLS // 2, "the kills came in the middle of the event"
        deadline = time.monotonic() + 180
        while read(database, "SELECT status FROM tournaments")[0][0] != "finished":
            assert time.monotonic() < deadline, "the event did not finish after the restarts"
            await asyncio.sleep(0.2)
        pairings = read(database, "SELECT round, table_number, seats, table_id, result FROM"
                        " tournament_pairings ORDER BY round, table_number")  # fmt: skip
        assert [(r, t) for r, t, *_ in pairings] == [
            (n, t) for n in range(1, ROUNDS + 1) for t in (1, 2, 3, 4)
        ]
        tables = read(database, "SELECT id, status FROM game_tables ORDER BY id")
        assert len(tables) == len(pairings), "each pairing's table made once"
        assert sorted(p[3] for p in pairings) == [t for t, _ in tables]
        assert all(status == "finished" for _, status in tables)
        assert all(p[4] is not None for p in pairings), "every result taken"
        met = [frozenset(json.loads(p[2])) for p in pairings]
        assert len(set(met)) == len(met), "no pair meets twice"
        welcomes = [m for m in fake.messages.values()
                    if m["content"].startswith("Event 1, round")]  # fmt: skip
        assert len(welcomes) == len(pairings), "each table's players told once"
    finally:
        if child is not None and child.is_alive():
            child.kill()
            child.join(10)
        with contextlib.suppress(Exception):
            await fake.stop()

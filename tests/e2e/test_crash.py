"""kill -9 at random moments, many times: the bot runs in its own process against the fake
Discord while players send moves; after every kill the store must hold every move a player
was told about, every table message posted must show a state the store holds, and after the
last restart every table plays on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.core import PUBLIC
from engine.registry import restore

from .fake_discord import FakeDiscord
from .helpers import last_play

TABLES = 16
KILLS = int(os.environ.get("CRASH_KILLS", "16"))  # CRASH_KILLS=500 for a longer hunt
NAMES = ["A", "B"]


def bot_process(api_base: str, gateway_url: str, database: str, users: dict, ready: Any) -> None:
    asyncio.run(_serve(api_base, gateway_url, database, users, ready))


async def _serve(api_base: str, gateway_url: str, database: str, users: dict, ready: Any) -> None:
    from bot.config import Settings

    from .bot_process import start_against_fake

    settings = Settings(token="x", database_path=Path(database))
    bot, runner = await start_against_fake(api_base, gateway_url, settings)
    for channel, (a, b) in users.items():
        if bot.tables.get(channel) is None:
            session = await bot.tables.create(1, channel, a, "suipe", {"players": 2, "deals": 9},
                                              seed=channel)  # fmt: skip
            await session.join(a, NAMES[0])
            await session.join(b, NAMES[1])
            await session.start(a)
    ready.set()
    await runner  # until killed


def stored(database: Path) -> dict[int, dict[str, Any]]:
    """Each table's game as the store holds it, by channel."""
    db = sqlite3.connect(database)
    try:
        tables = db.execute(
            "SELECT id, channel_id, game, rules, seed, deal_keys FROM game_tables"
            " WHERE status = 'playing'"
        ).fetchall()
        games = {}
        for table_id, channel, game, rules, seed, keys in tables:
            rows = db.execute(
                "SELECT notation FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
            )
            actions = [row[0] for row in rows]
            games[channel] = {"game": game, "rules": json.loads(rules),
                              "seed": json.loads(keys) if keys else seed,
                              "actions": actions}  # fmt: skip
        return games
    finally:
        db.close()


def shown_states(data: dict[str, Any]) -> set[str]:
    """Every "Last play" a table message may show for the stored game (any prefix)."""
    match = restore({**data, "actions": []})
    seen = set()
    for action in data["actions"]:
        match.apply(action)
        played = match.view(PUBLIC).picture(NAMES).played
        if played:
            seen.add(played)
    return seen


@pytest.mark.slow
@pytest.mark.skipif(KILLS <= 0, reason="CRASH_KILLS=0")
async def test_kill_9_at_random_moments_loses_nothing_and_shows_nothing_unstored(
    tmp_path: Path,
) -> None:
    fake = FakeDiscord(extra_channels=TABLES)
    await fake.start()
    database = tmp_path / "crash.sqlite3"
    users = {}
    for n, channel in enumerate(fake.extra_channels):
        a, b = 20_000 + 2 * n, 20_001 + 2 * n
        fake.add_member(a, f"A{n}")
        fake.add_member(b, f"B{n}")
        users[channel] = (a, b)
    spawn = multiprocessing.get_context("spawn")
    rng = random.Random(2026)
    told: list[tuple[int, int, str]] = []  # (channel, index, move) a player was told about
    kills = 0
    child = None
    try:
        while True:
            fake.identified.clear()
            ready = spawn.Event()
            child = spawn.Process(
                target=bot_process,
                args=(fake.api_base, fake.gateway_url, str(database), users, ready),
                daemon=True,
            )
            child.start()
            assert await asyncio.to_thread(ready.wait, 60), "the bot did not start"
            games = stored(database)
            if kills == KILLS:
                break
            mirror = {channel: restore(data) for channel, data in games.items()}

            async def play(channel: int, mirror: dict[int, Any] = mirror) -> None:
                match = mirror[channel]
                for _ in range(3):
                    player = match.current_player
                    if player is None:
                        return
                    action = match.legal_actions()[0]
                    index = len(match.actions)
                    answer = await fake.slash(users[channel][player], "play", channel_id=channel,
                                              move=action.notation)  # fmt: skip
                    text = (answer.responses[-1].get("data") or {}).get("content", "")
                    if not text.startswith("Your move"):
                        return
                    told.append((channel, index, action.notation))
                    match.apply(action, player)

            tasks = [asyncio.create_task(play(c)) for c in rng.sample(sorted(mirror), 6)]
            await asyncio.sleep(rng.uniform(0.0, 0.6))
            os.kill(child.pid, signal.SIGKILL)  # at a random moment
            child.join(10)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            kills += 1
            games = stored(database)
            for channel, index, move in told:
                actions = games[channel]["actions"]
                assert index < len(actions) and actions[index] == move, "a told move was lost"
            for channel in users:
                tables = [m for m in fake.channel_messages(channel) if last_play(m)]
                if not tables:
                    continue
                shown = last_play(tables[-1])
                assert shown in shown_states(games[channel]), (
                    f"table {channel} shows a play the store lacks: {shown}"
                )
        # after the last restart, every table plays on
        for channel, data in games.items():
            match = restore(data)
            player = match.current_player
            posted = fake.next_post(channel)
            answer = await fake.slash(users[channel][player], "play", channel_id=channel,
                                      move=match.legal_actions()[0].notation)  # fmt: skip
            assert answer.responses[-1]["data"]["content"].startswith("Your move")
            await asyncio.wait_for(posted, 30)
        assert kills >= KILLS and len(told) > KILLS
    finally:
        if child is not None and child.is_alive():
            child.kill()
            child.join(10)
        with contextlib.suppress(Exception):
            await fake.stop()

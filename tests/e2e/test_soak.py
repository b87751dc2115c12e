"""Soak: 50 tables of mixed games with random turn timers on a fast clock, players who never
come back (the timer plays for them), /table end on some tables and bot restarts every few
rounds. In the end every table has finished, or was ended and stayed ended, or is still
playing and moving; no result is stored for an ended table."""

from __future__ import annotations

import asyncio
import random
import sqlite3

import pytest

from bot.flow import TableFlow

from .conftest import Env, start_bot, stop_bot
from .helpers import button

TABLES = 50
ROUNDS = 6
GAMES = [
    {"game": "suipe", "players": 2, "deals": 1},
    {"game": "suipe", "players": 3, "deals": 4},
    {"game": "sedma", "players": 2, "game_points": 1},
    {"game": "sedma", "players": 4, "game_points": 6},
    {"game": "seep30", "players": 2},
]
TIMERS = ["1 minute", "3 minutes", "10 minutes", "1 hour"]


def statuses(database) -> dict[int, str]:  # type: ignore[no-untyped-def]
    db = sqlite3.connect(database)
    try:
        return dict(db.execute("SELECT channel_id, status FROM game_tables").fetchall())
    finally:
        db.close()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [7])
async def test_fifty_tables_through_timers_ends_and_restarts(
    env: Env, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    rng = random.Random(seed)
    fake = env.fake
    # a minute of turn timer lasts 10 ms here (an hour 0.6 s), computer players move at once
    monkeypatch.setattr(TableFlow, "timer_scale", 0.01 / 60)
    monkeypatch.setattr(TableFlow, "computer_delay", 0.0)
    env.bot.timer_scale = 0.01 / 60
    channels = list(range(3_000_000, 3_000_000 + TABLES))
    fake.extra_channels.extend(channels)
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    hosts = {}
    for n, channel in enumerate(channels):
        host = 50_000 + n
        fake.add_member(host, f"H{n}")
        hosts[channel] = host
        options = dict(rng.choice(GAMES))
        game, players = options.pop("game"), options["players"]
        new = await fake.slash(
            host, "table", f"new {game}", channel_id=channel, timer=rng.choice(TIMERS), **options
        )
        lobby = fake.messages[new.message_id]
        for _ in range(players - 1):
            await fake.click(host, new.message_id, button(fake, lobby, "Add computer player"))
        await fake.click(host, new.message_id, button(fake, lobby, "Start"))
    ended: set[int] = set()
    for round_number in range(ROUNDS):
        playing = [
            channel
            for channel, session in env.bot.tables.by_channel.items()
            if channel in hosts and session.row.status == "playing"
        ]
        for channel in rng.sample(sorted(playing), min(3, len(playing))):
            answer = await fake.slash(hosts[channel], "table", "end", channel_id=channel)
            if "has ended" in answer.responses[-1]["data"]["content"]:
                ended.add(channel)
        await asyncio.sleep(0.4)  # play goes on: timers take the absent hosts' turns
        if round_number % 2 == 1:  # a restart every other round
            await stop_bot(env.bot, wait_for_work=False)
            env.bot = await start_bot(fake, env.database)
    # settle, then look: nothing resurrected, nothing stalled
    before = {c: s.turn_number for c, s in env.bot.tables.by_channel.items()
              if s.match is not None and not s.match.is_terminal}  # fmt: skip
    for _ in range(100):  # every table still playing moves again (a machine may be slow)
        await asyncio.sleep(0.1)
        waiting = [
            channel
            for channel, session in env.bot.tables.by_channel.items()
            if channel in before
            and session.row.status == "playing"
            and session.turn_number <= before[channel]
        ]
        if not waiting:
            break
    await env.bot.idle()
    stored = statuses(env.database)
    db = sqlite3.connect(env.database)
    try:
        rows = db.execute(
            "SELECT t.channel_id FROM match_results r JOIN game_tables t ON t.id = r.table_id"
        )
        results = {channel for (channel,) in rows}
    finally:
        db.close()
    for channel in channels:
        status = stored[channel]
        if channel in ended:
            assert status == "ended", f"table {channel} came back: {status}"
            assert channel not in results, f"a result was stored for ended table {channel}"
            assert env.bot.tables.get(channel) is None
        elif status == "playing":
            session = env.bot.tables.get(channel)
            assert session is not None, f"table {channel} was not restored"
            assert session.turn_number > before.get(channel, -1), f"table {channel} stalled"
        else:
            assert status == "finished" and channel in results, (channel, status)
    assert len(ended) >= 3 and any(s == "finished" for s in stored.values())
    monkeypatch.setattr(TableFlow, "timer_scale", 1.0)
    env.bot.timer_scale = 1.0
    for session in list(env.bot.tables.by_channel.values()):
        env.bot.flow.cancel_timer(session)

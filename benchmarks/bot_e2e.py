"""The bot under load, through the fake Discord: `python -m benchmarks.bot_e2e [TABLES…]`.

For 1, 50 and 200 tables playing at once (two human players each, Suipe so that every move is
a human's):
- latency from INTERACTION_CREATE to the new table message in the channel (rendering
  included) when every table moves at a brisk human pace (one move every PACE seconds on
  average, at random moments);
- moves per second when every table moves as fast as the bot answers (saturation);
- memory per active table.
The fake Discord runs in the same process and event loop, so it takes a share of the CPU.
"""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import discord
import yarl

from bot.client import create_bot
from bot.config import Settings
from renderers.palette import palette_image
from renderers.theme import DEFAULT_THEME
from tests.e2e.fake_discord import FakeDiscord

MOVES_PER_TABLE = 4
PACE = 6.0  # seconds between a table's moves, on average


async def run(tables: int) -> dict[str, float]:
    fake = FakeDiscord(extra_channels=tables)
    await fake.start()
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    palette_image(DEFAULT_THEME)  # as `python -m bot` does before connecting
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(
            Settings(token="x", database_path=Path(folder) / "bench.sqlite3"),
            guild_ready_timeout=0.05,
        )
        bot.timer_scale = 0  # no turn timers during the measurement
        runner = asyncio.create_task(bot.start("x"))
        while not bot.is_ready():
            if runner.done():
                runner.result()  # start-up failed: show why
            await asyncio.sleep(0.01)
        users = {}
        for n, channel in enumerate(fake.extra_channels):
            a, b = 10_000 + 2 * n, 10_001 + 2 * n
            fake.add_member(a, f"A{n}")
            fake.add_member(b, f"B{n}")
            users[channel] = (a, b)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        for channel, (a, b) in users.items():
            session = await bot.tables.create(1, channel, a, "suipe", {"players": 2}, seed=channel)
            await session.join(a, "A")
            await session.join(b, "B")
            await session.start(a)
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        per_table = sum(s.size_diff for s in after.compare_to(before, "filename")) / tables
        latencies: list[float] = []
        pacing = random.Random(tables)

        async def play(channel: int, paced: bool) -> None:
            session = bot.tables.get(channel)
            for _ in range(MOVES_PER_TABLE):
                if paced:
                    await asyncio.sleep(pacing.uniform(0, 2 * PACE))
                match = session.match
                mover = users[channel][match.current_player]
                move = match.legal_actions()[0].notation
                posted = fake.next_post(channel)
                started = time.perf_counter()
                await fake.slash(mover, "play", channel_id=channel, move=move)
                await asyncio.wait_for(posted, 30)
                latencies.append((time.perf_counter() - started) * 1000)

        await asyncio.gather(*(play(channel, True) for channel in users))
        paced = sorted(latencies)
        latencies.clear()
        began = time.perf_counter()
        await asyncio.gather(*(play(channel, False) for channel in users))
        elapsed = time.perf_counter() - began
        await bot.idle()
        await bot.close()
        await runner
    await fake.stop()
    return {
        "p50": statistics.median(paced),
        "p99": paced[min(len(paced) - 1, int(len(paced) * 0.99))],
        "moves_per_s": len(latencies) / elapsed,
        "kb_per_table": per_table / 1024,
        "violations": len(fake.violations),
    }


def main() -> None:
    counts = [int(a) for a in sys.argv[1:]] or [1, 50, 200]
    print(
        f"{MOVES_PER_TABLE} moves per table; latency = INTERACTION_CREATE → new table message, "
        f"one move per {PACE:.0f} s per table on average; moves/s at saturation"
    )
    for tables in counts:
        result = asyncio.run(run(tables))
        print(
            f"  {tables:>3} tables: p50 {result['p50']:6.1f} ms  p99 {result['p99']:6.1f} ms  "
            f"{result['moves_per_s']:6.1f} moves/s  {result['kb_per_table']:6.1f} KB/table  "
            f"violations {result['violations']}"
        )


if __name__ == "__main__":
    main()

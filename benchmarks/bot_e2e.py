"""The bot under load, through the fake Discord: `python -m benchmarks.bot_e2e [TABLES…]`.

For 1, 50 and 200 tables playing at once (two human players each, Suipe so that every move is
a human's):
- latency from INTERACTION_CREATE to the new table message in the channel (rendering
  included) when every table moves at a brisk human pace (one move every PACE seconds on
  average, at random moments);
- moves per second when every table moves as fast as the bot answers (saturation);
- memory per active table, and the bot's CPU time per move.

The bot runs in its own process, as it would in production; the fake Discord and the players
driving it run in this one, so the figures are the bot's and not the fake's. This process
follows each game on its own copy of the match (rebuilt from the bot's rules and seed), which
is how it knows a legal move to send.
"""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from engine.games import new_match
from tests.e2e.fake_discord import FakeDiscord

PACED_MOVES = 4  # per table, at a human pace
FAST_MOVES = 12  # per table, as fast as the bot answers (a Suipe deal has 48)
PACE = 6.0  # seconds between a table's moves, on average


# ----- the bot's process -------------------------------------------------------------------


def bot_process(connection: Connection, api_base: str, gateway_url: str, users: dict) -> None:
    asyncio.run(_serve(connection, api_base, gateway_url, users))


async def _serve(connection: Connection, api_base: str, gateway_url: str, users: dict) -> None:
    import discord
    import yarl

    from bot.client import create_bot
    from bot.config import Settings
    from renderers.palette import palette_image
    from renderers.theme import DEFAULT_THEME

    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
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
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        games = {}
        for channel, (a, b) in users.items():
            session = await bot.tables.create(1, channel, a, "suipe", {"players": 2}, seed=channel)
            await session.join(a, "A")
            await session.join(b, "B")
            await session.start(a)
            games[channel] = (session.row.game, session.row.rules, session.row.seed)
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        per_table = sum(s.size_diff for s in after.compare_to(before, "filename")) / len(users)
        connection.send({"games": games, "kb_per_table": per_table / 1024})
        while True:
            request = await asyncio.to_thread(connection.recv)
            if request == "cpu":
                await bot.idle()
                usage = resource.getrusage(resource.RUSAGE_SELF)
                connection.send(usage.ru_utime + usage.ru_stime)
            else:
                break
        await bot.idle()
        await bot.close()
        await runner
    connection.send("stopped")


# ----- the players' process ------------------------------------------------------------------


async def _ask(connection: Connection, request: Any) -> Any:
    connection.send(request)
    return await asyncio.to_thread(connection.recv)


async def run(tables: int) -> dict[str, float]:
    fake = FakeDiscord(extra_channels=tables)
    await fake.start()
    users = {}
    for n, channel in enumerate(fake.extra_channels):
        a, b = 10_000 + 2 * n, 10_001 + 2 * n
        fake.add_member(a, f"A{n}")
        fake.add_member(b, f"B{n}")
        users[channel] = (a, b)
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    child = multiprocessing.get_context("spawn").Process(
        target=bot_process, args=(theirs, fake.api_base, fake.gateway_url, users)
    )
    child.start()
    try:
        return await measure(fake, ours, users, tables)
    finally:  # whatever happened, the bot's process and the fake Discord stop
        if child.is_alive():
            child.terminate()
            child.join(10)
        if child.is_alive():
            child.kill()
            child.join()
        await fake.stop()


async def measure(
    fake: FakeDiscord, ours: Connection, users: dict[int, tuple[int, int]], tables: int
) -> dict[str, float]:
    ready = await asyncio.to_thread(ours.recv)
    matches = {
        channel: new_match(game, seed, **{k: v for k, v in rules.items() if k != "game"})
        for channel, (game, rules, seed) in ready["games"].items()
    }
    latencies: list[float] = []
    pacing = random.Random(tables)

    async def play(channel: int, moves: int, paced: bool) -> None:
        match = matches[channel]
        for _ in range(moves):
            if paced:
                await asyncio.sleep(pacing.uniform(0, 2 * PACE))
            player = match.current_player
            action = match.legal_actions()[0]
            posted = fake.next_post(channel)
            started = time.perf_counter()
            await fake.slash(users[channel][player], "play", channel_id=channel,
                             move=action.notation)  # fmt: skip
            await asyncio.wait_for(posted, 60)
            latencies.append((time.perf_counter() - started) * 1000)
            match.apply(action, player)

    await asyncio.gather(*(play(channel, PACED_MOVES, True) for channel in users))
    paced = sorted(latencies)
    latencies.clear()
    cpu_before = await _ask(ours, "cpu")
    began = time.perf_counter()
    await asyncio.gather(*(play(channel, FAST_MOVES, False) for channel in users))
    elapsed = time.perf_counter() - began
    cpu_after = await _ask(ours, "cpu")
    await _ask(ours, "stop")
    for violation in fake.violations[:5]:
        print(f"  violation: {violation}")
    return {
        "p50": statistics.median(paced),
        "p99": paced[min(len(paced) - 1, int(len(paced) * 0.99))],
        "moves_per_s": len(latencies) / elapsed,
        "cpu_ms_per_move": 1000 * (cpu_after - cpu_before) / len(latencies),
        "kb_per_table": ready["kb_per_table"],
        "violations": len(fake.violations),
    }


def main() -> None:
    counts = [int(a) for a in sys.argv[1:]] or [1, 50, 200]
    print(
        f"latency = INTERACTION_CREATE → new table message over {PACED_MOVES} moves per table at "
        f"one move per {PACE:.0f} s on average; moves/s at saturation over {FAST_MOVES} more"
    )
    for tables in counts:
        result = asyncio.run(run(tables))
        print(
            f"  {tables:>3} tables: p50 {result['p50']:6.1f} ms  p99 {result['p99']:6.1f} ms  "
            f"{result['moves_per_s']:6.1f} moves/s  bot CPU {result['cpu_ms_per_move']:4.1f} ms"
            f"/move  {result['kb_per_table']:6.1f} KB/table  violations {result['violations']}"
        )


if __name__ == "__main__":
    main()

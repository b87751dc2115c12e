"""Each table is served by the process that runs its guild's shard: whatever the layout of
processes and shards, every unfinished table is restored by exactly one process, and no two
live processes run the same shard."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

import pytest

from bot.sharding import ShardPlan, parse_shards, shard_of
from bot.storage import ShardsTaken, Store, StoreFault
from bot.storage.backends import SHARD_LOCKS
from bot.tables import Tables
from tests.bot.running import TOKEN, run_bot
from tests.postgres_server import LocalPostgres

# (shards of each process, shard count): one process; two processes; a process added, which
# changes the shard count; and the shards moved between processes.
LAYOUTS = [
    (["0"], 1),
    (["0-1"], 2),
    (["0", "1"], 2),
    (["0-1", "2-3"], 4),
    (["0,3", "1", "2"], 4),
    (["0-2", "3-5", "6-7"], 8),
]


def test_a_guild_s_shard_is_discord_s_formula() -> None:
    # shard = (guild_id >> 22) % count: the id's timestamp part (above its low 22 bits)
    guild = (5 << 22) | 123_456
    assert [shard_of(guild, n) for n in (1, 2, 3, 4, 8)] == [0, 1, 2, 1, 5]
    assert parse_shards("0-2,5", 8) == ShardPlan((0, 1, 2, 5), 8)
    for wrong, count in (("3-1", 4), ("a", 4), ("4", 4), ("0-", 4)):
        with pytest.raises(ValueError):
            parse_shards(wrong, count)


async def test_every_table_is_restored_by_exactly_one_process_in_every_layout(
    store_location: str | Path,
) -> None:
    rng = random.Random(17)
    guilds = [rng.getrandbits(63) for _ in range(24)]
    async with Store(store_location) as store:
        tables = Tables(store)
        unfinished: set[int] = set()
        for n, guild in enumerate(guilds):
            for k in range(2):
                session = await tables.create(guild, 1000 * n + k, 7, "suipe", {"players": 2})
                unfinished.add(session.id)
        done = await store.create_table(guilds[0], 99_999, 7, "suipe", {"players": 2}, 1)
        await store.set_status(done, "finished")  # a finished table is nobody's

        for processes, count in LAYOUTS:
            served: list[int] = []
            for shards in processes:
                plan = parse_shards(shards, count)
                process = Tables(store)
                await process.restore(plan.owns)
                mine = [s.id for s in process.by_channel.values()]
                assert all(plan.owns(s.row.guild_id) for s in process.by_channel.values())
                served += mine
            assert sorted(served) == sorted(unfinished), f"layout {processes} of {count}"


async def test_a_shard_is_run_by_one_live_process_at_a_time(postgres: LocalPostgres) -> None:
    url = await postgres.create_database(f"claims_{os.getpid()}")
    first = await Store(url).open()
    await first.claim_shards(parse_shards("0-1", 4))
    second = await Store(url).open()
    try:
        with pytest.raises(ShardsTaken, match="shard 1 of 4 is already run by another process"):
            await second.claim_shards(parse_shards("1-2", 4))
        with pytest.raises(ShardsTaken, match="another process runs the bot with 4 shards"):
            await second.claim_shards(parse_shards("0", 2))  # a second layout at once
        with pytest.raises(ShardsTaken):
            await second.claim_shards(None)  # an unsharded process would serve everything
        await second.claim_shards(parse_shards("2-3", 4))  # the other half is free
    finally:
        await second.close()
    await first.close()  # a stopped process frees its shards at once
    again = await Store(url).open()
    try:
        await again.claim_shards(parse_shards("0-1", 4))
    finally:
        await again.close()


async def test_a_second_process_for_the_same_shards_stops_with_one_line(
    postgres: LocalPostgres, tmp_path: Path
) -> None:
    url = await postgres.create_database(f"second_{os.getpid()}")
    running = await Store(url).open()
    await running.claim_shards(None)  # a process serving every guild
    try:
        env = {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}
        result = await asyncio.to_thread(run_bot, tmp_path, env)
    finally:
        await running.close()
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "seepbot: shard 0 of 1 is already run by another process: each shard belongs to one"
        " process (check SHARDS)"
    ]


async def test_lost_shard_claims_are_taken_again_or_the_process_is_told_to_stop(
    postgres: LocalPostgres,
) -> None:
    """The connection holding a process's shard locks dies (a server restart cuts it): the
    process takes its shards again before it serves on; when another process took one in the
    meantime, it is refused every query and told, in one line, to stop."""
    import asyncpg

    url = await postgres.create_database(f"lost_{os.getpid()}")
    store = await Store(url).open()
    lost: list[str] = []
    store.database.on_claims_lost = lost.append
    await store.claim_shards(parse_shards("0", 2))
    other = await asyncpg.connect(url)
    cut = (
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'"
        " AND classid = $1 AND pid != pg_backend_pid()"
    )
    held = (
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND granted"
    )
    try:
        await other.execute(cut, SHARD_LOCKS)
        for _ in range(100):  # the cut connection is gone
            if await other.fetchval(held, SHARD_LOCKS) == 0:
                break
            await asyncio.sleep(0.01)
        for _ in range(100):  # taken again within moments
            if await other.fetchval(held, SHARD_LOCKS) == 1:
                break
            await asyncio.sleep(0.05)
        assert await store.table(1) is None and not lost  # it serves again
        # cut again, and a newcomer takes the shard before the process can
        await other.execute(cut, SHARD_LOCKS)
        for _ in range(100):
            if await other.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, 2 * 65_536):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the cut connection's lock was never freed")
        for _ in range(100):
            if lost:
                break
            await asyncio.sleep(0.05)
        assert lost == [
            "the shard claims were lost while the database was away, and shard 0 of 2 is"
            " already run by another process: each shard belongs to one process (check SHARDS)"
        ]
        with pytest.raises(StoreFault):
            await store.table(1)  # it serves nothing more
    finally:
        await other.close()
        await store.close()

"""The token's processes share Discord's global bucket by demand through the store they share
(a real SQLite file and a real PostgreSQL database): a busy process borrows what an idle one
leaves, together they never plan more than the budget with its headroom, and a process that
stops or dies leaves its part to the others."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.pace_sharing import GONE_AFTER, PaceSharing, shares
from bot.pacing import GLOBAL_PER_SECOND, HEADROOM, pace_for
from bot.sharding import ShardPlan
from bot.storage import Store
from bot.storage.pace import PaceStore


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def ask(sharing: PaceSharing, requests: int) -> None:
    """The process asks for `requests` tokens (as many requests as Discord would take)."""
    for _ in range(requests):
        sharing.pace.asked += 1


def test_shares_follow_demand_and_add_up_to_the_whole() -> None:
    split = shares({"busy": 36.0, "idle": 0.0, "some": 4.0})
    assert sum(split.values()) == pytest.approx(1.0)
    assert split["busy"] > split["some"] > split["idle"] > 0  # an idle one still has a little


async def test_two_processes_split_the_budget_by_demand_and_a_stopped_one_leaves_its_part(
    store_location: str | Path,
) -> None:
    clock = Clock()
    async with Store(store_location) as store:
        halves = ShardPlan((0,), 2), ShardPlan((1,), 2)
        busy = PaceSharing(pace_for(halves[0]), PaceStore(store), "busy", clock)
        idle = PaceSharing(pace_for(halves[1]), PaceStore(store), "idle", clock)
        alone = pace_for(halves[0]).rate  # the shards' part, before any sharing
        for _ in range(3):
            clock.now += 1.0
            await ask(busy, 45)  # 45 requests a second wanted; the other asks for none
            await busy.once()
            await idle.once()
        planned = busy.pace.rate + idle.pace.rate
        assert planned <= GLOBAL_PER_SECOND * HEADROOM + 1e-9
        assert busy.pace.rate > 1.8 * alone, "the busy process borrows the idle one's part"
        assert idle.pace.rate > 0

        # the idle process dies without a word: after GONE_AFTER its part is the busy one's
        clock.now += GONE_AFTER + 1
        await ask(busy, 45)
        assert await busy.once() == pytest.approx(1.0)
        assert busy.pace.rate == pytest.approx(GLOBAL_PER_SECOND * HEADROOM)

        # a new process comes and says its demand: within two words the budget is split again
        newcomer = PaceSharing(pace_for(halves[1]), PaceStore(store), "new", clock)
        for _ in range(2):  # (each reads what the other said a second before)
            clock.now += 1.0
            await ask(newcomer, 45)
            await ask(busy, 45)
            await newcomer.once()
            await busy.once()
        assert busy.share == pytest.approx(0.5) and newcomer.share == pytest.approx(0.5)

        # a process that stops says so: its part is free without waiting
        await newcomer.stop()
        clock.now += 1.0
        await ask(busy, 45)
        assert await busy.once() == pytest.approx(1.0)


async def test_a_pace_given_a_smaller_share_gives_up_its_extra_tokens() -> None:
    pace = pace_for(None)
    before = pace.burst
    pace.set_share(0.1)
    assert pace.burst < before and pace.rate == pytest.approx(GLOBAL_PER_SECOND * HEADROOM * 0.1)
    taken = 0
    while pace._tokens >= 1:
        await pace.take()
        taken += 1
    assert taken <= pace.burst
    await asyncio.sleep(0)

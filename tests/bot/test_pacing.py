"""The bot's own pace on Discord's global bucket: a token bucket at its share of the budget,
the longest-waiting table first, slower once Discord refuses too much."""

from __future__ import annotations

import asyncio

import pytest

from bot.pacing import CAUTION_REFUSALS, Pace, pace_for, waited_since
from bot.sharding import ShardPlan


class Clock:
    """The pace's time: a sleep moves it on at once."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


async def test_requests_beyond_the_burst_go_at_the_rate() -> None:
    clock = Clock()
    pace = Pace(10, burst=5, clock=clock, sleep=clock.sleep)
    await asyncio.gather(*(pace.take() for _ in range(25)))
    # five at once, then twenty more at ten a second
    assert clock.now - 1_000.0 == pytest.approx(2.0, abs=0.01)
    assert pace.waited == 20


async def test_the_table_that_has_waited_longest_goes_first() -> None:
    clock = Clock()
    pace = Pace(1, burst=1, clock=clock, sleep=clock.sleep)
    await pace.take()  # the bucket is empty now
    served: list[str] = []

    async def send(name: str, since: float | None) -> None:
        if since is None:
            await pace.take()
        else:
            with waited_since(since):
                await pace.take()
        served.append(name)

    await asyncio.gather(
        send("a command's lookup", None),
        send("a table waiting 1 s", clock.now - 1),
        send("a table waiting 30 s", clock.now - 30),
    )
    assert served == ["a table waiting 30 s", "a table waiting 1 s", "a command's lookup"]


async def test_a_cancelled_request_gives_its_turn_to_the_next() -> None:
    clock = Clock()
    pace = Pace(1, burst=1, clock=clock, sleep=clock.sleep)
    await pace.take()
    first = asyncio.create_task(pace.take())
    second = asyncio.create_task(pace.take())
    await asyncio.sleep(0)
    first.cancel()
    await second
    assert clock.now - 1_000.0 == pytest.approx(1.0, abs=0.01), "one token, not two, waited for"


async def test_the_pace_halves_while_refusals_are_past_caution_and_recovers() -> None:
    clock = Clock()
    pace = Pace(40, clock=clock, sleep=clock.sleep)
    for _ in range(CAUTION_REFUSALS + 1):
        pace.refused()
    assert pace.current_rate == 20
    clock.now += 601  # ten minutes on: Discord has forgotten them
    assert pace.refusals() == 0 and pace.current_rate == 40


def test_processes_split_the_budget_by_their_shards() -> None:
    alone = pace_for(None)
    assert (alone.rate, alone.burst) == (40, 10)  # 50 a second, with headroom
    half = pace_for(ShardPlan((0, 1), 4))
    quarter = pace_for(ShardPlan((3,), 4))
    assert (half.rate, half.burst) == (20, 5) and quarter.rate == 10

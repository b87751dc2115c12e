"""The bot paces its own requests on Discord's global bucket, instead of learning it from 429s.

Discord allows one bot token about 50 requests a second on its global bucket, whatever the
process or shard sends them (interaction answers and everything through an interaction's
webhook are outside it). discord.py slows down only once Discord has refused a request, and
each refusal counts towards the hour-long ban of an address that draws 10,000 of them in ten
minutes. So every request of this process that counts on the global bucket first takes a
token from `Pace`, a token bucket that refills at this process's share of the budget:

- **the share**: the token's processes split the budget by the shards each runs (a process
  running 2 of 4 shards takes half), with headroom left for Discord's own counting; processes
  need not talk to each other; on PostgreSQL, which they share, they then split it by demand
  (`bot.pace_sharing`): a busy process borrows what an idle one does not use;
- **who goes first** when requests queue: the table whose players have waited longest for its
  message (`waiting_since`, set by the flow while it sends a table's messages), then anything
  else in the order it asked;
- **slowing before a ban**: refused requests (401, 403, 429) of the last ten minutes are
  counted; past `CAUTION_REFUSALS` (a tenth of the ban's threshold) the pace halves until
  the count falls again.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar
from types import SimpleNamespace
from typing import Any

import aiohttp
from discord.http import HTTPClient, Route

from bot.sharding import ShardPlan

GLOBAL_PER_SECOND = 50.0  # Discord's global bucket per bot token
HEADROOM = 0.8  # the share of it the bot plans to use
REFUSALS_WINDOW = 600.0  # Discord counts refused requests over ten minutes
CAUTION_REFUSALS = 1_000  # a tenth of the 10,000 that ban an address for an hour
REFUSED_STATUSES = frozenset({401, 403, 429})
_ROUNDING = 1e-9  # a token refilled but for the float's last digits is a token

# When the table whose message is being sent began to wait for it (time.monotonic()): the
# pace lets the longest-waiting table's requests go first. Unset: the request's own time.
waiting_since: ContextVar[float | None] = ContextVar("waiting_since", default=None)


@contextlib.contextmanager
def waited_since(moment: float) -> Iterator[None]:
    """Requests made inside count as waiting since `moment` (a time.monotonic() value)."""
    token = waiting_since.set(moment)
    try:
        yield
    finally:
        waiting_since.reset(token)


def share_of(plan: ShardPlan | None) -> float:
    """This process's share of the token's budget: the part of the shards it runs (all of it
    for one unsharded process)."""
    return 1.0 if plan is None else min(1.0, len(plan.ids) / plan.count)


def pace_for(plan: ShardPlan | None) -> Pace:
    """The pace of a process running `plan`'s shards: its share of the token's budget, with
    headroom (until the processes share the budget by demand: `bot.pace_sharing`)."""
    rate, burst = rate_and_burst(share_of(plan))
    return Pace(rate, burst)


def rate_and_burst(share: float) -> tuple[float, float]:
    """The rate and burst of a process holding `share` of the token's budget. Discord counts
    its bucket per second: a full bucket and a second's refill together stay within it."""
    budget = GLOBAL_PER_SECOND * share
    rate = budget * HEADROOM
    return rate, max(1.0, budget - rate)


class Pace:
    """A token bucket at `rate` requests a second holding at most `burst`; `take` waits for a
    token, the longest-waiting first. `clock` and `sleep` are the pace's time (tests give it
    their own)."""

    def __init__(
        self,
        rate: float,
        burst: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError(f"a pace needs a rate above 0, not {rate}")
        self.rate = rate
        self.burst = burst if burst is not None else max(1.0, rate)
        self.clock = clock
        self.sleep = sleep
        self._tokens = self.burst
        self._filled_at = clock()
        self._queue: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._pump: asyncio.Task[None] | None = None
        self._refusals: deque[float] = deque()
        self.waited = 0  # requests that had to wait for a token (a figure for the metrics)
        self.asked = 0  # requests that asked for a token (the process's demand, when shared)

    # ----- the budget --------------------------------------------------------------------

    @property
    def current_rate(self) -> float:
        """The rate now: halved while refusals of the last ten minutes are past caution."""
        return self.rate / 2 if self.refusals() > CAUTION_REFUSALS else self.rate

    def set_share(self, share: float) -> None:
        """From now on this process holds `share` of the token's budget (see `rate_and_burst`);
        the tokens it holds beyond the new burst are given up."""
        self._refill()
        self.rate, self.burst = rate_and_burst(share)
        self._tokens = min(self._tokens, self.burst)

    @property
    def backlog(self) -> int:
        """Requests waiting for a token now."""
        return sum(1 for _, _, future in self._queue if not future.done())

    def refused(self) -> None:
        """Discord refused one of this process's requests (401, 403 or 429)."""
        self._refusals.append(self.clock())

    def refusals(self) -> int:
        """Refused requests in the last ten minutes."""
        horizon = self.clock() - REFUSALS_WINDOW
        while self._refusals and self._refusals[0] < horizon:
            self._refusals.popleft()
        return len(self._refusals)

    def _refill(self) -> None:
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._filled_at) * self.current_rate)
        self._filled_at = now

    # ----- taking a token ----------------------------------------------------------------

    async def take(self) -> None:
        """Wait for this request's turn on the global bucket."""
        self.asked += 1
        self._refill()
        if not self._queue and self._tokens >= 1 - _ROUNDING:
            self._tokens -= 1
            return
        since = waiting_since.get()
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, (self.clock() if since is None else since,
                                     next(self._order), future))  # fmt: skip
        self.waited += 1
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._serve())
        await future  # a cancelled waiter's token goes to the next (`_serve` skips it)

    async def _serve(self) -> None:
        """Hand out tokens as they refill, the longest-waiting request first."""
        while self._queue:
            self._refill()
            if self._tokens < 1 - _ROUNDING:
                await self.sleep((1 - self._tokens) / self.current_rate)
                continue
            _, _, future = heapq.heappop(self._queue)
            if future.done():  # its request was cancelled meanwhile
                continue
            self._tokens -= 1
            future.set_result(None)


def counts_globally(path: str) -> bool:
    """Whether a request to `path` counts on the token's global bucket: everything but the
    interaction answers and the interaction webhooks (which carry no bot token)."""
    return not (path.startswith("/interactions/") or path.startswith("/webhooks/"))


def pace_requests(http: HTTPClient, pace: Pace) -> None:
    """Make every request of discord.py's HTTP client (`http.request(route, …)`) that counts
    on the global bucket take its turn from `pace` first. (Interaction answers and follow-ups
    go through discord.py's webhook adapter instead, outside the bucket and the pace.)"""
    request = http.request

    async def paced(route: Route, **kwargs: Any) -> Any:  # (discord.py's own signature)
        if counts_globally(route.path):
            await pace.take()
        return await request(route, **kwargs)

    setattr(http, "request", paced)  # noqa: B010 (a method replaced on the instance)


def refusals_trace(pace: Pace) -> aiohttp.TraceConfig:
    """An aiohttp trace that tells `pace` of each refused request, those discord.py retries
    by itself included (they count towards the ban as well)."""

    async def ended(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        if params.response.status in REFUSED_STATUSES:
            pace.refused()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(ended)
    return trace

"""The token's processes share Discord's global bucket by demand, through the store they share.

Alone, each process paces itself at its shards' part of the budget (`bot.pacing.pace_for`),
which keeps the token under Discord's limit without any talk between processes, but leaves a
busy process unable to use what an idle one does not. On PostgreSQL every process says every
`SAY_EVERY` seconds how many requests a second it asked for lately, reads what the others said,
and takes the part of the budget its demand is of all of theirs (each counted at least
`FLOOR_PER_SECOND`, so that an idle process still gets an answer at once). A process that has
said nothing for `GONE_AFTER` seconds has stopped (or died): its part goes to the others. While
the store cannot answer, a process keeps the share it had.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Callable, Mapping
from secrets import token_hex

from bot.pacing import Pace
from bot.storage.backends import StoreFault
from bot.storage.pace import PaceStore

log = logging.getLogger(__name__)

SAY_EVERY = 1.0  # seconds between a process's word on its demand
GONE_AFTER = 5.0  # seconds of silence after which a process counts as stopped
FLOOR_PER_SECOND = 2.0  # the least demand a live process is counted with


def shares(demands: Mapping[str, float]) -> dict[str, float]:
    """Each process's part of the budget, by its demand (at least the floor): they add up to 1."""
    weights = {process: max(FLOOR_PER_SECOND, wanted) for process, wanted in demands.items()}
    total = sum(weights.values())
    return {process: weight / total for process, weight in weights.items()}


def process_name() -> str:
    """This process, unique among the token's (host, process id and a random part)."""
    return f"{socket.gethostname()}:{os.getpid()}:{token_hex(4)}"


class PaceSharing:
    """Says this process's demand, and sets its pace to its share of the budget."""

    def __init__(
        self,
        pace: Pace,
        store: PaceStore,
        process: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.pace, self.store, self.clock = pace, store, clock
        self.process = process or process_name()
        self.share: float | None = None  # None: not shared yet (the shards' part holds)
        self._asked, self._said_at = pace.asked, clock()
        self._task: asyncio.Task[None] | None = None

    def demand(self) -> float:
        """Requests a second asked for since it was last said, the ones waiting now included."""
        now = self.clock()
        seconds = max(now - self._said_at, 1e-3)
        wanted = (self.pace.asked - self._asked) / seconds + self.pace.backlog / SAY_EVERY
        self._asked, self._said_at = self.pace.asked, now
        return wanted

    async def once(self) -> float:
        """Say the demand, read everyone's, take this process's share: the share."""
        now = self.clock()
        await self.store.say(self.process, self.demand(), now)
        everyone = await self.store.demands(now - GONE_AFTER)
        share = shares(everyone)[self.process]
        if share != self.share:
            self.pace.set_share(share)
            self.share = share
        return share

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="pace sharing")

    async def _run(self) -> None:
        with contextlib.suppress(StoreFault):  # the words of processes long gone
            await self.store.forget_before(self.clock() - 3600)
        while True:
            try:
                await self.once()
            except StoreFault as error:  # the share it had holds meanwhile
                log.info("the pace's share waits for the store: %s", error)
            await asyncio.sleep(SAY_EVERY)

    async def stop(self) -> None:
        """Stop saying; the process's part is free for the others at once."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(StoreFault):
            await self.store.leave(self.process)

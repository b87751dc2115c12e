"""A hard decision's deadline: a bound on its wall-clock time, looked at inside the search."""

from __future__ import annotations

import time
from dataclasses import dataclass

MAX_SECONDS = 0.25
"""A decision's thinking time, at most, whatever the budget asks: the bot answers within 0.3 s
(p95) with this, a busy machine's margin included."""


class OutOfTime(Exception):
    """The decision's time ran out in the middle of a world (its play-outs are dropped)."""


@dataclass(slots=True)
class Clock:
    """A decision's deadline (none: think as long as the budget's samples take)."""

    deadline: float | None

    @classmethod
    def start(cls, seconds: float | None) -> Clock:
        if seconds is None:
            return cls(None)
        return cls(time.perf_counter() + min(seconds, MAX_SECONDS))

    def check(self) -> None:
        """Raise `OutOfTime` once the deadline has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime

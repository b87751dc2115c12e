"""The bot's heartbeat and `python -m bot --health`, the probe a supervisor runs (Docker's
HEALTHCHECK): a running bot writes one small file every few seconds saying whether it is
connected to Discord; the probe reads it and ends with status 0 (healthy) or 1.

The file is `HEALTH_FILE` (the image sets `/tmp/seepbot.health`, in the container's own
temporary folder); without it the bot writes no heartbeat. The probe imports nothing of the
bot's but its settings, so that running it every 30 seconds costs little.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

BEAT_SECONDS = 10.0
STALE_SECONDS = 60.0  # a heartbeat older than this: the bot is stuck or gone


def health_file(setting: str) -> Path | None:
    return Path(setting) if setting else None


class Heartbeat:
    """Writes `state()` into the file every BEAT_SECONDS until stopped, then removes it."""

    def __init__(self, path: Path | None, state: Callable[[], dict[str, object]]) -> None:
        self.path = path
        self.state = state
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None and self.path is not None:
            self._task = asyncio.create_task(self._beat(), name="heartbeat")

    async def _beat(self) -> None:
        while True:
            self.write()
            await asyncio.sleep(BEAT_SECONDS)

    def write(self) -> None:
        if self.path is None:
            return
        partial = self.path.with_name(self.path.name + ".partial")
        try:
            partial.write_text(json.dumps({"at": time.time(), **self.state()}), encoding="utf-8")
            os.replace(partial, self.path)
        except OSError:
            pass  # an unwritable folder makes the probe say so: the bot itself plays on

    async def stop(self) -> None:
        if self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if self.path is not None:
                with contextlib.suppress(OSError):
                    self.path.unlink()


def probe(path: Path | None, now: float | None = None) -> tuple[int, str]:
    """(exit status, one line) for the bot whose heartbeat is at `path`."""
    if path is None:
        return 1, "no HEALTH_FILE set: the bot writes no heartbeat to probe (see docs/admin.md)"
    try:
        beat = json.loads(path.read_text(encoding="utf-8"))
        age = (time.time() if now is None else now) - float(beat["at"])
    except (OSError, ValueError, KeyError, TypeError):
        return 1, f"unhealthy: no heartbeat at {path} (the bot is not running there)"
    if age > STALE_SECONDS:
        return 1, f"unhealthy: the last heartbeat is {age:.0f} s old ({path})"
    if not beat.get("ready"):
        return 1, "unhealthy: not connected to Discord (yet)"
    return 0, (
        f"healthy: seepbot {beat.get('version', '?')} connected, in {beat.get('servers', 0)}"
        f" server(s), {beat.get('tables', 0)} table(s) open"
    )


def report(path: Path | None) -> int:
    status, line = probe(path)
    print(f"seepbot: {line}", file=sys.stdout if status == 0 else sys.stderr)
    return status

"""A fixed CPU budget per bot process, as a container's `cpus:` limit gives it.

On a machine with few cores the bots, PostgreSQL and the players driving the fake Discord share
them, so "two processes serve twice as many moves" cannot show. Giving each bot process the
same budget (a Linux cgroup CPU quota) keeps the rest of the machine for the others: the run
then tells whether a second process adds a second budget's worth of moves. Needs root and the
cgroup CPU controller (v2, or v1 mounted at /sys/fs/cgroup/cpu).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PERIOD_US = 100_000


class BudgetError(RuntimeError):
    """The machine does not let this run limit a process's CPU."""


def _folder(name: str) -> tuple[Path, bool]:
    """A new cgroup folder and whether it is cgroup v2."""
    if (ROOT / "cgroup.controllers").is_file():  # v2: the unified hierarchy at the root
        if "cpu" not in (ROOT / "cgroup.subtree_control").read_text().split():
            (ROOT / "cgroup.subtree_control").write_text("+cpu")
        return ROOT / name, True
    if (ROOT / "cpu" / "cpu.cfs_quota_us").exists():
        return ROOT / "cpu" / name, False
    raise BudgetError("no cgroup CPU controller at /sys/fs/cgroup")


def limit(pid: int, cores: float) -> Path:
    """Put process `pid` (its threads and children too) under a quota of `cores` CPUs."""
    if os.geteuid() != 0:
        raise BudgetError("--cpu-per-process needs root (it writes cgroup quotas)")
    folder, unified = _folder(f"seepbot-bench-{pid}")
    folder.mkdir(exist_ok=True)
    quota = int(cores * PERIOD_US)
    if unified:
        (folder / "cpu.max").write_text(f"{quota} {PERIOD_US}")
    else:
        (folder / "cpu.cfs_period_us").write_text(str(PERIOD_US))
        (folder / "cpu.cfs_quota_us").write_text(str(quota))
    (folder / "cgroup.procs").write_text(str(pid))
    return folder


def release(folder: Path) -> None:
    """Remove a budget's cgroup once its process has ended."""
    with contextlib.suppress(OSError):  # still in use or gone: the next run makes its own
        folder.rmdir()

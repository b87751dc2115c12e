"""Running one of the bot's commands as an operator would: its own process, in a folder of
its own (no stray `.env`), without the bot settings of the environment the tests run in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("DISCORD_TOKEN", "DEV_GUILD_ID", "DATABASE_PATH", "DATABASE_URL", "SHARDS",
            "SHARD_COUNT")  # fmt: skip


def run_module(
    module: str, folder: Path, env: dict[str, str], *args: str, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """`python -m module args…` in `folder` with `env` as its only bot settings."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=folder,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def run_bot(folder: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return run_module("bot", folder, env, *args)

"""Running one of the bot's commands as an operator would: its own process, in a folder of
its own (no stray `.env`), without the bot settings of the environment the tests run in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("DISCORD_TOKEN", "DEV_GUILD_ID", "DATABASE_PATH", "DATABASE_URL", "SHARDS",
            "SHARD_COUNT", "LOG_LEVEL", "METRICS_PORT", "METRICS_ADDRESS")  # fmt: skip
# A well-formed bot token (application 123, as base64) that Discord would refuse.
TOKEN = "MTIz.abc.def"


def run_module(
    module: str,
    folder: Path,
    env: dict[str, str],
    *args: str,
    timeout: float = 60,
    prefix: tuple[str, ...] = (),
) -> subprocess.CompletedProcess[str]:
    """`python -m module args…` in `folder` with `env` as its only bot settings (`prefix`:
    a command that runs it, such as one that mounts a folder read-only first)."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [*prefix, sys.executable, "-m", module, *args],
        cwd=folder,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def run_bot(
    folder: Path, env: dict[str, str], *args: str, prefix: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    return run_module("bot", folder, env, *args, prefix=prefix)

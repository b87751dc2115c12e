"""`python -m bot --health` (Docker's healthcheck): the running bot's heartbeat says it is
connected; a stopped bot, a stale heartbeat or none at all is unhealthy (status 1)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from bot import __version__
from bot.health import STALE_SECONDS, probe
from tests.bot.running import TOKEN, run_bot

from .conftest import bot_env


async def test_a_connected_bot_is_healthy_and_a_stopped_one_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    beat = tmp_path / "seepbot.health"
    database = tmp_path / "bot.sqlite3"
    async with bot_env(database, database, monkeypatch) as env:
        env.bot.heartbeat.path = beat  # as HEALTH_FILE sets it
        env.bot.heartbeat.start()
        for _ in range(100):
            if beat.exists():
                break
            await asyncio.sleep(0.01)
        status, line = probe(beat)
        assert status == 0, line
        assert line == f"healthy: seepbot {__version__} connected, in 1 server(s), 0 table(s) open"
        result = run_bot(tmp_path, {"HEALTH_FILE": str(beat)}, "--health")
        assert result.returncode == 0 and "healthy: seepbot" in result.stdout, result.stderr
    assert not beat.exists()  # removed as the bot stopped
    result = run_bot(tmp_path, {"HEALTH_FILE": str(beat)}, "--health")
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"seepbot: unhealthy: no heartbeat at {beat} (the bot is not running there)"
    )


def test_a_stale_or_disconnected_heartbeat_is_unhealthy(tmp_path: Path) -> None:
    beat = tmp_path / "seepbot.health"
    beat.write_text(json.dumps({"at": time.time() - STALE_SECONDS - 5, "ready": True}))
    assert probe(beat)[0] == 1 and "heartbeat is 65 s old" in probe(beat)[1]
    beat.write_text(json.dumps({"at": time.time(), "ready": False}))
    assert probe(beat) == (1, "unhealthy: not connected to Discord (yet)")
    no_file = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN}, "--health")
    assert no_file.returncode == 1 and "no HEALTH_FILE set" in no_file.stderr

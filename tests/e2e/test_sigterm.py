"""SIGTERM, which `docker stop`, Kubernetes and most supervisors send, stops `python -m bot`
as Ctrl-C does: the bot closes its connection and store and removes its heartbeat, and the
process ends with status 0 (before, Python ended at once, with status -15 and the heartbeat
left behind)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from pathlib import Path

import pytest

from tests.bot.running import TOKEN

from .fake_discord import FakeDiscord
from .main_process import run_main


@pytest.mark.parametrize("started", ["plainly", "with SIGINT ignored and stops blocked"])
async def test_sigterm_stops_the_bot_as_ctrl_c_does(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], started: str
) -> None:
    """Also when the process that starts the bot ignores SIGINT (as `nohup` does) and blocks
    the stop signals: a child inherits both, and SIGTERM must still stop it."""
    fake = FakeDiscord()
    await fake.start()
    beat = tmp_path / "seepbot.health"
    environment = {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(tmp_path / "bot.sqlite3"),
                   "HEALTH_FILE": str(beat)}  # fmt: skip
    child = multiprocessing.get_context("spawn").Process(
        target=run_main, args=(fake.api_base, fake.gateway_url, environment), daemon=True
    )
    inherited = started != "plainly"
    try:
        if inherited:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            child.start()
        finally:
            if inherited:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
                signal.signal(signal.SIGINT, signal.default_int_handler)
        for _ in range(600):
            if beat.exists():
                break
            await asyncio.sleep(0.05)
        assert beat.exists(), "the bot did not start"
        assert child.pid is not None
        os.kill(child.pid, signal.SIGTERM)
        await asyncio.to_thread(child.join, 20)
        assert child.exitcode == 0
        assert not beat.exists()  # removed as the bot closed
        log = capfd.readouterr().err
        # the operator hears that it is connecting (nothing else shows while Discord is slow
        # to answer) and that it stopped
        connecting = log.index("INFO seepbot: connecting to Discord…")
        assert log.index("INFO seepbot: stopped") > connecting, log[-600:]
    finally:
        if child.is_alive():
            child.kill()
        await fake.stop()
    assert not fake.violations, fake.violations

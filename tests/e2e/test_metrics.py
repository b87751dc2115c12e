"""METRICS_PORT: a Prometheus endpoint with the tables open, the moves, how long a move
takes to be stored, the errors logged and the gateway's latency."""

from __future__ import annotations

import logging
import math
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.postgres_server import free_port

from .conftest import Env, start_bot, stop_bot
from .helpers import lobby_button, play_first_move, whose_turn

ASHA, DEV = 901, 902


async def scrape(port: int) -> dict[str, float]:
    async with aiohttp.ClientSession() as http, http.get(
        f"http://127.0.0.1:{port}/metrics"
    ) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain; version=")
        text = await response.text()
    samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            samples[f"{sample.name}{{{labels}}}"] = sample.value
    return samples


async def test_prometheus_reads_the_bots_figures(env: Env, tmp_path: Path) -> None:
    fake = env.fake
    await env.bot.close()  # this test's bot serves metrics
    await env.bot._test_task  # type: ignore[attr-defined]
    port = free_port()
    env.bot = await start_bot(fake, env.database, metrics_port=port)
    before = await scrape(port)
    assert before["seepbot_tables_open{status=lobby}"] == 0
    assert before["seepbot_tables_open{status=playing}"] == 0
    assert before["seepbot_move_seconds_count{}"] == 0
    latency = before["seepbot_gateway_latency_seconds{}"]  # NaN until a heartbeat's answer
    assert latency == env.bot.latency or (math.isnan(latency) and math.isinf(env.bot.latency))

    for user, name in ((ASHA, "Asha"), (DEV, "Dev")):
        fake.add_member(user, name)
    new = await fake.slash(ASHA, "table", "new suipe", players=2)
    assert (await scrape(port))["seepbot_tables_open{status=lobby}"] == 1
    lobby = fake.messages[new.message_id]
    await fake.click(DEV, new.message_id, lobby_button(fake, lobby, "join"))
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    playing = await scrape(port)
    assert playing["seepbot_tables_open{status=lobby}"] == 0
    assert playing["seepbot_tables_open{status=playing}"] == 1
    for _ in range(3):
        await play_first_move(fake, whose_turn(fake))
        await env.bot.idle()
    after = await scrape(port)
    assert after["seepbot_move_seconds_count{}"] == 3  # each player's move, timed
    assert after["seepbot_move_seconds_bucket{le=+Inf}"] == 3
    assert after["seepbot_moves_total{game=suipe}"] == 3
    assert "seepbot_errors_total{logger=seepbot.test}" not in after

    logging.getLogger("seepbot.test").error("a test error")  # counted, by logger
    env.errors.records.clear()
    assert (await scrape(port))["seepbot_errors_total{logger=seepbot.test}"] == 1
    await stop_bot(env.bot)
    async with aiohttp.ClientSession() as http:
        try:
            await http.get(f"http://127.0.0.1:{port}/metrics")
        except aiohttp.ClientConnectionError:
            pass
        else:
            raise AssertionError("the endpoint still answers after the bot stopped")

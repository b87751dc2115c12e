"""The bot's figures for Prometheus, served at `http://METRICS_ADDRESS:METRICS_PORT/metrics`
when METRICS_PORT is set: tables open, moves, how long a player waits for their move to be
stored, errors logged, and the latency of Discord's gateway.

Each bot has its own registry (tests run several bots in one process); the text is made by
prometheus_client and served from the bot's own event loop. prometheus_client (and aiohttp's
server side) are imported when the figures are first served: a bot without METRICS_PORT never
loads them.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aiohttp import web
    from prometheus_client import CollectorRegistry, Counter, Histogram

    from bot.client import SeepBot

log = logging.getLogger("seepbot.metrics")
# A move is stored in a few milliseconds; seconds mean a table waits on a busy process.
MOVE_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class ErrorCounter(logging.Handler):
    """Counts the records logged at ERROR or above, by logger."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(logging.ERROR)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self.counter.labels(record.name).inc()


class Unwatched:
    """How long moves take, before the figures are served: nobody reads it."""

    def observe(self, amount: float) -> None:
        pass


class Metrics:
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        self.registry: CollectorRegistry | None = None
        self.move_seconds: Unwatched | Histogram = Unwatched()
        self._errors_handler: ErrorCounter | None = None
        self._runner: web.AppRunner | None = None

    def _watch(self) -> CollectorRegistry:
        """The figures, counted from now on."""
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        bot = self.bot
        self.registry = CollectorRegistry()
        tables = Gauge(
            "seepbot_tables_open",
            "Tables this process serves, waiting in the lobby or playing",
            ["status"],
            registry=self.registry,
        )
        tables.labels("lobby").set_function(lambda: self._tables(started=False))
        tables.labels("playing").set_function(lambda: self._tables(started=True))
        self.moves = Counter(
            "seepbot_moves", "Moves stored, by game", ["game"], registry=self.registry
        )
        self.move_seconds = Histogram(
            "seepbot_move_seconds",
            "From a player's move arriving to it being stored",
            buckets=MOVE_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "seepbot_errors", "Errors logged, by logger", ["logger"], registry=self.registry
        )
        Gauge(
            "seepbot_gateway_latency_seconds",
            "Time between a heartbeat to Discord's gateway and its acknowledgement",
            registry=self.registry,
        ).set_function(self._latency)
        Gauge(
            "seepbot_servers", "Servers (guilds) this process is in", registry=self.registry
        ).set_function(lambda: len(self.bot.guilds))
        from bot import __version__

        Gauge(
            "seepbot_build_info",
            "The bot's release (its version label); always 1",
            ["version"],
            registry=self.registry,
        ).labels(__version__).set(1)
        self._errors_handler = ErrorCounter(self.errors)
        bot.store.observe_moves(lambda game: self.moves.labels(game).inc())
        return self.registry

    def _tables(self, started: bool) -> int:
        return sum(1 for s in self.bot.tables.by_channel.values() if s.started == started)

    def _latency(self) -> float:
        latency = self.bot.latency
        return latency if math.isfinite(latency) else math.nan

    def text(self) -> bytes:
        from prometheus_client.exposition import generate_latest

        return generate_latest(self.registry or self._watch())

    async def serve(self, address: str, port: int) -> None:
        """Start the endpoint (and count errors from now on). aiohttp's server side is imported
        here: a bot without METRICS_PORT never needs it (nor its 3 MB)."""
        from aiohttp import web

        if self.registry is None:
            self._watch()
        app = web.Application()
        app.router.add_get("/metrics", self._handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, address, port).start()
        except OSError as error:
            await runner.cleanup()
            log.error("cannot serve metrics on %s:%s (%s)", address, port, error.strerror)
            return
        self._runner = runner
        assert self._errors_handler is not None
        logging.getLogger().addHandler(self._errors_handler)
        log.info("metrics at http://%s:%s/metrics", address, port)

    async def _handle(self, request: web.Request) -> web.Response:
        from aiohttp import web
        from prometheus_client import CONTENT_TYPE_LATEST

        return web.Response(body=self.text(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def close(self) -> None:
        if self._errors_handler is not None:
            logging.getLogger().removeHandler(self._errors_handler)
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

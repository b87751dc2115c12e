"""The drawing thread: images in the asker's language, one at a time, the loop free meanwhile."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.drawing import drawn
from bot.i18n import speaking
from engine.core import PUBLIC
from engine.games import new_match
from renderers import table
from tests.engine.shared import played_at_random

NAMES = ["Asha", "Ravi"]


def _table_png(language: str) -> bytes:
    with speaking(language):
        return table.render_png(new_match("seep", 7, players=2).view(PUBLIC), NAMES)


@asynccontextmanager
async def _ticking() -> AsyncIterator[list[int]]:
    """The loop's turns while the block runs (a list of one count)."""
    ticks = [0]

    async def tick() -> None:
        while True:
            ticks[0] += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(tick())
    try:
        yield ticks
    finally:
        ticker.cancel()


async def test_an_image_drawn_there_speaks_the_language_of_who_asked() -> None:
    view = new_match("seep", 7, players=2).view(PUBLIC)
    with speaking("hi"):
        hindi = await drawn(table.render_png, view, NAMES)
    with speaking("en"):
        english = await drawn(table.render_png, view, NAMES)
    assert hindi == _table_png("hi")
    assert english == _table_png("en")
    assert hindi != english


async def test_the_loop_keeps_ticking_while_a_table_is_drawn() -> None:
    view = played_at_random(new_match("seep", 8, players=4), 1, 15).view(PUBLIC)
    names = [*NAMES, "Dev", "Mira"]
    async with _ticking() as ticks:
        data = await drawn(table.render_png, view, names)
    assert data == table.render_png(view, names)
    assert ticks[0] > 5


async def test_images_are_drawn_one_after_another_while_the_loop_goes_on() -> None:
    spans: list[tuple[float, float, int]] = []

    def draw() -> None:
        began = time.perf_counter()
        time.sleep(0.05)  # as a long drawing would hold its thread
        spans.append((began, time.perf_counter(), threading.get_ident()))

    async with _ticking() as ticks:
        await asyncio.gather(*(drawn(draw) for _ in range(4)))
    spans.sort()
    assert len({thread for _, _, thread in spans}) == 1
    assert threading.get_ident() not in {thread for _, _, thread in spans}
    assert all(spans[n][1] <= spans[n + 1][0] for n in range(len(spans) - 1))
    assert ticks[0] >= 10  # the loop kept running through 0.2 s of drawing

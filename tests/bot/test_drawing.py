"""The drawing thread: images in the asker's language, one at a time, the loop free meanwhile."""

from __future__ import annotations

import asyncio
import threading
import time

from bot.drawing import drawn
from bot.i18n import speaking
from engine.core import PUBLIC
from engine.games import new_match
from renderers import table


def _table_png(language: str) -> bytes:
    with speaking(language):
        return table.render_png(new_match("seep", 7, players=2).view(PUBLIC), ["Asha", "Ravi"])


async def test_an_image_drawn_there_speaks_the_language_of_who_asked() -> None:
    view = new_match("seep", 7, players=2).view(PUBLIC)
    with speaking("hi"):
        hindi = await drawn(table.render_png, view, ["Asha", "Ravi"])
    with speaking("en"):
        english = await drawn(table.render_png, view, ["Asha", "Ravi"])
    assert hindi == _table_png("hi")
    assert english == _table_png("en")
    assert hindi != english


async def test_images_are_drawn_one_after_another_while_the_loop_goes_on() -> None:
    spans: list[tuple[float, float, int]] = []

    def draw() -> None:
        began = time.perf_counter()
        time.sleep(0.05)  # as a long drawing would hold its thread
        spans.append((began, time.perf_counter(), threading.get_ident()))

    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    ticker = asyncio.create_task(tick())
    await asyncio.gather(*(drawn(draw) for _ in range(4)))
    ticker.cancel()
    spans.sort()
    assert len({thread for _, _, thread in spans}) == 1
    assert threading.get_ident() not in {thread for _, _, thread in spans}
    assert all(spans[n][1] <= spans[n + 1][0] for n in range(len(spans) - 1))
    assert ticks >= 10  # the loop kept running through 0.2 s of drawing

"""The thread that draws the bot's images: table messages, hands, deal summaries, boards and
the rules' examples.

Drawing is Python and Pillow under the GIL. Pillow and zlib let the GIL go around each paste,
conversion and deflate, a few hundred times an image, so several threads drawing at once hand
it back and forth between them and the event loop all the time, and every hand-over costs a
wake-up, a switch and caches filled again. One thread drawing one image after another spent
about a third less CPU on each (`benchmarks/bot_e2e.py`, 200 tables), and the loop never
waits for it. Work that may take long (a whole game's animation, a record's pages) stays on
asyncio's own threads (`asyncio.to_thread`) so that no table waits behind it."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

THREAD_NAME = "drawing"

_Result = TypeVar("_Result")

_drawer = ThreadPoolExecutor(max_workers=1, thread_name_prefix=THREAD_NAME)


async def drawn(function: Callable[..., _Result], /, *args: object) -> _Result:
    """`function(*args)` run on the drawing thread, as `asyncio.to_thread` runs it: in a copy
    of the caller's context (the language spoken, the card faces)."""
    context = contextvars.copy_context()
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_drawer, partial(context.run, function, *args))

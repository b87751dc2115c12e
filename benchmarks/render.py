"""Render speed, run by hand from the project root: `python -m benchmarks.render [REPEATS]
[--cpu] [--tables N]` (`--cpu`: the drawing thread's CPU time instead of the wall clock, to
compare runs on a busy, shared machine; the budget is for the wall clock on a quiet one;
`--tables N`: only the bot's load of `benchmarks.bot_e2e`, see `tables`).

Median and 95th-percentile time to render and encode as PNG (sprites and fonts cached after
the first image, as in the running bot) and the PNG size, for every image of the gallery: the
positions of the rules examples, and each game at each table size (the public table, the table
from seat 1, a hand, the summary of a deal, the taken trick, the last trick, the match recap),
the legend, the leaderboard and the results chart. The budget: 15 ms at the 95th percentile
and 150 KB for each image.

The gallery's images are drawn again and again, so every word on them is drawn from the text
cache (`renderers.text`). A table in play is not: after each move some words are new (a count,
a score, the last play). So the benchmark also plays a seeded game of each game at its largest
table and times the public table after every move, each image drawn once, as the bot does.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from PIL import Image

from engine import registry
from engine.core import PUBLIC
from engine.fairness import Cut
from engine.games import new_match
from renderers import table
from renderers.draw import to_png
from renderers.gallery import LONG_NAMES, gallery_makers

BUDGET_MS = 15.0
BUDGET_KB = 150.0

clock = time.perf_counter  # `--cpu`: time.thread_time, which other processes do not inflate


def timed(render: Callable[[], bytes], repeats: int) -> tuple[float, float, int]:
    render()  # warm the caches
    times = []
    size = 0
    for _ in range(repeats):
        started = clock()
        size = len(render())
        times.append((clock() - started) * 1000)
    return statistics.median(times), _p95(times), size


def _png(make: Callable[[], Image.Image]) -> bytes:
    return to_png(make())


def _p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]


def played(game: str, players: int, moves: int = 60) -> tuple[list[float], int]:
    """The time of the public table after each of the first `moves` moves of a seeded game
    (each image drawn once), and the largest PNG."""
    match = new_match(game, 3, players=players)
    rng = random.Random(3)
    names = LONG_NAMES[:players]
    times: list[float] = []
    largest = 0
    for _ in range(moves):
        if match.is_terminal:
            break
        match.apply(rng.choice(match.legal_actions()))
        view = match.view(PUBLIC)
        started = clock()
        largest = max(largest, len(table.render_png(view, names)))
        times.append((clock() - started) * 1000)
    return times, largest


def tables(count: int, moves: int = 16, warm: int = 4) -> list[float]:
    """The table images of `benchmarks.bot_e2e`: `count` two-player Suipe tables (players "A0"
    and "B0", "A1" and "B1"… as there: a table's names are its own, so its seats, score and
    last play are words no other table draws; each table's first legal move played) taking
    turns, the public table drawn after every move as the bot draws it. The times of the moves
    after each table's first `warm`."""
    matches = [new_match("suipe", 1000 + n, players=2) for n in range(count)]
    times: list[float] = []
    for move in range(moves):
        for number, match in enumerate(matches):
            while match.pending_cut is not None and not match.is_terminal:
                match.apply(Cut(match.pending_cut.default), match.pending_cut.cutter)
            match.apply(match.legal_actions()[0])
            picture = match.view(PUBLIC).picture([f"A{number}", f"B{number}"])
            started = clock()
            table.render_picture_png(picture)
            if move >= warm:
                times.append((clock() - started) * 1000)
    return times


def main(argv: list[str] | None = None) -> int:
    global clock
    args = sys.argv[1:] if argv is None else argv
    if "--cpu" in args:
        clock = time.thread_time
        args = [arg for arg in args if arg != "--cpu"]
    if "--tables" in args:
        at = args.index("--tables")
        times = tables(int(args[at + 1]))
        print(
            f"{args[at + 1]} Suipe tables, {len(times)} images ({clock.__name__}): mean "
            f"{statistics.mean(times):.2f} ms, median {statistics.median(times):.2f} ms, "
            f"p95 {_p95(times):.2f} ms"
        )
        return 0
    repeats = int(args[0]) if args else 20
    print(
        f"Render + PNG encode over {repeats} runs ({clock.__name__}): median, p95 "
        f"(budget p95 {BUDGET_MS} ms, {BUDGET_KB} KB)"
    )
    medians: list[float] = []
    p95s: list[float] = []
    sizes: list[int] = []
    for name, make in gallery_makers().items():
        ms, p95, size = timed(partial(_png, make), repeats)
        medians.append(ms)
        p95s.append(p95)
        sizes.append(size)
        flag = "" if p95 <= BUDGET_MS and size <= BUDGET_KB * 1024 else "  OVER"
        print(f"  {name:<36} {ms:6.1f} ms {p95:6.1f} ms  {size / 1024:6.1f} KB{flag}")
    print(
        f"All {len(medians)} images: median {statistics.median(medians):.1f} ms, "
        f"slowest median {max(medians):.1f} ms, slowest p95 {max(p95s):.1f} ms; "
        f"median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB"
    )
    print("A played game, the public table after each move (each image drawn once):")
    for spec in registry.games():
        players = max(spec.allowed_seats)
        times, largest = played(spec.name, players)
        ms, p95 = statistics.median(times), _p95(times)
        flag = "" if p95 <= BUDGET_MS and largest <= BUDGET_KB * 1024 else "  OVER"
        label = f"{spec.name}-{players}p, {len(times)} moves"
        print(f"  {label:<36} {ms:6.1f} ms {p95:6.1f} ms  {largest / 1024:6.1f} KB{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Render speed, run by hand from the project root: `python -m benchmarks.render`.

Median and 95th-percentile time to render and encode as PNG (sprites and fonts cached after
the first image, as in the running bot) and the PNG size, for every image of the gallery: the
positions of the rules examples, and each game at each table size (the public table, the table
from seat 1, a hand, the summary of a deal, the taken trick, the last trick, the match recap),
the legend, the leaderboard and the results chart. The budget: 15 ms at the 95th percentile
and 150 KB for each image.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from renderers.draw import to_png
from renderers.gallery import gallery_makers

BUDGET_MS = 15.0
BUDGET_KB = 150.0


def timed(render: Callable[[], bytes], repeats: int) -> tuple[float, float, int]:
    render()  # warm the caches
    times = []
    size = 0
    for _ in range(repeats):
        started = time.perf_counter()
        size = len(render())
        times.append((time.perf_counter() - started) * 1000)
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    return statistics.median(times), p95, size


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    repeats = int(args[0]) if args else 20
    print(
        f"Render + PNG encode over {repeats} runs: median, p95 "
        f"(budget p95 {BUDGET_MS} ms, {BUDGET_KB} KB)"
    )
    medians: list[float] = []
    p95s: list[float] = []
    sizes: list[int] = []
    for name, make in gallery_makers().items():
        ms, p95, size = timed(lambda make=make: to_png(make()), repeats)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Every benchmark's quick form, one table: `python -m benchmarks [--tables N] [--skip PART…]`.

Run by hand from the project root. Figures are medians (CPU time where the benchmark uses it,
so a busy machine moves them less); the table starts with the machine's core count and load,
which `benchmarks/RESULTS.md` records beside each table. The parts, in order (each can be
skipped with `--skip`):

- `engine`: random Seep and Suipe deals per second, fresh process and warm, and the worst-case
  Seep legal-move listing (`benchmarks/engine.py`);
- `tricks`: random Sheepshead, Sedma and Hola hands per second, fresh process and warm
  (`benchmarks/tricks_ai.py --speed`);
- `decisions`: the hard computer's decision time (median, p95, wall clock, with the bot's
  budget) over one duplicate shuffle of each game against the normal one (`benchmarks/ai.py`,
  `benchmarks/tricks_ai.py`);
- `render`: a played table after each move (`benchmarks/render.py`);
- `fairness`: a secret deal's cost (`benchmarks/fairness.py`);
- `bot`: the bot under load through the fake Discord, SQLite, `--tables` tables (200 by
  default): paced p99, bot CPU per move, memory idle and per table (`benchmarks/bot_e2e.py`).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

Row = tuple[str, str, str]  # part, figure, value


def fresh_rate(game: str, players: int, hands: int, runs: int = 3) -> float:
    """Random deals (hands) per second of a new process, imports included (the interpreter's
    start not): median of `runs`."""
    from benchmarks.compare import measure

    return statistics.median(measure(".", game, players, hands, 0)[0] for _ in range(runs))


def warm_rate(game: str, players: int, hands: int, batches: int = 5) -> float:
    """Random deals (hands) per second once the process is warm: median over batches."""
    import random

    from engine.games import new_match

    def batch(first_seed: int) -> float:
        rng = random.Random(first_seed)
        started = time.process_time()
        for seed in range(first_seed, first_seed + hands):
            match = new_match(game, seed, players=players)
            while match.deals_finished == 0 and not match.is_terminal:
                match.apply(rng.choice(match.legal_actions()))
        return hands / (time.process_time() - started)

    batch(1)  # warms the imports and the caches
    return statistics.median(batch(1000 * (b + 1)) for b in range(batches))


def engine_rows() -> list[Row]:
    from benchmarks.engine import CROWDED, crowded_floor_ms

    rows: list[Row] = []
    for game, players in (("seep", 4), ("seep30", 4), ("suipe", 4), ("suipe", 2)):
        fresh = fresh_rate(game, players, 40)
        warm = warm_rate(game, players, 40)
        rows.append(("engine", f"{game} {players}p random deals/s fresh / warm",
                     f"{fresh:,.0f} / {warm:,.0f}"))  # fmt: skip
    worst = max(crowded_floor_ms(text, 7)[0] for text in CROWDED)
    rows.append(("engine", "worst-case Seep legal-move listing", f"{worst:.2f} ms"))
    return rows


def tricks_rows() -> list[Row]:
    rows: list[Row] = []
    for game, players in (("sheepshead", 5), ("sedma", 4), ("hola", 4)):
        fresh = fresh_rate(game, players, 300)
        warm = warm_rate(game, players, 300)
        rows.append(("tricks", f"{game} {players}p random hands/s fresh / warm",
                     f"{fresh:,.0f} / {warm:,.0f}"))  # fmt: skip
    return rows


def decision_rows() -> list[Row]:
    from benchmarks import ai, tricks_ai
    from bot.players import HARD_BUDGET

    rows: list[Row] = []

    def summary(times: list[float]) -> str:
        ordered = sorted(times)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        return f"{1000 * statistics.median(ordered):.0f} / {1000 * p95:.0f} ms ({len(ordered)})"

    for game, players in (("seep", 4), ("seep30", 4), ("suipe", 4)):
        setup = ai.Setup(game, players, "hard", "normal", HARD_BUDGET)
        _, times = ai.duplicate(("deal", setup, 1))
        rows.append(("decisions", f"{game} {players}p hard median / p95", summary(times["hard"])))
    for game, players in (("sedma", 4), ("sheepshead", 5)):
        hard: list[float] = []
        rotations = players if tricks_ai.one_seat_each(game, players) else 2
        seconds = HARD_BUDGET.seconds
        for rotation in range(rotations):
            _, times = tricks_ai.play_hand((game, players, "hard", "normal", 1, rotation, seconds))
            hard.extend(times["hard"])
        rows.append(("decisions", f"{game} {players}p hard median / p95", summary(hard)))
    return rows


def render_rows() -> list[Row]:
    from benchmarks import render
    from engine import registry

    render.clock = time.thread_time
    rows: list[Row] = []
    for spec in registry.games():
        players = max(spec.allowed_seats)
        times, _ = render.played(spec.name, players, moves=30)
        rows.append(("render", f"{spec.name} {players}p table after a move, median / p95 (CPU)",
                     f"{statistics.median(times):.1f} / {render._p95(times):.1f} ms"))  # fmt: skip
    return rows


def fairness_rows() -> list[Row]:
    from benchmarks import fairness

    secret = fairness.per_call_us(lambda: fairness.secret_deal("seep", {"players": 4}), calls=100)
    return [("fairness", "seep 4p first deal from fresh keys", f"{secret:,.0f} µs")]


def bot_rows(tables: int) -> list[Row]:
    import asyncio

    from benchmarks import bot_e2e

    result = asyncio.run(bot_e2e.run(tables, "", 1))
    return [
        ("bot", f"{tables} tables SQLite paced p50 / p99",
         f"{result['p50']:.0f} / {result['p99']:.0f} ms"),
        ("bot", f"{tables} tables bot CPU per move", f"{result['cpu_ms_per_move']:.1f} ms"),
        ("bot", f"{tables} tables saturated moves/s", f"{result['moves_per_s']:.0f}"),
        ("bot", "memory idle / per table",
         f"{result['idle_mb']:.1f} MB / {result['kb_per_table']:.1f} KB"),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tables", type=int, default=200, help="tables for the bot part")
    parts = ["engine", "tricks", "decisions", "render", "fairness", "bot"]
    parser.add_argument("--skip", nargs="+", choices=parts, default=[])
    args = parser.parse_args()
    makers: dict[str, Callable[[], list[Row]]] = {
        "engine": engine_rows,
        "tricks": tricks_rows,
        "decisions": decision_rows,
        "render": render_rows,
        "fairness": fairness_rows,
        "bot": lambda: bot_rows(args.tables),
    }
    load = os.getloadavg()
    began = time.perf_counter()
    rows: list[Row] = []
    for part in parts:
        if part in args.skip:
            continue
        print(f"… {part}", file=sys.stderr, flush=True)
        rows.extend(makers[part]())
    after = os.getloadavg()
    print(f"{os.cpu_count()} cores, load {load[0]:.2f} before and {after[0]:.2f} after "
          f"(1-minute averages), Python {platform.python_version()}, "
          f"{time.perf_counter() - began:.0f} s")  # fmt: skip
    print()
    print(table(rows))


def table(rows: list[Row]) -> str:
    widths = [max(len(row[i]) for row in [("part", "figure", "value"), *rows]) for i in range(3)]

    def line(cells: tuple[Any, ...]) -> str:
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    return "\n".join(
        [line(("part", "figure", "value")), line(tuple("-" * w for w in widths))]
        + [line(row) for row in rows]
    )


if __name__ == "__main__":
    main()

"""Tournament formats' speed, run by hand from the project root: `python -m benchmarks.tournaments
[REPEATS]`.

Each format's whole event played through its pure pairing and scoring (the runtime's work left
out), with seeded results: the median time of one event, and for the arena the median and
worst time of one `pairings` call as its results grow to 1,000. A format is called once per
finished table at most, so these are the cost the runtime pays per table, summed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace

from bot.tournaments.arena import Arena
from bot.tournaments.duplicate import Duplicate
from bot.tournaments.format import (
    Entrant,
    EventSettings,
    EventState,
    Format,
    Pairing,
    TableResult,
)
from bot.tournaments.knockout import Knockout
from bot.tournaments.sessions import Sessions
from bot.tournaments.swiss import Swiss
from bot.tournaments.units import busy, open_tables

EVENTS: list[tuple[str, Format, int, EventSettings]] = [
    ("swiss", Swiss(), 64, EventSettings(seats=2, rounds=7)),
    ("swiss", Swiss(), 128, EventSettings(seats=2, rounds=8)),
    ("knockout", Knockout(), 64, EventSettings(seats=2, best_of=3)),
    ("sessions", Sessions(), 60, EventSettings(seats=5, rounds=4, table_sizes=(3, 4, 5, 6))),
    ("duplicate pairs", Duplicate(), 64, EventSettings(seats=4, rounds=6, partnerships=True)),
    ("duplicate individual", Duplicate(), 50, EventSettings(seats=5, rounds=6)),
]


def people(count: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(1000 + n, f"P{n}", n) for n in range(count))


def result(pairing: Pairing, rng: random.Random, at: float) -> TableResult:
    scores = tuple(float(rng.randint(0, 3)) for _ in pairing.seats)
    places = tuple(1 + sum(o > s for o in scores) for s in scores)
    return TableResult(pairing.round, pairing.table, pairing.seats, scores, places, at)


def play(fmt: Format, state: EventState, rng: random.Random) -> EventState:
    clock = 1.0
    while not fmt.finished(state, clock):
        playing = busy(state)
        free = [e.user_id for e in state.entrants if e.user_id not in playing]
        state = replace(state, pairings=state.pairings + tuple(fmt.pairings(state, free, clock)))
        table = open_tables(state)[0]
        clock += 1.0
        state = replace(state, results=(*state.results, result(table, rng, clock)))
        fmt.standings(state)  # the runtime redraws the standings after every table
    return state


def arena(rng: random.Random) -> list[float]:
    fmt, state = Arena(), EventState(people(100), EventSettings(seats=2, duration=1e9), 0.0)
    times, clock = [], 0.0
    while len(state.results) < 1000:
        playing = busy(state)
        free = [e.user_id for e in state.entrants if e.user_id not in playing]
        start = time.perf_counter()
        tables = fmt.pairings(state, free, clock)
        times.append(time.perf_counter() - start)
        state = replace(state, pairings=state.pairings + tuple(tables))
        clock += 1.0
        table = rng.choice(open_tables(state))
        state = replace(state, results=(*state.results, result(table, rng, clock)))
    return times


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    repeats = int(args[0]) if args else 3
    for name, fmt, count, settings in EVENTS:
        times = []
        for seed in range(repeats):
            start = time.perf_counter()
            state = play(fmt, EventState(people(count), settings, 0.0), random.Random(seed))
            times.append(time.perf_counter() - start)
        print(f"{name}, {count} entrants, {len(state.results)} tables: "
              f"median {statistics.median(times) * 1000:.0f} ms an event")  # fmt: skip
    calls = arena(random.Random(1))
    median, worst = statistics.median(calls) * 1000, max(calls) * 1000
    print(f"arena, 100 players, 1,000 tables: pairings median {median:.1f} ms, "
          f"worst {worst:.1f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

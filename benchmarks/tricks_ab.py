"""Two plans of a trick game's hard player compared on the same shuffles: `python -m
benchmarks.tricks_ab --game sedma --players 4 --b "worlds=128" [--a ""] --shuffles 200 [--start 1]
[--seconds 0]` (Sedma, Hola or Sheepshead).

Each shuffle is played with hard (plan A, then plan B) against normal, once with hard on each
side (in each seat with three players), as `benchmarks.tricks_ai` does. Every decision gets its
own random generator, seeded by shuffle, rotation and decision number, so B's hands differ
from A's only where B's own decisions differ. A plan is `name=value` pairs for the fields of
the game's `HardPlan` (`engine.sedma.ai`, `engine.sheepshead.hard`; empty: its defaults; a tuple
as numbers joined by `/`, `own_tables=4/5/6`). It prints each plan's hard − normal and
B − A, per hand, with a 95% interval over the shuffles (each shuffle's hands averaged first),
and hard's decision times (CPU time of the process). A plan's results with no time limit
are kept in `--cache` and reused.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import statistics
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks.tricks_ai import first_seats, hand_score, one_seat_each
from engine.ai import SearchBudget, choose_action
from engine.games import new_match
from engine.sedma import ai as sedma_ai
from engine.sheepshead import hard as sheepshead_hard

# the module holding each game's `HardPlan` and the `HARD` plan its hard player reads
PLANS: dict[str, ModuleType] = {
    "sedma": sedma_ai,
    "hola": sedma_ai,
    "sheepshead": sheepshead_hard,
}
UNITS = {"hola": "points", "sheepshead": "units"}


def parse_plan(ai: ModuleType, text: str) -> Any:
    fields = {f.name: f.type for f in dataclasses.fields(ai.HardPlan)}
    values: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in text.split(","))):
        name, _, raw = pair.partition("=")
        if name not in fields:
            raise SystemExit(f"unknown plan field {name!r}: one of {', '.join(fields)}")
        default = getattr(ai.HardPlan(), name)
        if isinstance(default, tuple):
            values[name] = tuple(int(part) for part in raw.split("/") if part)
        elif isinstance(default, bool):
            values[name] = raw.lower() in ("1", "true", "yes")
        elif isinstance(default, int):
            values[name] = int(raw)
        elif isinstance(default, float):
            values[name] = float(raw)
        else:
            values[name] = raw
    return ai.HardPlan(**values)


def play_hand(
    game: str, players: int, seed: int, rotation: int, seconds: float | None
) -> tuple[float, list[float]]:
    budget = SearchBudget(seconds=seconds)
    match = new_match(game, seed, players=players)
    seats = first_seats(game, players, rotation)
    times: list[float] = []
    decision = 0
    while match.deals_finished == 0:
        player = match.current_player
        assert player is not None
        rng = random.Random(f"{seed}:{rotation}:{decision}")
        decision += 1
        if player in seats:
            started = time.process_time()  # (one core's time: the machine may be shared)
            action = choose_action(match, player, "hard", rng, budget)
            times.append(time.process_time() - started)
        else:
            action = choose_action(match, player, "normal", rng, budget)
        match.apply(action, player)
    return hand_score(match, seats, players), times


def run_plan(
    plan: Any, game: str, players: int, seeds: range, seconds: float | None, cache: Path
) -> tuple[dict[int, float], list[float]]:
    """Per shuffle, hard − normal averaged over its rotations; and hard's decision times."""
    named = dataclasses.asdict(plan)
    key = f"{game}{players}-{seconds or 0}-{json.dumps(named, sort_keys=True)}"
    path = cache / (hashlib.sha1(key.encode()).hexdigest()[:16] + ".json")
    stored: dict[str, Any] = {"key": key, "scores": {}, "times": []}
    if seconds is None and path.exists():
        stored = json.loads(path.read_text())  # (plan B runs first: A is usually kept)
    PLANS[game].HARD = plan
    rotations = players if one_seat_each(game, players) else 2
    scores: dict[int, float] = {}
    times: list[float] = []
    for seed in seeds:
        if str(seed) in stored["scores"]:
            scores[seed] = stored["scores"][str(seed)]
            continue
        results = [play_hand(game, players, seed, r, seconds) for r in range(rotations)]
        scores[seed] = statistics.mean(s for s, _ in results)
        for _, t in results:
            times.extend(t)
        stored["scores"][str(seed)] = scores[seed]
        if seconds is None:
            path.write_text(json.dumps(stored))
    stored["times"] = stored.get("times", []) + times
    if seconds is None:
        path.write_text(json.dumps(stored))
    return scores, times or stored["times"]


def interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.3f} ± {half:.3f}"


def timing(times: list[float]) -> str:
    if not times:
        return "(times cached)"
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95)]
    return (
        f"median {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms "
        f"over {len(ordered)} decisions"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="sedma", choices=sorted(PLANS))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--a", default="", help="plan A (the current one): name=value,…")
    parser.add_argument("--b", default="", help="plan B (the change)")
    parser.add_argument("--shuffles", type=int, default=200)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.0, help="hard's time (0: no limit)")
    parser.add_argument("--cache", default="/tmp/tricks_ab")
    args = parser.parse_args()
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    seeds = range(args.start, args.start + args.shuffles)
    seconds = args.seconds or None
    module = PLANS[args.game]
    plan_a, plan_b = parse_plan(module, args.a), parse_plan(module, args.b)
    started = time.perf_counter()
    b, times_b = run_plan(plan_b, args.game, args.players, seeds, seconds, cache)
    a, times_a = run_plan(plan_a, args.game, args.players, seeds, seconds, cache)
    diff = [b[s] - a[s] for s in seeds]
    unit = UNITS.get(args.game, "game points")
    print(
        f"{args.game} {args.players}p, shuffles {seeds.start}–{seeds.stop - 1}, "
        f"{'no limit' if seconds is None else f'{seconds} s'} "
        f"({time.perf_counter() - started:.0f} s)"
    )
    print(f"  A {plan_a}: hard − normal {interval(list(a.values()))} {unit}; {timing(times_a)}")
    print(f"  B {plan_b}: hard − normal {interval(list(b.values()))} {unit}; {timing(times_b)}")
    print(f"  B − A: {interval(diff)} {unit} a hand ({sum(d != 0 for d in diff)} shuffles differ)")


if __name__ == "__main__":
    main()

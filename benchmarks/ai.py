"""Computer-player strength and speed, run by hand: `python -m benchmarks.ai [options]`.

Strength is measured on duplicate deals: every shuffle is played once with the first player
on each side (twice for two sides, three times in three-player Suipe), so the cards cancel out
and only the play differs. For each pairing it prints the mean deal-score difference per deal
(the first player's side minus the average of the others) with a 95% interval, and the share
of shuffles the first player's side won on average. `--baazis N` also plays N duplicate Seep
matches of one baazi for the share of baazis won.

`--against omniscient` measures, for each table (`--table seep:4`, repeatable; by default
Seep 4p, Sedma 4p and Sheepshead 5p), hard − normal and omniscient − normal on the same
shuffles (`benchmarks.omniscient`: the player who sees every card), and the share of the
all-seeing player's margin that the hard player reaches, each with a 95% interval.

Speed: decision times (median, p95, wall clock) per level, over the decisions of the strength
runs. The hard player thinks for at most the bot's time (`--seconds`, as in `bot.players`; 0: no
limit, every sample played, as in the tests).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache

from benchmarks.omniscient import omniscient_action
from bot.players import HARD_BUDGET
from engine.ai import Level, SearchBudget, choose_action
from engine.ai.games import adapter_for
from engine.games import new_match

DEFAULT_BUDGET = SearchBudget()
PAIRINGS = {"hard-normal": ("hard", "normal"), "normal-easy": ("normal", "easy"),
            "easy-random": ("easy", "random")}  # fmt: skip


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    first: str
    second: str
    budget: SearchBudget  # for the hard player


def decide(match, level: str, rng: random.Random, setup: Setup, times: dict[str, list[float]]):
    player = match.current_player
    started = time.perf_counter()
    if level == "random":
        action = rng.choice(match.legal_actions())
    elif level == "omniscient":
        action = omniscient_action(match, player, rng)
    else:
        action = choose_action(match, player, Level(level), rng, setup.budget)
    times.setdefault(level, []).append(time.perf_counter() - started)
    return action


def play_deal(setup: Setup, seed: int, first_side: int) -> tuple[float, dict[str, list[float]]]:
    """One deal; returns the first player's side's score minus the others' average (with two
    sides, minus the other side's score). Between equal players it averages zero."""
    match = new_match(setup.game, seed, players=setup.players)
    rng = random.Random(seed * 7 + first_side)
    times: dict[str, list[float]] = {}
    while not match.deal_results:
        player = match.current_player
        level = setup.first if match.deal.side_of(match.deal.turn) == first_side else setup.second
        match.apply(decide(match, level, rng, setup, times), player)
    score = match.deal_results[0].score
    totals = [side.total for side in score.sides]
    others = [t for s, t in enumerate(totals) if s != first_side]
    return totals[first_side] - statistics.fmean(others), times


def play_match(setup: Setup, seed: int, first_side: int) -> tuple[float, dict[str, list[float]]]:
    """A one-baazi Seep match: 1 if the first player's side won it, else 0."""
    match = new_match(setup.game, seed, players=setup.players, baazis=1)
    rng = random.Random(seed * 7 + first_side)
    times: dict[str, list[float]] = {}
    while not match.is_terminal:
        player = match.current_player
        level = setup.first if player % 2 == first_side else setup.second
        match.apply(decide(match, level, rng, setup, times), player)
    return float(match.returns()[first_side] > 0), times


@cache
def sides_of(game: str, players: int) -> int:
    deal = new_match(game, 1, players=players).deal
    return adapter_for(deal).sides(deal)


def duplicate(job: tuple[str, Setup, int]) -> tuple[float, dict[str, list[float]]]:
    """One shuffle played once with the first player on each side (Seep's matches: twice), so
    the cards cancel out; returns the mean of those results."""
    kind, setup, seed = job
    play = play_match if kind == "match" else play_deal
    results: list[float] = []
    times: dict[str, list[float]] = {}
    for first_side in range(2 if kind == "match" else sides_of(setup.game, setup.players)):
        result, more = play(setup, seed, first_side)
        results.append(result)
        for level, values in more.items():
            times.setdefault(level, []).extend(values)
    return statistics.fmean(results), times


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, half


def run(kind: str, setup: Setup, seeds: Iterable[int], workers: int) -> None:
    jobs = [(kind, setup, seed) for seed in seeds]
    results: list[float] = []
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for value, more in pool.map(duplicate, jobs, chunksize=2):
            results.append(value)
            for level, values in more.items():
                times.setdefault(level, []).extend(values)
    mean, half = interval(results)
    label = f"{setup.game} {setup.players}p {setup.first} vs {setup.second}"
    if kind == "match":
        print(f"{label}: baazis won by {setup.first}: {100 * mean:.1f}% ± {100 * half:.1f} "
              f"({len(results)} duplicate matches)")  # fmt: skip
    else:
        wins = sum(1 for v in results if v > 0) / len(results)
        deals = sides_of(setup.game, setup.players) * len(results)
        print(f"{label}: {mean:+.2f} ± {half:.2f} points per deal, "
              f"shuffles won {100 * wins:.0f}% ({deals} deals)")  # fmt: skip
    for level, values in sorted(times.items()):
        values.sort()
        p95 = values[int(0.95 * (len(values) - 1))]
        print(f"    {level:>6}: median {1000 * statistics.median(values):.1f} ms, "
              f"p95 {1000 * p95:.1f} ms over {len(values)} decisions")  # fmt: skip
    print(f"    ({time.perf_counter() - started:.0f} s)", flush=True)


OMNISCIENT_TABLES = ("seep:4", "sedma:4", "sheepshead:5")
TRICK_GAMES = ("sedma", "hola", "sheepshead")


def shuffle_score(job: tuple[str, int, str, int, SearchBudget]) -> tuple[float, int, list[float]]:
    """One shuffle played with `first` in each seat or side in turn, the others normal: the
    mean result, the deals played, and the first level's decision times."""
    game, players, first, seed, budget = job
    if game in TRICK_GAMES:
        from benchmarks.tricks_ai import one_seat_each, play_hand

        rotations = players if one_seat_each(game, players) else 2
        results = [
            play_hand((game, players, first, "normal", seed, rotation, budget.seconds))
            for rotation in range(rotations)
        ]
        times = [t for _, more in results for t in more.get(first, [])]
        return statistics.fmean(v for v, _ in results), rotations, times
    value, more = duplicate(("deal", Setup(game, players, first, "normal", budget), seed))
    return value, sides_of(game, players), more.get(first, [])


def share_of_gap(hard: list[float], seer: list[float]) -> tuple[float, float]:
    """mean(hard) / mean(seer) over the same shuffles, with a 95% interval (delta method,
    the pairing's covariance counted)."""
    n = len(hard)
    h, o = statistics.fmean(hard), statistics.fmean(seer)
    if n < 2 or o == 0:
        return (h / o if o else float("nan")), float("nan")
    share = h / o
    cov = statistics.covariance(hard, seer)
    var = statistics.variance(hard) + share**2 * statistics.variance(seer) - 2 * share * cov
    return share, 1.96 * max(var, 0.0) ** 0.5 / (abs(o) * n**0.5)


def against_omniscient(tables: list[str], seeds: range, budget: SearchBudget, workers: int) -> None:
    for table in tables:
        game, _, players_text = table.partition(":")
        players = int(players_text or 4)
        started = time.perf_counter()
        found: dict[str, tuple[list[float], int, list[float]]] = {}
        for first in ("hard", "omniscient"):
            jobs = [(game, players, first, seed, budget) for seed in seeds]
            if workers > 1:
                with ProcessPoolExecutor(workers) as pool:
                    results = list(pool.map(shuffle_score, jobs))
            else:
                results = [shuffle_score(job) for job in jobs]
            times = sorted(t for _, _, more in results for t in more)
            found[first] = ([v for v, _, _ in results], sum(d for _, d, _ in results), times)
        unit = {"sedma": "game points a hand", "hola": "points a hand",
                "sheepshead": "units a hand"}.get(game, "points a deal")  # fmt: skip
        print(f"{game} {players}p ({unit}, shuffles {seeds.start}-{seeds.stop - 1}):")
        for first in ("hard", "omniscient"):
            values, deals, times = found[first]
            mean, half = interval(values)
            p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
            print(f"    {first:>10} - normal: {mean:+.2f} ± {half:.2f} ({deals} deals; "
                  f"{first} median {1000 * statistics.median(times or [0]):.1f} ms, "
                  f"p95 {1000 * p95:.1f} ms)")  # fmt: skip
        share, half = share_of_gap(found["hard"][0], found["omniscient"][0])
        print(
            f"    share of the gap hard closes: {100 * share:.0f}% ± {100 * half:.0f}"
            f"    ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="seep", choices=("seep", "seep30", "suipe"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pairing", action="append", choices=sorted(PAIRINGS))
    parser.add_argument(
        "--deals", type=int, default=200, help="shuffles, each played once per side; 0: none"
    )
    parser.add_argument("--baazis", type=int, default=0, help="duplicate one-baazi matches")
    parser.add_argument("--samples", type=int, default=DEFAULT_BUDGET.samples)
    parser.add_argument("--candidates", type=int, default=DEFAULT_BUDGET.candidates)
    parser.add_argument("--depth", type=int, default=DEFAULT_BUDGET.depth)
    parser.add_argument("--careful", type=int, default=DEFAULT_BUDGET.careful)
    parser.add_argument("--endgame", type=int, default=DEFAULT_BUDGET.endgame)
    parser.add_argument("--trial", type=int, default=DEFAULT_BUDGET.trial)
    parser.add_argument("--finalists", type=int, default=DEFAULT_BUDGET.finalists)
    parser.add_argument(
        "--any-suit",
        action=argparse.BooleanOptionalAction,
        default=DEFAULT_BUDGET.any_suit,
        help="see engine.ai.normal.ReplyOdds",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=HARD_BUDGET.seconds,
        help="the hard player's thinking time, as in the bot (0: no limit)",
    )
    parser.add_argument("--against", choices=("omniscient",), help="see the module's notes")
    parser.add_argument("--table", action="append", help="GAME:PLAYERS, with --against")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    budget = SearchBudget(
        samples=args.samples,
        candidates=args.candidates,
        depth=args.depth,
        careful=args.careful,
        endgame=args.endgame,
        trial=args.trial,
        finalists=args.finalists,
        any_suit=args.any_suit,
        seconds=args.seconds or None,
    )
    if args.against == "omniscient":
        seeds = range(args.first_seed, args.first_seed + args.deals)
        against_omniscient(args.table or list(OMNISCIENT_TABLES), seeds, budget, args.workers)
        return
    for name in args.pairing or list(PAIRINGS):
        first, second = PAIRINGS[name]
        setup = Setup(args.game, args.players, first, second, budget)
        if args.deals:
            run("deal", setup, range(args.first_seed, args.first_seed + args.deals), args.workers)
        if args.baazis and args.game != "suipe":
            run("match", setup, range(args.first_seed, args.first_seed + args.baazis), args.workers)


if __name__ == "__main__":
    main()

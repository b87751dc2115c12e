"""Trick games' computer players: strength on duplicate hands, decision times, and random hands
per second. Run by hand: `python -m benchmarks.tricks_ai [--game sedma] [--players 4]
[--pairing hard-normal] [--hands 400] [--workers 2]`, or `--speed` for random hands per second.

Every shuffle is played once with the first level on each side (with three players, and in
Sheepshead, once in each seat, the others at the second level), so the cards cancel out.
The hard player thinks for at most the bot's time (`--seconds`, as `bot.players.HARD_BUDGET`).
The score of a hand is the first level's game points minus the others' (Sedma: the hand's
1, 2 or 3 game points, with three players against the others' average; Hola: the points of
the hand; Sheepshead: the seat's units against the others' average). It prints the mean
per hand with a 95% interval and the decision times (median, p95) of each level.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from benchmarks.omniscient import omniscient_action
from bot.players import HARD_BUDGET
from engine.ai import SearchBudget, choose_action
from engine.games import new_match
from engine.registry import game as game_spec

PAIRINGS = {"hard-normal": ("hard", "normal"), "normal-easy": ("normal", "easy"),
            "easy-random": ("easy", "random"),
            "omniscient-normal": ("omniscient", "normal")}  # fmt: skip


def one_seat_each(game: str, players: int) -> bool:
    """Sheepshead and three-handed games: the first level takes one seat, in turn."""
    return game == "sheepshead" or players == 3


def first_seats(game: str, players: int, rotation: int) -> set[int]:
    """The seats of the first level in a hand: one seat (with three players, and in
    Sheepshead), otherwise a whole side."""
    if one_seat_each(game, players):
        return {rotation}
    return {p for p in range(players) if p % 2 == rotation}


def hand_score(match: Any, first_seats: set[int], players: int) -> float:
    score = match.deal_results[0].score
    if match.game == "sheepshead":  # units on the sheet
        others = [score.units[p] for p in range(players) if p not in first_seats]
        return float(statistics.mean(score.units[p] for p in first_seats) - statistics.mean(others))
    if match.rules.is_hola:
        per_side = {s: score.points[s] for s in (0, 1)}
    else:
        per_side = {s: (score.game_points if s == score.winner else 0) for s in (0, 1)}

    def side(p: int) -> int:
        return next(s for s, members in enumerate(score.sides) if p in members)

    mine = [per_side[side(p)] for p in first_seats]
    others = [per_side[side(p)] for p in range(players) if p not in first_seats]
    return statistics.mean(mine) - statistics.mean(others)


def play_hand(
    args: tuple[str, int, str, str, int, int, float | None],
) -> tuple[float, dict[str, list[float]]]:
    game, players, first, second, seed, rotation, seconds = args
    budget = SearchBudget(seconds=seconds)
    match = new_match(game, seed, players=players)
    seats = first_seats(game, players, rotation)
    rng = random.Random(seed * 13 + rotation)
    times: dict[str, list[float]] = {}
    while match.deals_finished == 0:
        player = match.current_player
        assert player is not None
        level = first if player in seats else second
        started = time.perf_counter()
        if level == "random":
            action = rng.choice(match.legal_actions())
        elif level == "omniscient":
            action = omniscient_action(match, player, rng)
        else:
            action = choose_action(match, player, level, rng, budget)
        times.setdefault(level, []).append(time.perf_counter() - started)
        match.apply(action, player)
    return hand_score(match, seats, players), times


def strength(
    game: str, players: int, pairing: str, hands: int, workers: int, start: int, seconds: float
) -> None:
    first, second = PAIRINGS[pairing]
    rotations = players if one_seat_each(game, players) else 2
    seeds = range(start, start + hands // rotations)
    cap = seconds or None
    jobs = [(game, players, first, second, s, r, cap) for s in seeds for r in range(rotations)]
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_hand, jobs, chunksize=8))
    scores = [s for s, _ in results]
    times: dict[str, list[float]] = {}
    for _, t in results:
        for level, values in t.items():
            times.setdefault(level, []).extend(values)
    mean = statistics.mean(scores)
    half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5
    unit = {"hola": "points", "sheepshead": "units"}.get(game, "game points")
    print(f"{game} {players}p {first} vs {second}: {mean:+.3f} ± {half:.3f} {unit} per hand "
          f"over {len(scores)} hands ({time.perf_counter() - started:.0f} s)")  # fmt: skip
    for level, values in sorted(times.items()):
        ordered = sorted(values)
        p95 = ordered[int(len(ordered) * 0.95)]
        print(f"  {level:>6}: median {statistics.median(ordered) * 1000:7.2f} ms"
              f"  p95 {p95 * 1000:7.2f} ms  over {len(ordered)} decisions")  # fmt: skip


def speed(game: str, players: int, hands: int) -> None:
    """Random hands per second on one core (CPU time), the match restarted as needed."""
    rng = random.Random(1)
    done = 0
    seed = 0
    started = time.process_time()
    while done < hands:
        seed += 1
        match = new_match(game, seed, players=players)
        while not match.is_terminal and done + match.deals_finished < hands:
            match.apply(rng.choice(match.legal_actions()))
        done += match.deals_finished
    elapsed = time.process_time() - started
    print(f"{game} {players}p: {done / elapsed:,.0f} random hands/s (one core, {done} hands)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", default="sedma")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--pairing", choices=list(PAIRINGS), default="hard-normal")
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--start", type=int, default=1, help="first shuffle")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--speed", action="store_true", help="random hands per second only")
    parser.add_argument(
        "--seconds",
        type=float,
        default=HARD_BUDGET.seconds,
        help="the hard player's thinking time, as in the bot (0: no limit)",
    )
    args = parser.parse_args()
    game_spec(args.game)  # a clear error for an unknown game
    if args.speed:
        speed(args.game, args.players, args.hands)
    else:
        strength(
            args.game,
            args.players,
            args.pairing,
            args.hands,
            args.workers,
            args.start,
            args.seconds,
        )


if __name__ == "__main__":
    main()

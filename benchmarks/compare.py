"""Two trees of the project side by side, run by hand from either one:
`python -m benchmarks.compare OLD_TREE NEW_TREE [--rounds 9] [--game seep:4 …]`.

Each round runs every game once in each tree, in a new process, alternately (old, new, then
new, old …), so that a machine whose load drifts moves both columns alike. A process counts
its imports and its first deals (*fresh*, the interpreter's own start left out), then plays
four more batches and keeps the median of the last three (*warm*). One core, CPU time; the
figures printed are medians over the rounds, with the ratio new / old. The child code uses
only `engine.games.new_match`, so a tree from before this file can be measured too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

# A new process: its imports and first deals (fresh), then `warm_batches` batches of the same
# size, the median of all but the first of them (warm, None without batches).
CHILD = """
import json, random, statistics, sys, time
started = time.process_time()
from engine.games import new_match
game = sys.argv[1]
players, deals, warm_batches = map(int, sys.argv[2:5])

def batch(first_seed):
    rng = random.Random(first_seed)
    for seed in range(first_seed, first_seed + deals):
        match = new_match(game, seed, players=players)
        while match.deals_finished == 0 and not match.is_terminal:
            match.apply(rng.choice(match.legal_actions()))

batch(1)
fresh = deals / (time.process_time() - started)
rates = []
for number in range(warm_batches):
    started = time.process_time()
    batch(1000 * (number + 1))
    rates.append(deals / (time.process_time() - started))
print(json.dumps([fresh, statistics.median(rates[1:]) if rates[1:] else None]))
"""

GAMES = ("seep:4", "seep30:4", "suipe:4", "suipe:2", "sheepshead:5", "sedma:4", "hola:4")
# Hands of a trick game are quicker than a fishing deal: more of them make a batch.
DEALS = {"seep": 40, "seep30": 40, "suipe": 40}
HANDS = 300


def measure(
    tree: str, game: str, players: int, count: int | None = None, warm_batches: int = 4
) -> tuple[float, float | None]:
    """One fresh process of `tree`: (fresh, warm) deals or hands per second, `count` of them
    a batch (by default the game's own: `DEALS`, `HANDS`)."""
    count = count or DEALS.get(game, HANDS)
    env = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, game, str(players), str(count), str(warm_batches)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    fresh, warm = json.loads(out)
    return fresh, warm


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.compare",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--game", nargs="+", default=list(GAMES), help="game:players …")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; {args.rounds} rounds")
    print(f"{'game':<14} {'fresh old → new':>24} {'warm old → new':>24}")
    for setup in args.game:
        game, players = setup.split(":")
        figures: dict[str, list[tuple[float, float | None]]] = {args.old: [], args.new: []}
        for number in range(args.rounds):
            order = (args.old, args.new) if number % 2 == 0 else (args.new, args.old)
            for tree in order:
                figures[tree].append(measure(tree, game, int(players)))
        old = [statistics.median(kind) for kind in zip(*figures[args.old], strict=True)]
        new = [statistics.median(kind) for kind in zip(*figures[args.new], strict=True)]
        cells = [f"{o:,.0f} → {n:,.0f} ({n / o:.2f}×)" for o, n in zip(old, new, strict=True)]
        print(f"{setup:<14} {cells[0]:>24} {cells[1]:>24}", flush=True)


if __name__ == "__main__":
    main()

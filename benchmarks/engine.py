"""Engine speed, run by hand from the project root: `python -m benchmarks.engine [--quick]`.

Reports, on one core (CPU time, medians over batches):
- random full deals per second — Seep 4-player, 2-player and 30-point, Suipe for 2, 3 and 4
  players — from a fresh process
  (cold caches: the first batch) and once the value-level caches are warm (the rest);
- legal-move generation on crowded floors (14 loose cards and 2 houses), caches cleared
  before every measurement so each figure is a worst case (CPU time of the thread).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import fishing, fishing_takes
from engine.core import GameState
from engine.seep import SeepMatch, SeepRules, moves, parse_position
from engine.seep import deal as seep_deal
from engine.suipe import SuipeMatch, SuipeRules
from engine.suipe import deal as suipe_deal

CROWDED = [
    # 14 small loose cards, an opponent's ordinary 10-house and a cemented king-house.
    "seep | dealer: 0 | play: 20 | turn: 1"
    " | floor: AS AH AC 2S 2H 2C 3S 3H 3D 4S 4H 5S 5H 6S"
    " | house 10: 4C 6H @0 | house 13*: 6C 7C KD @2 | hand 0: 10S | hand 2: KC"
    " | hand 1: 5C 6D 7H 8S 9H 10C JS QH KS AD 2D 3C",
    "seep | dealer: 0 | play: 20 | turn: 1"
    " | floor: AS AH 2S 2H 3S 3H 4S 4H 5S 5D 6H 6C 7D 8C"
    " | house 9: 4C 5H @0 | house 11: 2C 9C @3 | hand 0: 9S | hand 3: JC"
    " | hand 1: AC 2D 3C 4D 7C 8H 9D 10D JH QS KH 6D",
    "seep | dealer: 0 | play: 20 | turn: 1"
    " | floor: AS AH AC AD 2S 2H 2C 2D 3S 3H 3C 4S 4H 4C"
    " | house 12: 5S 7S @0 | house 10: 6S 4D @2 | hand 0: QC | hand 2: 10H"
    " | hand 1: 5C 5D 6D 7H 8S 9H 9C JS QH KS 3D 6C",
]


def clear_caches() -> None:
    """Clear every move-generation cache: each `lru_cache` of the fishing modules and the
    loose cards' choices (`TakenCards`)."""
    for module in (fishing, fishing_takes, moves, seep_deal, suipe_deal):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    fishing_takes.clear_taken()


def deals_per_second(rules: SeepRules | SuipeRules, first_seed: int, deals: int) -> float:
    started = time.process_time()
    for seed in range(first_seed, first_seed + deals):
        match: GameState = (
            SuipeMatch(rules, seed) if isinstance(rules, SuipeRules) else SeepMatch(rules, seed)
        )
        rng = random.Random(seed)
        deal = match.deal
        while match.deal is deal and not match.is_terminal:
            match.apply(rng.choice(match.legal_actions()))
    return deals / (time.process_time() - started)


def crowded_floor_ms(text: str, repeats: int) -> tuple[float, int]:
    timings = []
    count = 0
    for _ in range(repeats):
        clear_caches()
        deal = parse_position(text)
        started = time.thread_time()
        count = len(deal.legal_actions())
        timings.append((time.thread_time() - started) * 1000)
    return statistics.median(timings), count


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="fewer batches")
    args = parser.parse_args()
    batches, size = (4, 50) if args.quick else (9, 100)
    print("Random full deals per second (one core, CPU time)")
    for label, rules in (
        ("seep 4 players", SeepRules()),
        ("seep 2 players", SeepRules(players=2)),
        ("seep30 4 players", SeepRules(game="seep30")),
        ("suipe 2 players", SuipeRules(players=2)),
        ("suipe 3 players", SuipeRules(players=3)),
        ("suipe 4 players", SuipeRules(players=4)),
    ):
        clear_caches()
        rates = [deals_per_second(rules, 10_000 * b, size) for b in range(batches)]
        warm = statistics.median(rates[1:])
        print(
            f"  {label:<17} cold {rates[0]:6.0f}/s   warm median {warm:6.0f}/s"
            f"   (batches of {size}: {', '.join(f'{r:.0f}' for r in rates)})"
        )
    print(
        "Legal moves on a crowded floor (14 loose cards, 2 houses, 12 cards in hand; cold caches)"
    )
    for number, text in enumerate(CROWDED, 1):
        ms, count = crowded_floor_ms(text, 7)
        print(f"  position {number}: median {ms:6.2f} ms for {count} moves")


if __name__ == "__main__":
    main()

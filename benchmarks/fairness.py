"""What secret deals cost, run by hand from the project root: `python -m benchmarks.fairness`.

Reports medians over batches (CPU time, one core):
- a deal's secret (32 bytes from the system's generator) plus its commitment;
- one 52-card shuffle from the HMAC-SHA256 stream, beside `random.Random.shuffle`;
- a whole first deal of each game from fresh keys (with its cut), beside the same game
  seeded with an int;
- with `--chi-square N`: the statistic over N shuffles (every card at every position).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from engine import registry
from engine.cards import new_deck
from engine.fairness import DealKeys, DealStream, commitment

GAMES = [
    ("seep", {"players": 4}),
    ("suipe", {"players": 3}),
    ("sedma", {"players": 4}),
    ("sheepshead", {"players": 5}),
]


def secret_deal(game: str, rules: dict[str, int]) -> object:
    """A first deal from fresh keys: the commitment, the placeholder while the deck waits for
    its cut, and the deal dealt by the default cut."""
    match = registry.new_match(game, DealKeys.fresh(), **rules)
    assert match.pending_cut is not None
    match.apply(f"cut {match.pending_cut.default}")
    return match


def per_call_us(work: Callable[[], object], calls: int = 2000, batches: int = 7) -> float:
    """Median microseconds per call over `batches` batches of `calls` calls."""
    figures = []
    for _ in range(batches):
        began = time.process_time()
        for _ in range(calls):
            work()
        figures.append((time.process_time() - began) / calls * 1e6)
    return statistics.median(figures)


def secret_and_commitment() -> object:
    keys = DealKeys.fresh()
    return commitment(keys.secret(0), keys.nonce)


def stream_shuffle() -> object:
    deck = new_deck()
    DealStream(b"k" * 32, b"n" * 16, 12345).shuffle(deck)
    return deck


LEGACY = random.Random(1)


def legacy_shuffle() -> object:
    deck = new_deck()
    LEGACY.shuffle(deck)
    return deck


def chi_square(shuffles: int) -> tuple[float, int, int]:
    size = 52
    counts = [[0] * size for _ in range(size)]
    for n in range(shuffles):
        deck = list(range(size))
        DealStream(n.to_bytes(32, "big"), b"chi-square-nonce").shuffle(deck)
        for position, card in enumerate(deck):
            counts[card][position] += 1
    expected = shuffles / size
    statistic = sum((c - expected) ** 2 / expected for row in counts for c in row)
    return statistic, (size - 1) ** 2, min(min(row) for row in counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chi-square", type=int, default=0, metavar="N")
    args = parser.parse_args()
    print(f"secret + commitment        {per_call_us(secret_and_commitment):8.1f} µs")
    print(f"shuffle, HMAC stream       {per_call_us(stream_shuffle):8.1f} µs")
    print(f"shuffle, random.Random     {per_call_us(legacy_shuffle):8.1f} µs")
    for game, rules in GAMES:
        secret = per_call_us(lambda g=game, r=rules: secret_deal(g, r), calls=300)
        seeded = per_call_us(lambda g=game, r=rules: registry.new_match(g, 7, **r), calls=300)
        print(f"first deal {game:<15} {secret:8.1f} µs secret, {seeded:8.1f} µs seeded")
    if args.chi_square:
        statistic, freedom, least = chi_square(args.chi_square)
        print(
            f"chi-square over {args.chi_square} shuffles: {statistic:.0f} for {freedom} degrees"
            f" of freedom (±{(2 * freedom) ** 0.5:.0f} is one deviation); fewest times a card"
            f" sat at a position: {least}"
        )


if __name__ == "__main__":
    main()

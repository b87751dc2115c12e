"""How long one deal's review takes, per game, and how stable its figures are.

`python -m benchmarks.review [deals] [game]`: for each game, `deals` deals (default 8) played by
normal computer players are recorded; seat 0's decisions are reviewed twice, with two seeds,
with the bot's time budget.
Prints the median and p95 of one review's wall-clock time (the first seed's), and how far the
two reviews' figures lie apart: the mean absolute difference of the decisions' losses, and
the share of decisions given the same mark. Run it by hand, under `nice -n 15` on a shared
machine (docs/review.md has the figures).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from engine import registry
from engine.ai import choose_action
from engine.fairness import DealKeys
from engine.records import DealRecord, SeatEntry, make_record
from engine.review import DealReview, review_deal

SECONDS = 6.0  # as the bot reviews (cogs/review.py)
GAMES = [
    ("seep", {"players": 4}),
    ("suipe", {"players": 2}),
    ("sedma", {"players": 4}),
    ("sheepshead", {"players": 5}),
]


def record_of(game: str, rules: dict[str, int], seed: int) -> DealRecord:
    match = registry.new_match(game, DealKeys.fresh(), **rules)
    rng = random.Random(seed)
    while match.deals_finished < 1:
        player = match.current_player
        assert player is not None
        match.apply(choose_action(match, player, "normal", rng))
    seats = [SeatEntry(f"Seat {p + 1}", "normal") for p in range(match.num_players)]
    return DealRecord.from_text(make_record(match, 1, seats, "2026-12-01T10:00:00Z").to_text())


def compare(first: DealReview, second: DealReview) -> tuple[float, float]:
    pairs = list(zip(first.decisions, second.decisions, strict=True))
    if not pairs:
        return 0.0, 1.0
    apart = statistics.fmean(abs(a.loss - b.loss) for a, b in pairs)
    same = sum(a.mark is b.mark for a, b in pairs) / len(pairs)
    return apart, same


def main(deals: int, only: str | None = None) -> None:
    for game, rules in GAMES:
        if only is not None and game != only:
            continue
        times, aparts, sames, totals, counts = [], [], [], [], []
        for number in range(deals):
            record = record_of(game, rules, number)
            start = time.perf_counter()
            first = review_deal(record, 0, seed=1, seconds=SECONDS)
            times.append(time.perf_counter() - start)
            second = review_deal(record, 0, seed=2, seconds=SECONDS)
            apart, same = compare(first, second)
            aparts.append(apart)
            sames.append(same)
            totals.append(abs(first.total_loss - second.total_loss))
            counts.append(len(first.decisions))
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"{game:11} median {statistics.median(times):5.2f} s  p95 {p95:5.2f} s  "
            f"decisions {statistics.fmean(counts):4.1f}  loss apart {statistics.fmean(aparts):5.2f}"
            f" ({first.unit[:30]}…)  same mark {statistics.fmean(sames):4.0%}  "
            f"total apart {statistics.fmean(totals):5.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8, sys.argv[2] if len(sys.argv) > 2 else None)

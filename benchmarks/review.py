"""How long one deal's review takes, per game, and how stable its figures are.

`python -m benchmarks.review [deals] [game]`: for each game, `deals` deals (default 8) played by
normal computer players are recorded; seat 0's decisions are reviewed twice, with two seeds,
with the bot's time budget.
Prints the median and p95 of one review's wall-clock time (the first seed's, the face-up view
included), and how far the two reviews' figures lie apart: the mean absolute difference of the
decisions' losses, and the share of decisions given the same mark; then the face-up view's own
time (median, p95) and how many decisions it solved, a deal's puzzle harvest (every seat
reviewed within its budget, candidates weighed again) and the review's pictures (the chart and
the pictures of its biggest losses). Run it by hand, under `nice -n 15` on a shared
machine (docs/review.md has the figures).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bot.puzzles import harvest_deal
from bot.review_pictures import chart_png, decision_png, pictured
from engine import registry
from engine.ai import choose_action
from engine.fairness import DealKeys
from engine.records import DealRecord, SeatEntry, make_record, walk
from engine.review import DealReview, face_up_view, model_for, review_deal

SECONDS = 6.0  # as the bot reviews (cogs/review.py)
GAMES = [
    ("seep", {"players": 4}),
    ("seep30", {"players": 2}),
    ("suipe", {"players": 2}),
    ("sedma", {"players": 4}),
    ("hola", {"players": 2}),
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
        face_ups, solved, harvests, finds, drawings = [], [], [], [], []
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
            start = time.perf_counter()
            solved.append(len(face_up_alone(record, 0)))
            face_ups.append(time.perf_counter() - start)
            start = time.perf_counter()
            finds.append(len(harvest_deal(record.to_text())))
            harvests.append(time.perf_counter() - start)
            start = time.perf_counter()
            chart_png(first, "chart", str)
            for decision in pictured(first):
                decision_png(record, decision, "title", "yours", "better")
            drawings.append(time.perf_counter() - start)
        times.sort()
        p95 = percentile(times, 0.95)
        print(
            f"{game:11} median {statistics.median(times):5.2f} s  p95 {p95:5.2f} s  "
            f"decisions {statistics.fmean(counts):4.1f}  loss apart {statistics.fmean(aparts):5.2f}"
            f" ({first.unit[:30]}…)  same mark {statistics.fmean(sames):4.0%}  "
            f"total apart {statistics.fmean(totals):5.2f}",
            flush=True,
        )
        print(
            f"{'':11} face-up median {statistics.median(face_ups):5.2f} s  p95 "
            f"{percentile(face_ups, 0.95):5.2f} s  solved {statistics.fmean(solved):4.1f}  "
            f"harvest median {statistics.median(harvests):5.2f} s  p95 "
            f"{percentile(harvests, 0.95):5.2f} s  puzzles {statistics.fmean(finds):4.1f}  "
            f"pictures median {statistics.median(drawings):5.2f} s",
            flush=True,
        )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def face_up_alone(record: DealRecord, seat: int) -> tuple[object, ...]:
    """The face-up view of the seat's decisions, as `review_deal` works it out."""
    model = model_for(record.game)
    late = []
    for step, match in walk(record):
        if step >= len(record.actions):
            break
        if match.pending_cut is not None or match.current_player != seat or match.is_terminal:
            continue
        deal = match.deal  # type: ignore[attr-defined]
        if len(model.choices(deal)) < 2:
            continue
        late.append((step + 1, deal.copy(), model.mover(deal, seat), record.actions[step], str))
    return face_up_view(late, model)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8, sys.argv[2] if len(sys.argv) > 2 else None)

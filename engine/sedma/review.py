"""Sedma's and Hola's review (see engine/review.py and docs/review.md): the trick review in
card points, your side's less the other side's at the hand's end."""

from __future__ import annotations

from engine.review import Thresholds
from engine.review_models import TrickReview
from engine.sedma.ai import heuristic, sample_world
from engine.sedma.hand import SedmaHand
from engine.words import marked

UNIT = marked("Figures are card points at the hand's end (aces and tens, and the last "
              "trick): your side's less the other side's.")  # fmt: skip


def margin(hand: SedmaHand, seat: int) -> float:
    score = hand.score()
    side = hand.side_of(seat)
    return float(score.points[side] - score.points[1 - side])


def side_of(hand: SedmaHand, seat: int) -> int:
    return hand.side_of(seat)


# an ace or ten changing sides counts 20 in the margin: half of one / one / two of them
REVIEW = TrickReview(Thresholds(small=6.0, clear=12.0, big=24.0), sample_world, heuristic,
                     margin, UNIT, side_of, samples=400, trial=24)  # fmt: skip
HOLA_REVIEW = TrickReview(Thresholds(small=8.0, clear=16.0, big=30.0), sample_world, heuristic,
                          margin, UNIT, side_of, samples=24, trial=8)  # fmt: skip

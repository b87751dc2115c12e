"""Sheepshead's review (see engine/review.py and docs/review.md): the trick review in units,
what the scoresheet writes for you, card points breaking ties."""

from __future__ import annotations

from engine.review import Thresholds
from engine.review_models import TrickReview
from engine.sheepshead.ai import heuristic
from engine.sheepshead.hand import SheepsheadHand
from engine.sheepshead.phases import PLAY_PHASE
from engine.sheepshead.worlds import sample_world
from engine.words import marked

UNIT = marked("Figures are units on the scoresheet for you at the hand's end (a card point "
              "counts a thousandth, to break ties).")  # fmt: skip


def units(hand: SheepsheadHand, seat: int) -> float:
    score = hand.score()
    if score.redeal:
        return 0.0
    side = next(s for s, members in enumerate(score.sides) if seat in members)
    margin = score.points[side] - (sum(score.points) - score.points[side])
    return float(score.units[seat]) + margin / 1000


def side_of(hand: SheepsheadHand, seat: int) -> int | None:
    """The picker's side (0) or the defenders' (1) once the tricks are under way: from then to
    the hand's end the sides no longer change (before, a pick or a call may change them)."""
    if hand.phase is not PLAY_PHASE or hand.picker is None:
        return None
    return hand.side_of(seat)


# a tenth of the times a unit is lost / a third / more than half of a unit on average
REVIEW = TrickReview(Thresholds(small=0.15, clear=0.35, big=0.6), sample_world, heuristic,
                     units, UNIT, side_of, samples=400, trial=24, digits=2)  # fmt: skip

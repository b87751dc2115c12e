"""Suipe's review (see engine/review.py and docs/review.md): the fishing review in the deal's
points, your side's less the best other side's (the majorities counted in proportion)."""

from __future__ import annotations

from engine.review import Thresholds
from engine.review_models import FishingReview
from engine.words import marked

UNIT = marked("Figures are the deal's points as the hard computer player counts them: your "
              "side's less the best other side's, after the next round of plays, the cards' "
              "and spades' majorities counted in proportion.")  # fmt: skip
# an ace or a share of the majorities / a casino or a suipe / more than one suipe's worth
REVIEW = FishingReview(Thresholds(small=0.6, clear=1.2, big=2.5), UNIT)

"""Seep's review (see engine/review.py and docs/review.md): the fishing review in the deal's
points, your side's less the other side's."""

from __future__ import annotations

from engine.review import Thresholds
from engine.review_models import FishingReview
from engine.words import marked

UNIT = marked("Figures are the deal's points as the hard computer player counts them: your "
              "side's less the other side's, after the next round of plays.")  # fmt: skip
# a card or two of small points / the 10♦ or a spade picture / a seep's worth or a house lost
REVIEW = FishingReview(Thresholds(small=4.0, clear=10.0, big=25.0), UNIT)
REVIEW30 = REVIEW

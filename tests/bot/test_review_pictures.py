"""A review's pictures: a clearly bad move (the worst choice of a real position, played in
place of the real one) is drawn with the better move beside it, in the reader's language; the
chart covers every decision; every label is readable on a phone."""

from __future__ import annotations

import io

from PIL import Image

from bot import review_pictures
from bot.i18n import speaking
from engine.review import Mark, review_deal
from renderers.text import recording_labels
from tests.engine.test_review import clearest_decision, played_record

PHONE_WIDTH, MIN_LABEL = 400, 11


def test_a_bad_move_is_pictured_beside_the_better_one_in_the_readers_language() -> None:
    record = played_record("sedma", {"players": 2}, 5)
    step, _, worst = clearest_decision(record)
    bad = played_record("sedma", {"players": 2}, 5, {step: worst})
    review = review_deal(bad, 0, seed=3)
    flagged = review_pictures.pictured(review)
    assert [d.step for d in flagged if d.step == step + 1], "the bad move is pictured"
    decision = next(d for d in flagged if d.step == step + 1)
    assert decision.mark is not Mark.NONE
    with speaking("de"), recording_labels() as labels:
        png = review_pictures.decision_png(bad, decision, "Zug", "Deine Wahl", "Besser")
    image = Image.open(io.BytesIO(png))
    assert image.width == 800 and image.height > 800
    texts = {label.text for label in labels}
    assert {"Zug", "Deine Wahl", "Besser"} <= texts
    assert "Your hand" not in " ".join(texts), "the hand's title speaks German too"
    small = [label for label in labels if label.height * PHONE_WIDTH / image.width < MIN_LABEL]
    assert not small, [label.text for label in small[:5]]


def test_the_chart_has_a_point_for_each_decision() -> None:
    record = played_record("seep", {"players": 2}, 5)
    review = review_deal(record, 0, seed=3, samples=4)
    with recording_labels() as labels:
        png = review_pictures.chart_png(review, "Deal 1", lambda v: f"{v:.1f}")
    assert png is not None and Image.open(io.BytesIO(png)).size == (800, 420)
    texts = {label.text for label in labels}
    assert str(review.decisions[0].step) in texts and str(review.decisions[-1].step) in texts
    assert "your choice" in texts and "the best choice" in texts

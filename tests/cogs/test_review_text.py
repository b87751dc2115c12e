"""/review's text as the asker reads it: each move of a marked decision on a line of its own
(a move's words can be a sentence of their own: "Play A♥: takes the trick so far"), in the
figures of what the seat could know and in the face-up view alike, and the count of the
decisions not listed in the reader's language."""

from __future__ import annotations

from bot import languages
from bot.i18n import speaking
from bot.storage.store import DealRecordRow
from cogs.review import SHOWN, review_text
from engine.review import Choice, DealReview, Decision, FaceUp, Mark, Thresholds
from tests.engine.test_review import played_record

PLAYED = "Play Q♠"
BEST = "Play A♥: takes the trick so far"


def marked_review(count: int) -> DealReview:
    """`count` big losses, each the same two moves, and one face-up miss."""
    played, best = Choice("QS", PLAYED, -36.9, 40), Choice("AH", BEST, 4.3, 40)
    decisions = tuple(
        Decision(step, played, best, (best, played), 41.2, 1.0, Mark.BIG)
        for step in range(1, 2 * count, 2)
    )
    return DealReview(
        game="sedma", seat=0, unit="card points", thresholds=Thresholds(6, 12, 24),
        samples=400, digits=1, decisions=decisions,
        face_up=(FaceUp(2 * count - 1, Choice("QS", PLAYED, -70, 1), Choice("AH", BEST, -30, 1)),),
    )  # fmt: skip


def text_in(code: str, review: DealReview) -> str:
    record = played_record("sedma", {"players": 2}, 5)
    row = DealRecordRow(number=1, fair=True, result="", record=record.to_text(), id=1)
    with speaking(code):
        return review_text(row, record, review, "Asha")


def test_each_move_of_a_marked_decision_is_a_line_of_its_own() -> None:
    lines = text_in("en", marked_review(3)).splitlines()
    assert lines.count(f"Yours: {PLAYED} (−36.9)") == 3
    assert lines.count(f"Better: {BEST} (+4.3)") == 3
    assert "**Move 1** · big loss: 41.2 less than the best choice" in lines
    face_up = lines[lines.index(next(line for line in lines if "face up" in line)) :]
    assert face_up[1:4] == ["**Move 5**", f"Yours: {PLAYED} (−70.0)", f"Better: {BEST} (−30.0)"]
    assert not [line for line in lines if PLAYED in line and BEST in line]


def test_the_decisions_not_listed_are_counted_in_the_readers_language() -> None:
    review = marked_review(SHOWN + 5)
    english = text_in("en", review)
    assert "… and 5 more decisions." in english
    for language in languages.ALL:
        if language.code != "en":
            assert "… and 5 more" not in text_in(language.code, review), language.code
    assert "… a ještě 5 rozhodnutí." in text_in("cs", review)
    assert "… und 1 weitere Entscheidung." in text_in("de", marked_review(SHOWN + 1))


def test_a_long_review_lists_fewer_decisions_and_keeps_its_end() -> None:
    """Many big losses with long moves (a Suipe build, in Hindi): the message stays within
    Discord's 2000 characters by listing fewer of them, the rest counted, and the deal's
    total, the explanation and the face-up view all stay."""
    from bot.localised import MESSAGE_LIMIT

    long_move = "Build 10 (sefulu), multiple: 7♥ on 3♠ and 4♥+6♥ — you hold a 10, " * 2
    played, best = Choice("B", long_move, -1.1, 40), Choice("C", long_move, 1.2, 40)
    review = DealReview(
        game="suipe", seat=0, unit="points", thresholds=Thresholds(0.6, 1.2, 2.5), samples=64,
        digits=1, face_up=(FaceUp(29, played, best),),
        decisions=tuple(Decision(s, played, best, (best, played), 2.3, 0.1, Mark.BIG)
                        for s in range(1, 30, 2)),
    )  # fmt: skip
    for code in ("en", "hi"):
        text = text_in(code, review)
        assert len(text) <= MESSAGE_LIMIT and not text.endswith("…"), (code, len(text))
    text = text_in("en", review)
    listed = text.count("Yours: ")
    assert 0 < listed - 1 < SHOWN  # (one "Yours:" is the face-up view's)
    assert f"… and {15 - (listed - 1)} more decisions." in text
    assert "Lost in the whole deal" in text and "**With every card face up**" in text

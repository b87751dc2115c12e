"""A review's chart has a scale a reader can use: both ends' figures always, an end at zero
too (a deal whose figures all lie above or below zero), and zero between them only where it
does not run into an end's figure."""

from __future__ import annotations

import pytest

from renderers.review import ChartModel, ChartPoint, render_chart
from renderers.text import recording_text
from tests.renderers.test_text_boxes import faults


def chart(values: list[float]) -> ChartModel:
    top, bottom = max(0.0, *values), min(0.0, *values)
    return ChartModel(
        title="Your figures over deal 1", played_label="your choice", best_label="the best choice",
        axis="move", points=tuple(ChartPoint(2 * i + 1, v, v + 0.1, False)
                                  for i, v in enumerate(values)),
        labels=(f"{top:.2f}", "0.00", f"{bottom:.2f}"), top=top, bottom=bottom,
    )  # fmt: skip


def figures(values: list[float]) -> list[str]:
    with recording_text() as recording:
        image = render_chart(chart(values))
    assert not faults(recording, image.size), faults(recording, image.size)
    return [box.text for box in recording.boxes if box.text[-1].isdigit() and "." in box.text]


def test_an_end_at_zero_keeps_its_figure() -> None:
    assert figures([1.36, 0.52, 1.9, 2.02]) == ["2.02", "0.00"]  # all above zero
    assert figures([-12.0, -170.0, -40.0, -5.0]) == ["0.00", "-170.00"]  # all below


def test_zero_between_the_ends_is_shown_only_clear_of_them() -> None:
    assert figures([11.5, -90.0, -20.0]) == ["11.50", "0.00", "-90.00"]
    assert figures([0.5, -90.0, -20.0]) == ["0.50", "-90.00"]  # zero would touch the top's


def test_a_framed_card_of_an_overlapping_hand_frames_only_what_shows_of_it() -> None:
    """In a long hand the cards overlap: the frame of the move played (and of the better one)
    stays on the framed card's own strip, not over the next card as well."""
    from engine.cards import parse_cards
    from engine.pictures import HandPicture
    from renderers.hand import hand_layout
    from renderers.review import FRAME, DecisionPicture, _framed_hand, best_colour, played_colour
    from renderers.theme import DEFAULT_THEME as theme

    cards = tuple(parse_cards("4H 5H 6H QH AC 2C 4C 7C QC 2D QD KD"))
    hand = HandPicture(cards)
    picture = DecisionPicture(
        "Move 27 · clear loss",
        lambda: None,
        hand,
        {cards[6]},
        {cards[3]},
        "",
        lambda: None,
        "",
        lambda: None,
    )  # type: ignore[arg-type,return-value]
    image = _framed_hand(picture, hand, theme)
    boxes = hand_layout(len(cards), theme).cards
    assert boxes[7][0] < boxes[6][2], "the hand overlaps"
    row = boxes[0][1] - FRAME // 2  # the frames' top edges, above the cards
    for index, colour in ((6, played_colour(theme)), (3, best_colour(theme))):
        xs = [x for x in range(image.width) if image.getpixel((x, row)) == colour]
        assert xs, "the card is framed"
        assert min(xs) >= boxes[index][0] - FRAME and max(xs) < boxes[index + 1][0], index


def test_a_decision_leaves_out_the_floors_empty_felt_and_the_words_its_moves_repeat() -> None:
    """A decision was two full tables' height and more (2,548 px, 1,274 on a phone): the floor
    after each move came with its empty felt and its last play's band, which said the move
    once more under the words that name it ("Yours: Throw 9♦" above "Mira threw 9♦")."""
    from renderers.gallery import gallery_makers

    with recording_text() as recording:
        image = gallery_makers()["review-decision"]()
    assert not faults(recording, image.size), faults(recording, image.size)[:3]
    texts = [box.text for box in recording.boxes]
    assert "Yours: Throw 9♦ (−24.5)" in texts and "Better: Throw K♥ (+3.0)" in texts
    assert not [text for text in texts if "threw" in text], texts
    assert image.height <= 1900, image.height


@pytest.mark.parametrize(
    "name", ["seep-crowded-floor-three-houses", "seep-2p-table", "sedma-4p-table",
             "sheepshead-6p-table", "hola-fight", "seep-empty-floor"],
)  # fmt: skip
def test_a_trimmed_table_keeps_all_it_shows(name: str) -> None:
    """A table with its floor's empty felt left out (a review's and a puzzle's): every word
    and card of the whole table is still drawn, where it belongs."""
    from renderers.gallery import gallery_makers
    from renderers.lesson import trimmed_table

    make = gallery_makers()[name]
    with recording_text() as whole:
        full = make()
    with recording_text() as recording:
        trimmed = trimmed_table(make)
    assert sorted(label.text for label in recording.labels) == sorted(
        label.text for label in whole.labels
    )
    assert not faults(recording, trimmed.size), faults(recording, trimmed.size)[:3]
    assert trimmed.height <= full.height and trimmed.width == full.width

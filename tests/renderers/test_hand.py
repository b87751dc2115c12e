"""A hand of any length shows every card's corner index whole: a "10" reads "10", not "1",
in the 12-card hands of Seep and three-player Sheepshead and the 14 trumps of /rules."""

from __future__ import annotations

import pytest
from PIL import ImageDraw

from engine.cards import parse_cards, rank_text
from engine.pictures import HandPicture
from renderers import hand
from renderers.assets import card_sprite, corner_font
from renderers.theme import DEFAULT_THEME

HANDS = {
    12: "AS 7S AH 10H 6C 9C JC QC KC 4D 7D 10D",
    14: "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D",
}


@pytest.mark.parametrize("count", sorted(HANDS))
def test_every_ten_shows_both_digits(count: int) -> None:
    cards = tuple(parse_cards(HANDS[count]))
    assert len(cards) == count
    image = hand.render_picture(HandPicture(cards))
    layout = hand.hand_layout(count, DEFAULT_THEME)
    for index, card in enumerate(cards):
        if card.rank != 10:
            continue
        box = layout.cards[index]
        width = box[2] - box[0]
        sprite, _ = card_sprite(card, width, DEFAULT_THEME, rank_text(card.rank))
        pad = max(2, width // 14)
        ink = ImageDraw.Draw(sprite).textbbox((pad, pad), "10", font=corner_font(width))
        corner = tuple(int(v) for v in ink)
        drawn = image.crop((box[0] + corner[0], box[1] + corner[1],
                            box[0] + corner[2], box[1] + corner[3]))  # fmt: skip
        assert list(drawn.getdata()) == list(sprite.crop(corner).getdata()), (count, str(card))


def test_the_marked_card_frame_stays_on_its_own_card() -> None:
    """The "card to play" frame of a lesson ends where the next card begins."""
    cards = tuple(parse_cards(HANDS[14]))
    image = hand.render_picture(HandPicture(cards), marked=cards[0])
    layout = hand.hand_layout(14, DEFAULT_THEME)
    first, second, third = layout.cards[:3]
    row = first[1] + 60
    pink = DEFAULT_THEME.just_played
    columns = [x for x in range(first[0] - 6, third[2]) if image.getpixel((x, row)) == pink]
    assert columns and max(columns) <= second[0] + 6


def test_a_long_hands_smaller_cards_keep_readable_corners() -> None:
    """At 400 px on a phone every label, a card's corner too, is at least 11 px high."""
    from renderers.text import recording_labels

    cards = tuple(parse_cards(HANDS[14]))
    with recording_labels() as labels:
        image = hand.render_picture(HandPicture(cards))
    assert min(label.height for label in labels) * 400 / image.width >= 11

from __future__ import annotations

import pytest

from engine.cards import FULL_DECK, Card, Suit, parse_cards


def test_every_card_round_trips_through_its_notation() -> None:
    for card in FULL_DECK:
        assert Card.parse(str(card)) == card
    assert len(set(FULL_DECK)) == 52


def test_cards_read_with_letters_symbols_and_lower_case() -> None:
    assert Card.parse("10D") == Card(10, Suit.DIAMONDS)
    assert Card.parse("td") == Card(10, Suit.DIAMONDS)
    assert Card.parse("Q♠") == Card(12, Suit.SPADES)
    assert parse_cards("2S9SJC") == parse_cards("2♠ 9♠ J♣") == parse_cards("2s+9s+jc")


def test_pretty_form_uses_suit_symbols() -> None:
    assert Card.parse("10D").pretty == "10♦"
    assert Card.parse("AS").pretty == "A♠"


@pytest.mark.parametrize("text", ["1S", "11H", "KX", "", "10"])
def test_bad_card_text_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(ValueError, match="card"):
        Card.parse(text)

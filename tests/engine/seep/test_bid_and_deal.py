"""The deal and the bid (sources/seep.txt "The Deal and Bid", RULES.md "Deal and bid")."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card
from engine.core import IllegalMove
from engine.seep import Phase, SeepAction, SeepDeal, SeepMatch, SeepRules
from engine.seep.deal import NINE_OF_SPADES, TEN_OF_DIAMONDS

from .helpers import moves, play, position


def test_bid_example_1_nine_or_ten_from_9_10_9_4() -> None:
    deal = position("seep | dealer: 0 | play: 0 | floor: 2C 3D 5H 7S | hand 1: 9H 10C 9D 4S")
    assert deal.phase is Phase.BID
    assert moves(deal) == {"B9", "B10"}


def test_a_bid_needs_a_card_of_that_value() -> None:
    deal = position("seep | dealer: 0 | play: 0 | floor: 2C 3D 5H 7S | hand 1: 9H 10C 9D 4S")
    with pytest.raises(IllegalMove, match="only bid 12 if you hold"):
        deal.apply(SeepAction.bid(12))


def test_bid_example_2_no_card_above_8_means_a_redeal() -> None:
    """7, 6, 8, 2 cannot bid: the hand is shown and the cards are dealt again."""
    redeals = 0
    for seed in range(200):
        deal = SeepDeal.deal(SeepRules(), dealer=0, rng=random.Random(seed))
        assert max(card.rank for card in deal.hands[1]) >= 9
        for seat, shown in deal.redeals:
            assert seat == 1 and max(card.rank for card in shown) <= 8
            redeals += 1
    assert redeals > 0


def test_the_deal_gives_four_to_the_bidder_and_four_face_down() -> None:
    match = SeepMatch(SeepRules(), seed=7)
    deal = match.deal
    assert deal.phase is Phase.BID
    assert len(deal.hands[deal.bidder]) == 4 and len(deal.loose) == 4
    assert sum(len(h) for h in deal.hands) == 4 and len(deal.stock) == 44
    public = match.view()
    assert public.loose == () and public.face_down_floor == 4


def test_first_example_bid_jack_must_take_2_9_and_jack() -> None:
    """Dealt 7, 8, 8, J: bid 11. Floor 2♠ 9♠ J K. The jack must take 2+9 and the jack."""
    deal = position("seep | dealer: 0 | play: 0 | floor: 2S 9S JC KD | hand 1: 7H 8C 8D JD")
    assert moves(deal) == {"B11"}
    play(deal, "B11")
    assert moves(deal) == {"JDx2S9SJC"}
    assert deal.describe(deal.legal_actions()[0]) == "Capture 2♠+9♠ and J♣ with J♦"


def test_bidder_first_play_kinds_build_capture_or_throw_the_bid_value() -> None:
    deal = position("seep | dealer: 0 | play: 0 | floor: 2C 5D 9H 4S | hand 1: QH 7C 3D 10S")
    play(deal, "B12")
    # build a queen-house keeping the queen (7+5, 3+9, 3+4+5, 10+2); throw the queen (it takes
    # nothing); nothing else — not even a house of another value
    assert moves(deal) == {"7Ch12+5D", "3Dh12+9H", "3Dh12+4S5D", "10Sh12+2C", "QH"}
    with pytest.raises(IllegalMove, match="first play must use your bid of 12"):
        deal.apply(SeepAction.throw(Card.parse("7C")))


def test_bidder_may_not_throw_the_bid_card_when_it_captures() -> None:
    deal = position("seep | dealer: 0 | play: 0 | floor: 2C 7D 9H 4S | hand 1: 9C 5C 3D 8S")
    play(deal, "B9")
    assert moves(deal, "9C") == {"9Cx2C7D9H"}
    assert "9C" not in moves(deal)


def test_completing_the_deal_leaves_11_for_the_bidder_and_12_for_the_others() -> None:
    match = SeepMatch(SeepRules(), seed=11)
    match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])
    deal = match.deal
    sizes = [len(hand) for hand in deal.hands]
    bidder = deal.bidder
    assert sizes[bidder] == 11
    assert all(sizes[seat] == 12 for seat in range(4) if seat != bidder)
    assert deal.turn == (bidder + 1) % 4 and not deal.stock


def test_a_full_deal_has_48_plays() -> None:
    match = SeepMatch(SeepRules(), seed=5)
    deal = match.deal
    rng = random.Random(5)
    while match.deal is deal and not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))
    assert deal.play_number == 48 and deal.is_over


def test_seep30_restarts_when_10d_or_9s_lies_on_the_floor() -> None:
    restarts = 0
    for seed in range(300):
        deal = SeepDeal.deal(SeepRules(game="seep30"), dealer=2, rng=random.Random(seed))
        assert TEN_OF_DIAMONDS not in deal.loose and NINE_OF_SPADES not in deal.loose
        restarts += deal.restarts
    assert restarts > 0

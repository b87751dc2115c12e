"""Sheepshead at a table of six whose dealer sits out each hand (`dealer_out`): the other five
play the five-handed game of RULES.md (six cards each, a blind of two, the called ace), and the
dealer neither pays nor receives. The rules texts describe the five-handed hand; the table of
six with the dealer out is the Wisconsin tournament table (docs/tournaments.md), so each test
is a five-handed rule with the sixth seat left out."""

from __future__ import annotations

import random

import pytest

from engine.core import GameError
from engine.outcome import SAT_OUT
from engine.sheepshead import Phase, SheepsheadHand, SheepsheadMatch, SheepsheadRules
from engine.sheepshead.position import format_position, parse_position
from tests.engine.sheepshead.test_rules import WON_61, finished, legal

SIX_OUT = SheepsheadRules(players=6, dealer_out=True)


def test_only_a_table_of_six_has_its_dealer_sit_out() -> None:
    for players in (3, 4, 5):
        with pytest.raises(GameError):
            SheepsheadRules(players=players, dealer_out=True)
    assert SIX_OUT.in_hand == 5 and SheepsheadRules(players=6).in_hand == 6


def test_the_five_after_the_dealer_get_the_five_handed_deal_and_the_dealer_none() -> None:
    rules = SheepsheadRules(players=5)
    deck = rules.deck()
    random.Random(4).shuffle(deck)
    hand = SheepsheadHand.deal(SIX_OUT, 4, random.Random(4))
    assert hand.hands[4] == []  # the dealer
    # the seat after the dealer gets the five-handed packets: 2, (blind 2), 2, 2
    assert hand.hands[5] == deck[0:2] + deck[12:14] + deck[22:24]
    assert hand.blind == deck[10:12]
    assert [len(cards) for cards in hand.hands] == [6, 6, 6, 6, 0, 6]
    assert hand.turn == hand.leader == 5


def test_the_partner_is_the_called_ace_as_at_five_not_the_jack_of_six() -> None:
    assert SIX_OUT.called_ace and not SIX_OUT.jack_partner
    assert SheepsheadRules(players=6).jack_partner
    jack = SheepsheadRules(players=6, dealer_out=True, partner="jack")
    assert jack.jack_partner and not jack.called_ace


def test_picking_goes_round_the_five_and_the_seat_before_the_dealer_is_last() -> None:
    match = SheepsheadMatch(SIX_OUT, 8)
    dealer = match.deal.dealer
    order = []
    for _ in range(5):
        order.append(match.current_player)
        match.apply("pass")
    assert order == [(dealer + step) % 6 for step in range(1, 6)]
    assert dealer not in order
    # all five passed: a leaster among the five, led by the seat after the dealer
    assert match.deal.leaster and match.deal.phase is Phase.PLAY
    assert match.current_player == (dealer + 1) % 6


def test_a_trick_has_five_cards_and_the_dealer_never_plays() -> None:
    match = SheepsheadMatch(SIX_OUT, 5)
    rng = random.Random(5)
    dealer = match.deal.dealer
    while match.deal.phase is not Phase.PLAY:
        match.apply(rng.choice(match.legal_actions()))
    players = []
    while not match.deal.last_trick:
        players.append(match.current_player)
        match.apply(rng.choice(match.legal_actions()))
    assert len(players) == 5 and dealer not in players
    assert len(match.deal.last_trick) == 5


def test_the_source_score_sheet_with_a_dealer_sitting_out() -> None:
    # the source's hand 2 (its five players at seats 1 to 5; the dealer, seat 0, sits out):
    # player2 picks and wins, player3 partners: +2 and +1, the three others -1 each, and the
    # dealer's figure stays as it was
    score = finished(6, 2, {2: WON_61}, {2: 3, 3: 1, 1: 2}, rest=1, partner=3, dealer_out=True)
    assert score.units == (0, -1, 2, 1, -1, -1)
    assert score.sides == ((2, 3), (1, 4, 5))
    sheet = [s + u for s, u in zip([0, -4, 1, 2, 6, -5], score.units, strict=True)]
    assert sheet == [0, -5, 3, 3, 5, -6] and sum(sheet) == 0


def test_a_picker_alone_at_six_with_the_dealer_out_is_paid_by_four() -> None:
    alone = finished(6, 2, {2: WON_61}, {2: 3, 1: 3}, rest=1, dealer_out=True)
    assert alone.units == (0, -1, 4, -1, -1, -1)
    lost = finished(6, 2, {2: "AC"}, {2: 1, 1: 5}, rest=1, dealer_out=True)
    assert lost.units == (0, 4, -16, 4, 4, 4)  # schneider, doubled on the bump, four defenders


def test_a_leaster_is_won_from_the_four_others_only() -> None:
    # the test helper's dealer is seat 0: it sits out and takes no part in the leaster
    score = finished(
        6, None, {1: "AC", 2: "10C KC"}, {1: 1, 2: 1, 3: 3, 4: 1},
        rest=3, dealer_out=True,
    )  # fmt: skip
    assert score.leaster and score.winner == 4  # seat 4 took a trick and no points
    assert score.units == (0, -1, -1, -1, 4, -1)
    assert score.sides == ((1,), (2,), (3,), (4,), (5,))


def test_each_of_six_deals_twice_and_sits_out_the_hands_they_deal() -> None:
    match = SheepsheadMatch(SIX_OUT, 11)
    rng = random.Random(2)
    while not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))
    played = [r for r in match.deal_results if not r.score.redeal]
    assert len(played) == 12
    assert sorted(r.dealer for r in played) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert all(r.score.units[r.dealer] == 0 for r in played)
    assert sum(match.sheet) == 0
    outcome = match.outcome()
    assert outcome.scores == tuple(match.sheet)
    assert [figures["deals"] for figures in outcome.stats] == [10] * 6  # each played ten


def test_the_dealer_is_marked_as_sitting_out_in_the_picture() -> None:
    match = SheepsheadMatch(SIX_OUT, 3)
    picture = match.view(0).picture(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
    marks = [seat.marks for seat in picture.seats]
    assert marks[match.deal.dealer] == ("deals, sits out",)
    assert picture.seats[match.deal.dealer].cards_in_hand == 0


def test_position_notation_round_trips_with_the_dealer_out() -> None:
    match = SheepsheadMatch(SIX_OUT, 3)
    rng = random.Random(3)
    for _ in range(14):
        match.apply(rng.choice(match.legal_actions()))
    text = format_position(match.deal)
    assert "dealer_out" in text.splitlines()[0]
    again = parse_position(text)[0]
    assert format_position(again) == text
    assert again.turn == match.deal.turn and legal(again) == legal(match.deal)


def test_the_ratings_pass_over_the_dealer_in_the_hands_they_sit_out() -> None:
    match = SheepsheadMatch(SIX_OUT, 4)
    rng = random.Random(4)
    while not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))
    played = [r for r in match.deal_results if not r.score.redeal]
    rounds = match.outcome().rounds
    assert len(rounds) == len(played)
    for result, round_ in zip(played, rounds, strict=True):
        assert round_.place_of(result.dealer) == SAT_OUT
        assert all(round_.place_of(p)[0] >= 0 for p in range(6) if p != result.dealer)

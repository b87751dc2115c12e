"""German Whist's rules, from its rule text (engine/germanwhist/lessons): following suit,
trumps, the stock won trick by trick, the thirteen tricks that count and the match's points."""

from __future__ import annotations

import itertools

import pytest

from engine.core import IllegalMove, NotYourTurn
from engine.games import match_from_position, new_match
from engine.germanwhist.hand import Phase
from engine.germanwhist.position import format_position, parse_position

ENDGAME = (
    "germanwhist | dealer: 0 | leader: 1 | turn: 0 | trumps: S | trick: 1 AH | "
    "hand 0: 3S 9D KC | hand 1: 2C 4D"
)


def test_a_player_without_the_led_suit_may_trump_and_the_trump_takes_the_trick() -> None:
    match = match_from_position(ENDGAME)
    assert {a.notation for a in match.legal_actions()} == {"3S", "9D", "KC"}
    record = match.apply("3S", 0)
    assert record.took == 0 and match.current_player == 0


def test_a_player_holding_the_led_suit_must_follow_it() -> None:
    match = match_from_position(
        "germanwhist | dealer: 0 | leader: 1 | turn: 0 | trumps: S | trick: 1 9H | "
        "hand 0: 3S 2H KC | hand 1: 2C 4D"
    )
    assert [a.notation for a in match.legal_actions()] == ["2H"]
    with pytest.raises(IllegalMove, match="Follow suit"):
        match.apply("3S", 0)
    with pytest.raises(NotYourTurn):
        match.apply("2C", 1)
    match.apply("2H", 0)
    assert match.deal.last_taker == 1  # the 9♥ beats the 2♥: the higher card of the suit led


def test_while_the_stock_lasts_the_winner_takes_the_face_up_card_and_the_loser_the_next() -> None:
    match = new_match("germanwhist", 5)
    hand = match.deal
    upcard, hidden, next_up = hand.upcard, hand.stock[0], hand.stock[1]
    assert hand.trump is upcard.suit and len(hand.stock) == 25
    leader = hand.turn
    match.apply(match.legal_actions()[0], leader)
    match.apply(match.legal_actions()[0], 1 - leader)
    winner = hand.last_taker
    assert upcard in hand.hands[winner] and hidden in hand.hands[1 - winner]
    assert hand.shown[winner] == [upcard]  # everyone saw it go there
    assert hand.upcard == next_up and len(hand.stock) == 23  # a new card turned up
    assert hand.counted == [0, 0] and all(len(h) == 13 for h in hand.hands)


def test_the_last_thirteen_tricks_count_and_a_hand_scores_the_tricks_over_six() -> None:
    match = new_match("germanwhist", 7)
    plays = 0
    while match.deals_finished == 0:
        if plays == 26:  # thirteen tricks: the stock is gone, nothing counted yet
            assert match.deal.phase is Phase.PLAY and match.deal.upcard is None
            assert match.deal.counted == [0, 0]
        match.apply(match.legal_actions()[0], match.current_player)
        plays += 1
    assert plays == 52
    result = match.deal_results[0]
    tricks = result.score.tricks
    assert sum(tricks) == 13 and tricks[result.score.winner] >= 7
    assert result.score.points == tricks[result.score.winner] - 6
    assert result.scores[result.score.winner] == result.score.points


def test_the_match_ends_at_the_tables_points_and_the_deal_alternates() -> None:
    match = new_match("germanwhist", 3, target=2)
    dealers = []
    while not match.is_terminal:
        if not dealers or dealers[-1][0] != match.deal_number:
            dealers.append((match.deal_number, match.deal.dealer))
        match.apply(match.legal_actions()[-1], match.current_player)
    assert max(match.scores) >= 2
    assert all(a[1] != b[1] for a, b in itertools.pairwise(dealers))
    outcome = match.outcome()
    assert outcome.result_of(match.scores.index(max(match.scores))) == "win"


def test_a_position_reads_back_as_it_was_written() -> None:
    match = new_match("germanwhist", 11)
    for _ in range(9):
        match.apply(match.legal_actions()[0], match.current_player)
    text = format_position(match.deal, tuple(match.scores))
    hand, scores = parse_position(text)
    assert format_position(hand, scores) == text
    assert "upcard:" in text and "shown" in text

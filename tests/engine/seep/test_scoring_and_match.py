"""Scoring, the baazi and the dealer rotation (sources/seep.txt "Scoring", RULES.md)."""

from __future__ import annotations

import random

import pytest

from engine.cards import FULL_DECK, Card, parse_cards
from engine.seep import SeepMatch, SeepRules
from engine.seep.match import settle
from engine.seep.scoring import score_deal

N, W, S, E = 0, 1, 2, 3  # counter-clockwise seats; North-South is side 0, East-West side 1


def totals_with_difference(difference: int) -> tuple[int, int]:
    """Two deal totals (both at least 9) whose difference is `difference` (side 0 − side 1)."""
    return (60 + difference, 60) if difference >= 0 else (60, 60 - difference)


def test_first_scoring_example_and_its_dealer_rotation() -> None:
    rules = SeepRules()
    running, dealer = 0, N
    steps = [(+20, W, 20), (+36, W, 56), (-42, W, 14), (-66, S, -52)]
    for difference, next_dealer, total in steps:
        result = settle(rules, running, dealer, totals_with_difference(difference))
        assert (result.running_total, result.next_dealer, result.baazi_side) == (
            total,
            next_dealer,
            None,
        )
        running, dealer = result.running_total, result.next_dealer
    result = settle(rules, running, dealer, totals_with_difference(-54))
    assert result.baazi_side == 1 and result.running_total == 0 and result.next_dealer == N


def test_second_example_baazi_for_the_dealers_side_passes_to_souths() -> None:
    result = settle(SeepRules(), 10, E, totals_with_difference(-124))
    assert result.baazi_side == 1 and result.next_dealer == S


def test_third_example_fewer_than_9_points_loses_a_baazi_at_once() -> None:
    result = settle(SeepRules(), 99, E, (5, 92))
    assert result.baazi_side == 1 and result.below_nine
    assert result.running_total == 0 and result.next_dealer == S


def test_seep30_has_no_9_point_rule_and_a_30_point_target() -> None:
    rules = SeepRules(game="seep30")
    result = settle(rules, 0, N, (2, 28))
    assert result.baazi_side is None and result.running_total == -26
    assert settle(rules, -26, result.next_dealer, (0, 4)).baazi_side == 1


def test_two_player_dealer_is_whoever_is_behind_and_the_loser_after_a_baazi() -> None:
    rules = SeepRules(players=2)
    assert settle(rules, 0, 0, (70, 40)).next_dealer == 1
    assert settle(rules, 0, 1, (70, 40)).next_dealer == 1
    assert settle(rules, 0, 0, (50, 50)).next_dealer == 0
    assert settle(rules, 0, 1, (30, 70)).next_dealer == 0
    assert settle(rules, 90, 1, (60, 40)).next_dealer == 1  # side 0 won the baazi


def test_scoring_cards_total_100() -> None:
    rules = SeepRules()
    assert sum(rules.card_points(card) for card in FULL_DECK) == 100
    assert rules.card_points(Card.parse("10D")) == 6
    assert rules.card_points(Card.parse("KS")) == 13
    assert rules.card_points(Card.parse("AH")) == 1
    assert rules.card_points(Card.parse("KH")) == 0


def test_ten_of_diamonds_two_variant_scores_most_cards_4() -> None:
    rules = SeepRules(diamond_ten_two=True)
    assert rules.card_points(Card.parse("10D")) == 2
    side0 = list(FULL_DECK[:30])
    side1 = list(FULL_DECK[30:])
    score = score_deal(rules, [side0, side1], [[], []])
    assert score.sides[0].most_cards_points == 4 and score.sides[1].most_cards_points == 0
    assert score.sides[0].card_points + score.sides[1].card_points == 100
    level = score_deal(rules, [list(FULL_DECK[:26]), list(FULL_DECK[26:])], [[], []])
    assert level.sides[0].most_cards_points == level.sides[1].most_cards_points == 0


def test_seep30_scoring_cards_and_satthi() -> None:
    rules = SeepRules(game="seep30")
    points = {str(c): rules.card_points(c) for c in FULL_DECK if rules.card_points(c)}
    assert points == {"10D": 12, "9S": 9, "2S": 1, "AS": 1, "AH": 1, "AC": 1, "AD": 1}
    everything = (
        parse_cards("10D 9S 2S AS AH AC AD")
        + [c for c in FULL_DECK if not rules.card_points(c)][:25]
    )
    rest = [c for c in FULL_DECK if c not in everything]
    score = score_deal(rules, [everything, rest], [[11], []])
    assert score.satthi == 0 and score.sides[0].card_points == 60
    assert score.sides[0].total == 71


def test_rawalpindi_scoring_2_of_spades_5_and_no_most_cards() -> None:
    rules = SeepRules(game="seep30", rawalpindi=True)
    assert rules.card_points(Card.parse("2S")) == 5 and rules.most_cards_bonus == 0
    assert sum(rules.card_points(c) for c in FULL_DECK) == 30


def play_out(match: SeepMatch, seed: int) -> None:
    rng = random.Random(seed)
    while not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize("players", [2, 4])
def test_a_match_of_three_baazis_ends_after_the_third(players: int) -> None:
    match = SeepMatch(SeepRules(players=players, baazis=3), seed=12)
    play_out(match, 12)
    assert sum(match.baazis) == 3
    assert match.deal_results[-1].baazi_side is not None
    assert [o.number for o in match.deal_results] == list(range(1, len(match.deal_results) + 1))
    won = [o.baazi_side for o in match.deal_results if o.baazi_side is not None]
    assert len(won) == 3
    assert match.returns()[0] == match.baazis[0] and match.returns()[1] == match.baazis[1]


def test_the_match_follows_the_rotation_between_deals() -> None:
    match = SeepMatch(SeepRules(baazis=2), seed=4)
    rng = random.Random(4)
    dealers = [match.deal.dealer]
    while not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))
        if len(match.deal_results) == len(dealers) and not match.is_terminal:
            dealers.append(match.deal.dealer)
    running = 0
    for outcome, dealer, following in zip(match.deal_results, dealers, dealers[1:], strict=False):
        totals = (outcome.score.sides[0].total, outcome.score.sides[1].total)
        expected = settle(match.rules, running, dealer, totals)
        assert expected.next_dealer == following
        running = expected.running_total


def test_the_same_seed_and_actions_give_the_same_match() -> None:
    first = SeepMatch(SeepRules(), seed=21)
    play_out(first, 3)
    again = SeepMatch.from_dict(first.to_dict())
    assert again.deal_results == first.deal_results and again.baazis == first.baazis
    assert again.to_dict() == first.to_dict()

"""Suipe's deal, scoring with kala, and the match."""

from __future__ import annotations

import random

import pytest

from engine.cards import FULL_DECK, parse_cards
from engine.suipe import SuipeDeal, SuipeMatch, SuipeRules
from engine.suipe.scoring import score_deal


@pytest.mark.parametrize(("players", "hand", "rounds"), [(2, 8, 3), (3, 8, 2), (4, 6, 2)])
def test_four_floor_cards_without_a_repeated_rank_and_hands_until_the_pack_is_used(
    players: int, hand: int, rounds: int
) -> None:
    for seed in range(60):
        deal = SuipeDeal.deal(SuipeRules(players=players), 0, random.Random(seed))
        assert len({card.rank for card in deal.loose}) == 4 == len(deal.loose)
        assert all(len(h) == hand for h in deal.hands)
        assert len(deal.stock) == 48 - players * hand
        assert deal.turn == 1
    rng = random.Random(1)
    deal = SuipeDeal.deal(SuipeRules(players=players), 0, rng)
    dealt_rounds = 1
    while not deal.is_over:
        before = len(deal.stock)
        deal.apply(rng.choice(deal.legal_actions()))
        if len(deal.stock) < before:
            dealt_rounds += 1
            assert all(len(h) == hand for h in deal.hands)
    assert dealt_rounds == rounds


def test_hand_size_options() -> None:
    assert SuipeRules(players=2, hand_size=6).cards_per_hand == 6
    assert SuipeRules(players=3, hand_size=52).cards_per_hand == 16
    deal = SuipeDeal.deal(SuipeRules(players=4, hand_size=52), 2, random.Random(3))
    assert all(len(h) == 12 for h in deal.hands) and not deal.stock
    odd = SuipeDeal.deal(SuipeRules(players=3, hand_size=6), 0, random.Random(3))
    rng = random.Random(3)
    while not odd.is_over:  # 48 cards in hands of 6 for three: the last round is 4 each
        odd.apply(rng.choice(odd.legal_actions()))
    assert sum(len(p) for p in odd.captured) == 52


def test_eleven_points_most_cards_most_spades_2s_aces_10d() -> None:
    pile0 = (
        parse_cards("2S AS AH 10D 3S 4S 5S 6S") + [c for c in FULL_DECK if c.suit.letter == "H"][1:]
    )
    pile1 = [c for c in FULL_DECK if c not in pile0]
    score = score_deal([pile0, pile1], [0, 0])
    side0, side1 = score.sides
    assert side0.card_points == 5 and side1.card_points == 2  # 2♠ A♠ A♥ 10♦ / A♣ A♦
    assert side1.most_cards == 3 and side0.most_cards == 0
    assert side1.most_spades == 1  # 8 spades against 5
    assert sum(score.totals) == 11


def test_ties_for_most_cards_or_spades_give_nobody_the_points() -> None:
    spades = [c for c in FULL_DECK if c.suit.letter == "S"]
    others = [c for c in FULL_DECK if c.suit.letter != "S"]
    level_cards = score_deal([spades[:6] + others[:20], spades[6:] + others[20:]], [0, 0])
    assert [s.cards for s in level_cards.sides] == [26, 26]
    assert level_cards.sides[0].most_cards == level_cards.sides[1].most_cards == 0
    assert level_cards.sides[1].most_spades == 1  # 7 spades against 6
    piles = [spades[:5] + others[:12], spades[5:10] + others[12:24], spades[10:] + others[24:]]
    level_spades = score_deal(piles, [0, 0, 0])
    assert [s.spades for s in level_spades.sides] == [5, 5, 3]
    assert all(s.most_spades == 0 for s in level_spades.sides)
    assert level_spades.sides[2].most_cards == 3  # 3 + 15 = 18 cards


def test_suipes_cancel_one_for_one_kala() -> None:
    piles = [list(FULL_DECK[:26]), list(FULL_DECK[26:])]
    score = score_deal(piles, [3, 1])
    assert [s.suipe_points for s in score.sides] == [2, 0]
    three = score_deal(
        [list(FULL_DECK[:20]), list(FULL_DECK[20:40]), list(FULL_DECK[40:])], [2, 2, 1]
    )
    assert [s.suipe_points for s in three.sides] == [0, 0, 0]


def test_a_match_is_two_deals_the_dealer_moves_on_and_the_most_points_win() -> None:
    match = SuipeMatch(SuipeRules(players=3), seed=5)
    first_dealer = match.deal.dealer
    rng = random.Random(5)
    while not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))
    assert len(match.deal_results) == 2
    assert match.deal_results[1].dealer == (first_dealer + 1) % 3
    totals = match.totals
    assert list(match.deal_results[-1].totals) == totals
    best = max(totals)
    assert match.winner == (totals.index(best) if totals.count(best) == 1 else None)


def test_four_players_as_individuals_have_four_sides() -> None:
    match = SuipeMatch(SuipeRules(players=4, partnerships=False, deals=1), seed=2)
    rng = random.Random(2)
    while not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))
    assert len(match.totals) == 4 and len(match.view().sides) == 4

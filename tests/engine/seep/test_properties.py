"""Properties over thousands of seeded random deals (4-player, 2-player, 30-point)."""

from __future__ import annotations

import copy
import random

import pytest

from engine.cards import FULL_DECK
from engine.seep import Phase, SeepDeal, SeepMatch, SeepRules, format_position, parse_position
from engine.seep.scoring import card_points
from tests.engine.shared import (
    check_position_round_trip,
    check_views_hide,
    random_deals_checked,
)

from ..shared import redeal

DEAL_COUNTS = {
    "seep 4p": (SeepRules(), 1000),
    "seep 2p": (SeepRules(players=2), 500),
    "seep30 4p": (SeepRules(game="seep30"), 350),
    "seep30 rawalpindi": (SeepRules(game="seep30", rawalpindi=True), 150),
}


def check_invariants(deal: SeepDeal) -> None:
    cards = deal.all_cards()
    assert len(cards) == 52 and set(cards) == set(FULL_DECK)
    for value, house in deal.houses.items():
        assert house.value == value and 9 <= value <= 13
        assert len(house.cards) >= 2 and sum(c.rank for c in house.cards) % value == 0
        assert 1 <= len(house.owners) <= 2
        for owner in house.owners:
            assert any(card.rank == value for card in deal.hands[owner]), (owner, house)
    assert not any(card.rank in deal.houses for card in deal.loose)
    if deal.phase is not Phase.DONE:
        assert deal.legal_actions(), format_position(deal)


def hidden_swapped(match: SeepMatch, viewer: int | None) -> SeepMatch:
    """The same match with every card the viewer cannot see dealt differently."""
    clone = copy.copy(match)
    deal = clone.deal = match.deal.copy()
    own = {deal.active_seat(viewer)} if viewer is not None else set()
    hidden_places = [deal.hands[seat] for seat in range(4) if seat not in own]
    hidden_places.append(deal.stock)
    if deal.phase is Phase.BID:
        hidden_places.append(deal.loose)
    redeal(hidden_places)
    deal.changed()
    return clone


def play_deals(rules: SeepRules, count: int, seed: int) -> None:
    rng = random.Random(seed)
    deals_done = 0
    game = 0
    while deals_done < count:
        match = SeepMatch(rules, seed * 100_000 + game)
        game += 1
        deals, replayed = random_deals_checked(
            match, rng, check_position, check_finished, count - deals_done
        )
        deals_done += deals
        assert format_position(replayed.deal) == format_position(match.deal)


def check_position(match: SeepMatch, deal: SeepDeal) -> None:
    check_invariants(deal)
    step = deal.play_number
    if step % 7 == 3:
        check_views_hide(match, hidden_swapped)
    if step % 11 == 5 and deal.phase is Phase.PLAY:
        check_position_round_trip(deal, format_position, parse_position)


def check_finished(deal: SeepDeal) -> None:
    rules = deal.rules
    assert deal.is_over and not deal.houses and not deal.loose and not any(deal.hands)
    assert len(deal.captured[0]) + len(deal.captured[1]) == 52
    raw = sum(card_points(rules, pile) for pile in deal.captured)
    assert raw + rules.most_cards_bonus == rules.card_total
    score = deal.score
    assert score is not None
    points = [side.card_points for side in score.sides]
    if score.satthi is None:
        expected = rules.card_total
        if rules.most_cards_bonus and len(deal.captured[0]) == 26:
            expected -= rules.most_cards_bonus
        assert sum(points) == expected
    else:
        assert points[score.satthi] == 2 * rules.card_total
    for side in (0, 1):
        assert score.sides[side].sweep_points == sum(deal.sweeps[side])


@pytest.mark.parametrize("name", list(DEAL_COUNTS))
def test_random_deals_keep_every_invariant(name: str) -> None:
    rules, count = DEAL_COUNTS[name]
    play_deals(rules, count, seed=sum(map(ord, name)))


def test_two_player_second_hands_come_after_twelve_plays_each() -> None:
    match = SeepMatch(SeepRules(players=2), seed=3)
    rng = random.Random(3)
    deal = match.deal
    bidder = deal.bidder
    seen_seats = []
    while match.deal is deal and not match.is_terminal:
        seen_seats.append(deal.turn)
        if deal.play_number == 24:
            # the floor carries over; each player now holds the second, untouched hand
            assert not deal.houses
            assert len(deal.hands[(bidder + 2) % 4]) == 12
            assert match.view(deal.player_of(bidder)).hand == tuple(
                sorted(deal.hands[(bidder + 2) % 4], key=lambda c: (c.suit, c.rank))
            )
        match.apply(rng.choice(match.legal_actions()))
    plays = seen_seats[1:]  # after the bid
    assert plays[:24] == [bidder, (bidder + 1) % 4] * 12
    assert plays[24:] == [(bidder + 2) % 4, (bidder + 3) % 4] * 12

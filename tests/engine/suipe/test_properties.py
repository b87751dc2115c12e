"""Properties over thousands of seeded random Suipe deals (2, 3 and 4 players)."""

from __future__ import annotations

import copy
import random

import pytest

from engine.cards import FULL_DECK
from engine.suipe import SuipeDeal, SuipeMatch, SuipeRules, format_position, parse_position
from engine.suipe.deal import Phase
from tests.engine.shared import (
    check_position_round_trip,
    check_views_hide,
    random_deals_checked,
)

from ..shared import redeal

DEAL_COUNTS = {
    "2 players": (SuipeRules(players=2), 700),
    "3 players": (SuipeRules(players=3), 700),
    "4 partners": (SuipeRules(players=4), 450),
    "4 individuals": (SuipeRules(players=4, partnerships=False), 150),
}


def check_invariants(deal: SuipeDeal) -> None:
    cards = deal.all_cards()
    assert len(cards) == 52 and set(cards) == set(FULL_DECK)
    for value, build in deal.builds.items():
        assert build.value == value and 2 <= value <= 10
        assert all(card.rank <= 10 for card in build.cards) and len(build.cards) >= 2
        assert sum(card.rank for card in build.cards) % value == 0
    if deal.phase is not Phase.DONE:
        assert deal.legal_actions(), format_position(deal)


def hidden_swapped(match: SuipeMatch, viewer: int | None) -> SuipeMatch:
    clone = copy.copy(match)
    deal = clone.deal = match.deal.copy()
    places = [deal.hands[seat] for seat in range(len(deal.hands)) if seat != viewer]
    places.append(deal.stock)
    redeal(places)
    deal.changed()
    return clone


def check_finished(deal: SuipeDeal) -> None:
    assert deal.is_over and not deal.loose and not deal.builds and not any(deal.hands)
    score = deal.score
    assert score is not None
    assert sum(side.cards for side in score.sides) == 52
    unawarded = 0
    if not any(side.most_cards for side in score.sides):
        unawarded += 3
    if not any(side.most_spades for side in score.sides):
        unawarded += 1
    net_suipes = sum(side.suipe_points for side in score.sides)
    assert sum(score.totals) == 11 - unawarded + net_suipes
    most = max(deal.suipes)
    for side in score.sides:
        others = max((s.suipes for s in score.sides if s is not side), default=0)
        assert side.suipe_points == max(0, side.suipes - others) and side.suipes <= most


@pytest.mark.parametrize("name", list(DEAL_COUNTS))
def test_random_suipe_deals_keep_every_invariant(name: str) -> None:
    rules, count = DEAL_COUNTS[name]
    rng = random.Random(sum(map(ord, name)))
    deals_done = game = 0
    while deals_done < count:
        match = SuipeMatch(rules, 50_000 + game)
        game += 1
        deals, replayed = random_deals_checked(match, rng, check_position, check_finished)
        deals_done += deals
        assert replayed.totals == match.totals


def check_position(match: SuipeMatch, deal: SuipeDeal) -> None:
    check_invariants(deal)
    if deal.play_number % 9 == 4:
        check_views_hide(match, hidden_swapped)
        check_position_round_trip(deal, format_position, parse_position)

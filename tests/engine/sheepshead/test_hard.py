"""Sheepshead's hard player: at every table size its play-outs search its own last cards, which
never does worse in a world than the rules of thumb, and still decides from its seat's view."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose_action
from engine.sheepshead import Phase, SheepsheadMatch, SheepsheadRules
from engine.sheepshead.ai import play_out, result_for
from engine.sheepshead.hand import SheepsheadHand
from engine.sheepshead.hard import HARD, searched_value
from tests.engine.shared import played_at_random

from .test_properties import swapped


def late_match(players: int, seed: int, cards: int) -> SheepsheadMatch | None:
    """A hand in play, at random, where the player to move holds `cards` cards (None: the hand
    ended in a redeal or a leaster first, or never came to that)."""
    match = SheepsheadMatch(SheepsheadRules(players=players, hands=1), seed)

    def there(m: SheepsheadMatch) -> bool:
        hand = m.deal
        return bool(m.deal_results) or (
            hand.phase is Phase.PLAY and len(hand.hands[hand.turn]) == cards
        )

    played_at_random(match, seed, until=there)
    hand = match.deal
    if match.deal_results or hand.leaster or len(hand.hands[hand.turn]) != cards:
        return None
    return match


def late_hands(players: int, cards: int, wanted: int) -> list[SheepsheadHand]:
    found = []
    for seed in range(200):
        match = late_match(players, seed, cards)
        if match is not None:
            found.append(match.deal)
        if len(found) == wanted:
            break
    assert len(found) == wanted
    return found


def test_every_table_size_searches_its_own_last_three_cards() -> None:
    assert set(HARD.own_tables) == {3, 4, 5, 6} and HARD.own_cards == 3


@pytest.mark.parametrize("cards", [1, 2, 3])
def test_the_searched_play_out_is_never_worse_than_the_rules_of_thumb(cards: int) -> None:
    better = 0
    for hand in late_hands(5, cards, 40):
        seat = hand.turn
        plain = hand.copy()
        play_out(plain, random.Random(1))
        searched = searched_value(hand.copy(), seat, random.Random(1), HARD.own_cards)
        assert searched >= result_for(plain, seat)
        better += searched > result_for(plain, seat)
    if cards > 1:  # with a choice to make, the search finds a better order in some hands
        assert better >= 2


def test_without_own_cards_the_searched_play_out_is_the_rules_of_thumb() -> None:
    for hand in late_hands(5, 3, 6):
        plain = hand.copy()
        play_out(plain, random.Random(2))
        assert searched_value(hand.copy(), hand.turn, random.Random(2), 0) == result_for(
            plain, hand.turn
        )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(2))
def test_a_late_decision_does_not_change_when_hidden_cards_are_swapped(
    players: int, seed: int
) -> None:
    match = None
    for start in range(seed * 40, seed * 40 + 40):
        match = late_match(players, start, 3)
        if match is not None:
            break
    assert match is not None
    seat = match.current_player
    assert seat is not None
    real = choose_action(match, seat, "hard", random.Random(seed))
    for shuffle in range(3):
        other = swapped(match, seat, random.Random(200 + shuffle))
        assert choose_action(other, seat, "hard", random.Random(seed)) == real

"""Suipe move and position notation, views and player-facing errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import FULL_DECK
from engine.core import PUBLIC, BadNotation, IllegalMove, NotYourTurn
from engine.suipe import Move, SuipeAction, SuipeMatch, SuipeRules, format_position, parse_position
from tests.engine.shared import played_at_random

cards = st.sampled_from(FULL_DECK)


@st.composite
def actions(draw: st.DrawFn) -> SuipeAction:
    kind = draw(st.sampled_from(list(Move)))
    card = draw(cards)
    if kind is Move.TRAIL:
        return SuipeAction.trail(card)
    loose = draw(st.lists(cards, max_size=12, unique=True).filter(lambda c: card not in c))
    if kind is Move.CAPTURE:
        return SuipeAction.capture(card, loose, draw(st.booleans()))
    if kind is Move.BUILD:
        return SuipeAction.make_build(card, draw(st.integers(2, 10)), loose)
    return SuipeAction.raise_build(card, draw(st.integers(2, 9)), draw(st.integers(3, 10)), loose)


@given(actions())
def test_every_suipe_action_round_trips_through_its_notation(action: SuipeAction) -> None:
    assert SuipeAction.parse(action.notation) == action
    assert len(action.notation) <= 60


@pytest.mark.parametrize("text", ["", "8", "8Dx3", "3C=", "2H^6", "QQ"])
def test_bad_suipe_move_text_is_refused(text: str) -> None:
    with pytest.raises(BadNotation):
        SuipeAction.parse(text)


def test_position_round_trip() -> None:
    text = (
        "suipe players=3\ndealer: 0\nturn: 1\nplay: 7\nfloor: AC 2D QH\n"
        "build 8: 3C 5D @1\nbuild 9*: 4S 5S 9H @2\nhand 1: 3S 6H 8C\nhand 2: 9C\n"
        "taken 0: 5C 5H\nsuipes 2: 1\nlast: 0\nstock: 4H 9S"
    )
    assert format_position(parse_position(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("suipe | floor: 2S 2S", "appears twice"),
        ("suipe | build 11: 5C 6D @0", "2 to 10"),
        ("suipe | build 8: 3C 4D @0", "adding up"),
        ("suipe | build 8: 3C 5D 8H @0", "is multiple"),
        ("suipe players=5", "2, 3 or 4"),
    ],
)
def test_bad_suipe_positions_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        parse_position(text)


def test_views_hide_every_hand_but_the_viewers() -> None:
    match = played_at_random(SuipeMatch(SuipeRules(players=3), seed=4), 4, 5)
    public = match.view(PUBLIC)
    assert public.hand is None and public.hand_sizes == tuple(len(h) for h in match.deal.hands)
    for player in range(3):
        view = match.view(player)
        assert set(view.hand) == set(match.deal.hands[player])


def test_player_facing_errors() -> None:
    match = SuipeMatch(SuipeRules(players=2), seed=1)
    other = 1 - match.current_player
    with pytest.raises(NotYourTurn):
        match.apply(match.legal_actions()[0], player=other)
    held = {str(c) for c in match.deal.hands[match.current_player]}
    missing = next(str(c) for c in FULL_DECK if str(c) not in held and c not in match.deal.loose)
    with pytest.raises(IllegalMove, match="don't hold"):
        match.apply(missing)
    deal = parse_position("suipe | dealer: 1 | turn: 0 | floor: 5D | hand 0: KC 3C")
    with pytest.raises(IllegalMove, match="Face cards"):
        deal.apply(SuipeAction.make_build(deal.hands[0][1], 13, deal.loose))

"""Views, errors, and the move and position notations."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import FULL_DECK
from engine.core import PUBLIC, BadNotation, GameError, GameOver, IllegalMove, NotYourTurn
from engine.seep import Kind, SeepAction, SeepMatch, SeepRules, format_position, parse_position
from tests.engine.shared import played_at_random

cards = st.sampled_from(FULL_DECK)


@st.composite
def actions(draw: st.DrawFn) -> SeepAction:
    kind = draw(st.sampled_from(list(Kind)))
    if kind is Kind.BID:
        return SeepAction.bid(draw(st.integers(9, 13)))
    card = draw(cards)
    if kind is Kind.THROW:
        return SeepAction.throw(card)
    loose = draw(st.lists(cards, max_size=14, unique=True).filter(lambda c: card not in c))
    if kind is Kind.CAPTURE:
        return SeepAction.capture(card, loose)
    broken = draw(st.one_of(st.none(), st.integers(9, 12)))
    return SeepAction.house(card, draw(st.integers(9, 13)), loose, broken)


@given(actions())
def test_every_action_round_trips_through_its_short_notation(action: SeepAction) -> None:
    text = action.notation
    assert SeepAction.parse(text) == action
    assert len(text) <= 60  # leaves room for a table id in a 100-character custom_id


@pytest.mark.parametrize("text", ["", "x", "B", "ZZx", "5Hh", "5Hq11", "JDx2S9"])
def test_bad_move_text_is_refused(text: str) -> None:
    with pytest.raises(BadNotation):
        SeepAction.parse(text)


def test_errors_are_value_errors_with_player_messages() -> None:
    assert issubclass(IllegalMove, ValueError) and issubclass(NotYourTurn, GameError)
    match = SeepMatch(SeepRules(), seed=1)
    wrong = (match.current_player + 1) % 4
    with pytest.raises(NotYourTurn, match="not your turn"):
        match.apply(match.legal_actions()[0], player=wrong)
    with pytest.raises(IllegalMove, match="bid"):
        match.apply("7H")


def test_a_finished_match_refuses_moves() -> None:
    match = played_at_random(SeepMatch(SeepRules(), seed=2), 2)
    assert match.current_player is None and match.legal_actions() == []
    with pytest.raises(GameOver):
        match.apply("B9")


def test_the_public_view_shows_no_hand_and_a_seat_sees_only_its_own() -> None:
    match = SeepMatch(SeepRules(), seed=8)
    rng = random.Random(8)
    for _ in range(10):
        match.apply(rng.choice(match.legal_actions()))
    public = match.view(PUBLIC)
    assert public.hand is None and public.viewer is None
    for player in range(4):
        view = match.view(player)
        assert view.hand == tuple(sorted(match.deal.hands[player], key=lambda c: (c.suit, c.rank)))
        others = {c for seat in range(4) if seat != player for c in match.deal.hands[seat]}
        assert not others & set(view.hand)
    assert public.hand_sizes == tuple(len(h) for h in match.deal.hands)


def test_two_player_view_shows_only_the_hand_in_use() -> None:
    match = SeepMatch(SeepRules(players=2), seed=9)
    match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])
    deal = match.deal
    for player in (0, 1):
        view = match.view(player)
        seat = deal.active_seat(player)
        assert set(view.hand) == set(deal.hands[seat])
        assert not set(view.hand) & set(deal.hands[(seat + 2) % 4])
        assert view.reserve_sizes[player] == 12


def test_position_notation_round_trips_and_accepts_one_line() -> None:
    text = (
        "seep players=4\ndealer: 3\nturn: 0\nplay: 5\nfloor: 2S 3H 5D\n"
        "house 10: 4C 6H @1\nhouse 12*: QH 5S 7C @0 3\nhand 0: AS 2H 2C 10D QD\n"
        "hand 1: 10C KS\nhand 3: QC\ntaken 0: 5C\nsweeps 1: 50\nlast: 0"
    )
    deal = parse_position(text)
    assert format_position(deal) == text
    assert format_position(parse_position(" | ".join(text.splitlines()))) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seep | floor: 2S 2S", "appears twice"),
        ("seep | house 8: 4C 4D @0", "9 to 13"),
        ("seep | house 10: 4C 5D @0 | hand 0: 10S", "add up to 9"),
        ("seep | house 10: 4C 6D @0 | hand 0: 9S", "must hold a card of 10"),
        ("seep | house 10: 4C 6D @0 | hand 0: 10S | floor: 10H", "can't lie beside"),
        ("seep | house 10*: 4C 6D @0 | hand 0: 10S", "is not cemented"),
        ("chess | floor: 2S", "starts with the game"),
        ("seep colour=red", "unknown option"),
    ],
)
def test_bad_positions_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        parse_position(text)


def said(text: str) -> set[str]:
    deal = parse_position(text)
    return {deal.describe(action) for action in deal.legal_actions()}


def test_move_descriptions_read_like_a_player_would_say_them() -> None:
    mid = "seep | dealer: 0 | play: 9 | turn: 1"
    assert "Build a jack-house: 5♥ on 6♣" in said(f"{mid} | floor: 6C 3D | hand 1: 5H JD")
    assert "Capture 2♠+9♠ and J♣ with J♦ — sweep!" in said(f"{mid} | floor: 2S 9S JC | hand 1: JD")
    assert "Cement the queen-house with Q♥" in said(
        f"{mid} | floor: 3D | house 12: 5D 7C @3 | hand 3: QS | hand 1: QH"
    )
    assert "Break the 9-house with 3♥ to cement the queen-house" in said(
        f"{mid} | house 12: 5D 7C @1 | house 9: 4D 5C @0 | hand 0: 9S | hand 1: 3H QD"
    )

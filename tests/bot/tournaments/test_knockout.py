from __future__ import annotations

from dataclasses import replace

import pytest

from bot.tournaments.format import Entrant, EventSettings, FormatError, Pairing
from bot.tournaments.knockout import Knockout, bracket, seed_order
from tests.bot.tournaments.play import entrants, finish, play_rounds, start

KNOCKOUT = Knockout()


def higher_seed_wins(p: Pairing) -> list[float]:
    """Entrants are seeded in entry order: the lower user id wins."""
    return [1.0 if s == min(p.seats) else 0.0 for s in p.seats]


@pytest.mark.parametrize("count", range(5, 17))
def test_brackets_of_five_to_sixteen_give_byes_to_the_top_seeds(count: int) -> None:
    state = start(entrants(count), EventSettings(seats=2, best_of=1))
    size = 1 << (count - 1).bit_length()
    first = bracket(state)[0]
    byes = [t for t in first if t.bye]
    assert len(first) == size // 2 and len(byes) == size - count
    assert sorted(t.first_seed for t in byes) == list(range(1, size - count + 1))
    seated = [u for t in first for u in (t.first, t.second) if u is not None]
    assert sorted(u[0] for u in seated) == [e.user_id for e in state.entrants]
    tables = KNOCKOUT.pairings(state, [], 0)
    assert len(tables) == count - size // 2  # every tie without a bye plays now

    state = play_rounds(KNOCKOUT, state, higher_seed_wins)
    assert len(state.pairings) == count - 1  # one match per entrant knocked out
    assert max(p.round for p in state.pairings) == size.bit_length() - 1
    lines = KNOCKOUT.standings(state)
    assert [s.user_id for s in lines[:2]] == [100, 101]  # seeds 1 and 2 meet in the final
    assert [s.rank for s in lines[:4]] == [1, 2, 3, 3]  # the semi-finals' losers share third
    assert {s.user_id for s in lines[2:4]} == {102, 103}


def test_the_seed_order_keeps_the_top_seeds_apart() -> None:
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_ratings_seed_the_bracket_when_everyone_has_one() -> None:
    people = tuple(Entrant(100 + n, f"P{n}", n, rating=r) for n, r in enumerate([1500, 1900, 1700]))
    ties = bracket(start(people, EventSettings(seats=2)))[0]
    assert ties[0].bye and ties[0].first == (101,)  # the best rated takes the bye
    assert {ties[1].first, ties[1].second} == {(102,), (100,)}


def test_a_best_of_three_tie_goes_on_past_a_draw_and_alternates_the_first_seat() -> None:
    state = start(entrants(2), EventSettings(seats=2, best_of=3))
    results = iter([[1, 1], [1, 0], [1, 0], [1, 0]])  # by seat: a draw, then seat 1 wins
    seatings = []
    clock = 0.0
    while not KNOCKOUT.finished(state, clock):
        (table,) = KNOCKOUT.pairings(state, [], clock)
        seatings.append(table.seats)
        clock += 1
        state = replace(state, pairings=(*state.pairings, table),
                        results=(*state.results, finish(table, next(results), clock)))  # fmt: skip
    # ½–½, 101 wins, 100 wins: level at 1½ after three, so a fourth, which 101 wins
    assert seatings == [(100, 101), (101, 100), (100, 101), (101, 100)]
    (tie,) = bracket(state)[0]
    assert (tie.first_points, tie.second_points, tie.winner) == (1.5, 2.5, (101,))
    assert [s.user_id for s in KNOCKOUT.standings(state)] == [101, 100]


def test_a_side_that_withdraws_loses_its_tie() -> None:
    state = replace(start(entrants(4), EventSettings(seats=2)), withdrawn=frozenset({103}))
    tables = KNOCKOUT.pairings(state, [], 0)
    assert [t.seats for t in tables] == [(101, 102)]  # 100's opponent withdrew: 100 goes on


def test_one_entrant_has_standings_but_no_bracket() -> None:
    state = start(entrants(1), EventSettings(seats=2))
    assert [s.user_id for s in KNOCKOUT.standings(state)] == [100]
    assert not KNOCKOUT.finished(state, 0) and bracket(state) == []
    with pytest.raises(FormatError):
        KNOCKOUT.pairings(state, [], 0)


def test_pairs_go_through_the_bracket_together() -> None:
    state = start(entrants(6), EventSettings(seats=4, partnerships=True))  # three pairs
    (table,) = KNOCKOUT.pairings(state, [], 0)
    assert table.seats == (102, 104, 103, 105)  # seed 1 (100 and 101) has the bye
    state = play_rounds(KNOCKOUT, state, lambda p: [0.0, 1.0, 0.0, 1.0])
    lines = KNOCKOUT.standings(state)
    assert [(s.user_id, s.rank) for s in lines[:2]] == [(104, 1), (105, 1)]

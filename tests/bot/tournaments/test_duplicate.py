from __future__ import annotations

from dataclasses import replace

from bot.tournaments.duplicate import Duplicate
from bot.tournaments.format import EventSettings, FormatError, Pairing
from tests.bot.tournaments.play import entrants, finish, play_rounds, start

DUPLICATE = Duplicate()
PAIRS = EventSettings(seats=4, rounds=2, partnerships=True)


def test_pairs_are_compared_direction_by_direction_on_the_same_deals() -> None:
    # Lone entrants partnered in entry order: T1 100+101, T2 102+103, T3 104+105, T4 106+107
    sheets = {(1, 1): (60, 40), (1, 2): (50, 50), (2, 1): (70, 20), (2, 2): (70, 30)}

    def sheet(p: Pairing) -> list[float]:
        first, second = sheets[(p.round, p.table)]
        return [first, second, first, second]

    state = play_rounds(DUPLICATE, start(entrants(8), PAIRS), sheet)
    assert [(p.round, p.seats, p.deal_set) for p in state.pairings] == [
        (1, (100, 104, 101, 105), 1), (1, (102, 106, 103, 107), 1),
        (2, (106, 100, 107, 101), 2), (2, (104, 102, 105, 103), 2),
    ]  # fmt: skip
    # By hand. Round 1, first direction: T1 60 beats T2 50 (100 %, 0 %); second: T4 50 beats
    # T3 40. Round 2, first: T4 70 ties T3 70 (50 % each); second: T2 30 beats T1 20.
    lines = DUPLICATE.standings(state)
    assert [(s.user_id, s.rank, s.score, s.tiebreaks) for s in lines] == [
        (106, 1, 75.0, (1.0,)), (107, 1, 75.0, (1.0,)),
        (100, 2, 50.0, (1.0,)), (101, 2, 50.0, (1.0,)),  # T1 and T2 level: one rank
        (102, 2, 50.0, (1.0,)), (103, 2, 50.0, (1.0,)),
        (104, 4, 25.0, (0.0,)), (105, 4, 25.0, (0.0,)),
    ]  # fmt: skip


def test_a_round_counts_once_every_table_of_it_has_finished() -> None:
    state = start(entrants(8), PAIRS)
    first, second = DUPLICATE.pairings(state, [], 0)
    state = replace(state, pairings=(first, second), results=(finish(first, [9, 1, 9, 1], 1),))
    assert all(s.score == 0 and s.played == 0 for s in DUPLICATE.standings(state))
    state = replace(state, results=(*state.results, finish(second, [5, 5, 5, 5], 2)))
    assert {s.user_id: s.score for s in DUPLICATE.standings(state)}[100] == 100.0


def test_individual_duplicate_compares_each_seat_with_the_same_seat_elsewhere() -> None:
    settings = EventSettings(seats=5, rounds=2)
    sheets = {1: [4, 2, -1, -2, -3], 2: [6, -3, 0, -1, -2]}
    state = start(entrants(10), settings)
    tables = DUPLICATE.pairings(state, [], 0)
    assert [t.seats for t in tables] == [(100, 102, 104, 106, 108), (101, 103, 105, 107, 109)]
    assert {t.deal_set for t in tables} == {1}
    results = tuple(finish(t, sheets[t.table], 1 + t.table) for t in tables)
    state = replace(state, pairings=tuple(tables), results=results)
    percent = {s.user_id: s.score for s in DUPLICATE.standings(state)}
    # seat 1: 100 (4) against 101 (6); seat 2: 102 (2) against 103 (−3); and so on
    assert percent == {100: 0, 101: 100, 102: 100, 103: 0, 104: 0, 105: 100, 106: 0, 107: 100,
                       108: 0, 109: 100}  # fmt: skip
    second = DUPLICATE.pairings(state, [], 5)
    assert sorted(u for t in second for u in t.seats) == list(range(100, 110))
    assert {t.deal_set for t in second} == {2}
    # In standings order (101 102 105 107 109 100 103 104 106 108), a row of two per seat:
    # the row of the best two split, each row one table further along and one seat further on
    assert [t.seats for t in second] == [(106, 101, 107, 109, 104), (108, 102, 105, 100, 103)]


def test_players_who_fill_no_table_sit_out_at_fifty_percent() -> None:
    state = play_rounds(DUPLICATE, start(entrants(11), EventSettings(seats=5, rounds=1)),
                        lambda p: [float(s) for s in p.seats])  # fmt: skip
    lines = {s.user_id: s for s in DUPLICATE.standings(state)}
    assert lines[110].played == 0 and lines[110].score == 50.0


def test_duplicate_needs_two_tables() -> None:
    try:
        DUPLICATE.pairings(start(entrants(6), PAIRS), [], 0)
    except FormatError:
        return
    raise AssertionError("three pairs were seated for a duplicate")

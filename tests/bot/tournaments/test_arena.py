from __future__ import annotations

from dataclasses import replace

from bot.tournaments.arena import Arena, on_fire
from bot.tournaments.format import EventSettings, EventState, Pairing
from bot.tournaments.units import busy
from tests.bot.tournaments.play import entrants, finish, start

A, B, C, D = 100, 101, 102, 103
ARENA = Arena()


class Event:
    """An arena driven as the runtime does: pair whoever is free, finish tables at times."""

    def __init__(self, state: EventState) -> None:
        self.state = state

    def pair(self, now: float) -> list[tuple[int, ...]]:
        free = [e.user_id for e in self.state.entrants if e.user_id not in busy(self.state)]
        tables = ARENA.pairings(self.state, free, now)
        self.state = replace(self.state, pairings=self.state.pairings + tuple(tables))
        return [t.seats for t in tables]

    def finish(self, seats: tuple[int, ...], scores: list[float], now: float) -> None:
        table = next(p for p in reversed(self.state.pairings) if p.seats == seats)
        self.state = replace(self.state, results=(*self.state.results, finish(table, scores, now)))


def test_a_worked_arena_scores_streaks_and_avoids_rematches_as_by_hand() -> None:
    event = Event(start(entrants(4), EventSettings(seats=2, duration=31.0)))
    assert event.pair(0) == [(A, B), (C, D)]
    event.finish((A, B), [1, 0], 10)  # A +2
    assert event.pair(10) == []  # A and B just met, and C and D will soon be free
    event.finish((C, D), [1, 0], 15)  # C +2
    assert event.pair(15) == [(A, C), (B, D)]  # A 2, C 2, B 0, D 0: nearest, not last met
    event.finish((A, C), [1, 0], 20)  # A +2: two wins in a row, on fire
    assert on_fire(event.state, A)
    assert event.pair(20) == []
    event.finish((B, D), [1, 1], 22)  # a draw, +1 each
    assert event.pair(22) == [(A, B), (C, D)]  # A 4, C 2, B 1, D 1
    event.finish((A, B), [1, 0], 30)  # on fire: +4
    assert event.pair(30) == []
    event.finish((C, D), [0, 1], 31)  # D +2
    assert event.pair(31) == []  # the time is up
    assert ARENA.finished(event.state, 31)
    lines = ARENA.standings(event.state)
    assert [(s.user_id, s.rank, s.score, s.tiebreaks, s.played) for s in lines] == [
        (A, 1, 8.0, (3.0, 4.0), 3),  # 2 + 2 + 4; opponents B 1 + C 2 + B 1
        (D, 2, 3.0, (1.0, 5.0), 3),
        (C, 3, 2.0, (1.0, 14.0), 3),
        (B, 4, 1.0, (0.0, 19.0), 3),
    ]


def test_a_draw_on_fire_counts_double_and_ends_the_streak() -> None:
    event = Event(start(entrants(2), EventSettings(seats=2, duration=100.0)))
    for now, scores in enumerate(([1, 0], [1, 0], [1, 1], [1, 0]), start=1):
        (seats,) = event.pair(now)  # alone together: the same opponent again
        event.finish(seats, scores if seats[0] == A else scores[::-1], now + 0.5)
    lines = {s.user_id: s.score for s in ARENA.standings(event.state)}
    assert lines == {A: 2 + 2 + 2 + 2, B: 0 + 0 + 1 + 0}  # only A was on fire


def test_teams_are_paired_only_when_both_partners_are_free() -> None:
    people = entrants(8)  # lone entrants: 100+101, 102+103, 104+105, 106+107
    state = start(people, EventSettings(seats=4, duration=60.0, partnerships=True))
    tables = ARENA.pairings(state, [100, 101, 102, 103, 104, 105, 106], 0)
    assert [t.seats for t in tables] == [(100, 102, 101, 103)]


def test_a_table_that_finishes_after_the_end_still_counts() -> None:
    event = Event(start(entrants(2), EventSettings(seats=2, duration=10.0)))
    (seats,) = event.pair(9)
    event.finish(seats, [0, 1], 12)
    assert {s.user_id: s.score for s in ARENA.standings(event.state)} == {A: 0, B: 2}
    assert not ARENA.pairings(event.state, [A, B], 12)


def test_pairing_is_the_same_from_the_same_state() -> None:
    state = start(entrants(9), EventSettings(seats=2, duration=60.0))
    first = ARENA.pairings(state, [e.user_id for e in state.entrants], 5)
    again = ARENA.pairings(state, [e.user_id for e in state.entrants], 5)
    assert first == again and len(first) == 4
    assert all(isinstance(p, Pairing) for p in first)

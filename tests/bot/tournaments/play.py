"""Playing an event through a format as the runtime would: open what the format pairs, finish
each table with the result a test chooses, until the format says the event is over."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.tournaments.format import (
    Entrant,
    EventSettings,
    EventState,
    Format,
    Pairing,
    TableResult,
)

Outcome = Callable[[Pairing], Sequence[float]]  # each seat's score; the higher places better


def entrants(count: int, partners: dict[int, int] | None = None) -> tuple[Entrant, ...]:
    partners = partners or {}
    return tuple(Entrant(100 + n, f"P{n}", n, partners.get(100 + n)) for n in range(count))


def finish(pairing: Pairing, scores: Sequence[float], at: float) -> TableResult:
    places = tuple(1 + sum(o > s for o in scores) for s in scores)
    return TableResult(pairing.round, pairing.table, pairing.seats, tuple(scores), places, at)


def start(people: tuple[Entrant, ...], settings: EventSettings) -> EventState:
    return EventState(people, settings, started_at=0.0)


def play_rounds(fmt: Format, state: EventState, outcome: Outcome, limit: int = 100) -> EventState:
    """A round format to its end: each round paired, then every table finished."""
    clock = 1.0
    for _ in range(limit):
        if fmt.finished(state, clock):
            return state
        tables = fmt.pairings(state, [e.user_id for e in state.entrants], clock)
        assert tables, "the format neither pairs nor ends"
        state = replace(state, pairings=state.pairings + tuple(tables))
        assert not fmt.pairings(state, [], clock), "a round paired while one is playing"
        results = []
        for table in tables:
            clock += 1.0
            results.append(finish(table, outcome(table), clock))
        state = replace(state, results=state.results + tuple(results))
    raise AssertionError("the event never ended")


def by_seat(*scores: float) -> Outcome:
    return lambda pairing: scores[: len(pairing.seats)]

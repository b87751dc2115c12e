"""Knockout (2-seat games and fixed partnerships; docs/tournaments.md): a bracket seeded by
rating where every entrant has one, else by entry order; the bracket is the next power of
two, the missing places byes for the top seeds. Each tie is best of `best_of` matches (a win
1, a draw ½): it is decided once one side has more than half of `best_of`; level after
`best_of`, one more match at a time until one side leads, and after `EXTRA_MATCHES` extra
matches still level, the higher seed goes through. A side that withdraws loses its tie.
A tie's next match opens as soon as its last one ends; a round opens once every tie of the
one before is decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import N_
from bot.tournaments.format import EventState, FormatError, FormatName, Pairing, Standing
from bot.tournaments.swiss import TOO_FEW, two_sides_fit
from bot.tournaments.units import Row, Unit, open_tables, seats_of, standings_of, units_of

EXTRA_MATCHES = 3
ROUNDS_WON = N_("Rounds won")


@dataclass(frozen=True, slots=True)
class Tie:
    """One place of the bracket: its two sides (None: not known yet, or a bye), the match
    points each has won, and who goes through (None: still to play)."""

    round: int
    slot: int  # 0 first, top to bottom
    first: Unit | None
    second: Unit | None
    first_seed: int = 0
    second_seed: int = 0
    first_points: float = 0.0
    second_points: float = 0.0
    matches: int = 0
    winner: Unit | None = None
    bye: bool = False


class Knockout:
    name = FormatName.KNOCKOUT
    tiebreak_names: tuple[str, ...] = ()

    def fits(self, seats: int, partnerships: bool) -> bool:
        return two_sides_fit(seats, partnerships)

    def pairings(self, state: EventState, free: Sequence[int], now: float) -> list[Pairing]:
        if len(units_of(state)) < 2:
            raise FormatError(TOO_FEW)
        rounds = bracket(state)
        playing = {frozenset(p.seats) for p in open_tables(state)}
        for ties in rounds:
            if all(t.winner is not None for t in ties):
                continue
            number = ties[0].round
            opened = sum(p.round == number for p in state.pairings)
            tables: list[Pairing] = []
            for tie in ties:
                if tie.winner is not None or tie.first is None or tie.second is None:
                    continue
                seats = seats_of(tie.first, tie.second)
                if frozenset(seats) in playing:
                    continue
                if tie.matches % 2:  # the lower seed sits first in every second match
                    seats = seats_of(tie.second, tie.first)
                tables.append(Pairing(number, opened + len(tables) + 1, seats))
            return tables
        return []

    def finished(self, state: EventState, now: float) -> bool:
        rounds = bracket(state)
        return bool(rounds) and rounds[-1][0].winner is not None

    def standings(self, state: EventState) -> list[Standing]:
        rounds = bracket(state)
        won = dict.fromkeys(seeded(state), 0)
        played = dict.fromkeys(won, 0)
        for ties in rounds:
            for tie in ties:
                if tie.winner is not None:
                    won[tie.winner] += 1
                for side in (tie.first, tie.second):
                    if side is not None:
                        played[side] += tie.matches
        out = [u for u in won if _lost(rounds, u)]
        rows = [Row(u, float(won[u]) - (0.5 if u in out else 0.0), (), played[u]) for u in won]
        lines = standings_of(state, rows)
        return [
            Standing(s.user_id, s.rank, float(int(s.score)), (), s.played, s.withdrawn)
            for s in lines
        ]


def _lost(rounds: Sequence[Sequence[Tie]], unit: Unit) -> bool:
    return any(
        t.winner is not None and t.winner != unit and unit in (t.first, t.second)
        for ties in rounds
        for t in ties
    )


def seeded(state: EventState) -> list[Unit]:
    """The units by seed: by rating (a team's mean) when every entrant has one, else in entry
    order."""
    units = units_of(state)
    ratings = {e.user_id: e.rating for e in state.entrants}
    if units and all(ratings[u] is not None for unit in units for u in unit):

        def rating(unit: Unit) -> float:
            return sum(ratings[u] or 0.0 for u in unit) / len(unit)

        return sorted(units, key=lambda unit: -rating(unit))  # stable: entry order on a tie
    return units


def seed_order(size: int) -> list[int]:
    """Seeds (1 first) top to bottom of a bracket of `size` places: 1 meets `size`, and the
    top two seeds can meet only in the final."""
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


def bracket(state: EventState) -> list[list[Tie]]:
    """Every round of the bracket as it stands, the first round first."""
    units = seeded(state)
    if len(units) < 2:
        return []  # no bracket yet: the event cannot start (`pairings` says why)
    size = 1
    while size < len(units):
        size *= 2
    seeds = {u: n + 1 for n, u in enumerate(units)}
    by_seed = dict(enumerate(units, start=1))
    places: list[Unit | None] = [by_seed.get(s) for s in seed_order(size)]
    rounds: list[list[Tie]] = []
    number = 1
    while len(places) > 1:
        ties = [
            _decide(state, number, i // 2, places[i], places[i + 1], seeds)
            for i in range(0, len(places), 2)
        ]
        rounds.append(ties)
        places = [t.winner for t in ties]
        number += 1
    return rounds


def _decide(
    state: EventState,
    number: int,
    slot: int,
    first: Unit | None,
    second: Unit | None,
    seeds: dict[Unit, int],
) -> Tie:
    if number == 1 and (first is None or second is None):
        alone = first or second
        return Tie(number, slot, alone, None, seeds.get(alone, 0) if alone else 0, 0,
                   winner=alone, bye=True)  # fmt: skip
    if first is None or second is None:
        return Tie(number, slot, first, second, seeds.get(first, 0) if first else 0,
                   seeds.get(second, 0) if second else 0)  # fmt: skip
    points = {first: 0.0, second: 0.0}
    matches = 0
    seats = set(seats_of(first, second))
    for result in state.results:
        if result.round != number or set(result.seats) != seats:
            continue
        matches += 1
        places = {u: result.places[result.seats.index(u[0])] for u in (first, second)}
        if places[first] == places[second]:
            points[first] += 0.5
            points[second] += 0.5
        else:
            points[min(places, key=places.__getitem__)] += 1.0
    tie = Tie(number, slot, first, second, seeds[first], seeds[second], points[first],
              points[second], matches)  # fmt: skip
    winner = _winner(state, tie)
    return Tie(tie.round, tie.slot, first, second, tie.first_seed, tie.second_seed,
               tie.first_points, tie.second_points, matches, winner)  # fmt: skip


def _winner(state: EventState, tie: Tie) -> Unit | None:
    assert tie.first is not None and tie.second is not None
    best_of = max(1, state.settings.best_of)
    first, second = tie.first_points, tie.second_points
    playing = any(set(p.seats) == set(seats_of(tie.first, tie.second))
                  for p in open_tables(state) if p.round == tie.round)  # fmt: skip
    if first > best_of / 2 or (tie.matches >= best_of and first > second):
        return tie.first
    if second > best_of / 2 or (tie.matches >= best_of and second > first):
        return tie.second
    if playing:
        return None
    gone = state.withdrawn
    if set(tie.first) & gone or set(tie.second) & gone:
        return tie.second if set(tie.first) & gone else tie.first
    if tie.matches >= best_of + EXTRA_MATCHES:
        return tie.first if tie.first_seed < tie.second_seed else tie.second
    return None

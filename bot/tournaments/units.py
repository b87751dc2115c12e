"""Who competes as one, and what each finished table gave them: the pieces every format shares.

A *unit* is one player, or, in a partnership game, two partners who play every table of the
event together (seats 0/2 or 1/3). Partners enter as a pair (`Entrant.partner`, named by both
or by one of them); players who enter alone are partnered in entry order, the first lone
entrant with the second, the third with the fourth. An odd last lone entrant has no partner
and sits the event out (the runtime tells them so).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.tournaments.format import Entrant, EventState, Pairing, Standing, TableResult

Unit = tuple[int, ...]  # user ids, in entry order


def ordered(entrants: Iterable[Entrant]) -> list[Entrant]:
    return sorted(entrants, key=lambda e: (e.entered, e.user_id))


def units_of(state: EventState) -> list[Unit]:
    """Every unit of the event in entry order (a team by its first-entered member)."""
    entrants = ordered(state.entrants)
    if not state.settings.partnerships:
        return [(e.user_id,) for e in entrants]
    by_id = {e.user_id: e for e in entrants}
    teams: list[Unit] = []
    used: set[int] = set()
    lone: list[int] = []
    for entrant in entrants:
        if entrant.user_id in used:
            continue
        partner = by_id.get(entrant.partner) if entrant.partner is not None else None
        if (
            partner is not None
            and partner.user_id not in used
            and partner.user_id != entrant.user_id
            and partner.partner in (None, entrant.user_id)
        ):
            teams.append((entrant.user_id, partner.user_id))
            used |= {entrant.user_id, partner.user_id}
        else:
            lone.append(entrant.user_id)
            used.add(entrant.user_id)
    teams += [(lone[i], lone[i + 1]) for i in range(0, len(lone) - 1, 2)]
    first = {e.user_id: e.entered for e in entrants}
    return sorted(teams, key=lambda team: min(first[u] for u in team))


def without_partner(state: EventState) -> list[int]:
    """Entrants of a partnership event left without a partner (they sit the event out)."""
    if not state.settings.partnerships:
        return []
    placed = {user for unit in units_of(state) for user in unit}
    return [e.user_id for e in ordered(state.entrants) if e.user_id not in placed]


def active(state: EventState, units: Sequence[Unit]) -> list[Unit]:
    """The units none of whose members has withdrawn."""
    return [u for u in units if not set(u) & state.withdrawn]


def seats_of(first: Unit, second: Unit) -> tuple[int, ...]:
    """Two units at one table: two players face to face, or two teams with partners opposite."""
    if len(first) == 1:
        return (first[0], second[0])
    return (first[0], second[0], first[1], second[1])


@dataclass(frozen=True, slots=True)
class Game:
    """One finished table from one unit's side: `points` 1 win, ½ draw, 0 loss; `score` the
    unit's score in the game's own unit; `first` whether the unit sat at seat 0."""

    round: int
    table: int
    opponent: Unit | None  # None: more than one other unit at the table
    points: float
    score: float
    place: int
    first: bool
    finished_at: float


def unit_of(user: int, units: Sequence[Unit]) -> Unit | None:
    for unit in units:
        if user in unit:
            return unit
    return None


def games_of(state: EventState, units: Sequence[Unit]) -> dict[Unit, list[Game]]:
    """Each unit's finished tables, in the order they finished."""
    games: dict[Unit, list[Game]] = {u: [] for u in units}
    for result in sorted(state.results, key=lambda r: (r.finished_at, r.round, r.table)):
        at_table = _units_at(result, units)
        for unit in at_table:
            seat = result.seats.index(unit[0])
            place = result.places[seat]
            others = [u for u in at_table if u != unit]
            other_places = [result.places[result.seats.index(u[0])] for u in others]
            points = _points(place, other_places)
            opponent = others[0] if len(others) == 1 else None
            games[unit].append(
                Game(
                    result.round,
                    result.table,
                    opponent,
                    points,
                    result.scores[seat],
                    place,
                    seat == 0,
                    result.finished_at,
                )
            )
    return games


def _units_at(result: TableResult, units: Sequence[Unit]) -> list[Unit]:
    seated = set(result.seats)
    return [u for u in units if u[0] in seated]


def _points(place: int, others: Sequence[int]) -> float:
    """1 for beating every other unit at the table, ½ for sharing the best place, else 0."""
    if not others:
        return 1.0
    best_other = min(others)
    if place < best_other:
        return 1.0
    if place == best_other:
        return 0.5
    return 0.0


def busy(state: EventState) -> set[int]:
    """User ids at a table opened and not yet finished."""
    done = {(r.round, r.table) for r in state.results}
    return {user for p in state.pairings if (p.round, p.table) not in done for user in p.seats}


def open_tables(state: EventState) -> list[Pairing]:
    done = {(r.round, r.table) for r in state.results}
    return [p for p in state.pairings if (p.round, p.table) not in done]


def current_round(state: EventState) -> int:
    return max((p.round for p in state.pairings), default=0)


def round_over(state: EventState) -> bool:
    """Every table of the latest round has finished (true before the first round)."""
    latest = current_round(state)
    return not any(p.round == latest for p in open_tables(state))


def ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Ranks (1 first) for rows already sorted best first: equal keys share a rank."""
    out: list[int] = []
    for index, key in enumerate(keys):
        out.append(out[-1] if index and key == keys[index - 1] else index + 1)
    return out


def seated_rounds(state: EventState) -> dict[int, set[int]]:
    """The user ids seated in each round."""
    rounds: dict[int, set[int]] = {}
    for pairing in state.pairings:
        rounds.setdefault(pairing.round, set()).update(pairing.seats)
    return rounds


def sat_out(state: EventState, units: Sequence[Unit]) -> dict[int, list[Unit]]:
    """The units each round gave a bye (sat out while others played). Worked out from the
    pairings alone, so nothing needs storing: a unit missing from a round had its bye there,
    unless it had withdrawn (then it is seated in no later round and is still withdrawn)."""
    rounds = seated_rounds(state)
    last = max(rounds, default=0)
    byes: dict[int, list[Unit]] = {}
    for number in range(1, last + 1):
        seated = rounds.get(number, set())
        for unit in units:
            if unit[0] in seated:
                continue
            later = any(unit[0] in rounds.get(n, set()) for n in range(number + 1, last + 1))
            if later or not set(unit) & state.withdrawn:
                byes.setdefault(number, []).append(unit)
    return byes


@dataclass(frozen=True, slots=True)
class Row:
    """A unit's line of the standings before it is split into its players' lines."""

    unit: Unit
    score: float
    tiebreaks: tuple[float, ...] = ()
    played: int = 0


def standings_of(state: EventState, rows: Sequence[Row]) -> list[Standing]:
    """Each player's line, best first: rows sorted by score, then the tie-breaks, then entry
    order; a tie the tie-breaks do not split shares the rank. Partners share their team's
    line; an entrant left without a partner comes last, unplayed."""
    entered = {e.user_id: e.entered for e in state.entrants}

    def key(row: Row) -> tuple[float, ...]:
        return (row.score, *row.tiebreaks)

    order = sorted(rows, key=lambda r: (*(-v for v in key(r)), min(entered[u] for u in r.unit)))
    places = ranks([key(r) for r in order])
    lines = [
        Standing(
            user, rank, row.score, row.tiebreaks, row.played, bool(set(row.unit) & state.withdrawn)
        )
        for row, rank in zip(order, places, strict=True)
        for user in row.unit
    ]
    last = len(order) + 1
    lines += [
        Standing(
            user,
            last,
            0.0,
            tuple(0.0 for _ in (order[0].tiebreaks if order else ())),
            0,
            user in state.withdrawn,
        )
        for user in without_partner(state)
    ]
    return lines

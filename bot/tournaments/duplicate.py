"""Duplicate (docs/tournaments.md): every table of a round plays the same committed deals
(`Pairing.deal_set`, the round's number), and each result is compared only with the results
of the same seat on the same cards, as the daily deal compares them (`bot.daily.matchpoints`:
1 for each score beaten, ½ for each tied, as a percentage of the most one could have).

- **Pairs** (4-player Seep, Sedma, Hola): the partnerships of the event; each round pairs
  them as Swiss does (never the same two pairs twice), one pair sitting first and third (the
  first seat's direction) and the other second and fourth; the first direction's pairs are
  compared with one another, the second's with one another. An odd pair out sits the round
  out, at most once, and scores 50 % for it.
- **Individual** (Sheepshead and the other games without partnerships): tables of exactly the
  chosen size; round 1 deals the players round the tables in entry order, and each later
  round takes them in standings order, row by row (one table's worth a row), each row moved
  one table further along than the row above it per round and seated one seat further on, so
  that players meet new tables and play every seat; a seat is compared with the same seat at
  every other table. Players who do not fill a table sit out (the lowest ranked who have not
  yet), scoring 50 %.

A player's score is the mean of their rounds' percentages; a round counts once every table of
it has finished (the partial results after each round). Tie-break: tops (rounds at 100 %).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_
from bot.tournaments.format import EventState, FormatError, FormatName, Pairing, Standing
from bot.tournaments.seating import sitters, split, spread
from bot.tournaments.swiss import pair_round, seated
from bot.tournaments.units import (
    Row,
    Unit,
    active,
    current_round,
    games_of,
    open_tables,
    round_over,
    sat_out,
    standings_of,
    units_of,
)

SAT_OUT = 50.0  # a round sat out scores the average
TOPS = N_("Tops")
TOO_FEW_TABLES = N_("Duplicate needs enough players for at least two tables.")


class Duplicate:
    name = FormatName.DUPLICATE
    tiebreak_names: tuple[str, ...] = (TOPS,)

    def fits(self, seats: int, partnerships: bool) -> bool:
        return (seats == 4 and partnerships) or (3 <= seats <= 6 and not partnerships)

    def pairings(self, state: EventState, free: Sequence[int], now: float) -> list[Pairing]:
        if not round_over(state):
            return []
        number = current_round(state) + 1
        if number > state.settings.rounds:
            return []
        units = active(state, units_of(state))
        per_table = 2 if state.settings.partnerships else state.settings.seats
        if number == 1 and len(units) < 2 * per_table:
            raise FormatError(TOO_FEW_TABLES)
        order = self._ranked(state, units)
        if state.settings.partnerships:
            return self._pairs(state, number, order)
        return self._individual(state, number, [u[0] for u in order])

    def _ranked(self, state: EventState, units: Sequence[Unit]) -> list[Unit]:
        place = {line.user_id: i for i, line in enumerate(self.standings(state))}
        return sorted(units, key=lambda u: place[u[0]])

    def _pairs(self, state: EventState, number: int, order: list[Unit]) -> list[Pairing]:
        scores = {line.user_id: line.score for line in self.standings(state)}
        met = {
            frozenset((u, g.opponent))
            for u, gs in games_of(state, units_of(state)).items()
            for g in gs
            if g.opponent
        }
        had = {u for sitting in sat_out(state, units_of(state)).values() for u in sitting}
        found = pair_round(order, {u: scores[u[0]] for u in order}, met, had)
        if found is None:
            return []
        return [
            Pairing(p.round, p.table, p.seats, deal_set=number)
            for p in seated(state, number, found[0])
        ]

    def _individual(self, state: EventState, number: int, ranked: list[int]) -> list[Pairing]:
        seats = state.settings.seats
        count = len(split(len(ranked), (seats,), seats))
        if count < 2:
            return []
        had = {u[0] for sitting in sat_out(state, units_of(state)).values() for u in sitting}
        out = set(sitters(ranked, count * seats, had))
        playing = [u for u in ranked if u not in out]
        if number == 1:
            return [
                Pairing(number, t + 1, tuple(group), deal_set=number)
                for t, group in enumerate(spread(playing, [seats] * count))
            ]
        tables: list[list[int]] = [[0] * seats for _ in range(count)]
        for row in range(seats):
            for index, player in enumerate(playing[row * count : (row + 1) * count]):
                table = (index + row * (number - 1)) % count
                tables[table][(row + number - 1) % seats] = player
        return [
            Pairing(number, t + 1, tuple(group), deal_set=number) for t, group in enumerate(tables)
        ]

    def finished(self, state: EventState, now: float) -> bool:
        if not round_over(state) or not state.pairings:
            return False
        if current_round(state) >= state.settings.rounds:
            return True
        return not self.pairings(state, [], now)

    def standings(self, state: EventState) -> list[Standing]:
        units = units_of(state)
        percents = round_percents(state, units)
        for number, sitting in sat_out(state, units).items():
            if number in complete_rounds(state):
                for unit in sitting:
                    percents[unit][number] = SAT_OUT
        rows = []
        for unit in units:
            mine = percents[unit]
            mean = sum(mine.values()) / len(mine) if mine else 0.0
            tops = float(sum(p == 100.0 for p in mine.values()))
            played = sum(1 for n in mine if unit not in sat_out(state, units).get(n, []))
            rows.append(Row(unit, round(mean, 2), (tops,), played))
        return standings_of(state, rows)


def complete_rounds(state: EventState) -> set[int]:
    """The rounds every table of which has finished."""
    unfinished = {p.round for p in open_tables(state)}
    return {p.round for p in state.pairings} - unfinished


def round_percents(state: EventState, units: Sequence[Unit]) -> dict[Unit, dict[int, float]]:
    """Each unit's matchpoint percentage in each complete round: its score compared with the
    scores of the same seat (the same direction, for pairs) at every table of the round."""
    from bot.daily import matchpoints  # the daily deal's (and the store's): on first use

    out: dict[Unit, dict[int, float]] = {u: {} for u in units}
    directions = 2 if state.settings.partnerships else state.settings.seats
    complete = complete_rounds(state)
    for number in sorted(complete):
        results = [r for r in state.results if r.round == number]
        for seat in range(directions):
            held = [(r.seats[seat], r.scores[seat]) for r in results if seat < len(r.seats)]
            for (user, _), percent in zip(held, matchpoints([s for _, s in held]), strict=True):
                unit = next((u for u in units if user in u), None)
                if unit is not None:
                    out[unit][number] = percent
    return out

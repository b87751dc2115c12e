"""Sessions with reseating (Sheepshead, 3-player Sedma and Suipe; docs/tournaments.md): each
session every table plays the same number of hands; a player's score is the sum of their
sheet units over the sessions. The first session deals the players round the tables in entry
order; each later one seats them by score, the best together at table 1.

Tables are of the sizes the game allows, nearest the chosen size (`seating.split`); a player
the sizes cannot seat sits the session out and scores the session's average (zero on a
Sheepshead sheet, which always sums to zero), at most once while others have not. At a table
of six with `dealer_sits_out`, every seat sits out the hands it deals.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_
from bot.tournaments.format import EventState, FormatError, FormatName, Pairing, Standing
from bot.tournaments.seating import by_rank, sitters, split, spread
from bot.tournaments.units import (
    Row,
    Unit,
    active,
    current_round,
    games_of,
    round_over,
    sat_out,
    standings_of,
    units_of,
)

TABLES_WON = N_("Tables won")
BEST_SESSION = N_("Best session")
TOO_FEW_FOR_A_TABLE = N_("There are too few players for one table of this game.")
DEALER_OUT_SIZE = 6  # Sheepshead's six-handed table: the dealer sits each hand out


class Sessions:
    name = FormatName.SESSIONS
    tiebreak_names: tuple[str, ...] = (TABLES_WON, BEST_SESSION)

    def fits(self, seats: int, partnerships: bool) -> bool:
        return 3 <= seats <= 6 and not partnerships

    def pairings(self, state: EventState, free: Sequence[int], now: float) -> list[Pairing]:
        if not round_over(state):
            return []
        number = current_round(state) + 1
        if number > state.settings.rounds:
            return []
        ranked = [u[0] for u in active(state, units_of(state))]
        if number > 1:
            order = {line.user_id: i for i, line in enumerate(self.standings(state))}
            ranked.sort(key=order.__getitem__)
        tables = split(len(ranked), state.settings.sizes(), state.settings.seats)
        if not tables:
            if number == 1:
                raise FormatError(TOO_FEW_FOR_A_TABLE)
            return []
        had_bye = {u[0] for sitting in sat_out(state, units_of(state)).values() for u in sitting}
        out = set(sitters(ranked, sum(tables), had_bye))
        playing = [u for u in ranked if u not in out]
        groups = spread(playing, tables) if number == 1 else by_rank(playing, tables)
        return [
            Pairing(number, index + 1, tuple(group), sits_out=self._sitting(state, group))
            for index, group in enumerate(groups)
        ]

    @staticmethod
    def _sitting(state: EventState, group: Sequence[int]) -> tuple[int, ...]:
        if state.settings.dealer_sits_out and len(group) == DEALER_OUT_SIZE:
            return tuple(group)
        return ()

    def finished(self, state: EventState, now: float) -> bool:
        if not round_over(state) or not state.pairings:
            return False  # before the start, `pairings` opens the event or says why not
        if current_round(state) >= state.settings.rounds:
            return True
        ranked = active(state, units_of(state))
        return not split(len(ranked), state.settings.sizes(), state.settings.seats)

    def standings(self, state: EventState) -> list[Standing]:
        units = units_of(state)
        games = games_of(state, units)
        averages = session_averages(state)
        rows = []
        for unit in units:
            sessions = [g.score for g in games[unit]]
            sessions += [averages.get(n, 0.0) for n in byes_of(state, units, unit)]
            won = sum(g.place == 1 for g in games[unit])
            best = max(sessions, default=0.0)
            rows.append(Row(unit, sum(sessions), (float(won), best), len(games[unit])))
        return standings_of(state, rows)


def hands_sitting_out(hands: int, seats: int) -> int:
    """The hands a table of `seats` whose dealer sits out each hand plays for each player to
    play `hands`, as at a table one seat smaller (15 at five: 18 at six), rounded up."""
    return -(-hands * seats // (seats - 1))


def byes_of(state: EventState, units: Sequence[Unit], unit: Unit) -> list[int]:
    """The sessions `unit` sat out."""
    return [n for n, sitting in sat_out(state, units).items() if unit in sitting]


def session_averages(state: EventState) -> dict[int, float]:
    """Each finished session's average score per seat (what a player sitting it out scores)."""
    rounds: dict[int, list[float]] = {}
    for result in state.results:
        rounds.setdefault(result.round, []).extend(result.scores)
    return {n: sum(scores) / len(scores) for n, scores in rounds.items() if scores}

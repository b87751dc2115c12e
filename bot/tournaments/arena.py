"""Arena (2-seat games and fixed partnerships; docs/tournaments.md): for a fixed time, a
player (or team) who is free is paired at once with another free one, the nearest in the
standings, never with the one just met while someone else is still at a table; a win scores
2, a draw 1, a loss 0. After two wins in a row a player is *on fire*: every result counts
double (a win 4, a draw 2) until a result that is not a win. No pairing starts after the end;
tables still playing then count when they finish.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import N_
from bot.tournaments.format import EventState, FormatName, Pairing, Standing
from bot.tournaments.swiss import two_sides_fit
from bot.tournaments.units import (
    Game,
    Row,
    Unit,
    active,
    busy,
    games_of,
    seats_of,
    standings_of,
    unit_of,
    units_of,
)

WIN, DRAW = 2.0, 1.0
ON_FIRE_AFTER = 2  # wins in a row
WINS = N_("Wins")
OPPONENTS_SCORE = N_("Opponents' score")


class Arena:
    name = FormatName.ARENA
    tiebreak_names: tuple[str, ...] = (WINS, OPPONENTS_SCORE)

    def fits(self, seats: int, partnerships: bool) -> bool:
        return two_sides_fit(seats, partnerships)

    def pairings(self, state: EventState, free: Sequence[int], now: float) -> list[Pairing]:
        if self.finished(state, now):
            return []
        units = units_of(state)
        playing = busy(state)
        idle = set(free) - playing
        waiting = [u for u in active(state, units) if set(u) <= idle]
        order = {line.user_id: i for i, line in enumerate(self.standings(state))}
        waiting.sort(key=lambda u: order[u[0]])
        last = last_opponents(state, units)
        someone_playing = bool(playing)
        tables: list[Pairing] = []
        while len(waiting) >= 2:
            first = waiting.pop(0)
            fresh = [u for u in waiting if last.get(first) != u and last.get(u) != first]
            if fresh:
                other = fresh[0]
            elif not someone_playing:
                other = waiting[0]  # nobody else will come free: the same opponent again
            else:
                continue
            waiting.remove(other)
            number = len(state.pairings) + len(tables) + 1
            tables.append(Pairing(number, 1, seats_of(first, other)))
        return tables

    def finished(self, state: EventState, now: float) -> bool:
        return now >= state.started_at + state.settings.duration

    def standings(self, state: EventState) -> list[Standing]:
        units = units_of(state)
        games = games_of(state, units)
        scores = {u: arena_score(games[u]) for u in units}
        rows = [
            Row(u, scores[u], (wins(games[u]), opponents_score(games[u], scores)), len(games[u]))
            for u in units
        ]
        return standings_of(state, rows)


def arena_score(games: Sequence[Game]) -> float:
    return sum(points_of(games))


def points_of(games: Sequence[Game]) -> list[float]:
    """Each game's arena points, in the order the games finished."""
    out, streak = [], 0
    for game in games:
        double = 2.0 if streak >= ON_FIRE_AFTER else 1.0
        if game.points == 1.0:
            out.append(WIN * double)
            streak += 1
        else:
            out.append(DRAW * double if game.points == 0.5 else 0.0)
            streak = 0
    return out


def on_fire(state: EventState, user: int) -> bool:
    """Whether `user`'s next result counts double."""
    units = units_of(state)
    unit = unit_of(user, units)
    if unit is None:
        return False
    streak = 0
    for game in games_of(state, units)[unit]:
        streak = streak + 1 if game.points == 1.0 else 0
    return streak >= ON_FIRE_AFTER


def wins(games: Sequence[Game]) -> float:
    return float(sum(g.points == 1.0 for g in games))


def opponents_score(games: Sequence[Game], scores: Mapping[Unit, float]) -> float:
    return sum(scores.get(g.opponent, 0.0) for g in games if g.opponent is not None)


def last_opponents(state: EventState, units: Sequence[Unit]) -> dict[Unit, Unit]:
    """Each unit's opponent at its latest table (opened, finished or not)."""
    last: dict[Unit, Unit] = {}
    for pairing in state.pairings:
        seated = [u for u in units if u[0] in pairing.seats]
        if len(seated) == 2:
            last[seated[0]], last[seated[1]] = seated[1], seated[0]
    return last

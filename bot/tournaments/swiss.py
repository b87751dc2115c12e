"""Swiss: a fixed number of rounds; each round pairs players (or teams) of equal score as far
as it can, never two who met before; an odd one out gets a bye worth a win, at most once.

Pairing (Dutch-like, docs/tournaments.md): the units in standings order; the first unpaired
unit takes the unit half its score group below it (top half against bottom half), else the
nearest one in its group, else the first of the groups below, and the whole round is found
by backtracking, so a round that can be paired without a repeat always is. A bye goes to the
lowest-ranked unit that has not had one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import N_
from bot.tournaments.format import (
    EventState,
    FormatError,
    FormatName,
    Pairing,
    Standing,
)
from bot.tournaments.units import (
    Game,
    Row,
    Unit,
    active,
    current_round,
    games_of,
    round_over,
    sat_out,
    seats_of,
    standings_of,
    units_of,
)

BYE_POINTS = 1.0  # a bye counts as a win
BUCHHOLZ = N_("Buchholz")
SONNEBORN_BERGER = N_("Sonneborn–Berger")
TOO_FEW = N_("This format needs at least two players (or teams) to start.")
TOO_MANY_ROUNDS = N_(
    "There are more rounds than this many entrants can play without meeting twice."
)
SEARCH_LIMIT = 200_000  # backtracking steps before a round is given up as unpairable

Pair = tuple[Unit, Unit]


def two_sides_fit(seats: int, partnerships: bool) -> bool:
    """Formats of two sides per table: head to head, or two fixed partnerships."""
    return seats == 2 or (seats == 4 and partnerships)


class Swiss:
    name = FormatName.SWISS
    tiebreak_names: tuple[str, ...] = (BUCHHOLZ, SONNEBORN_BERGER)

    def fits(self, seats: int, partnerships: bool) -> bool:
        return two_sides_fit(seats, partnerships)

    def pairings(self, state: EventState, free: Sequence[int], now: float) -> list[Pairing]:
        if not round_over(state):
            return []
        number = current_round(state) + 1
        if number > state.settings.rounds:
            return []
        units = active(state, units_of(state))
        if number == 1:
            check_rounds(len(units), state.settings.rounds)
        paired = pair_next(state, units)
        if paired is None:
            return []
        return seated(state, number, paired[0])

    def finished(self, state: EventState, now: float) -> bool:
        if not round_over(state) or not state.pairings:
            return False  # before the start, `pairings` opens the event or says why not
        if current_round(state) >= state.settings.rounds:
            return True
        units = active(state, units_of(state))
        return len(units) < 2 or pair_next(state, units) is None

    def standings(self, state: EventState) -> list[Standing]:
        units = units_of(state)
        games = games_of(state, units)
        byes = byes_of(state, units)
        scores = {u: sum(g.points for g in games[u]) + BYE_POINTS * byes[u] for u in units}
        rows = [
            Row(
                u,
                scores[u],
                (buchholz(games[u], scores), sonneborn_berger(games[u], scores)),
                len(games[u]),
            )
            for u in units
        ]
        return standings_of(state, rows)


def check_rounds(units: int, rounds: int) -> None:
    if units < 2:
        raise FormatError(TOO_FEW)
    if rounds > units - (units % 2 == 0):
        raise FormatError(TOO_MANY_ROUNDS)


def byes_of(state: EventState, units: Sequence[Unit]) -> dict[Unit, int]:
    counts = dict.fromkeys(units, 0)
    for sitting in sat_out(state, units).values():
        for unit in sitting:
            counts[unit] += 1
    return counts


def buchholz(games: Sequence[Game], scores: Mapping[Unit, float]) -> float:
    """The sum of the opponents' scores (a bye adds nothing)."""
    return sum(scores.get(g.opponent, 0.0) for g in games if g.opponent is not None)


def sonneborn_berger(games: Sequence[Game], scores: Mapping[Unit, float]) -> float:
    """The opponents' scores weighted by the result against each: all of a beaten one's, half
    of a drawn one's."""
    return sum(scores.get(g.opponent, 0.0) * g.points for g in games if g.opponent is not None)


def ranked_units(state: EventState, units: Sequence[Unit]) -> tuple[list[Unit], dict[Unit, float]]:
    """The units in standings order, with their scores."""
    lines = Swiss().standings(state)
    place = {line.user_id: index for index, line in enumerate(lines)}
    score = {line.user_id: line.score for line in lines}
    order = sorted(units, key=lambda u: place[u[0]])
    return order, {u: score[u[0]] for u in order}


def pair_next(state: EventState, units: Sequence[Unit]) -> tuple[list[Pair], Unit | None] | None:
    """The next round's pairs and bye for `units`, or None when no round without a repeat
    exists."""
    order, scores = ranked_units(state, units)
    games = games_of(state, units_of(state))
    met = {frozenset((u, g.opponent)) for u in units for g in games.get(u, []) if g.opponent}
    had_bye = {u for u, count in byes_of(state, units).items() if count}
    return pair_round(order, scores, met, had_bye)


def pair_round(
    order: Sequence[Unit],
    scores: Mapping[Unit, float],
    met: set[frozenset[Unit]],
    had_bye: set[Unit],
) -> tuple[list[Pair], Unit | None] | None:
    """Pairs for `order` (best first) with no pair in `met`; for an odd count, a bye to the
    lowest-ranked unit without one that leaves the others pairable. None when there is no
    such round (only near a full round robin): the event ends there."""
    if len(order) % 2 == 0:
        pairs = match(list(order), scores, met)
        return None if pairs is None else (pairs, None)
    for bye in [u for u in reversed(order) if u not in had_bye]:
        pairs = match([u for u in order if u != bye], scores, met)
        if pairs is not None:
            return pairs, bye
    return None


def match(
    order: list[Unit], scores: Mapping[Unit, float], met: set[frozenset[Unit]]
) -> list[Pair] | None:
    steps = [0]

    def search(left: list[Unit]) -> list[Pair] | None:
        if not left:
            return []
        steps[0] += 1
        if steps[0] > SEARCH_LIMIT:
            return None
        first, rest = left[0], left[1:]
        for other in preferences(first, rest, scores):
            if frozenset((first, other)) in met:
                continue
            found = search([u for u in rest if u != other])
            if found is not None:
                return [(first, other), *found]
            if steps[0] > SEARCH_LIMIT:
                return None
        return None

    return search(order)


def preferences(first: Unit, rest: Sequence[Unit], scores: Mapping[Unit, float]) -> list[Unit]:
    """Whom `first` should meet, best first: the unit half its score group below it, then the
    others of the group (the bottom half from the top down, then the top half upwards), then
    the rest in standings order."""
    group = [first, *(u for u in rest if scores[u] == scores[first])]
    half = len(group) // 2
    liked = group[half:] + group[1:half][::-1] if half else []
    liked = [u for u in liked if u != first]
    return liked + [u for u in rest if u not in liked]


def seated(state: EventState, number: int, pairs: Sequence[Pair]) -> list[Pairing]:
    """The round's tables: the unit that has sat first less often sits first (the higher
    ranked on a tie)."""
    games = games_of(state, units_of(state))
    firsts = {u: sum(g.first for g in gs) for u, gs in games.items()}
    tables = []
    for index, (high, low) in enumerate(pairs):
        first, second = (low, high) if firsts.get(low, 0) < firsts.get(high, 0) else (high, low)
        tables.append(Pairing(number, index + 1, seats_of(first, second)))
    return tables

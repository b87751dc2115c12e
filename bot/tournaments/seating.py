"""Splitting players into tables of the sizes a game allows, the best first.

A count that tables of the chosen size do not divide is split into the sizes nearest it (the
least sum of squared differences from the chosen size: 11 at five seats is 6 + 5, 12 is
6 + 6, 13 is 5 + 4 + 4); a count that no mix of allowed sizes makes leaves the fewest players
out of the round (they sit it out: a bye).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache


def split(count: int, sizes: Sequence[int], preferred: int) -> tuple[int, ...]:
    """Table sizes (largest first) seating as many of `count` players as can be seated."""
    allowed = tuple(sorted(set(sizes)))
    for seated in range(count, 0, -1):
        found = _best(seated, allowed, preferred)
        if found is not None:
            return found
    return ()


@cache
def _best(count: int, sizes: tuple[int, ...], preferred: int) -> tuple[int, ...] | None:
    """The split of exactly `count` with the least squared distance from `preferred`; on a
    tie, more tables of the preferred size, then the larger tables."""
    if count == 0:
        return ()
    options = []
    for size in sizes:
        if size <= count:
            rest = _best(count - size, sizes, preferred)
            if rest is not None:
                options.append(tuple(sorted((size, *rest), reverse=True)))
    if not options:
        return None
    return min(options, key=lambda tables: _cost(tables, preferred))


def _cost(tables: tuple[int, ...], preferred: int) -> tuple[int, int, tuple[int, ...]]:
    distance = sum((size - preferred) ** 2 for size in tables)
    exact = sum(size == preferred for size in tables)
    return distance, -exact, tuple(-size for size in tables)


def by_rank(ranked: Sequence[int], tables: Sequence[int]) -> list[list[int]]:
    """The best `tables[0]` players at the first table, the next at the second…"""
    out, start = [], 0
    for size in tables:
        out.append(list(ranked[start : start + size]))
        start += size
    return out


def spread(ranked: Sequence[int], tables: Sequence[int]) -> list[list[int]]:
    """Players dealt round the tables one at a time (the first to table 1, the second to
    table 2…), a full table skipped: the first session, before anyone has a score, so that
    people who entered together do not all sit together."""
    out: list[list[int]] = [[] for _ in tables]
    table = 0
    for player in ranked[: sum(tables)]:
        while len(out[table]) >= tables[table]:
            table = (table + 1) % len(tables)
        out[table].append(player)
        table = (table + 1) % len(tables)
    return out


def sitters(ranked: Sequence[int], seated: int, had_bye: set[int]) -> list[int]:
    """Who sits a round out when only `seated` of `ranked` can play: the lowest ranked that
    have not sat out yet, then (only when all have) the lowest ranked."""
    out = len(ranked) - seated
    first = [u for u in reversed(ranked) if u not in had_bye]
    again = [u for u in reversed(ranked) if u in had_bye]
    return (first + again)[:out]

"""Value-level move generation for Seep, cached across positions.

What a hand card of value `a` can do depends, before any ownership check, only on the loose
values, which house values exist, which of them the mover may break, and the options. That
makes a small key, so random play, search and crowded floors reuse earlier work.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.fishing import completed_takes, count_of, groups_by_sum, maximal_takes, unit
from engine.seep.actions import Kind

# A value-level move: (kind, value, loose count-vector used, broken house value).
Signature = tuple[Kind, int, int, int | None]


@dataclass(frozen=True, slots=True)
class SumPlays:
    """What a card worth `a` can do with the loose cards alone, whatever the houses."""

    plain: tuple[Signature, ...]  # the captures, or the throw when nothing can be taken
    can_take: bool  # some loose card or group can be captured
    by_value: tuple[tuple[int, tuple[Signature, ...]], ...]  # house plays per house value
    houses: tuple[Signature, ...]  # all of by_value, in order
    every: tuple[Signature, ...]  # plain + houses


@lru_cache(maxsize=1 << 18)
def sum_plays(loose: int, a: int) -> SumPlays:
    """House plays list the loose cards they use: the card's own group plus every group the
    one principle absorbs."""
    reachable = groups_by_sum(loose)  # sums some loose cards make, up to 13
    can_take = a in reachable
    if can_take:
        plain = tuple((CAPTURE, a, used, None) for used in sorted(maximal_takes(loose, a)))
    else:
        plain = ((THROW, a, 0, None),)
    by_value: list[tuple[int, tuple[Signature, ...]]] = []
    for value in range(max(a, 9), 14):
        # the card needs loose cards worth value - a to join it (or a loose group worth value)
        if (value - a or value) not in reachable:
            by_value.append((value, ()))
            continue
        if value > a:
            used_sets = completed_takes(loose, a, value)
        else:
            used_sets = frozenset(used for used in maximal_takes(loose, value) if used)
        by_value.append((value, tuple((HOUSE, value, used, None) for used in sorted(used_sets))))
    houses = tuple(sig for _, sigs in by_value for sig in sigs)
    return SumPlays(plain, can_take, tuple(by_value), houses, plain + houses)


def candidates(
    loose: int,
    a: int,
    houses: tuple[int, ...],
    breakable: tuple[int, ...],
    loose_card_break: bool,
    bid: int | None,
) -> tuple[Signature, ...] | list[Signature]:
    """Plays of a card worth `a` that satisfy the sum rules, in canonical order: the capture
    (or throw), then house plays by value, broken house and loose cards used.

    `houses` are the values of the houses on the floor, `breakable` those the mover may break
    (ordinary, not their own). Ownership and keep-a-card checks come afterwards.
    """
    plays = sum_plays(loose, a)
    if (
        bid is None
        and a not in houses  # no house to capture or to put the card alone on
        and not (breakable and (a <= 4 or loose_card_break))  # no break possible with it
    ):
        return plays.every
    out: list[Signature] = []
    if bid is None or bid == a:
        if plays.can_take or a not in houses:
            out.extend(plays.plain)
        else:
            out.append((CAPTURE, a, 0, None))
    for value, sigs in plays.by_value:
        if bid is not None and value != bid:
            continue
        if value == a and value in houses and not sigs:
            out.append((HOUSE, value, 0, None))  # the card alone onto its house
        out.extend(sigs)
        for broken in breakable:
            if broken >= value:
                continue
            if broken + a == value:
                takes = sorted(maximal_takes(loose, value))
                out.extend((HOUSE, value, used, broken) for used in takes)
            elif loose_card_break and a == value and count_of(loose, value - broken):
                raised = unit(value - broken)
                takes = sorted(maximal_takes(loose - raised, value))
                out.extend((HOUSE, value, used + raised, broken) for used in takes)
    return out


CAPTURE, HOUSE, THROW = Kind.CAPTURE, Kind.HOUSE, Kind.THROW
_NOTHING = frozenset({0})

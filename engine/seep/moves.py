"""Value-level move generation for Seep, cached across positions.

What a hand card of value `a` can do depends, before any ownership check, only on the loose
values, which house values exist, which of them the mover may break, and the options. That
makes a small key, so random play, search and crowded floors reuse earlier work.

The cache is bounded (`PLAYS_CACHE` entries, about 4 MB once full; floors that share no plays
share their parts): a bot serving tables for days keeps a fixed amount, not one entry per
floor ever seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from engine.fishing import count_of, unit
from engine.fishing_takes import floor_takes
from engine.seep.actions import Kind

# A value-level move: (kind, value, loose count-vector used, broken house value).
Signature = tuple[Kind, int, int, int | None]

# sum_plays keeps this many (floor, card value) entries, about 0.6 KB each (at most about
# 10 MB: 16,384 kept random Seep at 0.83× the speed of an unbounded cache, 6,000 at 0.69×).
PLAYS_CACHE = 16384


@dataclass(frozen=True, slots=True)
class SumPlays:
    """What a card worth `a` can do with the loose cards alone, whatever the houses."""

    plain: tuple[Signature, ...]  # the captures, or the throw when nothing can be taken
    can_take: bool  # some loose card or group can be captured
    by_value: tuple[tuple[int, tuple[Signature, ...]], ...]  # house plays per house value
    houses: tuple[tuple[int, tuple[Signature, ...]], ...]  # the values of by_value with plays


@lru_cache(maxsize=PLAYS_CACHE)
def sum_plays(loose: int, a: int) -> SumPlays:
    """House plays list the loose cards they use: the card's own group plus every group the
    one principle absorbs."""
    takes = floor_takes(loose)
    reachable = takes.reach & ~1  # sums some loose cards make, up to 13, as a bitset
    can_take = bool(reachable >> a & 1)
    plain = tuple((CAPTURE, a, used, None) for used in takes.maximal(a)) if can_take else _THROWS[a]
    by_value: list[tuple[int, tuple[Signature, ...]]] = []
    for value in range(max(a, 9), 14):
        # the card needs loose cards worth value - a to join it (or a loose group worth value)
        if not reachable >> (value - a or value) & 1:
            by_value.append(_NO_PLAYS[value])
            continue
        if value > a:
            used_sets = takes.completed(a, value)
        else:
            used_sets = tuple(used for used in takes.maximal(value) if used)
        by_value.append((value, tuple((HOUSE, value, used, None) for used in used_sets)))
    houses = tuple(entry for entry in by_value if entry[1])
    if not houses:  # shared, like the throws: the cache holds many small floors
        return _throw_only(a) if not can_take else SumPlays(plain, True, _NO_HOUSES[a], ())
    return SumPlays(plain, can_take, tuple(by_value), houses)


# Parts that many entries of sum_plays share rather than each holding a copy.
_NO_PLAYS: dict[int, tuple[int, tuple[Signature, ...]]] = {v: (v, ()) for v in range(9, 14)}
_NO_HOUSES = {a: tuple(_NO_PLAYS[v] for v in range(max(a, 9), 14)) for a in range(1, 14)}
_THROWS: dict[int, tuple[Signature, ...]] = {a: ((Kind.THROW, a, 0, None),) for a in range(1, 14)}


@lru_cache(maxsize=16)
def _throw_only(a: int) -> SumPlays:
    return SumPlays(_THROWS[a], False, _NO_HOUSES[a], ())


# Plays of one kind and value: (house value, 0 or the house broken, their signatures); the
# capture or throw has value 0.
Block = tuple[int, int, tuple[Signature, ...]]


def candidates(
    loose: int,
    a: int,
    houses: tuple[int, ...],
    breakable: tuple[int, ...],
    loose_card_break: bool,
    bid: int | None,
) -> tuple[Block, ...]:
    """Plays of a card worth `a` that satisfy the sum rules, in canonical order: the capture
    (or throw), then house plays by value, broken house and loose cards used; in blocks that
    the ownership and keep-a-card checks (which come afterwards) take or leave whole.

    `houses` are the values of the houses on the floor, `breakable` those the mover may break
    (ordinary, not their own).
    """
    plays = sum_plays(loose, a)
    out: list[Block] = []
    if bid is None or bid == a:
        if plays.can_take or a not in houses:
            out.append((0, 0, plays.plain))
        else:
            out.append((0, 0, ((CAPTURE, a, 0, None),)))
    for value, sigs in plays.by_value:
        if bid is not None and value != bid:
            continue
        if value == a and value in houses and not sigs:
            sigs = ((HOUSE, value, 0, None),)  # the card alone onto its house
        if sigs:
            out.append((value, 0, sigs))
        for broken in breakable:
            if broken >= value:
                continue
            if broken + a == value:
                takes = floor_takes(loose).maximal(value)
                out.append((value, broken, tuple((HOUSE, value, used, broken) for used in takes)))
            elif loose_card_break and a == value and count_of(loose, value - broken):
                raised = unit(value - broken)
                takes = floor_takes(loose - raised).maximal(value)
                out.append(
                    (value, broken, tuple((HOUSE, value, used + raised, broken) for used in takes))
                )
    return tuple(out)


class Situation(NamedTuple):
    """What the houses on the floor allow the mover: worked out once a position, and part of
    the key under which a card's plays are kept."""

    house_values: tuple[int, ...]
    breakable: tuple[int, ...]  # houses the mover may break: ordinary, owned by someone else
    owned: frozenset[int]  # values of the houses the mover owns
    partner_owned: frozenset[int]  # values of the houses the mover's partner owns
    bid_only: int | None  # the bid, during the bidder's first play
    houses_full: bool  # limited houses: no new house may be made
    blocked_new: frozenset[int]  # Rawalpindi: house values the mover may not make first
    loose_card_break: bool
    simple: bool  # none of the ownership, limit or Rawalpindi restrictions apply
    # The card values whose plays depend on the loose cards alone (a bit each): no bid to
    # follow, no house of the value, no house the card may break, no restriction.
    loose_only: int


def situation(
    house_values: tuple[int, ...],
    breakable: tuple[int, ...],
    owned: frozenset[int],
    partner_owned: frozenset[int],
    bid_only: int | None,
    houses_full: bool,
    blocked_new: frozenset[int],
    loose_card_break: bool,
) -> Situation:
    simple = not (owned or partner_owned or houses_full or blocked_new)
    loose_only = 0
    if simple and bid_only is None and not (breakable and loose_card_break):
        loose_only = _EVERY_VALUE
        for value in house_values:
            loose_only &= ~(1 << value)
        if breakable:
            loose_only &= ~_LOW_VALUES
    return Situation(
        house_values,
        breakable,
        owned,
        partner_owned,
        bid_only,
        houses_full,
        blocked_new,
        loose_card_break,
        simple,
        loose_only,
    )


def signatures(loose: int, a: int, held: int, situation: Situation) -> list[Signature]:
    """Every value-level play of a hand card worth `a`, in canonical order, on the `loose`
    vector, when the mover then holds the house values `held` (any hand vector with them)."""
    if situation.loose_only >> a & 1:
        # The common case: the card's plays depend on the loose cards alone, and a house
        # play only needs a card of its value kept in hand.
        plays = sum_plays(loose, a)
        out = list(plays.plain)
        for value, sigs in plays.houses:
            if (held >> 4 * value) & 15:
                out += sigs
        return out
    blocks = candidates(
        loose,
        a,
        situation.house_values,
        situation.breakable,
        situation.loose_card_break,
        situation.bid_only,
    )
    out = []
    if situation.simple:  # every house play just needs a card of its value kept
        for value, _, sigs in blocks:
            if not value or (held >> 4 * value) & 15:
                out += sigs
        return out
    owned = situation.owned
    for value, broken, sigs in blocks:
        if not value:
            if all((held >> 4 * kept) & 15 for kept in owned if kept != a):
                out += sigs
        elif _house_allowed(situation, held, value, broken):
            out += sigs
    return out


def _house_allowed(situation: Situation, held: int, value: int, broken: int) -> bool:
    """May the mover make, add to or raise into the `value`-house (breaking `broken`, when
    not 0), keeping what they then own a card of?"""
    if value in situation.house_values:
        becomes_owner = value not in situation.partner_owned
    elif (not broken and situation.houses_full) or value in situation.blocked_new:
        return False
    else:
        becomes_owner = True
    if becomes_owner and not (held >> 4 * value) & 15:
        return False
    return all((held >> 4 * kept) & 15 for kept in situation.owned if kept != value)


CAPTURE, HOUSE, THROW = Kind.CAPTURE, Kind.HOUSE, Kind.THROW
_EVERY_VALUE = sum(1 << value for value in range(1, 14))
_LOW_VALUES = sum(1 << value for value in range(1, 5))  # the values that can break a house

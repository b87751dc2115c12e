"""Value-level move generation for Seep, cached across positions.

What a hand card of value `a` can do depends, before any ownership check, only on the loose
values, which house values exist, which of them the mover may break, and the options. That
makes a small key, so random play, search and crowded floors reuse earlier work.
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
    takes = floor_takes(loose)
    reachable = takes.reach & ~1  # sums some loose cards make, up to 13, as a bitset
    can_take = bool(reachable >> a & 1)
    if can_take:
        plain = tuple((CAPTURE, a, used, None) for used in takes.maximal(a))
    else:
        plain = ((THROW, a, 0, None),)
    by_value: list[tuple[int, tuple[Signature, ...]]] = []
    for value in range(max(a, 9), 14):
        # the card needs loose cards worth value - a to join it (or a loose group worth value)
        if not reachable >> (value - a or value) & 1:
            by_value.append((value, ()))
            continue
        if value > a:
            used_sets = takes.completed(a, value)
        else:
            used_sets = tuple(used for used in takes.maximal(value) if used)
        by_value.append((value, tuple((HOUSE, value, used, None) for used in used_sets)))
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
                takes = floor_takes(loose).maximal(value)
                out.extend((HOUSE, value, used, broken) for used in takes)
            elif loose_card_break and a == value and count_of(loose, value - broken):
                raised = unit(value - broken)
                takes = floor_takes(loose - raised).maximal(value)
                out.extend((HOUSE, value, used + raised, broken) for used in takes)
    return out


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

    @property
    def simple(self) -> bool:
        """None of the ownership, limit or Rawalpindi restrictions apply."""
        return not (self.owned or self.partner_owned or self.houses_full or self.blocked_new)


def kept_values(hand_after: int) -> int:
    """Which house values (9 to 13) a hand still holds, as a count vector of ones: all that a
    card's plays need to know of the rest of the hand."""
    high = hand_after >> 36
    return ((high | high >> 1 | high >> 2) & 0x11111) << 36


@lru_cache(maxsize=1 << 16)
def signatures(loose: int, a: int, held: int, situation: Situation) -> tuple[Signature, ...]:
    """Every value-level play of a hand card worth `a`, in canonical order, on the `loose`
    vector, when the mover then holds the house values `held` (see `kept_values`)."""
    if (
        situation.bid_only is None
        and a not in situation.house_values
        and situation.simple
        and (not situation.breakable or (a > 4 and not situation.loose_card_break))
    ):
        # The common case: the card's plays depend on the loose cards alone, and a house
        # play only needs a card of its value kept in hand.
        plays = sum_plays(loose, a)
        out = list(plays.plain)
        for value, sigs in plays.by_value:
            if sigs and (held >> 4 * value) & 15:
                out.extend(sigs)
        return tuple(out)
    found = candidates(
        loose,
        a,
        situation.house_values,
        situation.breakable,
        situation.loose_card_break,
        situation.bid_only,
    )
    if situation.simple:  # every house play just needs a card of its value kept
        return tuple(s for s in found if s[0] is not HOUSE or (held >> 4 * s[1]) & 15)
    owned = situation.owned
    keeps_plain = all((held >> 4 * value) & 15 for value in owned if value != a)
    out = []
    verdicts: dict[int, bool] = {}  # by house value and whether a house is broken
    for signature in found:
        kind, value, _, broken = signature
        if kind is not HOUSE:
            if keeps_plain:
                out.append(signature)
            continue
        key = 2 * value + (broken is None)
        allowed = verdicts.get(key)
        if allowed is None:
            allowed = verdicts[key] = _house_allowed(situation, held, value, broken)
        if allowed:
            out.append(signature)
    return tuple(out)


def _house_allowed(situation: Situation, held: int, value: int, broken: int | None) -> bool:
    """May the mover make, add to or raise into the `value`-house (breaking `broken`),
    keeping what they then own a card of?"""
    if value in situation.house_values:
        becomes_owner = value not in situation.partner_owned
    elif (broken is None and situation.houses_full) or value in situation.blocked_new:
        return False
    else:
        becomes_owner = True
    if becomes_owner and not (held >> 4 * value) & 15:
        return False
    return all((held >> 4 * kept) & 15 for kept in situation.owned if kept != value)


CAPTURE, HOUSE, THROW = Kind.CAPTURE, Kind.HOUSE, Kind.THROW

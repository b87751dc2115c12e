"""Value-level move generation for Seep, cached across positions.

What a hand card of value `a` can do depends, before any ownership check, only on the loose
values, which house values exist, which of them the mover may break, and the options. The
parts are kept under small keys, each holding only the loose values that can matter:

- `captures`: a card's captures, under the loose values up to the card's (a card worth 5
  never touches a loose 7), so most floors share them;
- `house_plays` (and `raise_plays`): the plays into one house value with one card value (or
  raising one house), under the loose values up to the house's, worked out only when the
  mover could make them.

The caches are bounded (a bot serving tables for days keeps a fixed amount, not one entry per
floor ever seen); see `CAPTURES_CACHE` and the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from engine.fishing import (
    SEARCH_LIMIT,
    completed_takes,
    count_of,
    groups_within,
    maximal_takes,
    size,
    sums_of,
    unit,
)
from engine.fishing_takes import floor_takes
from engine.seep.actions import Kind

# A value-level move: (kind, value, loose count-vector used, broken house value).
Signature = tuple[Kind, int, int, int | None]

# Entries kept (about 250 bytes each; together about 6 MB at most).
CAPTURES_CACHE = 1 << 13
HOUSES_CACHE = 1 << 14
RAISES_CACHE = 1 << 11
SITUATIONS_CACHE = 1 << 10

# The fields of the loose values up to each value: all that a play of that value can use.
UP_TO = [sum(0xF << (4 * value) for value in range(1, top + 1)) for top in range(14)]
_HOUSE_SHIFT = 56  # a house_plays key holds the house value above the 13 value fields
_HOUSE_VALUES = sum(1 << value for value in range(9, 14))  # as bits
_EVERY_VALUE = sum(1 << value for value in range(1, 14))
_HIGH_VALUES = sum(1 << value for value in range(10, 14))  # can raise a house with a loose card


@lru_cache(maxsize=CAPTURES_CACHE)
def captures(key: int) -> tuple[Signature, ...]:
    """The captures of a card worth `key & 15` (the field of value 0, always empty in a
    vector) on the loose values up to its own (`key` without it), when it can take some."""
    a = key & 15
    return tuple([(CAPTURE, a, used, None) for used in _maximal(key - a, a)])


@lru_cache(maxsize=HOUSES_CACHE)
def house_plays(key: int) -> tuple[Signature, ...]:
    """The plays of a card worth `a` into a house of `value` with the loose cards alone, under
    the key `loose values up to value | a | value << _HOUSE_SHIFT`: the card's own group plus
    every group the one principle absorbs. (When the floor has no group of the value, the
    loose values up to `value - a` are enough.)"""
    a = key & 15
    value = key >> _HOUSE_SHIFT
    loose = key & UP_TO[13]
    used_sets: Iterable[int]
    if value <= a:
        used_sets = [used for used in _maximal(loose, value) if used]
    elif not sums_of(loose) >> value & 1:  # no group of the value to absorb
        used_sets = sorted(groups_within(loose, value - a))
    else:
        used_sets = _completed(loose, a, value)
    return tuple([(HOUSE, value, used, None) for used in used_sets])


@lru_cache(maxsize=RAISES_CACHE)
def raise_plays(key: int) -> tuple[Signature, ...]:
    """The plays of a card that raise (break) the `broken` house into a house of `value`,
    under the key `loose values up to value | broken | value << _HOUSE_SHIFT`: with every
    group of the value the one principle absorbs."""
    broken = key & 15
    value = key >> _HOUSE_SHIFT
    return tuple([(HOUSE, value, used, broken) for used in _maximal(key & UP_TO[13], value)])


def _maximal(loose: int, target: int) -> Sequence[int]:
    """`maximal_takes`, sorted: on a small floor by removing groups (cheapest there), on a
    crowded one from the floor's bitsets."""
    if size(loose) <= SEARCH_LIMIT:
        return sorted(maximal_takes(loose, target))
    return floor_takes(loose).maximal(target)


def _completed(loose: int, card: int, target: int) -> Sequence[int]:
    """`completed_takes`, sorted (see `_maximal`)."""
    if size(loose) <= SEARCH_LIMIT:
        return sorted(completed_takes(loose, card, target))
    return floor_takes(loose).completed(card, target)


def plain_plays(loose: int, a: int, reach: int) -> tuple[Signature, ...]:
    """The captures of a card worth `a`, or its throw when nothing can be taken."""
    if reach >> a & 1:
        return captures((loose & UP_TO[a]) | a)
    return THROWS[a]


def value_plays(loose: int, a: int, value: int, reach: int) -> tuple[Signature, ...]:
    """A card worth `a`'s plays into a house of `value` with loose cards (no house broken)."""
    if reach >> (value - a or value) & 1:
        return house_plays((loose & UP_TO[value]) | a | value << _HOUSE_SHIFT)
    return ()


def house_reach(a: int, reach: int) -> int:
    """The house values (as bits) that a card worth `a` may reach with loose cards."""
    shifted = reach << a  # value v needs loose cards worth v - a, or a group worth v = a
    return ((shifted ^ (1 << a)) | (reach & (1 << a))) & _HOUSE_VALUES


THROWS: dict[int, tuple[Signature, ...]] = {a: ((Kind.THROW, a, 0, None),) for a in range(1, 14)}


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
    reach: int,
) -> tuple[Block, ...]:
    """Plays of a card worth `a` that satisfy the sum rules, in canonical order: the capture
    (or throw), then house plays by value, broken house and loose cards used; in blocks that
    the ownership and keep-a-card checks (which come afterwards) take or leave whole.

    `houses` are the values of the houses on the floor, `breakable` those the mover may break
    (ordinary, not their own); `reach` the sums some loose cards make, as bits (0 included).
    """
    out: list[Block] = []
    if bid is None or bid == a:
        if reach >> a & 1 or a not in houses:
            out.append((0, 0, plain_plays(loose, a, reach)))
        else:
            out.append((0, 0, ((CAPTURE, a, 0, None),)))
    # the house values with plays: reached with loose cards, the card's own house (the card
    # alone onto it), a house raised by the card (or, with the option, by a loose card)
    values = house_reach(a, reach)
    if a in houses:
        values |= 1 << a
    for broken in breakable:
        if broken + a <= 13:
            values |= 1 << (broken + a)
        elif loose_card_break and a > broken and count_of(loose, a - broken):
            values |= 1 << a
    if bid is not None:
        values &= 1 << bid
    while values:
        bit = values & -values
        values ^= bit
        value = bit.bit_length() - 1
        sigs = value_plays(loose, a, value, reach)
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
    """What the houses on the floor allow the mover: worked out once a position."""

    house_values: tuple[int, ...]
    breakable: tuple[int, ...]  # houses the mover may break: ordinary, owned by someone else
    owned: frozenset[int]  # values of the houses the mover owns
    partner_owned: frozenset[int]  # values of the houses the mover's partner owns
    bid_only: int | None  # the bid, during the bidder's first play
    houses_full: bool  # limited houses: no new house may be made
    blocked_new: frozenset[int]  # Rawalpindi: house values the mover may not make first
    loose_card_break: bool
    simple: bool  # none of the ownership, limit or Rawalpindi restrictions apply
    # The card values (a bit each) whose plays the listing works out from bit masks (see
    # `allowances`): all but during the bidder's first play, and but the values that may raise
    # a house with a loose card.
    plain: int
    owned_bits: int  # `owned` as bits
    may_make: int  # house values (bits) a play may go into: existing or allowed new
    makes_owner: int  # house values (bits) whose play makes the mover an owner
    house_bits: int  # `house_values` as bits
    breaking: int  # `breakable` as bits
    may_raise: int  # house values (bits) a house may be raised into


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
    return _situation(
        _bits(house_values),
        _bits(owned),
        _bits(partner_owned),
        _bits(breakable),
        _bits(blocked_new),
        bid_only,
        houses_full,
        loose_card_break,
    )


def _situation(
    house_bits: int,
    owned_bits: int,
    partner_bits: int,
    breaking: int,
    blocked_bits: int,
    bid_only: int | None,
    houses_full: bool,
    loose_card_break: bool,
) -> Situation:
    """`situation` from the values as bits."""
    plain = 0
    if bid_only is None:
        plain = _EVERY_VALUE
        if breaking and loose_card_break:
            plain &= ~_HIGH_VALUES
    unblocked = _HOUSE_VALUES & ~house_bits & ~blocked_bits
    return Situation(
        _values(house_bits),
        _values(breaking),
        _value_set(owned_bits),
        _value_set(partner_bits),
        bid_only,
        houses_full,
        _value_set(blocked_bits),
        loose_card_break,
        not (owned_bits or partner_bits or houses_full or blocked_bits),
        plain,
        owned_bits,
        house_bits | (0 if houses_full else unblocked),
        _HOUSE_VALUES & ~partner_bits,
        house_bits,
        breaking,
        house_bits | unblocked,
    )


@lru_cache(maxsize=SITUATIONS_CACHE)
def situation_of(key: int) -> Situation:
    """The situation packed in `key`: the house values, those the mover owns, their partner
    owns and the mover may break, and those the mover may not make first, as bits (14 bits
    each, from bit 0, 14, 28, 42 and 56); the bid from bit 70 (0: none); houses full at bit
    74; the loose-card break option at bit 75."""
    return _situation(
        key & _EVERY_VALUE,
        key >> 14 & _EVERY_VALUE,
        key >> 28 & _EVERY_VALUE,
        key >> 42 & _EVERY_VALUE,
        key >> 56 & _EVERY_VALUE,
        key >> 70 & 15 or None,
        bool(key >> 74 & 1),
        bool(key >> 75 & 1),
    )


def _values(bits: int) -> tuple[int, ...]:
    found = _HOUSE_VALUE_TUPLES.get(bits)
    if found is None:  # (values below 9: only in hand-made positions)
        found = tuple(value for value in range(1, 14) if bits >> value & 1)
    return found


def _value_set(bits: int) -> frozenset[int]:
    found = _HOUSE_VALUE_SETS.get(bits)
    if found is None:
        found = frozenset(_values(bits))
    return found


def _bits(values: tuple[int, ...] | frozenset[int]) -> int:
    bits = 0
    for value in values:
        bits |= 1 << value
    return bits


# Every set of house values (9 to 13), by its bits: a situation's values read from a table.
_HOUSE_VALUE_TUPLES = {
    bits: tuple(value for value in range(9, 14) if bits >> value & 1)
    for bits in range(0, _HOUSE_VALUES + 1, 1 << 9)
}
_HOUSE_VALUE_SETS = {bits: frozenset(values) for bits, values in _HOUSE_VALUE_TUPLES.items()}


def allowances(situation: Situation, held: int) -> tuple[int, bool, int]:
    """For a card of a `plain` value, with the mover then holding the house values `held` (as
    bits): the house values its house plays may go into, whether its capture (or throw) is
    allowed, and the house values it may raise a breakable house into (a card worth 1 to 4)
    — every house the mover owns must keep a card of its value in hand, unless the play goes
    into that house."""
    missing = situation.owned_bits & ~held  # owned houses without a card kept
    if missing & (missing - 1):
        return 0, False, 0
    makes_owner = situation.makes_owner & ~held
    allowed = situation.may_make & ~makes_owner
    raised = situation.may_raise & ~makes_owner
    if missing:
        return allowed & missing, False, raised & missing
    return allowed, True, raised


def signatures(
    loose: int, a: int, held: int, situation: Situation, reach: int
) -> list[Signature]:
    """Every value-level play of a hand card worth `a`, in canonical order, on the `loose`
    vector (whose sums are `reach`), when the mover then holds the house values `held` (any
    hand vector with them)."""
    blocks = candidates(
        loose,
        a,
        situation.house_values,
        situation.breakable,
        situation.loose_card_break,
        situation.bid_only,
        reach,
    )
    out: list[Signature] = []
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

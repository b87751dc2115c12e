"""Sum-grouping machinery shared by the fishing games (Seep, Suipe).

Loose cards are handled by value first: a multiset of capture values 1..13 is packed into one
integer, four bits per value (`vector`). Adding, removing and "does this group fit" are then
integer operations, and results can be cached across positions — crowded floors stay cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from engine.cards import Card

MAX_VALUE = 13
_FIELD_BITS = 4
_GUARDS = sum(8 << (_FIELD_BITS * value) for value in range(1, MAX_VALUE + 1))


def vector(values: Iterable[int]) -> int:
    """Pack capture values into a count vector."""
    packed = 0
    for value in values:
        packed += 1 << (_FIELD_BITS * value)
    return packed


def card_vector(cards: Iterable[Card]) -> int:
    return vector(card.rank for card in cards)


def count_of(packed: int, value: int) -> int:
    return (packed >> (_FIELD_BITS * value)) & 0xF


def unit(value: int) -> int:
    """The vector holding one card of `value`."""
    return 1 << (_FIELD_BITS * value)


def values_of(packed: int) -> list[int]:
    """The values in a vector, ascending, with repeats."""
    out: list[int] = []
    for value in range(1, MAX_VALUE + 1):
        out.extend([value] * count_of(packed, value))
    return out


def total(packed: int) -> int:
    return sum(value * count_of(packed, value) for value in range(1, MAX_VALUE + 1))


def size(packed: int) -> int:
    return sum(count_of(packed, value) for value in range(1, MAX_VALUE + 1))


def fits(within: int, part: int) -> bool:
    """True when every count of `part` is at most that of `within` (counts stay below 8)."""
    return ((within | _GUARDS) - part) & _GUARDS == _GUARDS


def _partitions(target: int, largest: int) -> list[list[int]]:
    if target == 0:
        return [[]]
    out: list[list[int]] = []
    for part in range(min(target, largest), 0, -1):
        for rest in _partitions(target - part, part):
            out.append([part, *rest])
    return out


def _groups_of(target: int) -> tuple[int, ...]:
    """Every multiset of values summing to target that a 52-card deck can hold."""
    packed = (vector(parts) for parts in _partitions(target, MAX_VALUE))
    return tuple(g for g in packed if all(count_of(g, v) <= 4 for v in range(1, MAX_VALUE + 1)))


GROUPS: tuple[tuple[int, ...], ...] = tuple(
    _groups_of(target) if target else () for target in range(MAX_VALUE + 1)
)


@lru_cache(maxsize=1 << 18)
def groups_within(loose: int, target: int) -> tuple[int, ...]:
    """The distinct sub-multisets of `loose` that sum to `target`."""
    if target < 1 or target > MAX_VALUE:
        return ()
    guarded = loose | _GUARDS
    return tuple(g for g in GROUPS[target] if (guarded - g) & _GUARDS == _GUARDS)


def _reachable(loose: int, groups: Sequence[int]) -> tuple[set[int], set[int]]:
    """Remainders reachable by removing disjoint groups, and those where no group fits."""
    seen: set[int] = set()
    finals: set[int] = set()
    stack = [loose]
    while stack:
        rest = stack.pop()
        if rest in seen:
            continue
        seen.add(rest)
        stuck = True
        for group in groups:
            if fits(rest, group):
                stuck = False
                stack.append(rest - group)
        if stuck:
            finals.add(rest)
    return seen, finals


@lru_cache(maxsize=1 << 18)
def maximal_takes(loose: int, target: int) -> frozenset[int]:
    """Every way to take disjoint target-groups from `loose` so that no target-group is left.

    Returned as the taken vectors (distinct multisets). `{0}` when no group exists at all.
    This is Seep's one principle: after a play of value v no loose v-card or v-group remains.
    """
    groups = groups_within(loose, target)
    if not groups:
        return frozenset({0})
    _, finals = _reachable(loose, groups)
    return frozenset(loose - rest for rest in finals)


@lru_cache(maxsize=1 << 18)
def any_takes(loose: int, target: int) -> frozenset[int]:
    """Every non-empty way to take disjoint target-groups from `loose` (partial allowed)."""
    groups = groups_within(loose, target)
    if not groups:
        return frozenset()
    seen, _ = _reachable(loose, groups)
    return frozenset(loose - rest for rest in seen if rest != loose)


def split_groups(values: Sequence[int], target: int) -> list[list[int]] | None:
    """Split values into groups each summing to target (None when impossible).

    Larger groups come first, then single cards, so descriptions read naturally.
    """
    remaining = sorted(values, reverse=True)
    groups: list[list[int]] = []

    def solve(rest: list[int]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        for group in _completions(others, target - first):
            left = list(others)
            for value in group:
                left.remove(value)
            groups.append([first, *group])
            if solve(left):
                return True
            groups.pop()
        return False

    if not solve(remaining):
        return None
    return sorted((sorted(group) for group in groups), key=lambda group: (-len(group), group))


def _completions(values: Sequence[int], need: int) -> list[list[int]]:
    """Sub-multisets of `values` (sorted descending) summing to `need`."""
    if need == 0:
        return [[]]
    out: list[list[int]] = []
    previous = None
    for position, value in enumerate(values):
        if value > need or value == previous:
            continue
        previous = value
        for rest in _completions(values[position + 1 :], need - value):
            out.append([value, *rest])
    return out


def rank_pools(pool: Sequence[Card], points: Callable[[Card], int]) -> dict[int, list[Card]]:
    """Cards of `pool` by value, the most valuable first (ties in suit order)."""
    by_value: dict[int, list[Card]] = {}
    for card in sorted(pool, key=lambda c: (-points(c), c.suit)):
        by_value.setdefault(card.rank, []).append(card)
    return by_value


def pick_cards(pools: dict[int, list[Card]], wanted: int) -> list[Card]:
    """Choose specific cards matching the value vector `wanted`, first ones of each pool first.

    The choice is deterministic; with pools from `rank_pools` it takes the most points.
    """
    chosen: list[Card] = []
    for value, cards in pools.items():
        need = count_of(wanted, value)
        if need:
            if len(cards) < need:
                raise ValueError("the floor does not hold those cards")
            chosen.extend(cards[:need])
    return chosen

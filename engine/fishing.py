"""Sum-grouping machinery shared by the fishing games (Seep, Suipe).

Loose cards are handled by value first: a multiset of capture values 1..13 is packed into one
integer, four bits per value (`vector`). Adding, removing and "does this group fit" are then
integer operations, and results can be cached across positions — crowded floors stay cheap.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from operator import attrgetter

from engine.cards import Card
from engine.core import BadNotation, GameOver, IllegalMove, NotYourTurn
from engine.words import marked, said_by, said_in, said_list, say

MAX_VALUE = 13
# Cache bounds. Random play mostly sees small floors, and a position's work is reused within
# its deal rather than across deals, so small caches keep nearly all the hits: these bound
# what the caches hold across every table of a long-running process to about a megabyte.
GROUPS_CACHE = 1 << 11  # groups_within: about 0.2 KB an entry
SEARCH_CACHE = 1 << 12  # the crowded-floor searches (each a few entries per position)
_RANK = attrgetter("rank")
_FIELD_BITS = 4
_GUARDS = sum(8 << (_FIELD_BITS * value) for value in range(1, MAX_VALUE + 1))


def vector(values: Iterable[int]) -> int:
    """Pack capture values into a count vector."""
    packed = 0
    for value in values:
        packed += 1 << (_FIELD_BITS * value)
    return packed


_UNITS = [1 << (_FIELD_BITS * value) for value in range(MAX_VALUE + 1)]


def card_vector(cards: Iterable[Card]) -> int:
    return sum(map(_UNITS.__getitem__, map(_RANK, cards)))


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
    """The sum of the values in a vector."""
    result, value = 0, 0
    while packed:
        result += value * (packed & 0xF)
        packed >>= _FIELD_BITS
        value += 1
    return result


_EVEN_FIELDS = sum(0xF << (8 * byte) for byte in range(8))


def size(packed: int) -> int:
    """How many cards a vector holds: pairs of fields added into bytes, whose sum (at most
    14 × 15) is the vector's value modulo 255."""
    return ((packed & _EVEN_FIELDS) + (packed >> _FIELD_BITS & _EVEN_FIELDS)) % 255


@lru_cache(maxsize=GROUPS_CACHE)
def groups_within(loose: int, target: int) -> tuple[int, ...]:
    """The distinct sub-multisets of `loose` that sum to `target`, in the order of
    `groups_by_sum`: every group a deck can make that fits in `loose` (a few dozen integer
    checks), which is much cheaper than grouping each of the many sub-floors a split visits."""
    if target < 1 or target > MAX_VALUE:
        return ()
    if (loose + _THREES) & _GUARDS:  # more than four of a value: not one deck's cards
        return groups_by_sum(loose).get(target, ())
    guarded = loose | _GUARDS
    guards = _GUARDS
    deck_groups = _DECK_GROUPS_BY_LOW[target][_low_values(loose)]
    return tuple([g for g in deck_groups if (guarded - g) & guards == guards])


@lru_cache(maxsize=SEARCH_CACHE)
def groups_by_sum(loose: int) -> dict[int, tuple[int, ...]]:
    """The sub-multisets of `loose` worth at most 13, by their sum (computed once per floor)."""
    entries = [(0, 0)]
    packed = loose >> _FIELD_BITS
    value = 1
    while packed:
        count = packed & 0xF
        if count:
            step = unit(value)
            grown = []
            for vec, vec_sum in entries:
                grown.append((vec, vec_sum))
                for _ in range(count):
                    vec_sum += value
                    if vec_sum > MAX_VALUE:
                        break
                    vec += step
                    grown.append((vec, vec_sum))
            entries = grown
        packed >>= _FIELD_BITS
        value += 1
    by_sum: dict[int, list[int]] = {}
    for vec, vec_sum in entries:
        by_sum.setdefault(vec_sum, []).append(vec)
    return {key: tuple(vecs) for key, vecs in by_sum.items()}


# Every group of values one deck can make (at most four cards of a value), by its sum up to 13,
# in groups_by_sum's order; a floor's groups of a sum are those that fit in it.
_FULL_DECK_VALUES = sum(4 << (_FIELD_BITS * value) for value in range(1, MAX_VALUE + 1))
_DECK_GROUPS: dict[int, tuple[int, ...]] = groups_by_sum(_FULL_DECK_VALUES)
_THREES = sum(3 << (_FIELD_BITS * value) for value in range(MAX_VALUE + 1))
_LOW_FIELDS = 0xFFFF << _FIELD_BITS  # the fields of the values 1 to 4


def _low_values(packed: int) -> int:
    """Which of the values 1 to 4 a vector holds: one bit in each of their fields."""
    low = packed & _LOW_FIELDS
    return (low | low >> 1 | low >> 2 | low >> 3) & (0x1111 << _FIELD_BITS)


# The deck's groups of each sum that use only the values 1 to 4 a floor holds: most groups
# have small cards, so a floor without some of them has far fewer groups to try.
_DECK_GROUPS_BY_LOW: dict[int, dict[int, tuple[int, ...]]] = {
    target: {
        present: tuple(g for g in groups if _low_values(g) & ~present == 0)
        for present in {
            _low_values(vector(subset))
            for size in range(5)
            for subset in combinations(range(1, 5), size)
        }
    }
    for target, groups in _DECK_GROUPS.items()
}


def _present(packed: int) -> list[tuple[int, int]]:
    return [
        (value, count)
        for value in range(1, MAX_VALUE + 1)
        if (count := (packed >> (_FIELD_BITS * value)) & 0xF)
    ]


@lru_cache(maxsize=SEARCH_CACHE)
def group_free_rests(loose: int, target: int) -> tuple[tuple[int, int], ...]:
    """Every sub-multiset of `loose` in which no group sums to `target`, with its sum.

    Built value by value while tracking the reachable sums as a bitset, so a branch stops as
    soon as a target-group appears: only small, group-free remainders are ever visited.
    """
    items = _present(loose)
    mask = (1 << (target + 1)) - 1
    out: list[tuple[int, int]] = []

    def extend(index: int, rest: int, rest_sum: int, sums: int) -> None:
        if index == len(items):
            out.append((rest, rest_sum))
            return
        value, count = items[index]
        if value > target:  # never part of a group: it always stays
            extend(index + 1, rest + count * unit(value), rest_sum + count * value, sums)
            return
        for kept in range(count + 1):
            if kept:
                sums = (sums | (sums << value)) & mask
                if sums >> target & 1:
                    return
                rest += unit(value)
                rest_sum += value
            extend(index + 1, rest, rest_sum, sums)

    extend(0, 0, 0, 1)
    return tuple(out)


@lru_cache(maxsize=SEARCH_CACHE)
def splits(packed: int, target: int) -> bool:
    """Can the multiset be split into disjoint groups each summing to `target`?"""
    whole = total(packed)
    return whole % target == 0 and _splits_into(packed, target, whole // target)


@lru_cache(maxsize=SEARCH_CACHE)
def _splits_into(packed: int, target: int, groups: int) -> bool:
    """`splits` for a multiset worth `groups` × `target`.

    One group is the whole multiset; two are a part worth `target` and the rest (a sum check).
    Beyond, the largest card must sit in some group: try each way to complete it, then recurse.
    """
    if groups <= 1:
        return True
    if groups == 2:
        return _reaches(packed, target)
    largest = MAX_VALUE
    while not (packed >> (_FIELD_BITS * largest)) & 0xF:
        largest -= 1
    if largest > target:
        return False
    rest = packed - unit(largest)
    groups -= 1
    if largest == target:
        return _splits_into(rest, target, groups)
    return any(
        _splits_into(rest - part, target, groups) for part in groups_within(rest, target - largest)
    )


def _reaches(packed: int, target: int) -> bool:
    """Do some of the multiset's values sum to `target`? (The reachable sums as a bitset.)"""
    mask = (2 << target) - 1
    sums = 1
    value = 1
    packed >>= _FIELD_BITS
    while packed and value <= target:
        for _ in range(packed & 0xF):
            sums = (sums | sums << value) & mask
        packed >>= _FIELD_BITS
        value += 1
    return bool(sums >> target & 1)


# Up to this many loose cards a plain search over removals is cheapest; beyond it the number of
# removal orders explodes and enumerating group-free remainders wins.
SEARCH_LIMIT = 8


@lru_cache(maxsize=SEARCH_CACHE)
def _rests_by_card(loose: int, target: int) -> dict[int, list[tuple[int, int]]]:
    """What each group-free remainder of `loose` leaves to take, with its sum, filed by the
    card value (modulo `target`) that would make the take a whole number of groups: a take can
    only be completed by cards of that value, so each card looks at its own few."""
    loose_sum = total(loose)
    by_card: dict[int, list[tuple[int, int]]] = {}
    for rest, rest_sum in group_free_rests(loose, target):
        taken_sum = loose_sum - rest_sum
        by_card.setdefault(-taken_sum % target, []).append((loose - rest, taken_sum))
    return by_card


def _takes_by_rests(loose: int, target: int, extra_value: int) -> frozenset[int]:
    extra = unit(extra_value) if extra_value else 0
    return frozenset(
        taken
        for taken, taken_sum in _rests_by_card(loose, target).get(extra_value % target, ())
        if _splits_into(taken + extra, target, (taken_sum + extra_value) // target)
    )


def _stuck_remainders(loose: int, groups: Sequence[int]) -> set[int]:
    """The remainders, reached by removing disjoint groups one at a time, where no group fits
    any more."""
    seen: set[int] = set()
    finals: set[int] = set()
    stack = [loose]
    guards = _GUARDS
    while stack:
        rest = stack.pop()
        if rest in seen:
            continue
        seen.add(rest)
        stuck = True
        guarded = rest | guards
        for group in groups:
            if (guarded - group) & guards == guards:
                stuck = False
                stack.append(rest - group)
        if stuck:
            finals.add(rest)
    return finals


def _taken(loose: int, groups: Sequence[int]) -> frozenset[int]:
    """What removing `groups` one at a time until none fits can take from `loose`; `{0}`
    without groups."""
    if not groups:
        return frozenset({0})
    if len(groups) == 1:  # (the most common case) the group as many times as it fits
        group = groups[0]
        guards = _GUARDS
        taken = 0
        rest = loose
        while ((rest | guards) - group) & guards == guards:
            rest -= group
            taken += group
        return frozenset((taken,))
    return frozenset(loose - rest for rest in _stuck_remainders(loose, groups))


def disjoint_unions(loose: int, groups: Sequence[int]) -> list[int]:
    """Every union of disjoint `groups` that fits in `loose` (count vectors), 0 included,
    ascending: each group added as many times as it fits to each union found with the groups
    before it."""
    found = {0}
    guarded = loose | _GUARDS  # a vector fits when subtracting it borrows no field's guard
    for group in groups:
        for union in list(found):
            union += group
            while (guarded - union) & _GUARDS == _GUARDS:
                found.add(union)
                union += group
    return sorted(found)


def _takes_by_search(loose: int, target: int) -> frozenset[int]:
    """Remove target-groups one at a time until none fits; collect what was taken."""
    return _taken(loose, groups_within(loose, target))


@lru_cache(maxsize=SEARCH_CACHE)
def maximal_takes(loose: int, target: int) -> frozenset[int]:
    """Every way to take disjoint target-groups from `loose` so that no target-group is left.

    Returned as the taken vectors (distinct multisets). `{0}` when no group exists at all.
    This is Seep's one principle: after a play of value v no loose v-card or v-group remains.
    """
    if size(loose) <= SEARCH_LIMIT:
        return _takes_by_search(loose, target)
    return _takes_by_rests(loose, target, 0)


# sums_of keeps this many floors' sums (about 100 bytes each).
SUMS_CACHE = 1 << 11
_SUMS_MASK = (2 << MAX_VALUE) - 1


@lru_cache(maxsize=SUMS_CACHE)
def sums_of(loose: int) -> int:
    """The sums up to 13 that some of a count vector's values make, as bits (0 included)."""
    reach = 1
    value = 0
    while loose:
        for _ in range(loose & 0xF):
            reach |= reach << value
        loose >>= _FIELD_BITS
        value += 1
    return reach & _SUMS_MASK


def completed_takes(loose: int, card: int, target: int) -> frozenset[int]:
    """Loose vectors that a card worth `card` can join into target-groups so that no
    target-group stays loose (the card itself belongs to one of the groups)."""
    if size(loose) <= SEARCH_LIMIT:
        if not sums_of(loose) >> target & 1:  # no group to take beside the card's
            return frozenset(groups_within(loose, target - card))
        found: set[int] = set()
        for base in groups_within(loose, target - card):
            found.update(map(base.__add__, maximal_takes(loose - base, target)))
        return frozenset(found)
    return _takes_by_rests(loose, target, card)


@lru_cache(maxsize=SEARCH_CACHE)
def any_takes(loose: int, target: int) -> frozenset[int]:
    """Every non-empty way to take disjoint target-groups from `loose` (partial allowed)."""
    found: set[int] = set()

    def choose(items: list[tuple[int, int]], taken: int, total: int) -> None:
        if not items:
            if taken and total % target == 0 and splits(taken, target):
                found.add(taken)
            return
        (value, count), rest = items[0], items[1:]
        for number in range(count + 1 if value <= target else 1):
            choose(rest, taken + number * unit(value), total + number * value)

    choose(_present(loose), 0, 0)
    return frozenset(found)


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


def require_cards(
    hand: Sequence[Card], card: Card | None, floor: Sequence[Card], used: Sequence[Card]
) -> None:
    """A play's card must be in the hand and the loose cards it uses on the floor."""
    if card is None or card not in hand:
        if card is None:
            raise IllegalMove(say("You don't hold that card."))
        raise IllegalMove(say("You don't hold {card}.", card=card.pretty))
    remaining = list(floor)
    for loose in used:
        if loose not in remaining:
            raise IllegalMove(say("{card} is not a loose card on the floor.", card=loose.pretty))
        remaining.remove(loose)


def rank_pools(pool: Sequence[Card], points: Callable[[Card], int]) -> dict[int, list[Card]]:
    """Cards of `pool` by value, the most valuable first (ties in suit order)."""
    by_value: dict[int, list[Card]] = {}
    for card in pool:
        same = by_value.get(card.rank)
        if same is None:
            by_value[card.rank] = [card]
        else:
            same.append(card)
    for same in by_value.values():
        if len(same) > 1:
            same.sort(key=lambda c: (-points(c), c.suit))
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


def card_groups(cards: Sequence[Card], target: int) -> list[list[Card]]:
    """Split specific cards into groups worth `target` each (cards keep their identity)."""
    if not cards:
        return []
    value_groups = split_groups([card.rank for card in cards], target) or [
        [card.rank for card in cards]
    ]
    pool = sorted(cards, key=lambda c: (c.rank, c.suit))
    out: list[list[Card]] = []
    for values in value_groups:
        group = []
        for value in values:
            card = next(c for c in pool if c.rank == value)
            pool.remove(card)
            group.append(card)
        out.append(sorted(group, key=lambda c: (c.rank, c.suit)))
    return out


def check_turn(over: bool, seat: int | None, turn: int) -> None:
    """A play into a finished deal, or by someone whose turn it is not, is refused."""
    if over:
        raise GameOver(say("This deal is over."))
    if seat is not None and seat != turn:
        raise NotYourTurn(say("It is not your turn."))


def capture_words(items: Sequence[str], card: Card, who: str | None) -> str:
    """ "Capture 9♠ and the 9-house with 9♥" for the picker; "Asha captured …" with `who`.
    One thing taken (a card, or a house) has its own message: Hindi and Gujarati verbs agree
    with what was taken ("गुलाम का घर उठाया", "9♠ और 9♣ उठाए")."""
    if who is not None and len(items) == 1:
        return said_in(
            "one thing taken",
            "{name} captured {cards} with {card}",
            name=who,
            cards=items[0],
            card=card.pretty,
        )
    return said_by(
        who,
        marked("Capture {cards} with {card}"),
        marked("{name} captured {cards} with {card}"),
        cards=said_list(items),
        card=card.pretty,
    )


def read_notation(pattern: re.Pattern[str], text: str, refusal: str) -> re.Match[str]:
    """An action's notation read by the game's `pattern` (spaces ignored), or BadNotation with
    `refusal`, a marked message naming the text as `{move}`."""
    match = pattern.fullmatch(text.strip().replace(" ", ""))
    if not match:
        raise BadNotation(say(refusal, move=repr(text)))
    return match

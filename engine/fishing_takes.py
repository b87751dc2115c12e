"""Every take of one floor at once, as bitsets over the floor's sub-multisets.

A floor of loose values (a count vector, see `engine.fishing`) has few sub-multisets — at
most a few thousand for fourteen cards. Number them in mixed radix, the highest value the
most significant digit, so that counting up lists them in the order of their count vectors.
A set of sub-multisets is then one Python integer, one bit each, and the questions a play asks
are a handful of integer operations on it:

- *contains a group worth t*: the union, over the floor's t-groups, of the sub-multisets that
  hold the group (each an AND of per-digit masks);
- *a union of disjoint t-groups*: grown from the empty set one group at a time, each step a
  shift by the group's number restricted to where it still fits (a knapsack over the groups);
- *leaves no t-group*: the sub-multisets whose complement holds none; the complement of
  number i is number N-1-i, so that is the first set read backwards.

`maximal` and `completed` give exactly what `engine.fishing.maximal_takes` and
`completed_takes` give, sorted, without searching the orders in which groups can be removed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.cards import FULL_DECK, Card
from engine.fishing import groups_within

_FIELD_BITS = 4
# floor_takes keeps this many floors (a few KB each): most of its hits come from the same
# floor within a position or deal.
FLOORS_CACHE = 1 << 6
_MAX_VALUE = 13
# Bits that are set when some value appears twice or more in a vector.
_DOUBLES = sum(0xE << (_FIELD_BITS * value) for value in range(1, _MAX_VALUE + 1))


class FloorTakes:
    """The takes of one floor (a count vector); each target's sets are worked out once."""

    __slots__ = (
        "_at_least",
        "_digits",
        "_full",
        "_leaves",
        "_maximal",
        "_numbers",
        "_size",
        "_unions",
        "_vector_list",
        "loose",
        "reach",
    )  # fmt: skip

    def __init__(self, loose: int) -> None:
        self.loose = loose
        reach = 1  # the sums some loose cards make, as a bitset (0 included)
        digits: list[tuple[int, int, int, int]] = []  # (value, count, stride, unit) per value
        stride = 1
        for value in range(1, _MAX_VALUE + 1):
            count = (loose >> (_FIELD_BITS * value)) & 0xF
            if count:
                for _ in range(count):
                    reach |= reach << value
                digits.append((value, count, stride, 1 << (_FIELD_BITS * value)))
                stride *= count + 1
        self.reach = reach & ((2 << _MAX_VALUE) - 1)
        self._digits = digits
        self._size = stride
        self._full = (1 << stride) - 1
        # _at_least[value][k]: the sub-multisets holding at least k cards of the value
        at_least: dict[int, list[int]] = {}
        for value, count, step, _ in digits:
            block = step * (count + 1)
            repeat = self._full // ((1 << block) - 1)  # one bit at the start of each block
            at_least[value] = [
                (((1 << ((count + 1 - k) * step)) - 1) << (k * step)) * repeat
                for k in range(count + 1)
            ]
        self._at_least = at_least
        self._unions: dict[int, int] = {}
        self._leaves: dict[int, int] = {}
        self._maximal: dict[int, tuple[int, ...]] = {}
        self._numbers: dict[int, tuple[int, int]] = {}
        self._vector_list: list[int] | None = None

    def _number(self, group: int) -> tuple[int, int]:
        """A group's number (its offset when added) and the sub-multisets it can be added to."""
        known = self._numbers.get(group)
        if known is not None:
            return known
        offset = 0
        fits = self._full
        at_least = self._at_least
        for value, count, step, _ in self._digits:
            need = (group >> (_FIELD_BITS * value)) & 0xF
            if need:
                offset += need * step  # at most count - need cards of the value already:
                fits &= ~at_least[value][count - need + 1]
        known = self._numbers[group] = (offset, fits)
        return known

    def unions(self, target: int, distinct: bool = False) -> int:
        """The sub-multisets that are unions of disjoint `target`-groups (0 included); with
        `distinct`, of groups without two cards of a value (Suipe's builds)."""
        key = -target if distinct else target
        found = self._unions.get(key)
        if found is None:
            found = 1
            for group in groups_within(self.loose, target):
                if distinct and group & _DOUBLES:
                    continue
                offset, fits = self._number(group)
                while True:  # a group may be used again while the floor has the cards
                    grown = found | ((found & fits) << offset)
                    if grown == found:
                        break
                    found = grown
            self._unions[key] = found
        return found

    def leaves_none(self, target: int) -> int:
        """The sub-multisets whose taking leaves no `target`-group loose."""
        found = self._leaves.get(target)
        if found is None:
            holding = 0
            at_least = self._at_least
            for group in groups_within(self.loose, target):
                mask = self._full
                for value, _, _, _ in self._digits:
                    need = (group >> (_FIELD_BITS * value)) & 0xF
                    if need:
                        mask &= at_least[value][need]
                holding |= mask
            free = self._full ^ holding  # the remainders with no group
            size = self._size
            found = int(format(free, f"0{size}b")[::-1], 2) if free else 0
            self._leaves[target] = found
        return found

    def maximal(self, target: int) -> tuple[int, ...]:
        """`maximal_takes(loose, target)`, sorted."""
        found = self._maximal.get(target)
        if found is None:
            found = self._maximal[target] = self._vectors(
                self.unions(target) & self.leaves_none(target)
            )
        return found

    def completed(self, card: int, target: int) -> tuple[int, ...]:
        """`completed_takes(loose, card, target)`, sorted: a group worth target - card joins
        the card, the rest are whole groups, and no group stays loose."""
        unions = self.unions(target)
        found = 0
        for group in groups_within(self.loose, target - card):
            offset, fits = self._number(group)
            found |= (unions & fits) << offset
        return self._vectors(found & self.leaves_none(target))

    def union_vectors(self, target: int) -> tuple[int, ...]:
        """Every union of disjoint `target`-groups of the floor (0 included), sorted."""
        return self._vectors(self.unions(target))

    def joined(self, card: int, need: int, target: int) -> tuple[int, ...]:
        """Suipe's builds of `target` with a card worth `card`: loose cards worth `need`
        (none when 0; of distinct values, none worth `card`) join the card into one group,
        then whole groups of distinct values follow; sorted."""
        unions = self.unions(target, True)
        if not need:
            return self._vectors(unions)
        found = 0
        for group in groups_within(self.loose, need):
            if group & _DOUBLES or (group >> (_FIELD_BITS * card)) & 0xF:
                continue
            offset, fits = self._number(group)
            found |= (unions & fits) << offset
        return self._vectors(found)

    def _vectors(self, members: int) -> tuple[int, ...]:
        """The count vectors of a set's members, ascending."""
        vectors = self._vector_list
        if vectors is None:  # every sub-multiset's vector, by number
            vectors = [0]
            for _, count, _, unit in self._digits:
                vectors = [vector + k * unit for k in range(count + 1) for vector in vectors]
            self._vector_list = vectors
        bits = format(members, "b")[::-1]
        out = []
        number = bits.find("1")
        while number >= 0:
            out.append(vectors[number])
            number = bits.find("1", number + 1)
        return tuple(out)


@lru_cache(maxsize=FLOORS_CACHE)
def floor_takes(loose: int) -> FloorTakes:
    """The takes of a floor, shared by every play and position on it."""
    return FloorTakes(loose)


def card_ranking(points: Callable[[Card], int]) -> list[int]:
    """Each card's rank among the cards of its value, by card index, as `TakenCards` wants it:
    the most points first, ties in suit order."""
    ranking = [0] * len(FULL_DECK)
    for card in FULL_DECK:
        ranking[card.index] = -8 * points(card) + card.suit
    return ranking


# A card's bit in a floor's mask: in the field of its value (as in a count vector), one bit
# per suit. A floor's mask is then the sum of its cards' bits (no card is there twice), the
# cards of some values one AND away, and its count vector a few operations (`mask_vector`).
CARD_BITS = [0] * len(FULL_DECK)  # by card index
for _card in FULL_DECK:
    CARD_BITS[_card.index] = 1 << (_FIELD_BITS * _card.rank + _card.suit)
# A card's bit, and its count vector, by card (a card hashes as its (rank, suit) pair: one
# lookup, no index read first): a floor's mask and a hand's vector are sums of them.
BIT_OF_CARD = {card: CARD_BITS[card.index] for card in FULL_DECK}
UNIT_OF_CARD = {card: 1 << (_FIELD_BITS * card.rank) for card in FULL_DECK}
_FIELD_ONES = sum(1 << (_FIELD_BITS * value) for value in range(_MAX_VALUE + 1))
_PAIR_LOW = _FIELD_ONES * 0x5  # the low bit of each pair of bits
_PAIR_BITS = _FIELD_ONES * 0x3  # the low pair of each field
_MASK_SHIFT = _FIELD_BITS * (_MAX_VALUE + 1)  # above every field: a take's key keeps its mask there
# TakenCards keeps this many takes (about 150 bytes each) for each ranking.
TAKEN_CACHE = 1 << 12


def mask_vector(mask: int) -> int:
    """The count vector of a floor's mask: each field's bits counted in place."""
    pairs = mask - ((mask >> 1) & _PAIR_LOW)
    return (pairs & _PAIR_BITS) + ((pairs >> 2) & _PAIR_BITS)


class TakenCards:
    """The specific loose cards a take of a count vector uses: of each value the cards worth
    the most points (ties in suit order, as `card_ranking` ranks them), listed in value order
    — what `sorted_cards(pick_cards(rank_pools(pool, points), used))` gives. They depend only
    on the floor's cards of the take's values, so they are kept under those (a mask, see
    `CARD_BITS`) and the take: floors that share them share the answer."""

    __slots__ = ("_choices", "_known")

    def __init__(self, ranking: Sequence[int]) -> None:
        # _choices[value][suits][count]: the cards a take of `count` cards of the value uses
        # when the floor holds the `suits` (bits) of it
        self._choices: list[list[list[tuple[Card, ...]]]] = [
            [_chosen(value, suits, ranking) for suits in range(16)]
            for value in range(_MAX_VALUE + 1)
        ]
        self._known: dict[int, tuple[Card, ...]] = {}
        _EVERY_TAKEN.append(self)

    def cards(self, mask: int, used: int) -> tuple[Card, ...]:
        """The cards of the floor `mask` that the take `used` (a count vector) uses."""
        present = (used | used >> 1 | used >> 2) & _FIELD_ONES  # counts are at most 4
        key = (mask & present * 0xF) << _MASK_SHIFT | used
        known = self._known
        cards = known.get(key)
        if cards is None:
            if len(known) >= TAKEN_CACHE:
                known.clear()
            cards = ()
            choices = self._choices
            while used:  # value by value, from the lowest field that is not empty
                shift = ((used & -used).bit_length() - 1) & ~3
                count = used >> shift & 0xF
                used -= count << shift
                cards += choices[shift >> 2][mask >> shift & 0xF][count]
            known[key] = cards
        return cards


_EVERY_TAKEN: list[TakenCards] = []  # (one per way of counting points: a handful)


def clear_taken() -> None:
    """Forget every take's cards worked out (the per-value tables stay)."""
    for taken in _EVERY_TAKEN:
        taken._known.clear()


def _chosen(value: int, suits: int, ranking: Sequence[int]) -> list[tuple[Card, ...]]:
    """By count, the cards of `value` a take uses when the floor holds its `suits` (bits):
    those worth the most, listed in suit order."""
    pool = [FULL_DECK[suit * 13 + value - 1] for suit in range(4) if value and suits >> suit & 1]
    pool.sort(key=lambda card: ranking[card.index])
    return [tuple(sorted(pool[:count])) for count in range(len(pool) + 1)]

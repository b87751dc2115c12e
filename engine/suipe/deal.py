"""One Suipe deal: four floor cards, hands dealt in rounds, captures, builds and Suipes.

Seats are numbered in turn order (clockwise at a Samoan table). Moves are generated from
values first, like Seep's, through the shared `engine.fishing` machinery; a capture or build
that could use one of several equal cards lists the cards worth the most (points, then spades).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from typing import NamedTuple

from engine.cards import FULL_DECK, Card, Suit, card_of, shuffled_deck
from engine.core import IllegalMove, NotYourTurn
from engine.fairness import Shuffler
from engine.fishing import (
    SEARCH_LIMIT,
    card_vector,
    check_turn,
    disjoint_unions,
    groups_within,
    require_cards,
    size,
    sums_of,
)
from engine.fishing_deal import FishingDeal
from engine.fishing_takes import (
    BIT_OF_CARD,
    UNIT_OF_CARD,
    TakenCards,
    card_ranking,
    floor_takes,
    mask_vector,
)
from engine.suipe.actions import Move, SuipeAction
from engine.suipe.describe import describe_action
from engine.suipe.rules import SuipeRules, preference
from engine.suipe.scoring import DealScore, score_deal
from engine.words import say

_RANK: Callable[[Card], int] = attrgetter("rank")
new_action = tuple.__new__  # builds a SuipeAction (or a record) from its fields without a call
# (an enum member read from its class is an attribute look-up through the enum's machinery)
CAPTURE, BUILD, RAISE, TRAIL = Move.CAPTURE, Move.BUILD, Move.RAISE, Move.TRAIL
# Entries kept: captures this many, builds four times as many and raises half as many (a few
# hundred bytes each, about 4 MB at most): their keys hold only the loose values a play can
# use, so many floors share them.
PLAYS_CACHE = 1 << 11


class Phase(Enum):
    PLAY = "play"
    DONE = "done"


DONE = Phase.DONE


class Build(NamedTuple):
    """Cards joined under an announced value; captured only whole, by a card of that value."""

    value: int
    cards: tuple[Card, ...]
    builder: int  # the seat that last made or added to it

    @property
    def multiple(self) -> bool:
        """Two or more groups worth the value; such a build's value never changes."""
        return sum(map(_RANK, self.cards)) >= 2 * self.value


class PlayRecord(NamedTuple):
    seat: int
    action: SuipeAction
    play_number: int
    build_before: Build | None  # the build of the action's value (or the raised one), if any
    taken: tuple[Card, ...] = ()
    suipe: bool = False

    def told(self, name: str) -> str:
        """The play as it happened: "Sina trailed 5♦"."""
        return describe_action(self.action, self.build_before, self.suipe, who=name)


# A value-level move: (kind, value, loose vector used, takes the build, raised build value).
Signature = tuple[Move, int, int, bool, int | None]


_TAKEN = TakenCards(card_ranking(preference))  # which of several equal loose cards a play takes
_BUILDER = attrgetter("builder")
_UNIT_OF = UNIT_OF_CARD.__getitem__  # a card's count vector
_CARD_BIT = BIT_OF_CARD.__getitem__  # a card's bit in a floor's mask
_NUMERAL_FIELDS = sum(0xF << (4 * value) for value in range(1, 11))  # of a floor's mask
# The values from 2 to 10 (those a build can be worth) in a count vector, as bits, by which of
# their fields are not 0 (one bit in each field).
_HELD_FIELDS = sum(1 << (4 * value) for value in range(2, 11))
_HELD = {
    sum(1 << (4 * value) for value in values): sum(1 << value for value in values)
    for values in (
        [value for value in range(2, 11) if present >> value & 1] for present in range(0, 2048, 4)
    )
}
# Each card's trail, by card index (actions are values: positions share them).
_TRAILS = [new_action(SuipeAction, (TRAIL, card, card.rank, (), False, None)) for card in FULL_DECK]
# A court card's captures, by its index and the suits (bits) of its rank on the floor: it takes
# one loose card of its rank, in suit order.
_FACE_CAPTURES = [
    [
        tuple(
            new_action(
                SuipeAction, (CAPTURE, card, card.rank, (card_of(card.rank, suit),), False, None)
            )
            for suit in Suit
            if suits >> suit & 1
        )
        for suits in range(16 if card.rank > 10 else 0)
    ]
    for card in FULL_DECK
]


@dataclass
class SuipeDeal(FishingDeal[SuipeAction]):
    rules: SuipeRules
    dealer: int
    hands: list[list[Card]]
    loose: list[Card]
    builds: dict[int, Build] = field(default_factory=dict)
    stock: list[Card] = field(default_factory=list)
    phase: Phase = Phase.PLAY
    turn: int = 0
    play_number: int = 0
    captured: list[list[Card]] = field(default_factory=list)
    suipes: list[int] = field(default_factory=list)
    last_capture_side: int | None = None
    history: list[PlayRecord] = field(default_factory=list)
    score: DealScore | None = None
    _legal: list[SuipeAction] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        sides = self.rules.sides
        self.captured = self.captured or [[] for _ in range(sides)]
        self.suipes = self.suipes or [0] * sides
        for hand in self.hands:
            hand.sort()  # (value_order: cards are (rank, suit) pairs)

    # ----- creation ---------------------------------------------------------------------

    @classmethod
    def deal(cls, rules: SuipeRules, dealer: int, rng: Shuffler) -> SuipeDeal:
        """Four face-up cards without a repeated rank, then the first hands."""
        stock = shuffled_deck(rng)
        floor: list[Card] = []
        while len(floor) < 4:
            card = stock.pop()
            if any(other.rank == card.rank for other in floor):
                stock.append(card)  # a repeated rank goes back and the stock is reshuffled
                rng.shuffle(stock)
                continue
            floor.append(card)
        deal = cls(
            rules=rules,
            dealer=dealer,
            hands=[[] for _ in range(rules.players)],
            loose=floor,
            stock=stock,
            turn=(dealer + 1) % rules.players,
        )
        deal._deal_hands()
        return deal

    def _deal_hands(self) -> None:
        players = self.rules.players
        size = min(self.rules.cards_per_hand, len(self.stock) // players)
        for step in range(players):
            seat = (self.dealer + 1 + step) % players
            self.hands[seat].extend(self.stock[-size:])
            del self.stock[-size:]
            self.hands[seat].sort()  # (value_order: cards are (rank, suit) pairs)

    # ----- facts ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is DONE

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def pile_cards(self) -> list[Card]:
        return [card for build in self.builds.values() for card in build.cards]

    @property
    def last_play(self) -> PlayRecord | None:
        return self.history[-1] if self.history else None

    # ----- legal moves ------------------------------------------------------------------

    def _compute_legal(self) -> list[SuipeAction]:
        if self.phase is DONE:
            return []
        turn = self.turn
        hand = self.hands[turn]
        # trailing is barred while a build on the floor was last made or added to by the mover
        actions = self._actions(hand, trail=turn not in map(_BUILDER, self.builds.values()))
        if not actions:  # the build's card has been played elsewhere: trailing stays open
            actions = self._actions(hand, trail=True)
        return actions

    def _actions(self, hand: Sequence[Card], *, trail: bool) -> list[SuipeAction]:
        # The position's facts, once: the loose cards (court cards too) and the numerals' sums,
        # the mover's hand by value and the builds that can be raised.
        floor = sum(map(_CARD_BIT, self.loose))
        mask = floor & _NUMERAL_FIELDS  # the loose numerals
        loose = mask_vector(mask)
        reach = sums_of(loose)  # the sums some loose numerals make, as bits (0 included)
        hand_vector = sum(map(_UNIT_OF, hand))
        held = _HELD[(hand_vector | hand_vector >> 1 | hand_vector >> 2) & _HELD_FIELDS]
        builds = self.builds
        singles: list[int] = []  # the values of the builds that can be raised, ascending
        if builds:
            singles = [v for v, b in builds.items() if sum(map(_RANK, b.cards)) < 2 * v]
            singles.sort()
        # a card worth r can raise a build when the mover holds a value from the lowest
        # single's value + r up (none without singles: the held values stop at 10)
        lowest_single = singles[0] if singles else 11
        chosen: dict[int, tuple[Card, ...]] = {0: ()}  # loose vector -> the cards it takes
        actions: list[SuipeAction] = []
        append = actions.append
        last_rank = 0
        plays: Sequence[Signature] = ()
        for card in hand:  # hands are kept in value order
            rank = card.rank
            if rank > 10:  # a court card takes one loose card of its rank
                actions += _FACE_CAPTURES[card.index][floor >> 4 * rank & 15]
            else:
                if rank != last_rank:  # the value-level plays, once a value
                    last_rank = rank
                    bit = 1 << rank
                    if reach & bit:
                        plays = captures((loose & _UP_TO[rank]) | rank)[rank in builds]
                    else:  # no group worth r: the build of r alone, if there is one
                        plays = _BUILD_ALONE[rank] if rank in builds else ()
                    # the values loose cards can build with the card: a group makes up the
                    # rest, or the card joins a group (or build) of its own value; the
                    # builder must hold another card of the value
                    targets = held if hand_vector >> 4 * rank & 14 else held & ~bit
                    values = (reach << rank ^ bit | reach & bit) & targets
                    if bit & targets and rank in builds:
                        values |= bit
                    if values or held >> (lowest_single + rank):
                        plays = _builds_and_raises(
                            plays, rank, values, singles, loose, reach, hand_vector, builds
                        )
                for kind, value, used, with_build, raised in plays:
                    taken = chosen.get(used)
                    if taken is None:
                        taken = chosen[used] = _TAKEN.cards(mask, used)
                    append(new_action(SuipeAction, (kind, card, value, taken, with_build, raised)))
            if trail:
                append(_TRAILS[card.index])
        return actions

    # ----- playing ----------------------------------------------------------------------

    def check(self, action: SuipeAction, seat: int | None = None) -> None:
        check_turn(self.phase is DONE, seat, self.turn)
        from engine.suipe.explain import explain_illegal

        hand = self.hands[self.turn]
        card = action.card
        require_cards(hand, card, self.loose, action.loose)
        legal = {
            (a.kind, a.value, card_vector(a.loose), a.build, a.raised)
            for a in self.legal_actions()
            if a.card.rank == card.rank and (card.rank <= 10 or a.loose == action.loose)
        }
        signature = (
            action.kind,
            action.value,
            card_vector(action.loose),
            action.build,
            action.raised,
        )
        if signature not in legal:
            raise IllegalMove(explain_illegal(self, action))

    def describe(self, action: SuipeAction) -> str:
        return describe_action(action, self._build_before(action), self._sweeps(action))

    def _build_before(self, action: SuipeAction) -> Build | None:
        if action.kind is Move.RAISE and action.raised is not None:
            return self.builds.get(action.raised)
        return self.builds.get(action.value)

    def _sweeps(self, action: SuipeAction) -> bool:
        if action.kind is not Move.CAPTURE:
            return False
        builds_left = len(self.builds) - (1 if action.build else 0)
        last_play = not self.stock and sum(map(len, self.hands)) == 1
        return len(self.loose) == len(action.loose) and builds_left == 0 and not last_play

    def apply(self, action: SuipeAction, seat: int | None = None) -> PlayRecord:
        legal = self._legal
        if legal is None or action not in legal:  # (a move equal to a listed one is legal)
            self.check(action, seat)
        elif seat is not None and seat != self.turn:
            raise NotYourTurn(say("It is not your turn."))
        actor = self.turn
        kind = action.kind
        card = action.card
        used = action.loose
        builds = self.builds
        loose = self.loose
        before = None
        suipe = False
        if builds:  # (`_build_before`)
            raised = action.raised
            before = builds.get(raised if kind is RAISE and raised is not None else action.value)
        if kind is CAPTURE:  # (`_sweeps`: the capture clears the floor, not on the last play)
            suipe = (
                len(loose) == len(used)
                and len(builds) == (1 if action.build else 0)
                and (bool(self.stock) or sum(map(len, self.hands)) != 1)
            )
        self.hands[actor].remove(card)
        for taken_card in used:
            loose.remove(taken_card)
        taken: tuple[Card, ...] = ()
        # the sides are the seats modulo their count: 0 and 2 against 1 and 3, or each alone
        side = actor % len(self.captured)
        if kind is CAPTURE:
            build = builds.pop(action.value) if action.build else None
            taken = (card, *used, *build.cards) if build else (card, *used)
            self.captured[side].extend(taken)
            self.last_capture_side = side
            if suipe:
                self.suipes[side] += 1
        elif kind is TRAIL:
            loose.append(card)
        else:
            pile = [card, *used]
            if kind is RAISE and action.raised is not None:
                pile.extend(builds.pop(action.raised).cards)
            existing = builds.get(action.value)
            cards = (*existing.cards, *pile) if existing else tuple(pile)
            builds[action.value] = new_action(Build, (action.value, cards, actor))
        record = new_action(PlayRecord, (actor, action, self.play_number, before, taken, suipe))
        self.history.append(record)
        self.play_number += 1
        self._advance()
        self._legal = None  # (changed)
        return record

    def _advance(self) -> None:
        hands = self.hands
        if not any(hands):
            if self.stock:
                self._deal_hands()
            else:
                self._finish()
                return
        players = len(hands)
        seat = self.turn
        for _ in range(players):
            seat = (seat + 1) % players
            if hands[seat]:
                break
        self.turn = seat

    def _finish(self) -> None:
        leftovers = [*self.loose, *(c for b in self.builds.values() for c in b.cards)]
        if leftovers:
            side = self.last_capture_side
            if side is None:
                side = self.side_of(self.dealer)
            self.captured[side].extend(leftovers)
            self.loose.clear()
            self.builds.clear()
        self.phase = DONE
        self.score = score_deal(self.captured, self.suipes)

    def copy_more(self, new: SuipeDeal) -> None:
        new.builds = dict(self.builds)
        new.suipes = list(self.suipes)

    def changed(self) -> None:
        """Forget cached moves (after a position was edited by hand)."""
        self._legal = None


# The fields of the loose values up to each value: all that a play of that value can use. The
# caches' keys hold those loose values, the card's value in the field of value 0 (always empty
# in a vector), and the build's values above the 13 value fields.
_UP_TO = [sum(0xF << (4 * value) for value in range(1, top + 1)) for top in range(14)]
_VALUE_SHIFT = 56
_RAISED_SHIFT = 60
_FIELD_ONES = sum(1 << (4 * value) for value in range(14))
_ONES_UP_TO = [_FIELD_ONES & _UP_TO[top] for top in range(14)]


# The groups of distinct values worth each target from 0 to 10 (those a build may hold),
# ascending: a few dozen in all.
_ALL_DISTINCT_GROUPS = [
    sorted(
        sum(1 << (4 * value) for value in chosen)
        for size in range(1, target + 1)
        for chosen in combinations(range(1, target + 1), size)
        if sum(chosen) == target
    )
    for target in range(11)
]
# distinct_groups keeps this many (target, values present) pairs, of about 2,000 there are.
DISTINCT_CACHE = 1 << 9


@lru_cache(maxsize=DISTINCT_CACHE)
def _distinct_groups(target: int, present: int) -> tuple[int, ...]:
    """The groups of distinct values worth `target` that a floor holding the values `present`
    (one bit in each of their fields) can make, ascending."""
    return tuple([g for g in _ALL_DISTINCT_GROUPS[target] if not g & ~present])


_BUILD_ALONE: dict[int, tuple[Signature, ...]] = {
    r: ((CAPTURE, r, 0, True, None),) for r in range(1, 11)
}


def _builds_and_raises(
    plays: Sequence[Signature],
    r: int,
    values: int,
    singles: Sequence[int],
    loose: int,
    reach: int,
    hand: int,
    builds: dict[int, Build],
) -> list[Signature]:
    """A numeral worth `r`'s `plays` (its captures) followed by its builds of the `values`
    (bits) and its raises of the `singles` builds, value-level (`hand`: the mover's hand as a
    count vector; `reach`: the sums the `loose` numerals make)."""
    out = list(plays)
    while values:
        bit = values & -values
        values ^= bit
        value = bit.bit_length() - 1
        # without a group of the value on the floor only the card's own group is taken: only
        # the loose values below the rest matter
        top = value if reach >> value & 1 or value == r else value - r
        key = (loose & _UP_TO[top]) | r | value << _VALUE_SHIFT
        out += build_plays(key)[value in builds]
    for raised in singles:
        for value in range(raised + r, 11):
            if (hand >> 4 * value) & 15:  # (value > r: held after the play)
                top = value if reach >> value & 1 else value - raised - r
                key = (loose & _UP_TO[top]) | r | value << _VALUE_SHIFT
                out += raise_plays(key | raised << _RAISED_SHIFT)
    return out


@lru_cache(maxsize=PLAYS_CACHE)
def captures(key: int) -> tuple[tuple[Signature, ...], tuple[Signature, ...]]:
    """A numeral worth `r`'s captures of the loose numerals up to `r` (`key`: those loose
    values | r): without a build of `r` on the floor, and with one (each capture also with
    the build)."""
    r = key & 15
    loose = key - r
    if size(loose) <= SEARCH_LIMIT:  # (see `_joined`)
        unions: Sequence[int] = disjoint_unions(loose, groups_within(loose, r))
    else:
        unions = floor_takes(loose).union_vectors(r)
    alone = [(CAPTURE, r, used, False, None) for used in unions[1:]]  # (the first takes none)
    with_build: list[Signature] = [_BUILD_ALONE[r][0]]
    for take in alone:
        with_build += (take, (CAPTURE, r, take[2], True, None))
    return tuple(alone), tuple(with_build)


@lru_cache(maxsize=PLAYS_CACHE * 4)
def build_plays(key: int) -> tuple[tuple[Signature, ...], ...]:
    """A numeral worth `r`'s builds of `value` (`key`: the loose values up to `value` | r |
    value << _VALUE_SHIFT): without a build of the value on the floor, and with one (which the
    card may also join alone)."""
    r = key & 15
    value = key >> _VALUE_SHIFT
    found = _joined(key & _UP_TO[13], r, value - r, value)
    with_build = tuple([(BUILD, value, used, False, None) for used in found])
    return (with_build[1:] if found and not found[0] else with_build), with_build


@lru_cache(maxsize=PLAYS_CACHE // 2)
def raise_plays(key: int) -> tuple[Signature, ...]:
    """Raises of the `raised` build into a `value` build with a numeral worth `r` (`key`: the
    loose values up to `value` | r | value << _VALUE_SHIFT | raised << _RAISED_SHIFT)."""
    r = key & 15
    value = key >> _VALUE_SHIFT & 15
    raised = key >> _RAISED_SHIFT
    found = _joined(key & _UP_TO[13], r, value - raised - r, value)
    return tuple([(RAISE, value, used, False, raised) for used in found])


def _joined(loose: int, card: int, need: int, target: int) -> tuple[int, ...]:
    """`FloorTakes.joined`: on a small floor (where it is cheapest) from the loose groups
    worth `need` that can join the card and the unions of build groups left beside each; on a
    crowded one from the floor's bitsets."""
    present = (loose | loose >> 1 | loose >> 2) & _FIELD_ONES  # (counts are at most 4)
    # the loose groups that can join the card: of distinct values, none worth the card
    bases = _distinct_groups(need, present & _ONES_UP_TO[need] & ~(1 << 4 * card))
    if need and not sums_of(loose) >> target & 1:  # no group of the value to add
        return bases
    if size(loose) > SEARCH_LIMIT:
        return floor_takes(loose).joined(card, need, target)
    wholes = _distinct_groups(target, present & _ONES_UP_TO[target])
    if not need:
        return tuple(disjoint_unions(loose, wholes))
    found: set[int] = set()
    for base in bases:
        found.update(base + extra for extra in disjoint_unions(loose - base, wholes))
    return tuple(sorted(found))

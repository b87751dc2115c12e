"""One Seep deal: the bid, 48 plays, houses, captures and sweeps.

Seats are numbered in turn order; sides are seat % 2. In the 2-player game the four hands are
dealt as usual: player p owns seats p and p+2, and the seats after the bidder's two first
hands wait face down until both first hands are empty.

Moves are generated from values first (see `engine.fishing`): every play of value v takes or
absorbs loose cards as a count vector, and only then are specific cards chosen — by default the
ones worth the most points. Any specific choice of equal-valued cards is accepted by `apply`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from operator import attrgetter
from typing import NamedTuple

from engine.cards import FULL_DECK, Card, Suit, card_of, shuffled_deck, sorted_cards
from engine.core import IllegalMove, NotYourTurn
from engine.fairness import Shuffler
from engine.fishing import (
    SEARCH_LIMIT,
    card_vector,
    check_turn,
    rank_pools,
    require_cards,
    sums_of,
)
from engine.fishing_deal import FishingDeal
from engine.fishing_takes import (
    BIT_OF_CARD,
    UNIT_OF_CARD,
    TakenCards,
    card_ranking,
    mask_vector,
)
from engine.seep.actions import Kind, SeepAction
from engine.seep.describe import describe_action, house_name
from engine.seep.moves import (
    UP_TO,
    Signature,
    Situation,
    allowances,
    captures,
    house_plays,
    raise_plays,
    signatures,
    situation,
    situation_of,
)
from engine.seep.rules import SeepRules
from engine.seep.scoring import DealScore, score_deal
from engine.words import say

_NO_VALUES: frozenset[int] = frozenset()
CAPTURE, HOUSE, THROW = Kind.CAPTURE, Kind.HOUSE, Kind.THROW
new_action = tuple.__new__  # builds a SeepAction (or a record) from its fields without a call
TEN_OF_DIAMONDS = card_of(10, Suit.DIAMONDS)
NINE_OF_SPADES = card_of(9, Suit.SPADES)
# Rawalpindi: the card whose holder alone may build the first house of its value.
RAWALPINDI_KEYS = {10: TEN_OF_DIAMONDS, 9: NINE_OF_SPADES}


class Phase(Enum):
    BID = "bid"
    PLAY = "play"
    DONE = "done"


# Read on every move: an enum's member is much quicker to read as a module constant.
PLAY, DONE = Phase.PLAY, Phase.DONE
BID = Kind.BID


@dataclass(frozen=True, slots=True)
class House:
    """A pile captured only as a unit. Owners are seats; at most one per side."""

    value: int
    cards: tuple[Card, ...]
    owners: tuple[int, ...]
    # More than one card or group worth the value (every group is worth exactly the value).
    cemented: bool = field(init=False, compare=False)

    def __init__(self, value: int, cards: tuple[Card, ...], owners: tuple[int, ...]) -> None:
        # (what the dataclass's __init__ and a __post_init__ would do, in one call: a house
        # is made on every build)
        set_field = object.__setattr__
        set_field(self, "value", value)
        set_field(self, "cards", cards)
        set_field(self, "owners", owners)
        set_field(self, "cemented", sum(map(_RANK, cards)) >= 2 * value)


class PlayRecord(NamedTuple):
    """A play as everyone saw it (a NamedTuple: one is made on every play)."""

    seat: int
    action: SeepAction
    play_number: int  # -1 for the bid
    house_before: House | None = None  # the house of the action's value before the play
    taken: tuple[Card, ...] = ()  # every card a capture took (the played card included)
    sweep_points: int | None = None  # set when the play swept the floor

    def told(self, name: str) -> str:
        """The play as it happened: "Asha threw 5♦"."""
        return describe_action(
            self.action, self.house_before, self.sweep_points is not None, who=name
        )


class _MoveContext(NamedTuple):
    """Computed once per position; a NamedTuple because it is built on every turn."""

    loose: int  # count vector of the loose cards
    mask: int  # the loose cards (see `CARD_BITS`)
    hand: int  # count vector of the mover's hand
    reach: int  # the sums some loose cards make, as bits
    situation: Situation  # what the houses allow the mover
    held: int  # the house values in the mover's hand, as bits
    allowed: int  # the house values a card of another value may play into (`allowances`)
    plain_ok: bool  # such a card may capture or be thrown
    break_allowed: int  # the house values a card may raise a house into (`allowances`)


# No house on the floor, past the first play, no Rawalpindi: the most common situation.
_OPEN_FLOOR = situation((), (), _NO_VALUES, _NO_VALUES, None, False, _NO_VALUES, False)
_UNITS = [1 << (4 * value) for value in range(14)]
# A house's bits in a situation's key (see `situation_of`), shifted by its value.
_OWNED = 1 | 1 << 14
_PARTNER_OWNED = 1 << 28
_BREAKABLE = 1 | 1 << 42
_BLOCKED_NEW = 1 << 56
_WHOLE_FLOOR = [UP_TO[13]] * 14
_TAKEN: dict[tuple[str, bool, bool], TakenCards] = {}
_RANK = attrgetter("rank")
# Every card's throw: the same value in every listing that has it.
_THROW_OF = {card: SeepAction(THROW, card, card.rank) for card in FULL_DECK}


def taken_by(rules: SeepRules) -> TakenCards:
    """Which of several equal loose cards a play takes (see `TakenCards`): the card points
    differ by game and options (a handful of ways at most)."""
    key = (rules.game, rules.rawalpindi, rules.diamond_ten_two)
    found = _TAKEN.get(key)
    if found is None:
        found = _TAKEN[key] = TakenCards(card_ranking(rules.card_points))
    return found


# The house values present, as bits, by which of the fields of the values 9 to 13 are not 0
# (one bit in each field).
_HELD = {
    sum(1 << (4 * (value - 9)) for value in values): sum(1 << value for value in values)
    for values in (
        [value for value in range(9, 14) if present >> value & 1]
        for present in range(0, 1 << 14, 1 << 9)
    )
}


@dataclass
class SeepDeal(FishingDeal[SeepAction]):
    rules: SeepRules
    dealer: int
    hands: list[list[Card]]
    loose: list[Card]
    houses: dict[int, House] = field(default_factory=dict)
    stock: list[Card] = field(default_factory=list)
    bid: int | None = None
    phase: Phase = Phase.PLAY
    turn: int = 0
    play_number: int = 0
    captured: list[list[Card]] = field(default_factory=lambda: [[], []])
    sweeps: list[list[int]] = field(default_factory=lambda: [[], []])
    last_capture_side: int | None = None
    built_by: list[set[int]] = field(default_factory=lambda: [set(), set(), set(), set()])
    values_built: set[int] = field(default_factory=set)
    history: list[PlayRecord] = field(default_factory=list)
    redeals: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    restarts: int = 0
    score: DealScore | None = None
    _legal: list[SeepAction] | None = field(default=None, repr=False)
    _context_cache: _MoveContext | None = field(default=None, repr=False)
    # which loose cards a play takes, by the rules' card points (see `taken_by`)
    _taken: TakenCards = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for hand in self.hands:  # kept in value order: moves come out grouped and sorted
            hand.sort()  # (value_order: cards are (rank, suit) pairs)
        self._taken = taken_by(self.rules)

    # ----- creation ---------------------------------------------------------------------

    @classmethod
    def deal(cls, rules: SeepRules, dealer: int, rng: Shuffler) -> SeepDeal:
        """Shuffle and deal until the bidder can bid (and, in seep30, the floor is clean)."""
        bidder = (dealer + 1) % 4
        redeals: list[tuple[int, tuple[Card, ...]]] = []
        restarts = 0
        while True:
            deck = shuffled_deck(rng)
            first, floor, stock = deck[:4], deck[4:8], deck[8:]
            if rules.is_thirty and (TEN_OF_DIAMONDS in floor or NINE_OF_SPADES in floor):
                restarts += 1
                continue
            if max(card.rank for card in first) < 9:
                redeals.append((bidder, sorted_cards(first)))
                continue
            break
        hands: list[list[Card]] = [[], [], [], []]
        hands[bidder] = first
        return cls(
            rules=rules,
            dealer=dealer,
            hands=hands,
            loose=floor,
            stock=stock,
            phase=Phase.BID,
            turn=bidder,
            redeals=redeals,
            restarts=restarts,
        )

    @property
    def bidder(self) -> int:
        return (self.dealer + 1) % 4

    # ----- seats and sides --------------------------------------------------------------

    @property
    def two_player(self) -> bool:
        return self.rules.players == 2

    def player_of(self, seat: int) -> int:
        return seat % 2 if self.two_player else seat

    @staticmethod
    def side_of(seat: int) -> int:
        return seat % 2

    @staticmethod
    def partner_of(seat: int) -> int:
        return (seat + 2) % 4

    @property
    def first_half_seats(self) -> tuple[int, int]:
        return (self.bidder, (self.bidder + 1) % 4)

    def active_seat(self, player: int) -> int:
        """In the 2-player game, which of the player's two hands is in use."""
        if not self.two_player:
            return player
        first = next(seat for seat in self.first_half_seats if seat % 2 == player)
        if self.hands[first] or self.stock or self.phase is Phase.BID:
            return first
        return (first + 2) % 4

    @property
    def is_over(self) -> bool:
        return self.phase is DONE

    # ----- legal moves ------------------------------------------------------------------

    def _compute_legal(self) -> list[SeepAction]:
        """Plays that differ only in which of several equal-valued loose cards they use are
        listed once, with the cards worth the most points (see `suit_choices` for the others)."""
        phase = self.phase
        if phase is not PLAY:
            if phase is DONE:
                return []
            hand = self.hands[self.turn]
            return [SeepAction.bid(v) for v in sorted({c.rank for c in hand if c.rank >= 9})]
        hand = self.hands[self.turn]
        actions = self._actions_for(hand, restricted=True)
        if not actions and self.rules.rawalpindi:
            actions = self._actions_for(hand, restricted=False)
        return actions

    def _actions_for(self, hand: Sequence[Card], *, restricted: bool) -> list[SeepAction]:
        """Every play of `hand`, a value's plays worked out once for its first card and
        copied for the other cards of that value (hands are kept in value order)."""
        context = self._context_cache or self._context()
        # The loose values each play's cache key holds: only those the play can use, unless
        # the floor is crowded, where its plays are all worked out from one floor's bitsets.
        up_to = UP_TO if len(self.loose) <= SEARCH_LIMIT else _WHOLE_FLOOR
        chosen: dict[int, tuple[Card, ...]] = {0: ()}  # loose vector -> the cards it takes
        actions: list[SeepAction] = []
        append = actions.append
        last_rank = 0
        first = 0  # where the plays of the value's first card start in `actions`
        rows: list[SeepAction] = actions  # the plays of the value's first card (a slice)
        for card in hand:
            rank = card.rank
            if rank == last_rank:  # another card of the value: the same plays with this card
                if rows is actions:
                    rows = actions[first:]
                for kind, _, value, cards, broken in rows:
                    if kind is THROW:
                        append(_THROW_OF[card])
                    else:
                        append(new_action(SeepAction, (kind, card, value, cards, broken)))
                continue
            last_rank = rank
            rows = actions
            first = len(actions)
            self._value_plays(card, context, up_to, chosen, append)
        if restricted and self.rules.rawalpindi:
            allows = self.rawalpindi_allows
            return [
                action
                for action in actions
                if allows(action.card, action.kind, action.value, action.broken)
            ]
        return actions

    def _value_plays(
        self,
        card: Card,
        context: _MoveContext,
        up_to: Sequence[int],
        chosen: dict[int, tuple[Card, ...]],
        append: Callable[[SeepAction], None],
    ) -> None:
        """The plays of the first card of its value in the hand: the bid's value in the
        first play, else its capture or throw, then the houses it can make or raise."""
        loose_vector, mask, hand_vector, reach, where, held, allowed, plain_ok, _ = context
        taken = self._taken
        rank = card.rank
        if not where.plain >> rank & 1:  # the bid's value in the first play
            for kind, value, used, broken in signatures(
                loose_vector, rank, hand_vector - _UNITS[rank], where, reach
            ):
                loose = chosen.get(used)
                if loose is None:
                    loose = chosen[used] = taken.cards(mask, used)
                append(new_action(SeepAction, (kind, card, value, loose, broken)))
            return
        bit = 1 << rank
        house_bits = where.house_bits
        value_allowed, value_plain_ok = allowed, plain_ok
        if rank >= 9 and (hand_vector >> 4 * rank) & 15 == 1:  # its last card
            value_allowed, value_plain_ok, _ = allowances(where, held ^ bit)
        # its capture or throw first (see `signatures`); with its own house on the floor
        # the card captures it, unless another house the mover owns would then keep no
        # card of its value
        if house_bits & bit:
            value_plain_ok = not where.owned_bits & ~held & ~bit
        if not value_plain_ok:
            pass
        elif reach & bit:
            for _, value, used, _ in captures((loose_vector & up_to[rank]) | rank):
                loose = chosen.get(used)
                if loose is None:
                    loose = chosen[used] = taken.cards(mask, used)
                append(new_action(SeepAction, (CAPTURE, card, value, loose, None)))
        elif house_bits & bit:  # the house alone
            append(new_action(SeepAction, (CAPTURE, card, rank, (), None)))
        else:
            append(_THROW_OF[card])
        self._house_plays(card, context, value_allowed, up_to, chosen, append)

    def _house_plays(
        self,
        card: Card,
        context: _MoveContext,
        value_allowed: int,
        up_to: Sequence[int],
        chosen: dict[int, tuple[Card, ...]],
        append: Callable[[SeepAction], None],
    ) -> None:
        """The houses `card` can make (of the values it reaches with loose cards, see
        `house_reach`), add to, or raise, among the house values it may play into."""
        loose_vector, mask, _, reach, where, _, _, _, break_allowed = context
        taken = self._taken
        house_bits = where.house_bits
        breaking = where.breaking
        rank = card.rank
        bit = 1 << rank
        reachable = ((reach << rank ^ bit) | (reach & bit)) & value_allowed
        values = reachable | (house_bits & bit & value_allowed)
        breaks = 0
        if breaking and rank <= 4:  # the houses it can raise
            breaks = (breaking << rank) & break_allowed
            values |= breaks
        while values:
            bit = values & -values
            values ^= bit
            value = bit.bit_length() - 1
            sigs: tuple[Signature, ...] = ()
            if reachable & bit:
                # without a group of the value on the floor only the card's own
                # group is taken: only the loose values below the rest matter
                top = value if reach & bit or value <= rank else value - rank
                sigs = house_plays((loose_vector & up_to[top]) | rank | value << 56)
            if not sigs and house_bits & bit and value == rank:
                sigs = ((HOUSE, value, 0, None),)  # the card alone onto its house
            if breaks & bit:
                sigs += raise_plays((loose_vector & up_to[value]) | (value - rank) | value << 56)
            for _, _, used, broken in sigs:
                loose = chosen.get(used)
                if loose is None:
                    loose = chosen[used] = taken.cards(mask, used)
                append(new_action(SeepAction, (HOUSE, card, value, loose, broken)))

    def _signatures(self, a: int) -> list[Signature]:
        """Every value-level play of a hand card worth `a` by the seat to move."""
        loose, _, hand, reach, where, *_ = self._context_cache or self._context()
        return signatures(loose, a, hand - _UNITS[a], where, reach)

    def _context(self) -> _MoveContext:
        """Facts about the position that every hand card's moves need (cached per position)."""
        if self._context_cache is None:
            seat = self.turn
            houses = self.houses
            hand = self.hands[seat]
            mask = sum(map(BIT_OF_CARD.__getitem__, self.loose))
            loose = mask_vector(mask)
            reach = sums_of(loose)  # the sums some loose cards make, as bits (0 included)
            hand_vector = sum(map(UNIT_OF_CARD.__getitem__, hand))
            fields = hand_vector >> 36  # the fields of the values 9 to 13
            held = _HELD[(fields | fields >> 1 | fields >> 2 | fields >> 3) & 0x11111]
            rules = self.rules
            if houses or self.play_number == 0 or rules.rawalpindi:
                # the situation's key (see `situation_of`): the house values, those the
                # mover owns, their partner owns and the mover may break, then the rest
                partner = (seat + 2) % 4  # (partner_of)
                key = 0
                for value, house in houses.items():
                    owners = house.owners
                    if seat in owners:
                        key |= _OWNED << value
                    elif house.cemented:
                        key |= 1 << value
                    else:
                        key |= _BREAKABLE << value
                    if partner in owners:
                        key |= _PARTNER_OWNED << value
                if rules.rawalpindi:
                    for value, key_card in RAWALPINDI_KEYS.items():
                        if value not in self.values_built and key_card not in hand:
                            key |= _BLOCKED_NEW << value
                if self.play_number == 0 and self.bid:
                    key |= self.bid << 70
                if rules.limited_houses and len(houses) >= 2:
                    key |= 1 << 74  # houses full
                if rules.loose_card_break:
                    key |= 1 << 75
                where = situation_of(key)
                allowed, plain_ok, break_allowed = allowances(where, held)
            else:
                where, allowed, plain_ok, break_allowed = _OPEN_FLOOR, held, True, 0
            self._context_cache = new_action(
                _MoveContext,
                (loose, mask, hand_vector, reach, where, held, allowed, plain_ok, break_allowed),
            )
        return self._context_cache

    def rawalpindi_allows(
        self, card: Card | None, kind: Kind, value: int, broken: int | None
    ) -> bool:
        """Rawalpindi: 10♦ (9♠) may not capture or go into a larger house before its holder
        has built a 10-house (9-house)."""
        if not self.rules.rawalpindi:
            return True
        for house_value, key_card in RAWALPINDI_KEYS.items():
            if card != key_card or house_value in self.built_by[self.turn]:
                continue
            if kind is Kind.CAPTURE:
                return False
            if kind is Kind.HOUSE and value > house_value:
                return False
        return True

    def suit_choices(self, action: SeepAction) -> list[SeepAction]:
        """The same play with every distinct choice of equal-valued loose cards that changes
        the points taken; the default (most points) comes first."""
        if action.kind not in (Kind.CAPTURE, Kind.HOUSE) or not action.loose:
            return [action]
        pools = rank_pools(self.loose, self.rules.card_points)
        choices: list[list[Card]] = [[]]
        needed: dict[int, int] = {}
        for card in action.loose:
            needed[card.rank] = needed.get(card.rank, 0) + 1
        for rank, count in needed.items():
            seen_points: dict[tuple[int, ...], tuple[Card, ...]] = {}
            for combo in combinations(pools.get(rank, []), count):
                points = tuple(sorted(self.rules.card_points(c) for c in combo))
                seen_points.setdefault(points, combo)
            choices = [prefix + list(combo) for prefix in choices for combo in seen_points.values()]
        variants = [action._replace(loose=sorted_cards(c)) for c in choices]
        variants.sort(key=lambda v: -sum(self.rules.card_points(c) for c in v.loose))
        return variants

    # ----- playing ----------------------------------------------------------------------

    def check(self, action: SeepAction, seat: int | None = None) -> None:
        """Raise a player-facing error when `action` is not legal now."""
        check_turn(self.phase is Phase.DONE, seat, self.turn)
        hand = self.hands[self.turn]
        if self.phase is Phase.BID:
            if action.kind is not Kind.BID:
                raise IllegalMove(say("First bid for a house: choose a value from 9 to 13."))
            if not 9 <= action.value <= 13:
                raise IllegalMove(say("A bid is a house value from 9 to 13."))
            if all(card.rank != action.value for card in hand):
                raise IllegalMove(
                    say("You can only bid {value} if you hold a card of it.", value=action.value)
                )
            return
        if action.kind is Kind.BID:
            raise IllegalMove(say("The bid has already been made."))
        card = action.card
        require_cards(hand, card, self.loose, action.loose)
        assert card is not None
        if action.broken is not None and action.broken not in self.houses:
            raise IllegalMove(say("There is no {house} to break.", house=house_name(action.broken)))
        signature = (action.kind, action.value, card_vector(action.loose), action.broken)
        legal = set(self._signatures(card.rank))
        allowed = signature in legal and (
            self.rawalpindi_allows(card, action.kind, action.value, action.broken)
            or not self._actions_for(hand, restricted=True)
        )
        if not allowed:
            raise IllegalMove(self._explain(action, legal))

    def _explain(self, action: SeepAction, legal: set[Signature]) -> str:
        """Why a move is illegal, in a player's words."""
        from engine.seep.explain import explain_illegal

        return explain_illegal(self, action, legal)

    def describe(self, action: SeepAction) -> str:
        """The play in words, as it would be played from this position."""
        house = self.houses.get(action.value)
        sweep = (
            action.kind is Kind.CAPTURE
            and len(self.loose) == len(action.loose)
            and len(self.houses) == (1 if house else 0)
        )
        return describe_action(action, house, sweep)

    def apply(self, action: SeepAction, seat: int | None = None) -> PlayRecord:
        legal = self._legal
        if legal is None or action not in legal:  # (a move equal to a listed one is legal)
            self.check(action, seat)
        elif seat is not None and seat != self.turn:
            raise NotYourTurn(say("It is not your turn."))
        actor = self.turn
        kind = action.kind
        houses = self.houses
        house_before = houses.get(action.value) if houses else None
        if kind is BID:
            self.bid = action.value
            self.phase = Phase.PLAY
            record = PlayRecord(actor, action, -1)
            self.history.append(record)
            self.changed()
            return record
        card = action.card
        assert card is not None
        self.hands[actor].remove(card)
        loose = self.loose
        for used in action.loose:
            loose.remove(used)
        taken: tuple[Card, ...] = ()
        sweep: int | None = None
        side = actor % 2  # (side_of)
        first_play = self.play_number == 0
        if kind is CAPTURE:
            house = houses.pop(action.value, None) if houses else None
            taken = (card, *action.loose, *(house.cards if house else ()))
            self.captured[side].extend(taken)
            self.last_capture_side = side
            if not loose and not houses:
                last_play = not self.stock and not any(self.hands)
                sweep = self.rules.sweep_points(card, first_play=first_play, last_play=last_play)
                self.sweeps[side].append(sweep)
        elif kind is THROW:
            loose.append(card)
        else:
            self._build(actor, card, action)
        record = new_action(
            PlayRecord, (actor, action, self.play_number, house_before, taken, sweep)
        )
        self.history.append(record)
        self.play_number += 1
        if first_play:
            self._complete_deal()
        following = (actor + 1) % 4
        if self.hands[following] and self.rules.players == 4:
            self.turn = following  # (what `_advance` finds first)
        else:
            self._advance()
        self._legal = self._context_cache = None  # (changed)
        return record

    def _build(self, seat: int, card: Card, action: SeepAction) -> None:
        pile = [card, *action.loose]
        if action.broken is not None:
            pile.extend(self.houses.pop(action.broken).cards)
        existing = self.houses.get(action.value)
        if existing is None:
            owners: tuple[int, ...] = (seat,)
            cards = tuple(pile)
        else:
            cards = (*existing.cards, *pile)
            owners = existing.owners
            if seat not in owners and self.partner_of(seat) not in owners:
                owners = (*owners, seat)
        self.houses[action.value] = House(action.value, cards, owners)
        self.built_by[seat].add(action.value)
        self.values_built.add(action.value)

    def _complete_deal(self) -> None:
        """After the bidder's first play: 8 more cards to the bidder, 12 to everyone else."""
        bidder = self.bidder
        order = [(bidder + step) % 4 for step in range(4)]
        hands, stock = self.hands, self.stock
        for round_number in range(3):
            for seat in order:
                if seat == bidder and round_number == 2:
                    continue
                hands[seat].extend(stock[:4])
                del stock[:4]
        for hand in self.hands:
            hand.sort()  # (value_order: cards are (rank, suit) pairs)

    def _advance(self) -> None:
        if not any(self.hands) and not self.stock:
            self._finish()
            return
        if self.rules.players == 2:  # (two_player)
            other = 1 - self.player_of(self.turn)
            self.turn = self.active_seat(other)
            return
        seat = self.turn
        for _ in range(4):
            seat = (seat + 1) % 4
            if self.hands[seat]:
                break
        self.turn = seat

    def _finish(self) -> None:
        if self.loose:
            side = self.last_capture_side
            if side is None:
                side = self.side_of(self.turn)
            self.captured[side].extend(self.loose)
            self.loose.clear()
        self.phase = Phase.DONE
        self.score = score_deal(self.rules, self.captured, self.sweeps)

    def changed(self) -> None:
        """Forget cached moves (after a play, or a position edited by hand)."""
        self._legal = None
        self._context_cache = None

    # ----- facts for views --------------------------------------------------------------

    @property
    def last_play(self) -> PlayRecord | None:
        return self.history[-1] if self.history else None

    def pile_cards(self) -> list[Card]:
        return [card for house in self.houses.values() for card in house.cards]

    def copy_more(self, new: SeepDeal) -> None:
        new.houses = dict(self.houses)
        new.sweeps = [list(s) for s in self.sweeps]
        new.built_by = [set(b) for b in self.built_by]
        new.values_built = set(self.values_built)
        new.redeals = list(self.redeals)

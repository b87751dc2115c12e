"""One hand of Sheepshead: picking, burying, calling a partner, eleven-card tricks of trump and
fail, and the count: picker's side against the defenders, or a leaster when everyone passed."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, repeat
from operator import itemgetter
from typing import NamedTuple

from engine.cards import Card, Suit, card_of
from engine.core import IllegalMove, NotYourTurn
from engine.phrases import Phrase, later, later_card, later_count, marked, named, say
from engine.sheepshead.actions import (  # the members as globals: see actions.py
    ALONE,
    ALONE_KIND,
    BURY_KIND,
    CALL_KIND,
    PASS,
    PICK,
    PICK_KIND,
    PLAY_OF,
    UNKNOWN_KIND,
    SheepsheadAction,
    new_action,
    play,
    plays,
)
from engine.sheepshead.phases import (
    BURY_PHASE,
    CALL_PHASE,
    FAIL_ACES,
    OVER_PHASE,
    PICK_PHASE,
    PLAY_PHASE,
    Phase,
    hold_suit,
)
from engine.sheepshead.rules import (
    CARD_POINTS,
    FAIL_SUITS,
    FOLLOWS,
    JACK_OF_DIAMONDS,
    PACKETS,
    SUIT_OF,
    TOTAL_POINTS,
    TRICK_PLACE,
    SheepsheadRules,
    by_strength,
    points,
    power,
    strength_order,
    suit_of,
)
from engine.shuffles import Shuffler, shuffle
from engine.tricks import TrickHand, TrickRecord, new_record, trick_winner

# the messages of a card played
LED = marked("{name} led {card}")
LED_PARTNER = marked("{name} led {card}: the partner")
PLAYED = marked("{name} played {card}")
PLAYED_PARTNER = marked("{name} played {card}: the partner")
# the words of a move that names no card, made once (a phrase never changes)
PICKED = later("{name} picked up the blind")
PASSED = later("{name} passed")
LAST_PASS_LEASTER = later("{name} passed: nobody picked, so this hand is a leaster")
LAST_PASS_REDEAL = later("{name} passed: nobody picked, so the cards are dealt again")
WENT_ALONE = later("{name} went alone")
# the words of a bury by its size, and of a call by the card called and whether a card was
# laid face down, made once each (a phrase never changes)
_BURIED: dict[int, Phrase] = {}
_CALLED_WORDS: dict[tuple[Card, bool], Phrase] = {}
# each message's words by card (`later_card`'s phrases, found by the card alone)
_PLAY_WORDS: dict[str, dict[Card, Phrase]] = {
    message: {} for message in (LED, LED_PARTNER, PLAYED, PLAYED_PARTNER)
}


class HandScore(NamedTuple):
    """A finished hand's count: sides, card points, tricks and each player's units. (A named
    tuple, not a dataclass: no code is generated for it when a process first plays.)"""

    leaster: bool
    redeal: bool
    picker: int | None
    partner: int | None  # None: alone (or nobody picked)
    sides: tuple[tuple[int, ...], ...]  # picker's side first; a leaster: each alone
    points: tuple[int, ...]  # card points per side (the bury counted where it belongs)
    tricks: tuple[int, ...]
    picker_won: bool
    multiplier: int  # 1, 2 schneider, 3 schwarz (before doubling on the bump)
    units: tuple[int, ...]  # per player, summing to zero
    buried: tuple[Card, ...]
    why: Phrase  # the result in words, without names
    winner: int | None = None  # a leaster's winner


@cache
def _deal_plan(players: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Where in the shuffled deck the blind's cards lie and each seat's from the dealer's
    left, dealt in the packets of RULES.md (`PACKETS`)."""
    blind: list[int] = []
    seats: list[list[int]] = [[] for _ in range(players)]
    top = 0
    for where, count in PACKETS[players]:
        for seat in [blind] if where == "blind" else seats:
            seat.extend(range(top, top + count))
            top += count
    return tuple(blind), tuple(tuple(seat) for seat in seats)


_CARD_PLAYED = itemgetter(1)  # a play's card: `map(_CARD_PLAYED, trick)` is the trick's cards
_CALLED = {rank: tuple(card_of(rank, suit) for suit in FAIL_SUITS) for rank in (1, 10)}


def call_options(hand: Sequence[Card], buried: Sequence[Card]) -> list[SheepsheadAction]:
    """The calls a picker holding `hand` after burying `buried` may make (going alone aside):
    an ace, or a ten when all three fail aces are theirs, that is neither in the hand nor
    buried, of a suit the hand holds a card of; where no suit can be called that way, such a
    card of a suit the hand lacks, with any card of the hand laid face down as the unknown."""
    mine = {*hand, *buried}
    rank = 10 if all(ace in mine for ace in FAIL_ACES) else 1  # (`call_rank`)
    held = set(map(SUIT_OF.__getitem__, hand))
    free = [card for card in _CALLED[rank] if card not in mine]
    holding = [new_action((CALL_KIND, (card,))) for card in free if card.suit in held]
    if holding:
        return holding
    order = by_strength(hand)
    return [
        new_action((CALL_KIND, (card, unknown)))
        for card in free
        if card.suit not in held
        for unknown in order
    ]


def hold_card(hand: Sequence[Card], called: Card) -> Card | None:
    """The card the picker may not throw off before the called suit is led: with a ten
    called, that suit's ace where held; otherwise their last card of the called suit (None:
    two or more are left, one may go)."""
    ace = card_of(1, called.suit)
    if called.rank == 10 and ace in hand:
        return ace
    holds = [c for c in hand if suit_of(c) == called.suit]
    return holds[0] if len(holds) == 1 else None


class SheepsheadHand(TrickHand[SheepsheadAction]):
    """One Sheepshead hand: the deal, the pick, the bury, the call and the tricks.

    A plain class, not a dataclass (see `SheepsheadRules`): a hand is made as it is dealt
    (`deal`), or at any point of its play with the rest of its state named (a position, a
    computer player's copy)."""

    rules: SheepsheadRules
    dealer: int
    hands: list[list[Card]]
    blind: list[Card]
    turn: int
    leader: int
    phase: Phase
    passes: int
    picker: int | None
    buried: list[Card]
    called: Card | None
    alone: bool  # announced (called ace) or the picker holds J♦ (not announced)
    unknown: Card | None  # the picker's face-down card, set aside until played
    unknown_played: bool
    partner_seen: bool  # the partner's card has been played
    partner_seat: int | None  # who holds the partner's card (the table may not know)
    leaster: bool
    redeal: bool
    trick: list[tuple[int, Card]]
    face_down: int | None  # the index in `trick` of the unknown card
    last_trick: list[tuple[int, Card]]
    last_face_down: int | None
    taken: list[list[Card]]
    tricks: list[int]
    led_suits: list[Suit | None]  # per finished trick
    last_winner: int | None
    records: list[TrickRecord[SheepsheadAction]]
    _legal: list[SheepsheadAction] | None
    # each seat's hand by strength (None: not sorted yet), kept as its cards are played
    _ordered: list[list[Card] | None] | None

    def __init__(  # every field by name, as a dataclass's would be
        self,
        rules: SheepsheadRules,
        dealer: int,
        hands: list[list[Card]],
        blind: list[Card],
        turn: int,
        leader: int,
        phase: Phase = PICK_PHASE,
        passes: int = 0,
        picker: int | None = None,
        buried: list[Card] | None = None,
        called: Card | None = None,
        alone: bool = False,
        unknown: Card | None = None,
        unknown_played: bool = False,
        partner_seen: bool = False,
        partner_seat: int | None = None,
        leaster: bool = False,
        redeal: bool = False,
        trick: list[tuple[int, Card]] | None = None,
        face_down: int | None = None,
        last_trick: list[tuple[int, Card]] | None = None,
        last_face_down: int | None = None,
        taken: list[list[Card]] | None = None,
        tricks: list[int] | None = None,
        led_suits: list[Suit | None] | None = None,
        last_winner: int | None = None,
        records: list[TrickRecord[SheepsheadAction]] | None = None,
    ) -> None:
        self.rules, self.dealer, self.hands, self.blind = rules, dealer, hands, blind
        self.turn, self.leader, self.phase, self.passes = turn, leader, phase, passes
        self.picker, self.buried = picker, [] if buried is None else buried
        self.called, self.alone, self.unknown = called, alone, unknown
        self.unknown_played, self.partner_seen = unknown_played, partner_seen
        self.partner_seat, self.leaster, self.redeal = partner_seat, leaster, redeal
        self.trick = [] if trick is None else trick
        self.face_down = face_down
        self.last_trick = [] if last_trick is None else last_trick
        self.last_face_down = last_face_down
        self.taken = [] if taken is None else taken
        self.tricks = [] if tricks is None else tricks
        self.led_suits = [] if led_suits is None else led_suits
        self.last_winner = last_winner
        self.records = [] if records is None else records
        self._legal = self._ordered = None
        self.__post_init__()  # (`TrickHand`'s: each seat's taken cards and trick count)

    def __repr__(self) -> str:
        state = (f"{name}={value!r}" for name, value in vars(self).items() if name[0] != "_")
        return f"{type(self).__name__}({', '.join(state)})"

    @classmethod
    def deal(cls, rules: SheepsheadRules, dealer: int, rng: Shuffler) -> SheepsheadHand:
        """The packets of RULES.md from the seat after the dealer; that seat decides first and
        leads the first trick."""
        deck = rules.deck()
        shuffle(rng, deck)
        players = rules.players
        # (a dealer who sits out is dealt nothing: the packets go to the five after them,
        # which `(dealer + step) % players` for steps 1 to 5 of six seats are)
        blind_at, seats_at = _deal_plan(rules.in_hand)
        take = deck.__getitem__
        hands: list[list[Card]] = [[] for _ in range(players)]
        for step, places in enumerate(seats_at, 1):
            hands[(dealer + step) % players] = list(map(take, places))
        first = (dealer + 1) % players
        return cls(rules, dealer, hands, list(map(take, blind_at)), turn=first, leader=first)

    # ----- facts ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is OVER_PHASE

    @property
    def first_seat(self) -> int:
        return (self.dealer + 1) % self.players

    def next_seat(self, seat: int) -> int:
        """The seat after `seat` in play: the dealer's is passed over where they sit out."""
        players = self.rules.players
        after = (seat + 1) % players
        if after == self.dealer and self.rules.dealer_out:
            return (after + 1) % players
        return after

    def in_play(self) -> tuple[int, ...]:
        """The seats playing this hand, from the first to decide (all but a dealer who sits
        out)."""
        players, first = self.rules.players, self.first_seat
        seats = ((first + i) % players for i in range(players))
        if self.rules.dealer_out:
            return tuple(seat for seat in seats if seat != self.dealer)
        return tuple(seats)

    @property
    def partner(self) -> int | None:
        """The picker's partner as the cards lie (the engine knows; the table may not)."""
        return None if self.picker is None or self.alone else self.partner_seat

    @property
    def partner_card(self) -> Card | None:
        if self.rules.jack_partner and self.picker is not None:
            return JACK_OF_DIAMONDS
        return self.called

    def holder_of_partner_card(self) -> int | None:
        """Who was dealt the partner's card, other than the picker (None: nobody holds it)."""
        card = self.partner_card
        if card is None:
            return None
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return None if seat == self.picker else seat
        return None

    def side_of(self, player: int) -> int:
        """0 for the picker's side, 1 for the defenders; a leaster (or before a pick): each
        player their own."""
        if self.picker is None:
            return player
        return 0 if player in (self.picker, self.partner) else 1

    def sides(self) -> tuple[tuple[int, ...], ...]:
        picker = self.picker
        seats = sorted(self.in_play()) if self.rules.dealer_out else range(self.players)
        if picker is None:
            return tuple([(p,) for p in seats])
        partner = self.partner
        picking = (picker,) if partner is None else (picker, partner)
        return picking, tuple([p for p in seats if p not in picking])

    def led_suit(self) -> Suit | None:
        """The suit to follow (None: trump). A face-down unknown card leads the called suit."""
        if self.face_down == 0:
            return hold_suit(self.called)
        return suit_of(self.trick[0][1])

    def winning(self) -> int | None:
        """Who takes the trick as it stands: the highest trump, else the highest card of the
        led suit; the face-down unknown card never wins."""
        face_down = self.face_down
        plays = self.trick if face_down is None else [
            pc for i, pc in enumerate(self.trick) if i != face_down
        ]  # fmt: skip
        if not plays:
            return None
        if face_down == 0:  # (`led_suit`)
            led = hold_suit(self.called)
            if not any(SUIT_OF[c] == led for _, c in plays):
                led = suit_of(plays[0][1])  # a face-down lead nobody followed: the first leads
        else:
            led = SUIT_OF[plays[0][1]]
        try:  # the first of the highest places holds the trick
            places = list(map(TRICK_PLACE[led].__getitem__, map(_CARD_PLAYED, plays)))
        except KeyError:  # a card from outside the pack
            return self._winning_slowly(plays, led)
        return plays[places.index(max(places))][0]

    @staticmethod
    def _winning_slowly(plays: list[tuple[int, Card]], led: Suit | None) -> int:
        def place(card: Card) -> tuple[int, int]:
            suit = suit_of(card)
            if suit is None:
                return (2, power(card))
            return (1, power(card)) if suit == led else (0, 0)

        return trick_winner(plays, lambda card, holding: place(card) > place(holding))

    def trick_points(self) -> int:
        return sum(points(c) for _, c in self.trick)

    def cards_left(self, seat: int) -> int:
        pending = seat == self.picker and self.unknown is not None and not self.unknown_played
        return len(self.hands[seat]) + pending

    # ----- moves ------------------------------------------------------------------------

    def _compute_legal(self) -> list[SheepsheadAction]:
        if self.phase is PLAY_PHASE:
            return self.play_choices(self.turn)
        if self.phase is PICK_PHASE:
            return [PICK, PASS]
        if self.phase is BURY_PHASE:
            cards = by_strength(self.hands[self.turn])
            combos = combinations(cards, self.rules.blind_size)
            return list(map(new_action, zip(repeat(BURY_KIND), combos)))
        if self.phase is CALL_PHASE:
            return [*self.call_choices(), ALONE]
        return []

    def call_choices(self) -> list[SheepsheadAction]:
        """The cards the picker may call (see `call_options`)."""
        assert self.picker is not None
        return call_options(self.hands[self.picker], self.buried)

    def called_suit_led(self) -> bool:
        """Whether a finished trick was led in the called suit (the partner's duties and the
        picker's hold card last until then)."""
        suit = hold_suit(self.called)
        return suit is not None and suit in self.led_suits

    def duties(self) -> bool:
        """Whether the partner's duties and the picker's hold card still bind: a card was
        called and its suit not yet led."""
        called = self.called
        return called is not None and called.suit not in self.led_suits

    def in_order(self, seat: int) -> list[Card]:
        """The seat's hand by strength (`by_strength`), sorted once and kept as it is played
        (the list is the hand's own: do not change it)."""
        ordered = self._ordered
        if ordered is None:
            ordered = self._ordered = [None] * self.rules.players
        cards = ordered[seat]
        if cards is None:
            cards = ordered[seat] = by_strength(self.hands[seat])
        return cards

    def play_choices(self, seat: int) -> list[SheepsheadAction]:
        ordered = self._ordered
        hand = ordered[seat] if ordered is not None else None
        if hand is None:
            hand = self.in_order(seat)
        unknown = self.unknown  # (the picker's, until played)
        if unknown is not None and (seat != self.picker or self.unknown_played):
            unknown = None
        if not hand:
            return [SheepsheadAction(UNKNOWN_KIND, (unknown,))] if unknown is not None else []
        called = self.called
        # the partner's duties and the picker's hold card last until the called suit is led
        # (`duties`: asked only where the called card is held, or of the picker)
        trick = self.trick
        if not trick:
            if called in hand and self.duties():  # the partner leads the called suit only with it
                assert called is not None
                suit = called.suit
                return plays(c for c in hand if SUIT_OF[c] != suit or c == called)
            return list(map(PLAY_OF, hand))
        if self.face_down == 0:  # (`led_suit`)
            led = None if called is None else called.suit
        else:
            led = SUIT_OF[trick[0][1]]
        if unknown is not None and led == (None if called is None else called.suit):
            return [SheepsheadAction(UNKNOWN_KIND, (unknown,))]
        follows = FOLLOWS[led]
        follow = list(map(PLAY_OF, filter(follows, hand)))
        if follow:
            if follows(called) and called in hand and self.duties():
                assert called is not None
                return [play(called)]  # the called card goes the first time its suit is led
            return follow
        cards = hand
        if self.duties():
            assert called is not None
            if called in cards and len(cards) > 1:
                cards = [c for c in cards if c != called]  # not thrown off before its suit
            if seat == self.picker and self.unknown is None and len(cards) > 1:
                keep = hold_card(cards, called)
                cards = [c for c in cards if c != keep]  # the hold card stays
        return list(map(PLAY_OF, cards))

    def check(self, action: SheepsheadAction, player: int | None = None) -> SheepsheadAction:
        """The legal action meant by `action` (a bare `unknown` names the face-down card)."""
        if self.phase is OVER_PHASE:
            raise IllegalMove(say("This hand is over."))
        if player is not None and player != self.turn:
            raise NotYourTurn(say("It is not your turn."))
        if action in self.legal_actions():
            return action
        if action.kind is UNKNOWN_KIND and not action.cards and self.unknown is not None:
            action = SheepsheadAction(UNKNOWN_KIND, (self.unknown,))
        if action.kind is BURY_KIND and all(c in self.hands[self.turn] for c in action.cards):
            action = SheepsheadAction(BURY_KIND, tuple(sorted(action.cards, key=strength_order)))
        if action in self.legal_actions():
            return action
        raise IllegalMove(self.explain(action))

    def explain(self, action: SheepsheadAction) -> str:
        """Why `action` is not allowed now, in a player's words."""
        from engine.sheepshead.explain import explain

        return explain(self, action)

    def apply(
        self, action: SheepsheadAction, player: int | None = None
    ) -> TrickRecord[SheepsheadAction]:
        legal = self._legal
        if legal is None or action not in legal or (player is not None and player != self.turn):
            action = self.check(action, player)  # (a move just listed needs no other check)
        mover = self.turn
        self._legal = None
        phase = self.phase
        if phase is PLAY_PHASE:
            return self._play(mover, action)
        self._ordered = None  # the hands change: picked up, buried or laid face down
        if phase is PICK_PHASE:
            return self._record(mover, action, self._pick_or_pass(mover, action))
        if phase is BURY_PHASE:
            for card in action.cards:
                self.hands[mover].remove(card)
            self.buried = list(action.cards)
            if self.rules.called_ace:
                self.phase = CALL_PHASE
            else:
                self.partner_seat = self.holder_of_partner_card()
                self.alone = self.partner_seat is None
                self._start_play()
            count = len(action.cards)
            text = _BURIED.get(count)
            if text is None:
                text = _BURIED[count] = later_count(
                    "{name} buried {count} card", "{name} buried {count} cards", count
                )
            return self._record(mover, action, text)
        return self._record(mover, action, self._call(action))  # the call phase

    def _record(
        self, mover: int, action: SheepsheadAction, text: Phrase, took: int | None = None
    ) -> TrickRecord[SheepsheadAction]:
        record: TrickRecord[SheepsheadAction] = new_record((mover, action, text, took))
        self.records.append(record)
        return record

    def _pick_or_pass(self, mover: int, action: SheepsheadAction) -> Phrase:
        if action.kind is PICK_KIND:
            self.picker = mover
            self.hands[mover].extend(self.blind)
            self.blind = []
            self.phase = BURY_PHASE
            return PICKED
        self.passes += 1
        if self.passes < self.rules.in_hand:
            self.turn = self.next_seat(mover)
            return PASSED
        if self.rules.leasters:
            self.leaster = True
            self._start_play()
            return LAST_PASS_LEASTER
        self.redeal = True
        self.phase = OVER_PHASE
        return LAST_PASS_REDEAL

    def _call(self, action: SheepsheadAction) -> Phrase:
        self._start_play()
        if action.kind is ALONE_KIND:
            self.alone = True
            return WENT_ALONE
        called = action.called
        assert self.picker is not None and called is not None
        self.called = called
        self.partner_seat = self.holder_of_partner_card()
        unknown = action.unknown
        if unknown is not None:
            self.hands[self.picker].remove(unknown)
            self.unknown = unknown
        key = (called, unknown is not None)
        text = _CALLED_WORDS.get(key)
        if text is None:
            if unknown is not None:
                text = later(
                    "{name} called {card} and laid one card face down (the unknown)",
                    card=named(called),
                )
            else:
                text = later("{name} called {card}", card=named(called))
            _CALLED_WORDS[key] = text
        return text

    def _start_play(self) -> None:
        self.phase = PLAY_PHASE
        self.turn = self.leader = self.first_seat

    def _play(self, mover: int, action: SheepsheadAction) -> TrickRecord[SheepsheadAction]:
        kind, cards = action
        card = cards[0]
        trick = self.trick
        text: Phrase
        if kind is UNKNOWN_KIND:
            self.unknown_played = True
            self.face_down = len(trick)
            text = later("{name} played the unknown card face down")
        else:
            self.hands[mover].remove(card)
            ordered = self._ordered
            if ordered is not None and (held := ordered[mover]) is not None:
                held.remove(card)
            message = PLAYED if trick else LED
            if (card == self.called or card == JACK_OF_DIAMONDS) and card == self.partner_card:
                self.partner_seen = True
                if self.picker is not None and mover != self.picker:
                    message = PLAYED_PARTNER if trick else LED_PARTNER
            words = _PLAY_WORDS[message]
            text = words.get(card) or words.setdefault(card, later_card(message, card))
        trick.append((mover, card))
        rules = self.rules
        if len(trick) < rules.in_hand:
            self.turn = self.next_seat(mover) if rules.dealer_out else (mover + 1) % rules.players
            record: TrickRecord[SheepsheadAction] = new_record((mover, action, text, None))
            self.records.append(record)
            return record
        winner = self.winning()
        assert winner is not None
        record = self._record(mover, action, text, winner)
        self._finish_trick(winner)
        return record

    def _finish_trick(self, winner: int) -> None:
        self.led_suits.append(
            hold_suit(self.called) if self.face_down == 0 else SUIT_OF[self.trick[0][1]]
        )  # (`led_suit`)
        self.last_face_down, self.face_down = self.face_down, None
        self.take_trick(winner, map(_CARD_PLAYED, self.trick))
        if any(self.hands) or (self.unknown is not None and not self.unknown_played):
            return
        self.last_winner = winner
        if self.leaster:
            self.taken[winner].extend(self.blind)  # the blind goes with the last trick
            self.blind = []
        self.phase = OVER_PHASE

    # ----- the count --------------------------------------------------------------------

    def score(self) -> HandScore:
        players = self.players
        if self.redeal:
            zero = tuple([0] * players)
            return HandScore(
                False,
                True,
                None,
                None,
                (),
                (),
                (),
                False,
                0,
                zero,
                (),
                later("nobody picked: redeal"),
            )
        if self.leaster:
            return self._leaster_score()
        assert self.picker is not None
        picking, defending = self.sides()
        taken, count = self.taken, self.tricks.__getitem__
        tricks = (sum(map(count, picking)), sum(map(count, defending)))
        worth = CARD_POINTS.__getitem__
        own = sum([sum(map(worth, taken[p])) for p in picking])
        bury = sum(map(worth, self.buried))
        own += bury if tricks[0] else 0
        other = TOTAL_POINTS - own
        won = own >= 61
        loser_tricks, loser_points = (tricks[1], other) if won else (tricks[0], own)
        if loser_tricks == 0:
            multiplier, why = 3, later("schwarz: the losers took no trick")
        elif (won and other < 30) or (not won and own < 31):
            multiplier, why = (
                2,
                later("schneider: the losers took only {points}", points=loser_points),
            )
        else:
            multiplier, why = 1, later("{won} to {lost}", won=own, lost=other)
        figure = multiplier * (1 if won else -1)
        if not won and self.rules.double_on_bump:
            figure *= 2
            why = later("{why}, doubled on the bump", why=why)
        units = [0] * players
        for player in defending:
            units[player] = -figure
        partner = picking[1] if len(picking) > 1 else None
        if partner is not None and tricks[0]:
            units[partner] = figure
        units[self.picker] = -sum(units)
        return HandScore(
            False, False, self.picker, partner, (picking, defending), (own, other), tricks, won,
            multiplier, tuple(units), tuple(self.buried), why,
        )  # fmt: skip

    def _leaster_score(self) -> HandScore:
        players = self.players
        totals = [sum(map(CARD_POINTS.__getitem__, cards)) for cards in self.taken]
        order = list(self.in_play())
        takers = [p for p in order if self.tricks[p]]
        winner = min(takers, key=lambda p: (totals[p], order.index(p)))
        units = [0] * players  # (a dealer sitting out neither pays nor receives)
        for player in order:
            units[player] = -1
        units[winner] = len(order) - 1
        return HandScore(
            True, False, None, None, tuple((p,) for p in sorted(order)),
            tuple(totals[p] for p in sorted(order)),
            tuple(self.tricks), False, 1, tuple(units), (),
            later("leaster: the fewest points with a trick, {points}", points=totals[winner]),
            winner,
        )  # fmt: skip

    # ----- copies for computer players --------------------------------------------------

    def changed(self) -> None:
        """Hands were rearranged (a computer player's imagined world)."""
        self._legal = self._ordered = None
        if self.picker is None or self.partner_seen or self.phase is not PLAY_PHASE:
            return
        if self.rules.jack_partner:
            self.partner_seat = self.holder_of_partner_card()
            self.alone = self.partner_seat is None  # unannounced: J♦ is the picker's or buried
        elif self.called is not None:
            self.partner_seat = self.holder_of_partner_card()

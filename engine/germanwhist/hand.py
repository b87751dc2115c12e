"""One hand of German Whist: thirteen cards each, a stock with its top card face up (its suit
is trumps), thirteen tricks that win cards from the stock, then thirteen that count."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.cards import Card, Suit, hand_order
from engine.core import IllegalMove, NotYourTurn
from engine.germanwhist.actions import WhistPlay
from engine.germanwhist.rules import HAND_SIZE, WhistRules, strength
from engine.shuffles import Shuffler
from engine.tricks import TrickHand, TrickRecord, following, trick_winner
from engine.words import Phrase, later, later_card, marked, say

LED = marked("{name} led {card}")
PLAYED = marked("{name} played {card}")

WINS_FOR_A_POINT = 7  # tricks of the second half that win the hand; each one more is a point


class Phase(Enum):
    DRAW = "draw"  # the stock lasts: tricks win its cards
    PLAY = "play"  # the stock is gone: tricks count
    OVER = "over"


@dataclass(frozen=True, slots=True)
class HandScore:
    """A finished hand: each player's counted tricks, the winner and the points they score."""

    tricks: tuple[int, ...]  # the tricks of the second half, per player
    winner: int
    points: int  # the winner's counted tricks over six


@dataclass
class WhistHand(TrickHand[WhistPlay]):
    rules: WhistRules
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]  # face down, top first (the face-up card is `upcard`)
    upcard: Card | None  # the stock's top card, face up; None once the stock is gone
    trump: Suit
    leader: int
    turn: int
    phase: Phase = Phase.DRAW
    trick: list[tuple[int, Card]] = field(default_factory=list)
    taken: list[list[Card]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)  # every trick, per player
    counted: list[int] = field(default_factory=lambda: [0, 0])  # second-half tricks
    shown: list[list[Card]] = field(default_factory=lambda: [[], []])  # face-up cards won, held
    records: list[TrickRecord[WhistPlay]] = field(default_factory=list)
    last_trick: list[tuple[int, Card]] = field(default_factory=list)
    last_taker: int | None = None
    _legal: list[WhistPlay] | None = field(default=None, repr=False)

    @classmethod
    def deal(cls, rules: WhistRules, dealer: int, rng: Shuffler) -> WhistHand:
        """Thirteen cards each; the next card is turned up on the stock and names trumps. The
        player who did not deal leads."""
        deck = rules.deck()
        rng.shuffle(deck)
        first = 1 - dealer
        hands = [[], []]  # type: list[list[Card]]
        hands[first], hands[dealer] = deck[:HAND_SIZE], deck[HAND_SIZE : 2 * HAND_SIZE]
        upcard = deck[2 * HAND_SIZE]
        stock = deck[2 * HAND_SIZE + 1 :]
        return cls(rules, dealer, hands, stock, upcard, upcard.suit, first, first)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def side_of(self, player: int) -> int:
        return player

    def beats(self, card: Card, holder: Card) -> bool:
        if card.suit is holder.suit:
            return strength(card) > strength(holder)
        return card.suit is self.trump

    def winning(self) -> int | None:
        return trick_winner(self.trick, self.beats) if self.trick else None

    def _compute_legal(self) -> list[WhistPlay]:
        if self.phase is Phase.OVER:
            return []
        hand = sorted(self.hands[self.turn], key=hand_order)
        if self.trick:
            led = self.trick[0][1].suit
            hand = following(hand, led, lambda c: c.suit) or hand
        return [WhistPlay(card) for card in hand]

    def check(self, action: WhistPlay, player: int | None) -> None:
        if self.phase is Phase.OVER:
            raise IllegalMove(say("This hand is over."))
        if player is not None and player != self.turn:
            raise NotYourTurn(say("It is not your turn."))
        if action.card not in self.hands[self.turn]:
            raise IllegalMove(say("You do not hold {card}.", card=action.card.shown()))
        led = self.trick[0][1]
        raise IllegalMove(say("Follow suit: you hold a card of {suit}.", suit=led.suit.symbol))

    def apply(self, action: WhistPlay, player: int | None = None) -> TrickRecord[WhistPlay]:
        if action not in self.legal_actions() or (player is not None and player != self.turn):
            self.check(action, player)
        mover, card = self.turn, action.card
        self._legal = None
        self.hands[mover].remove(card)
        if card in self.shown[mover]:
            self.shown[mover].remove(card)
        self.trick.append((mover, card))
        if len(self.trick) == 1:
            self.turn = 1 - mover
            record = TrickRecord(mover, action, later_card(LED, card))
        else:
            winner = self.winning()
            assert winner is not None
            self.last_taker = winner
            self.take_trick(winner, [c for _, c in self.trick])
            # (the table adds who took the trick: `engine.pictures.trick_play_words`)
            record = TrickRecord(mover, action, later_card(PLAYED, card), winner)
            self._after_trick(winner)
        self.records.append(record)
        return record

    def _after_trick(self, winner: int) -> None:
        if self.phase is Phase.DRAW:
            assert self.upcard is not None
            self.hands[winner].append(self.upcard)  # seen by both
            self.shown[winner].append(self.upcard)
            self.hands[1 - winner].append(self.stock.pop(0))  # seen by its taker only
            self.upcard = self.stock.pop(0) if self.stock else None
            if self.upcard is None:
                self.phase = Phase.PLAY
            return
        self.counted[winner] += 1
        if not any(self.hands):
            self.phase = Phase.OVER

    def score(self) -> HandScore:
        winner = 0 if self.counted[0] >= WINS_FOR_A_POINT else 1
        return HandScore(tuple(self.counted), winner, self.counted[winner] - 6)

    def changed(self) -> None:
        """Hands or the stock were rearranged (a computer player's imagined world)."""
        self._legal = None


def why(score: HandScore) -> Phrase:
    return later("{won} tricks to {lost}", won=max(score.tricks), lost=min(score.tricks))

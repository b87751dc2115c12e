"""One hand of Sedma or Hola: the deal and the stock, tricks (continued in Sedma, fought over
in Hola), drawing winner first, and the count at the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import partial

from engine.cards import FULL_DECK, Card, Pack
from engine.core import IllegalMove, NotYourTurn
from engine.sedma.actions import (  # the members as globals: see the note in actions.py
    AGAIN_KIND,
    FIGHT_KIND,
    PLAY_KIND,
    STOP,
    STOP_KIND,
    SedmaAction,
    again_of,
    fight_of,
    play_of,
)
from engine.sedma.rules import (
    HAND_SIZE,
    KING_OF_HEARTS,
    MAX_ROUNDS,
    POINTS,
    SedmaRules,
    card_points,
)
from engine.shuffles import Shuffler
from engine.tricks import TrickHand, TrickRecord
from engine.words import Phrase, later, later_card, marked, rank_said, say

# the messages of a card played
LED = marked("{name} led {card}")
TOOK_LEAD = marked("{name} played {card} and took the lead")
TOOK_LEAD_WILD = marked("{name} played {card} (wild) and took the lead")
PLAYED = marked("{name} played {card}")
FOUGHT = marked("{name} fought on: led {card} over the trick")
WENT_AGAIN = marked("{name} went again with {card}")


STOPPED = later("{name} stopped")  # (a phrase never changes: one is shared)


class Phase(Enum):
    PLAY = "play"  # the player to move plays a card to the trick
    DECIDE = "decide"  # the leader may go again (Sedma) or fight (Hola), or stop
    OVER = "over"


# The members as globals: in Python 3.11 reading a member from its Enum class goes through
# the enum type's attribute hook, many times slower than a global, and moves read them
# on every play.
PLAY_PHASE, DECIDE_PHASE, OVER_PHASE = Phase


# A play's record, `TrickRecord(player, action, words, took)` made by the tuple's own constructor
# (a NamedTuple's is a Python call): `_record((player, action, words, took))`.
_record: Callable[[tuple[int, SedmaAction, Phrase, int | None]], TrickRecord[SedmaAction]] = (
    partial(tuple.__new__, TrickRecord)
)


# A card's index, the order of hand_order, by a lookup (no Python call per card)
_ORDER = {card: card.index for card in FULL_DECK}.__getitem__
# per kind of table (game, players, German suits): `_wild`, `_hola` and `_words` of its hands
_FACTS: dict[
    tuple[str, int, bool], tuple[tuple[bool, ...], bool, dict[str, list[Phrase | None]]]
] = {}
_WORDS: dict[Pack, dict[str, list[Phrase | None]]] = {}


def _card_words(pack: Pack) -> dict[str, list[Phrase | None]]:
    """A pack's words of a card played: per message, each card's shared phrase (`later_card`)
    by its index, filled as cards are played."""
    words = _WORDS.get(pack)
    if words is None:
        messages = (LED, TOOK_LEAD, TOOK_LEAD_WILD, PLAYED, FOUGHT, WENT_AGAIN)
        words = _WORDS[pack] = {m: [None] * len(FULL_DECK) for m in messages}
    return words


@dataclass(frozen=True, slots=True)
class HandScore:
    """A finished hand's count: each side's points and tricks and who won it."""

    sides: tuple[tuple[int, ...], ...]  # the players of each side (the K♥ holder's first)
    points: tuple[int, ...]  # per side, the last trick and the Hola bonus included
    tricks: tuple[int, ...]  # tricks taken per side
    winner: int  # the side with 50 or more (Sedma) / the most points (Hola)
    game_points: int  # Sedma: 1, 2 (losers took tricks but no points) or 3 (no trick)
    why: Phrase  # the result in words, without names
    last_trick: int  # the side that took the last trick
    hola: int | None = None  # Hola: the side that took every trick (+80)


@dataclass
class SedmaHand(TrickHand[SedmaAction]):
    """One Sedma or Hola hand: the deal, the tricks and the count."""

    rules: SedmaRules
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    leader: int
    turn: int
    phase: Phase = PLAY_PHASE
    trick: list[tuple[int, Card]] = field(default_factory=list)  # this trick, every round
    round: int = 1
    held: list[Card] = field(default_factory=list)  # Hola: tricks held over by a fight
    held_tricks: int = 0
    fights: int = 0  # Hola: fights in the trick now in play
    taken: list[list[Card]] = field(default_factory=list)  # per player
    tricks: list[int] = field(default_factory=list)  # per player
    last_winner: int | None = None  # who took the last trick of the hand
    records: list[TrickRecord[SedmaAction]] = field(default_factory=list)
    last_trick: list[tuple[int, Card]] = field(default_factory=list)  # the last finished trick
    last_taker: int | None = None  # who took it
    last_points: int = 0  # its points, tricks held over by fights included
    king_of_hearts: int | None = None  # three players: who was dealt K♥ (hidden until played)
    _legal: list[SedmaAction] | None = field(default=None, repr=False)
    # what every play reads from the rules, read once (a copy works them out again)
    _wild: tuple[bool, ...] = field(default=(), init=False, repr=False, compare=False)
    _hola: bool = field(default=False, init=False, repr=False, compare=False)
    _words: dict[str, list[Phrase | None]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        rules = self.rules
        kind = (rules.game, rules.players, rules.german_suits)
        facts = _FACTS.get(kind)
        if facts is None:
            facts = _FACTS[kind] = (rules.wild_by_index, rules.is_hola, _card_words(rules.pack))
        self._wild, self._hola, self._words = facts

    @classmethod
    def deal(cls, rules: SedmaRules, dealer: int, rng: Shuffler) -> SedmaHand:
        """Four cards each, two at a time from the seat after the dealer; the rest is the
        stock. The seat after the dealer leads."""
        deck = rules.deck()
        rng.shuffle(deck)
        players = rules.players
        pairs = [deck[i : i + 2] for i in range(0, HAND_SIZE * players, 2)]  # in dealing order
        hands: list[list[Card]] = [[] for _ in range(players)]
        for step in range(players):  # a pair each round the table, twice
            hands[(dealer + 1 + step) % players] = pairs[step] + pairs[players + step]
        first = (dealer + 1) % players
        hand = cls(rules, dealer, hands, deck[HAND_SIZE * players :], first, first)
        hand.king_of_hearts = hand.holder_of_king()
        return hand

    # ----- facts ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is OVER_PHASE

    def holder_of_king(self) -> int | None:
        if not self.rules.three_handed:
            return None
        for seat, hand in enumerate(self.hands):
            if KING_OF_HEARTS in hand:
                return seat
        return None

    def side_of(self, player: int) -> int:
        """Four players: partners opposite. Two: each alone. Three: side 0 is the K♥ holder,
        side 1 the other two (the engine knows; the table learns it when K♥ is played)."""
        if self.players == 4:
            return player % 2
        if self.players == 2:
            return player
        return 0 if player == self.king_of_hearts else 1

    def sides(self) -> tuple[tuple[int, ...], ...]:
        players = self.players
        if players != 3:  # partners opposite, or each alone
            return (tuple(range(0, players, 2)), tuple(range(1, players, 2)))
        alone = self.king_of_hearts  # (None while K♥ lies in the stock)
        return (() if alone is None else (alone,), tuple(p for p in range(3) if p != alone))

    def king_played(self) -> bool:
        """Three players: K♥ has been seen on the table (so everyone knows the sides)."""
        if any(c == KING_OF_HEARTS for _, c in self.trick) or KING_OF_HEARTS in self.held:
            return True
        return any(KING_OF_HEARTS in cards for cards in self.taken)

    @property
    def led(self) -> Card | None:
        return self.trick[0][1] if self.trick else None

    def matches(self, card: Card) -> bool:
        """Whether `card` takes the trick now: the led rank, or a wild card."""
        trick = self.trick
        return bool(trick) and (card.rank == trick[0][1].rank or card in self.rules.wild_cards)

    def winning(self) -> int | None:
        """Who takes the trick as it stands: the last to play the led rank or a wild card
        (the leader's own card counts)."""
        trick = self.trick
        if not trick:
            return None
        rank, wild = trick[0][1].rank, self._wild
        for player, card in reversed(trick):
            if card.rank == rank or wild[card.index]:
                return player
        return trick[0][0]  # (not reached: the leader's own card matches itself)

    def trick_points(self) -> int:
        return sum(card_points(c) for _, c in self.trick) + sum(card_points(c) for c in self.held)

    def round_cards(self) -> int:
        """Cards played in the current round."""
        return len(self.trick) - (self.round - 1) * self.players

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of(a) == self.side_of(b)

    # ----- moves ------------------------------------------------------------------------

    def _compute_legal(self) -> list[SedmaAction]:
        phase = self.phase
        if phase is PLAY_PHASE:  # (the order of hand_order)
            return list(map(play_of, sorted(self.hands[self.turn], key=_ORDER)))
        if phase is OVER_PHASE:
            return []
        if self._hola:
            return [STOP, *map(fight_of, sorted(self.hands[self.turn], key=_ORDER))]
        return [STOP, *map(again_of, self.continuing_cards())]

    def continuing_cards(self) -> list[Card]:
        """The cards the leader may go again with (Sedma), when the rules let them."""
        if self._hola or self.round >= MAX_ROUNDS:
            return []
        if self.rules.only_against_opponents:
            holder = self.winning()
            if holder is not None and self._ours(holder):
                return []
        rank, wild = self.trick[0][1].rank, self._wild
        return [
            c
            for c in sorted(self.hands[self.leader], key=_ORDER)
            if c.rank == rank or wild[c.index]
        ]

    def _ours(self, holder: int) -> bool:
        """Whether the leader's side holds the trick, as far as the table knows: with three
        the sides are known only once K♥ has been played, so until then only the leader's own
        card counts (the leader without K♥ cannot tell a partner from an opponent)."""
        if holder == self.leader:
            return True
        if self.rules.three_handed and not self.king_played():
            return False
        return self.same_side(holder, self.leader)

    def check(self, action: SedmaAction, player: int | None = None) -> None:
        if (player is None or player == self.turn) and action in self.legal_actions():
            return
        if self.phase is OVER_PHASE:
            raise IllegalMove(say("This hand is over."))
        if player is not None and player != self.turn:
            raise NotYourTurn(say("It is not your turn."))
        if action in self.legal_actions():
            return
        raise IllegalMove(self.explain(action))

    def explain(self, action: SedmaAction) -> str:
        """Why `action` is not allowed now, in a player's words."""
        card = action.card
        if card is not None and card not in self.hands[self.turn]:
            return say("You do not hold {card}.", card=card.shown(self.rules.pack))
        if self.phase is PLAY_PHASE:
            if action.kind is STOP_KIND:
                return say("Only the leader stops a trick, once every player has played to it.")
            return say(
                "Play a card to the trick: going again and fighting come when the round ends."
            )
        if action.kind is PLAY_KIND:
            if self.rules.is_hola:
                return say("Every player has played: you may fight with a new lead or stop.")
            return say("Every player has played: you may go again or stop.")
        if action.kind is FIGHT_KIND:
            return say("Fighting belongs to Hola: in Sedma you go again with the led rank or a 7.")
        if action.kind is AGAIN_KIND and self.rules.is_hola:
            return say("In Hola you do not go again: you may fight with a new lead, or stop.")
        if self.round >= MAX_ROUNDS:
            return say("A trick has at most four rounds: it ends now.")
        if not self.continuing_cards() and self.rules.only_against_opponents:
            return say(
                "Your side holds the trick: at this table you go again only against opponents."
            )
        assert card is not None
        led = self.led
        assert led is not None
        return say(
            "You go again only with another {rank} or a wild card.",
            rank=rank_said(led.rank, self.rules.pack),
        )

    def apply(self, action: SedmaAction, player: int | None = None) -> TrickRecord[SedmaAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal or (player is not None and player != self.turn):
            self.check(action, player)  # (raises, saying why)
        mover = self.turn
        self._legal = None
        kind, card = action
        if kind is STOP_KIND:
            return self._finish_trick(mover, action, STOPPED)
        assert card is not None
        self.hands[mover].remove(card)
        trick = self.trick
        if kind is PLAY_KIND:
            trick.append((mover, card))
            if len(trick) == 1:
                message = LED
            elif self._wild[card.index]:
                message = TOOK_LEAD_WILD
            elif card.rank == trick[0][1].rank:
                message = TOOK_LEAD
            else:
                message = PLAYED
        elif kind is AGAIN_KIND:
            trick.append((mover, card))
            self.round += 1
            message = WENT_AGAIN
        else:  # a fight: the trick is held over, and the card leads a new one
            self.held.extend(c for _, c in trick)
            self.held_tricks += 1
            self.fights += 1
            self.trick = trick = [(mover, card)]
            self.round = 1
            message = FOUGHT
        said = self._words[message]  # (the shared phrase of `later_card`)
        text = said[card.index]
        if text is None:
            text = said[card.index] = later_card(message, card, self.rules.pack)
        self.phase = PLAY_PHASE
        players = self.rules.players
        if len(trick) - (self.round - 1) * players < players:  # the round goes on
            self.turn = (mover + 1) % players
        elif self._leader_decides():  # the round is complete: the leader decides
            self.phase = DECIDE_PHASE
            self.turn = self.leader
        else:  # or the trick ends, and the play that ends it says who took it
            return self._finish_trick(mover, action, text)
        record = _record((mover, action, text, None))
        self.records.append(record)
        return record

    def _leader_decides(self) -> bool:
        """Whether the leader, holding cards, may go again (Sedma, with a card that continues;
        its moves are kept at once) or fight (Hola) now that the round is complete."""
        if not self.hands[self.leader]:
            return False
        if self._hola:
            return True
        again = self.continuing_cards()
        if again:  # the moves, as `_compute_legal` lists them
            self._legal = [STOP, *map(again_of, again)]
        return bool(again)

    def _finish_trick(
        self, mover: int, action: SedmaAction, text: Phrase
    ) -> TrickRecord[SedmaAction]:
        """The trick's holder takes it (the held-over tricks too) and leads the next; `action`,
        which ended it, is recorded with who took it."""
        winner = self.winning()
        assert winner is not None
        cards = [c for _, c in self.trick]
        if self.held:
            cards += self.held
            self.held = []
        self.last_taker = winner
        self.last_points = sum(map(POINTS.__getitem__, cards))
        self.take_trick(winner, cards, 1 + self.held_tricks)
        self.held_tricks = self.fights = 0
        self.round = 1
        self.phase = PLAY_PHASE
        self._legal = None
        record = _record((mover, action, text, winner))
        self.records.append(record)
        if self.stock:
            self._draw(winner)
        elif not any(self.hands):
            self.last_winner = winner
            self.phase = OVER_PHASE
        return record

    def _draw(self, first: int) -> None:
        """One card at a time, the trick's winner first, until everyone holds four or the
        stock is empty."""
        hands, stock, players = self.hands, self.stock, self.rules.players
        seats = [(first + step) % players for step in range(players)]
        three = self.rules.three_handed
        drew = True
        while stock and drew:  # a round of the table: a card to each seat short of four
            drew = False
            for seat in seats:
                hand = hands[seat]
                if len(hand) < HAND_SIZE and stock:
                    card = stock.pop(0)
                    hand.append(card)
                    drew = True
                    if three and card == KING_OF_HEARTS:
                        self.king_of_hearts = seat  # drawn from the stock: now they play alone

    # ----- the count --------------------------------------------------------------------

    def score(self) -> HandScore:
        assert self.last_winner is not None
        sides = self.sides()
        points = [0, 0]
        tricks = [0, 0]
        for player in range(self.players):
            side = self.side_of(player)
            points[side] += sum(map(POINTS.__getitem__, self.taken[player]))
            tricks[side] += self.tricks[player]
        last = self.side_of(self.last_winner)
        points[last] += 10
        hola = None
        if self.rules.is_hola:
            for side in (0, 1):
                if tricks[1 - side] == 0:
                    hola, points[side] = side, points[side] + 80
            winner = 0 if points[0] > points[1] else 1
            return HandScore(
                sides, tuple(points), tuple(tricks), winner, 0, self._why(points, tricks), last,
                hola,
            )  # fmt: skip
        winner = 0 if points[0] >= 50 else 1
        loser = 1 - winner
        if tricks[loser] == 0:
            game_points, why = 3, later("the losers took no trick")
        elif points[loser] == 0:
            game_points, why = 2, later("the losers took tricks but no points")
        else:
            game_points, why = 1, later("{won} to {lost}", won=points[winner], lost=points[loser])
        return HandScore(sides, tuple(points), tuple(tricks), winner, game_points, why, last)

    @staticmethod
    def _why(points: Sequence[int], tricks: Sequence[int]) -> Phrase:
        if 0 in tricks:
            return later("hola: one side took every trick (+80)")
        return later("{won} to {lost}", won=max(points), lost=min(points))

    # ----- copies for computer players --------------------------------------------------

    def changed(self) -> None:
        """Hands or the stock were rearranged (a computer player's imagined world)."""
        self._legal = None
        if not self.king_played():
            self.king_of_hearts = self.holder_of_king()

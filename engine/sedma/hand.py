"""One hand of Sedma or Hola: the deal and the stock, tricks (continued in Sedma, fought over
in Hola), drawing winner first, and the count at the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from engine.cards import BY_INDEX, Card
from engine.core import IllegalMove, NotYourTurn
from engine.fairness import Shuffler
from engine.sedma.actions import STOP, Kind, SedmaAction, actions_of
from engine.sedma.rules import HAND_SIZE, KING_OF_HEARTS, MAX_ROUNDS, SedmaRules, card_points
from engine.tricks import TrickHand, trick_winner
from engine.words import Phrase, later, later_card, marked, rank_said, say


class Phase(Enum):
    PLAY = "play"  # the player to move plays a card to the trick
    DECIDE = "decide"  # the leader may go again (Sedma) or fight (Hola), or stop
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Record:
    """A play as the table saw it."""

    player: int
    action: SedmaAction
    words: Phrase  # the play in the past tense, the player's name left to fill ("{name} led 7♦")
    took: int | None = None  # the player who took the trick this play ended

    def told(self, name: str) -> str:
        return self.words.told(name)


@dataclass(frozen=True, slots=True)
class HandScore:
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
    rules: SedmaRules
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    leader: int
    turn: int
    phase: Phase = Phase.PLAY
    trick: list[tuple[int, Card]] = field(default_factory=list)  # this trick, every round
    round: int = 1
    held: list[Card] = field(default_factory=list)  # Hola: tricks held over by a fight
    held_tricks: int = 0
    fights: int = 0  # Hola: fights in the trick now in play
    taken: list[list[Card]] = field(default_factory=list)  # per player
    tricks: list[int] = field(default_factory=list)  # per player
    last_winner: int | None = None  # who took the last trick of the hand
    records: list[Record] = field(default_factory=list)
    last_trick: list[tuple[int, Card]] = field(default_factory=list)  # the last finished trick
    last_taker: int | None = None  # who took it
    last_points: int = 0  # its points, tricks held over by fights included
    king_of_hearts: int | None = None  # three players: who was dealt K♥ (hidden until played)
    _legal: list[SedmaAction] | None = field(default=None, repr=False)

    @classmethod
    def deal(cls, rules: SedmaRules, dealer: int, rng: Shuffler) -> SedmaHand:
        """Four cards each, two at a time from the seat after the dealer; the rest is the
        stock. The seat after the dealer leads."""
        deck = rules.deck()
        rng.shuffle(deck)
        players = rules.players
        hands: list[list[Card]] = [[] for _ in range(players)]
        for _ in range(HAND_SIZE // 2):
            for step in range(1, players + 1):
                seat = (dealer + step) % players
                hands[seat].extend(deck[:2])
                del deck[:2]
        first = (dealer + 1) % players
        hand = cls(rules, dealer, hands, deck, first, first)
        hand.king_of_hearts = hand.holder_of_king()
        return hand

    # ----- facts ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

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
        count = 2
        return tuple(
            tuple(p for p in range(self.players) if self.side_of(p) == side)
            for side in range(count)
        )

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
        return bool(trick) and (card.rank == trick[0][1].rank or self.rules.is_wild(card))

    def winning(self) -> int | None:
        """Who takes the trick as it stands: the last to play the led rank or a wild card
        (the leader's own card counts)."""
        if not self.trick:
            return None
        return trick_winner(self.trick, lambda card, _holding: self.matches(card))

    def trick_points(self) -> int:
        return sum(card_points(c) for _, c in self.trick) + sum(card_points(c) for c in self.held)

    def round_cards(self) -> int:
        """Cards played in the current round."""
        return len(self.trick) - (self.round - 1) * self.players

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of(a) == self.side_of(b)

    # ----- moves ------------------------------------------------------------------------

    def _compute_legal(self) -> list[SedmaAction]:
        if self.phase is Phase.OVER:
            return []
        hand = sorted(self.hands[self.turn], key=BY_INDEX)  # the order of hand_order
        if self.phase is Phase.PLAY:
            return actions_of(Kind.PLAY, hand)
        if self.rules.is_hola:
            return [STOP, *actions_of(Kind.FIGHT, hand)]
        return [STOP, *actions_of(Kind.AGAIN, self.continuing_cards())]

    def continuing_cards(self) -> list[Card]:
        """The cards the leader may go again with (Sedma), when the rules let them."""
        if self.rules.is_hola or self.round >= MAX_ROUNDS:
            return []
        holder = self.winning()
        if self.rules.only_against_opponents and holder is not None and self._ours(holder):
            return []
        return [c for c in sorted(self.hands[self.leader], key=BY_INDEX) if self.matches(c)]

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
        if self.phase is Phase.OVER:
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
        if self.phase is Phase.PLAY:
            if action.kind is Kind.STOP:
                return say("Only the leader stops a trick, once every player has played to it.")
            return say(
                "Play a card to the trick: going again and fighting come when the round ends."
            )
        if action.kind is Kind.PLAY:
            if self.rules.is_hola:
                return say("Every player has played: you may fight with a new lead or stop.")
            return say("Every player has played: you may go again or stop.")
        if action.kind is Kind.FIGHT:
            return say("Fighting belongs to Hola: in Sedma you go again with the led rank or a 7.")
        if action.kind is Kind.AGAIN and self.rules.is_hola:
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

    def apply(self, action: SedmaAction, player: int | None = None) -> Record:
        self.check(action, player)
        mover = self.turn
        self._legal = None
        if action.kind is Kind.STOP:
            return self._finish_trick(mover, action, later("{name} stopped"))
        card = action.card
        assert card is not None
        self.hands[mover].remove(card)
        if action.kind is Kind.FIGHT:
            self.held.extend(c for _, c in self.trick)
            self.held_tricks += 1
            self.fights += 1
            self.trick = [(mover, card)]
            self.round = 1
            text = later_card(
                marked("{name} fought on: led {card} over the trick"), card, self.rules.pack
            )
        elif action.kind is Kind.AGAIN:
            self.trick.append((mover, card))
            self.round += 1
            text = later_card(marked("{name} went again with {card}"), card, self.rules.pack)
        else:
            self.trick.append((mover, card))
            text = self._play_text(mover, card)
        record = Record(mover, action, text)
        self.records.append(record)
        self.phase = Phase.PLAY
        if self.round_cards() < self.players:
            self.turn = (mover + 1) % self.players
            return record
        # the round is complete: the leader decides, or the trick ends
        if self._leader_may_decide():
            self.phase = Phase.DECIDE
            self.turn = self.leader
            return record
        taken = self._finish_trick(mover, None, text)
        record = Record(mover, action, text, taken.took)
        self.records[-1] = record  # the play that ended the trick says who took it
        return record

    def _play_text(self, mover: int, card: Card) -> Phrase:
        if len(self.trick) == 1:
            return later_card(marked("{name} led {card}"), card, self.rules.pack)
        if self.matches(card):
            if self.rules.is_wild(card):
                return later_card(
                    marked("{name} played {card} (wild) and took the lead"), card, self.rules.pack
                )
            return later_card(
                marked("{name} played {card} and took the lead"), card, self.rules.pack
            )
        return later_card(marked("{name} played {card}"), card, self.rules.pack)

    def _leader_may_decide(self) -> bool:
        if not self.hands[self.leader]:
            return False
        if self.rules.is_hola:
            return True
        return bool(self.continuing_cards())

    def _finish_trick(self, mover: int, action: SedmaAction | None, text: Phrase) -> Record:
        winner = self.winning()
        assert winner is not None
        cards = [c for _, c in self.trick] + self.held
        self.last_taker = winner
        self.last_points = sum(card_points(c) for c in cards)
        self.take_trick(winner, cards, 1 + self.held_tricks)
        self.held, self.held_tricks, self.fights, self.round = [], 0, 0, 1
        self.phase = Phase.PLAY
        self._legal = None
        record = Record(mover, action or STOP, text, winner)
        if action is not None:
            self.records.append(record)
        if not any(self.hands) and not self.stock:
            self.last_winner = winner
            self.phase = Phase.OVER
            return record
        self._draw(winner)
        return record

    def _draw(self, first: int) -> None:
        """One card at a time, the trick's winner first, until everyone holds four or the
        stock is empty."""
        seat = first
        while self.stock and any(len(h) < HAND_SIZE for h in self.hands):
            if len(self.hands[seat]) < HAND_SIZE:
                card = self.stock.pop(0)
                self.hands[seat].append(card)
                if card == KING_OF_HEARTS and self.rules.three_handed:
                    self.king_of_hearts = seat  # drawn from the stock: now they play alone
            seat = (seat + 1) % self.players

    # ----- the count --------------------------------------------------------------------

    def score(self) -> HandScore:
        assert self.last_winner is not None
        sides = self.sides()
        points = [0, 0]
        tricks = [0, 0]
        for player in range(self.players):
            side = self.side_of(player)
            points[side] += sum(card_points(c) for c in self.taken[player])
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

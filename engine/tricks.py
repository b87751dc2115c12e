"""What the trick-taking games share (Sedma/Hola, Sheepshead): a trick as the seats' plays in
order, following the led suit, the trick's winner by the game's own order, the bookkeeping of a
taken trick and copies of a hand for computer players (the trick table a view draws, and a
hint's words, are in `engine.trick_view`: a process that only plays never loads them).

Each game keeps what differs in meaning: which card beats which (Sedma: the led rank or a
wild card, the last one played holding the trick; Sheepshead: trumps, then the led suit, the
highest holding it), whether a suit must be followed (Sheepshead only, with its partner
duties), what a finished trick carries besides its cards (Hola's fights hold tricks over).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from engine.cards import Card
from engine.core import Action, GameRules, GameView
from engine.match import DealMatch
from engine.phrases import Phrase
from engine.shuffles import Seed

Play = tuple[int, Card]  # a seat and the card it played
S = TypeVar("S")
A = TypeVar("A", bound=Action)  # a game's action
V = TypeVar("V", bound=GameView)  # a game's view


class TrickRecord(NamedTuple, Generic[A]):
    """A move as the table saw it (nothing hidden in it). The words of a card played are
    shared phrases (`later_card`), and the record a tuple: recording a play costs a lookup
    and a tuple."""

    player: int
    action: A
    words: Phrase  # the move in the past tense, the player's name left to fill
    took: int | None = None  # who took the trick this play ended

    def told(self, name: str) -> str:
        return self.words.told(name)


if TYPE_CHECKING:

    def new_record(values: tuple[int, A, Phrase, int | None], /) -> TrickRecord[A]:
        """`TrickRecord(*values)`."""

else:
    # the record built by `tuple.__new__`, without the named tuple's own constructor (a
    # Python function): a hand records every move
    new_record = partial(tuple.__new__, TrickRecord)


class TrickMatch(DealMatch[A, V], Generic[A, V]):
    """A trick game's match: its running totals (a score per side or seat, or a score
    sheet)."""

    totals_name: ClassVar[str]  # the attribute holding the running totals

    def __init__(self, rules: Any = None, seed: Seed = 0) -> None:
        super().__init__(rules, seed)
        setattr(self, self.totals_name, [0] * self.totals_count())

    def totals_count(self) -> int:
        """How many running totals the match keeps."""
        raise NotImplementedError

    @classmethod
    def at_position(cls, parsed: tuple[Any, Sequence[int] | None]) -> Self:
        """A match around a hand read from position notation, with the running totals the
        position gives (else none yet)."""
        hand, totals = parsed
        match: Self = cls.from_position(hand)
        if totals:
            setattr(match, cls.totals_name, list(totals))
        return match


def trick_winner(plays: Sequence[tuple[int, Card]], beats: Callable[[Card, Card], bool]) -> int:
    """The seat holding the trick: the first play, taken over by every later card that
    `beats` the card holding it (the game's order)."""
    holder, best = plays[0]
    for player, card in plays[1:]:
        if beats(card, best):
            holder, best = player, card
    return holder


def following(
    hand: Iterable[Card], led: S | None, suit_of: Callable[[Card], S | None]
) -> list[Card]:
    """The cards of `hand` that follow the led suit (`suit_of` says a card's suit in the game's
    eyes: a trump may be a suit of its own); none when the hand holds none of it."""
    return [card for card in hand if suit_of(card) == led]


_COPIED: dict[type, tuple[str, ...]] = {}


class TrickHand(Generic[A]):
    """The state of a hand that every trick game keeps (mixed into its dataclass, or its own
    class): the seats' hands, the trick in play and the last one, each seat's taken cards and
    trick count."""

    rules: GameRules
    hands: list[list[Card]]
    trick: list[tuple[int, Card]]
    last_trick: list[tuple[int, Card]]
    taken: list[list[Card]]
    tricks: list[int]
    leader: int
    turn: int
    _legal: list[A] | None  # the legal moves now, kept until the hand changes

    @property
    def players(self) -> int:
        return self.rules.players

    def __post_init__(self) -> None:
        players = self.rules.players
        if not self.taken:
            self.taken = [[] for _ in range(players)]
        if not self.tricks:
            self.tricks = [0] * players

    def legal_actions(self) -> list[A]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[A]:
        raise NotImplementedError

    def take_trick(self, winner: int, cards: Iterable[Card], count: int = 1) -> None:
        """`winner` takes `cards` (the trick and whatever it carries) as `count` tricks, and
        leads the next one; the trick in play becomes the last trick."""
        self.taken[winner].extend(cards)
        self.tricks[winner] += count
        self.last_trick, self.trick = self.trick, []
        self.leader = self.turn = winner

    def copy(self) -> Self:
        """A copy a computer player may play on: lists copied (lists of lists to the second
        level), everything else shared; cached results (`_` attributes) left out. (A hand's
        attributes are its fields, each given to its constructor by name.)"""
        names = _COPIED.get(type(self))
        if names is None:
            names = tuple(name for name in vars(self) if not name.startswith("_"))
            _COPIED[type(self)] = names
        values: dict[str, Any] = {}
        for name in names:
            value = getattr(self, name)
            if type(value) is list:
                value = [list(v) if type(v) is list else v for v in value]
            values[name] = value
        return type(self)(**values)

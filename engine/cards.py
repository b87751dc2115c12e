"""Cards, their text notation, decks and seeded shuffles."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from enum import Enum, IntEnum
from functools import cache
from operator import attrgetter
from types import MappingProxyType
from typing import NamedTuple

from engine.shuffles import Shuffler


class Suit(IntEnum):
    """The four suits; the order is the display order of a sorted hand."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "SHCD"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♣♦"[self]

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        try:
            return cls("SHCD".index(letter.upper()))
        except ValueError:
            raise ValueError(f"{letter!r} is not a suit: use S, H, D or C") from None


class Pack(Enum):
    """How a table's cards look (their faces only: the cards and the rules stay the same).

    The German-suited (mariáš, Schafkopf) pack shows hearts, leaves, acorns and bells for
    hearts, spades, clubs and diamonds, and Unter and Ober for jack and queen."""

    FRENCH = "french"
    GERMAN = "german"

    def symbol(self, suit: Suit) -> str:
        """The suit's sign in text: ♠♥♣♦, or 🍃♥🌰🔔 for leaves, hearts, acorns and bells."""
        return suit.symbol if self is Pack.FRENCH else GERMAN_SUITS[suit]


GERMAN_SUITS = ("\U0001f343", "\u2665", "\U0001f330", "\U0001f514")  # 🍃 ♥ 🌰 🔔, by Suit
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
GERMAN_RANK_NAMES = {1: "A", 11: "U", 12: "O", 13: "K"}  # Ass (Daus), Unter, Ober, König

RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_RANK_FROM_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}


CARD_TEXT = r"(10|[2-9AJQKT])([SHDC])"  # a card's text, rank then suit (any case)


@cache
def _card_pattern() -> re.Pattern[str]:
    """`CARD_TEXT` compiled when a card is first read: a process that only plays never reads
    one."""
    return re.compile(CARD_TEXT, re.IGNORECASE)


def rank_text(rank: int) -> str:
    """'A', '2' … '10', 'J', 'Q', 'K'."""
    return RANK_NAMES.get(rank, str(rank))


def rank_letter(rank: int, pack: Pack = Pack.FRENCH) -> str:
    """A rank as a card's corner shows it in the language spoken now: 'Q' in English, 'D' in
    German, '10'."""
    return FACES.get().letters[pack].get(rank) or str(rank)


def rank_word(rank: int) -> str:
    """A rank as players say it: 'ace', '9', 'jack'."""
    return RANK_WORDS.get(rank, str(rank))


class _RankAndSuit(NamedTuple):
    rank: int
    suit: Suit


class Card(_RankAndSuit):
    """A playing card. `rank` is its capture value: A=1 … 10, J=11, Q=12, K=13.

    A card is the pair (rank, suit): cards are hashed and compared in every rules check and
    search, and a pair's hash and equality run without a Python call. The hash is the one
    the former dataclass computed, so sets of cards keep their order. Cards are ordered by
    rank, then suit (`value_order`). `index` is a dense 0..51 key (by suit, then rank),
    worked out once (it hides the pair's `tuple.index`, which no card needs)."""

    index: int  # type: ignore[assignment]

    def __new__(cls, rank: int, suit: Suit) -> Card:
        card = super().__new__(cls, rank, suit)
        object.__setattr__(card, "index", suit * 13 + rank - 1)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot change ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card cannot change ({name})")

    @property
    def pretty(self) -> str:
        """The card as players read it, in the language spoken now: '10♦', 'Q♠' ('D♠' in
        German). The notation (`str`) stays the same in every language."""
        return FACES.get().french[self.index]

    def shown(self, pack: Pack = Pack.FRENCH) -> str:
        """`pretty` in a pack's faces: 'O🍃' for the queen of spades of a German-suited pack."""
        faces = FACES.get()
        return (faces.french if pack is Pack.FRENCH else faces.german)[self.index]

    def letter(self, pack: Pack = Pack.FRENCH) -> str:
        """The rank as a card's corner shows it, in the language spoken now: 'Q', 'D', '10'."""
        return rank_letter(self.rank, pack)

    def __str__(self) -> str:
        return f"{rank_text(self.rank)}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card({self})"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse '10D', 'td', 'AS', 'qh' …"""
        match = _card_pattern().fullmatch(_normalise(text.strip()))
        if not match:
            raise ValueError(f"{text!r} is not a card: write rank then suit, like 10D or QS")
        return card_of(_rank_from_text(match.group(1)), Suit.from_letter(match.group(2)))


_SYMBOLS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def _normalise(text: str) -> str:
    """Accept suit symbols as well as letters."""
    return text.translate(_SYMBOLS)


def _rank_from_text(text: str) -> int:
    upper = text.upper()
    return _RANK_FROM_TEXT[upper] if upper in _RANK_FROM_TEXT else int(upper)


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
_BY_INDEX = {card.index: card for card in FULL_DECK}


class Faces(NamedTuple):
    """The cards as one language writes them: the court letters of each pack, and every
    card's text worked out once (`Card.pretty` is a lookup). (A named tuple, not a dataclass:
    no code is generated for it when the cards are first imported.)"""

    letters: Mapping[Pack, Mapping[int, str]]
    french: tuple[str, ...] = ()  # by `Card.index`
    german: tuple[str, ...] = ()

    @classmethod
    def of(cls, letters: Mapping[Pack, Mapping[int, str]]) -> Faces:
        def texts(pack: Pack) -> tuple[str, ...]:
            names = letters[pack]
            return tuple(f"{names.get(c.rank) or c.rank}{pack.symbol(c.suit)}" for c in FULL_DECK)

        return cls(MappingProxyType(dict(letters)), texts(Pack.FRENCH), texts(Pack.GERMAN))


# The cards in the language spoken now: `engine.words` sets them from its catalogue ("D♠" for
# a queen in German), as it sets the catalogue.
ENGLISH_FACES = Faces.of({Pack.FRENCH: RANK_NAMES, Pack.GERMAN: GERMAN_RANK_NAMES})
FACES: ContextVar[Faces] = ContextVar("faces", default=ENGLISH_FACES)


def card_of(rank: int, suit: Suit) -> Card:
    """The shared instance of a card."""
    return _BY_INDEX[suit * 13 + rank - 1]


def parse_cards(text: str) -> list[Card]:
    """Parse a run of cards, with or without separators: '2S 9S JC', '2S9SJC', '2S+9S'."""
    cleaned = re.sub(r"[\s,+.]", "", _normalise(text))
    cards: list[Card] = []
    position = 0
    while position < len(cleaned):
        match = _card_pattern().match(cleaned, position)
        if not match:
            raise ValueError(f"cannot read a card at {cleaned[position:]!r}")
        cards.append(Card.parse(match.group(0)))
        position = match.end()
    return cards


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    return sep.join(str(card) for card in cards)


def pretty_cards(cards: Iterable[Card], sep: str = " ", pack: Pack = Pack.FRENCH) -> str:
    return sep.join(card.shown(pack) for card in cards)


# A sort key in the order of `hand_order` (suit, then rank), read from the card without a call.
BY_INDEX = attrgetter("index")


def hand_order(card: Card) -> tuple[int, int]:
    """Sort key for showing a hand: by suit, then by rank."""
    return (card.suit, card.rank)


def value_order(card: Card) -> tuple[int, int]:
    """Sort key used for canonical lists: by rank, then by suit."""
    return (card.rank, card.suit)


def new_deck() -> list[Card]:
    return list(FULL_DECK)


def shuffled_deck(rng: Shuffler) -> list[Card]:
    deck = new_deck()
    rng.shuffle(deck)
    return deck


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=value_order))

"""Sheepshead's table options and the fixed facts of its pack (defaults follow RULES.md)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

from engine.cards import FULL_DECK, Card, Suit, card_of
from engine.core import GameError, RulesRecord
from engine.phrases import say

SHEEPSHEAD = "sheepshead"
RANKS = (1, 7, 8, 9, 10, 11, 12, 13)
FAIL_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS)
FAIL_ORDER = (1, 10, 13, 9, 8, 7)  # high to low
POINTS = {1: 11, 10: 10, 13: 4, 12: 3, 11: 2}
TOTAL_POINTS = 120
JACK_OF_DIAMONDS = card_of(11, Suit.DIAMONDS)

_TRUMP_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
TRUMP_ORDER: tuple[Card, ...] = (
    *(card_of(12, s) for s in _TRUMP_SUITS),
    *(card_of(11, s) for s in _TRUMP_SUITS),
    *(card_of(r, Suit.DIAMONDS) for r in (1, 10, 13, 9, 8, 7)),
)  # high to low: Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦
_TRUMP_POWER = {card: 100 - i for i, card in enumerate(TRUMP_ORDER)}

# cards each player gets, per packet, and where the blind's packets fall (RULES.md's deal)
MOST_HANDS = 72  # (60 at five, played by each player at a table of six whose dealer sits out)
HAND_SIZES = {3: 10, 4: 7, 5: 6, 6: 5}
BLIND_SIZES = {3: 2, 4: 4, 5: 2, 6: 2}
PACKETS = {  # ("each", n) gives n to every player in turn; ("blind", n) n to the blind
    3: (("each", 3), ("each", 4), ("blind", 2), ("each", 3)),
    4: (("each", 2), ("blind", 2), ("each", 3), ("blind", 2), ("each", 2)),
    5: (("each", 2), ("blind", 2), ("each", 2), ("each", 2)),
    6: (("each", 2), ("blind", 2), ("each", 3)),
}


class Partner(StrEnum):
    """How the picker's partner is found (five players; six always use the jack)."""

    CALLED_ACE = "ace"
    JACK = "jack"


class NoPick(StrEnum):
    LEASTER = "leaster"
    REDEAL = "redeal"


# read on every play and every new match: as globals (an Enum member read from its class, or
# the class iterated, is many times slower in Python 3.11)
_PARTNERS = frozenset(p.value for p in Partner)
_NO_PICKS = frozenset(n.value for n in NoPick)
_CALLED_ACE, _JACK, _LEASTER = Partner.CALLED_ACE, Partner.JACK, NoPick.LEASTER


class _Options(NamedTuple):
    game: str = SHEEPSHEAD
    players: int = 5
    partner: str = Partner.CALLED_ACE.value  # five players only; six always use the jack
    no_pick: str = NoPick.LEASTER.value
    double_on_bump: bool = True
    hands: int = 0  # hands a table plays (0: each player deals twice)
    # six at the table, the dealer sitting out each hand they deal: the other five play a
    # five-handed hand (the Wisconsin tournament table of six)
    dealer_out: bool = False


class SheepsheadRules(_Options, RulesRecord):
    """A Sheepshead table's rules (its options).

    A named tuple, not a frozen dataclass (nor is the hand a dataclass): a process that only
    plays Sheepshead never imports `dataclasses`, and `inspect` with it, about a tenth of a new
    process's first three hundred hands. Compared, hashed and shown as the dataclass was."""

    __slots__ = ()
    owner = "Sheepshead"  # named where an unknown option is refused

    def __init__(  # the options as the tuple has them, so that a call is type-checked
        self,
        game: str = SHEEPSHEAD,
        players: int = 5,
        partner: str = Partner.CALLED_ACE.value,
        no_pick: str = NoPick.LEASTER.value,
        double_on_bump: bool = True,
        hands: int = 0,
        dealer_out: bool = False,
    ) -> None:
        """Refuses rules no table may have (the tuple itself, with these values, is made by
        `__new__`)."""
        if self.game != SHEEPSHEAD:
            raise GameError(f"unknown game {self.game!r}")
        if self.players not in HAND_SIZES:
            raise GameError("Sheepshead is played by 3, 4, 5 or 6 players")
        if self.partner not in _PARTNERS:
            raise GameError("the partner is found by the called ace or the jack of diamonds")
        if self.no_pick not in _NO_PICKS:
            raise GameError("when nobody picks, play a leaster or redeal")
        if self.hands and not 1 <= self.hands <= MOST_HANDS:
            raise GameError("a Sheepshead table plays between 1 and 72 hands")
        if self.dealer_out and self.players != 6:
            raise GameError("only a table of six has the dealer sit out each hand")

    @property
    def title(self) -> str:
        return "Sheepshead"

    @property
    def in_hand(self) -> int:
        """The players who play each hand: all, or five at a table of six whose dealer sits
        the hand out."""
        return self.players - 1 if self.dealer_out else self.players

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.in_hand]

    @property
    def blind_size(self) -> int:
        return BLIND_SIZES[self.in_hand]

    @property
    def hand_count(self) -> int:
        return self.hands or 2 * self.players

    @property
    def jack_partner(self) -> bool:
        in_hand = self.in_hand
        return in_hand == 6 or (in_hand == 5 and self.partner == _JACK)

    @property
    def called_ace(self) -> bool:
        return self.in_hand == 5 and self.partner == _CALLED_ACE

    @property
    def leasters(self) -> bool:
        return self.no_pick == _LEASTER

    def deck(self) -> list[Card]:
        return list(_PACK)


def is_trump(card: Card) -> bool:
    return card in _TRUMP_POWER


def _suit_of(card: Card) -> Suit | None:
    return None if card in _TRUMP_POWER else card.suit


def _power(card: Card) -> int:
    trump = _TRUMP_POWER.get(card)
    if trump is not None:
        return trump
    return 6 - FAIL_ORDER.index(card.rank)


def _strength_order(card: Card) -> tuple[int, int]:
    suit = _suit_of(card)
    group = 0 if suit is None else 1 + FAIL_SUITS.index(suit)
    return (group, -_power(card))


# The facts of each card of the pack, worked out once: rules checks, sorting and search ask for
# them on every move, and a dict's lookup (also usable as a sort key) is far cheaper than a call.
_PACK = tuple(c for c in FULL_DECK if c.rank in RANKS)
_POWER = {c: _power(c) for c in _PACK}
# The suit each card follows, every card of the deck (trumps: None); `SUIT_OF.__getitem__` is
# `suit_of` without a call, for the listings that ask it of a whole hand.
SUIT_OF = {c: _suit_of(c) for c in FULL_DECK}
# Whether a card follows the suit led (None: trump), by the suit: `filter(FOLLOWS[led], hand)`
# is the hand's cards of that suit, the membership test a set's own (no Python call).
FOLLOWS = {
    led: frozenset(c for c in FULL_DECK if SUIT_OF[c] == led).__contains__ for led in (None, *Suit)
}
STRENGTH = {c: _strength_order(c) for c in _PACK}  # `strength_order` of the pack's cards
# Each card's place in a trick, by the suit led (None: trump): a trump above any card of the
# led suit, which is above a card of another suit (0, never taking the trick).
TRICK_PLACE: dict[Suit | None, dict[Card, int]] = {
    led: {c: (200 + p if SUIT_OF[c] is None else 100 + p if SUIT_OF[c] == led else 0)
          for c, p in _POWER.items()}
    for led in (None, *Suit)
}  # fmt: skip


def suit_of(card: Card) -> Suit | None:
    """The suit a card follows: None for trump (one suit of fourteen), else its fail suit."""
    return None if card in _TRUMP_POWER else card.suit


def power(card: Card) -> int:
    """Higher beats lower within trump (100 down to 87) or within a fail suit (6 down to 1)."""
    found = _POWER.get(card)
    return found if found is not None else _power(card)


def points(card: Card) -> int:
    return POINTS.get(card.rank, 0)


# `points` of every card, for sums over many cards (`sum(map(CARD_POINTS.__getitem__, …))`)
CARD_POINTS = {card: points(card) for card in FULL_DECK}


def suit_word(suit: Suit | None) -> str:
    return say("trump") if suit is None else suit.symbol


def strength_order(card: Card) -> tuple[int, int]:
    """A hand shown as players hold it: trumps high to low first, then each fail suit."""
    found = STRENGTH.get(card)
    return found if found is not None else _strength_order(card)


def by_strength(cards: Iterable[Card]) -> list[Card]:
    """`sorted(cards, key=strength_order)`, the pack's cards sorted by a lookup."""
    cards = list(cards)
    try:
        cards.sort(key=STRENGTH.__getitem__)
    except KeyError:  # a card from outside the pack
        cards.sort(key=strength_order)
    return cards

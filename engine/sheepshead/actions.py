"""Sheepshead's moves and their notation: `pick`, `pass`, `bury 10C KH`, `call AS`,
`call AS unknown 7C`, `alone`, a card (`QC`) and `unknown` (the face-down card)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from engine.cards import FULL_DECK, Card, format_cards, parse_cards
from engine.core import BadNotation
from engine.phrases import say


class Kind(Enum):
    PICK = "pick"
    PASS = "pass"
    BURY = "bury"
    CALL = "call"  # cards: (the called card,) or (the called ace, the unknown card)
    ALONE = "alone"
    PLAY = "play"
    UNKNOWN = "unknown"  # the picker plays the face-down unknown card


# The members as globals: in Python 3.11 reading a member from its Enum class goes through
# the enum type's attribute hook, many times slower than a global, and moves read them
# on every play.
PICK_KIND, PASS_KIND, BURY_KIND, CALL_KIND, ALONE_KIND, PLAY_KIND, UNKNOWN_KIND = Kind


class SheepsheadAction(NamedTuple):
    """A move (a pair: compared and hashed without a Python call, as the legal moves are
    searched for it on every play)."""

    kind: Kind
    cards: tuple[Card, ...] = ()

    @property
    def card(self) -> Card | None:
        """The card played (the picker groups moves by it); None for the other phases."""
        if self.kind in (PLAY_KIND, UNKNOWN_KIND) and self.cards:
            return self.cards[0]
        return None

    @property
    def called(self) -> Card | None:
        return self.cards[0] if self.kind is CALL_KIND else None

    @property
    def unknown(self) -> Card | None:
        return self.cards[1] if self.kind is CALL_KIND and len(self.cards) > 1 else None

    @property
    def notation(self) -> str:
        if self.kind is UNKNOWN_KIND:
            return f"unknown {self.cards[0]}" if self.cards else "unknown"
        if self.kind in (PICK_KIND, PASS_KIND, ALONE_KIND):
            return str(self.kind.value)
        if self.kind is PLAY_KIND:
            return str(self.cards[0])
        if self.kind is BURY_KIND:
            return f"bury {format_cards(self.cards)}"
        text = f"call {self.cards[0]}"
        return f"{text} unknown {self.cards[1]}" if len(self.cards) > 1 else text

    def __str__(self) -> str:
        return self.notation


if TYPE_CHECKING:

    def new_action(values: tuple[Kind, tuple[Card, ...]], /) -> SheepsheadAction:
        """`SheepsheadAction(*values)`."""

else:  # built by `tuple.__new__`, without the named tuple's constructor (a Python function)
    new_action = partial(tuple.__new__, SheepsheadAction)


PICK = SheepsheadAction(PICK_KIND)
PASS = SheepsheadAction(PASS_KIND)
ALONE = SheepsheadAction(ALONE_KIND)


# One shared action per card (actions never change).
_PLAYS = {card: SheepsheadAction(PLAY_KIND, (card,)) for card in FULL_DECK}


# `play` without a call: `list(map(PLAY_OF, cards))` is `plays(cards)`
PLAY_OF = _PLAYS.__getitem__


def play(card: Card) -> SheepsheadAction:
    """The play of `card`, the shared instance."""
    return _PLAYS[card]


def plays(cards: Iterable[Card]) -> list[SheepsheadAction]:
    """`[play(card) for card in cards]`."""
    return list(map(PLAY_OF, cards))


def parse_action(text: str) -> SheepsheadAction:
    words = text.strip().lower().split()
    try:
        if not words:
            raise ValueError
        first = words[0]
        if len(words) == 1 and first in ("pick", "pass", "alone"):
            return {"pick": PICK, "pass": PASS, "alone": ALONE}[first]
        if first == "bury":
            cards = parse_cards(" ".join(words[1:]))
            if not cards:
                raise ValueError
            return SheepsheadAction(BURY_KIND, tuple(cards))
        if first == "call" and len(words) in (2, 4):
            called = Card.parse(words[1])
            if len(words) == 4:
                if words[2] != "unknown":
                    raise ValueError
                return SheepsheadAction(CALL_KIND, (called, Card.parse(words[3])))
            return SheepsheadAction(CALL_KIND, (called,))
        if first == "unknown" and len(words) <= 2:
            return SheepsheadAction(UNKNOWN_KIND, tuple(Card.parse(w) for w in words[1:]))
        if len(words) == 1:
            return play(Card.parse(first))
    except ValueError:
        pass
    raise BadNotation(
        say(
            "{move} is not a Sheepshead move: write pick, pass, bury and the cards, call and a "
            "card, alone, a card (QC) or unknown",
            move=repr(text),
        )
    )

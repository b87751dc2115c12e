"""Seep actions: frozen values with a compact, round-tripping text form.

Notation (short enough for a Discord custom_id):
- ``B12``            bid 12 (the bidder's announcement)
- ``7H``             throw the 7♥ (it captures nothing)
- ``JDx2S9SJC``      capture with J♦, taking the loose 2♠ 9♠ J♣ (and the jack-house if any)
- ``QHx``            capture with Q♥ the queen-house alone
- ``5Hh11+6C``       house play of value 11: 5♥ with the loose 6♣ (create, cement or add)
- ``2Ch13b11``       break the 11-house with 2♣ into a king-house
- ``KHh13b11+2D``    (loose-card break option) raise the 11-house with the loose 2♦, cement with K♥
"""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple

from engine.cards import CARD_TEXT, Card, format_cards, parse_cards, sorted_cards
from engine.fishing import read_notation
from engine.words import marked


class Kind(Enum):
    BID = "bid"
    THROW = "throw"
    CAPTURE = "capture"
    HOUSE = "house"


class SeepAction(NamedTuple):
    """One move. Immutable and hashable; a NamedTuple because the move generator creates
    hundreds of them per turn and tuples are the cheapest immutable value to build."""

    kind: Kind
    card: Card | None = None
    value: int = 0  # bid value, house value; for captures and throws the card's value
    loose: tuple[Card, ...] = ()  # loose floor cards the play uses, in value order
    broken: int | None = None  # value of the house raised (broken) by this play

    @staticmethod
    def bid(value: int) -> SeepAction:
        return SeepAction(Kind.BID, None, value)

    @staticmethod
    def throw(card: Card) -> SeepAction:
        return SeepAction(Kind.THROW, card, card.rank)

    @staticmethod
    def capture(card: Card, loose: tuple[Card, ...] | list[Card] = ()) -> SeepAction:
        return SeepAction(Kind.CAPTURE, card, card.rank, sorted_cards(loose))

    @staticmethod
    def house(
        card: Card, value: int, loose: tuple[Card, ...] | list[Card] = (), broken: int | None = None
    ) -> SeepAction:
        return SeepAction(Kind.HOUSE, card, value, sorted_cards(loose), broken)

    @property
    def notation(self) -> str:
        if self.kind is Kind.BID:
            return f"B{self.value}"
        assert self.card is not None
        card = str(self.card)
        if self.kind is Kind.THROW:
            return card
        taken = format_cards(self.loose, "")
        if self.kind is Kind.CAPTURE:
            return f"{card}x{taken}"
        text = f"{card}h{self.value}"
        if self.broken is not None:
            text += f"b{self.broken}"
        return f"{text}+{taken}" if taken else text

    @property
    def raised(self) -> int | None:
        """The value of the house this play raises (breaks), as the fishing games say it."""
        return self.broken

    def __str__(self) -> str:
        return self.notation

    @staticmethod
    def parse(text: str) -> SeepAction:
        return parse_action(text)


_CARD = CARD_TEXT
_ACTION = re.compile(
    rf"B(?P<bid>\d+)"
    rf"|(?P<card>{_CARD})(?:"
    rf"x(?P<taken>(?:{_CARD})*)"
    rf"|h(?P<value>\d+)(?:b(?P<broken>\d+))?(?:\+(?P<loose>(?:{_CARD})+))?"
    rf")?",
    re.IGNORECASE,
)


def parse_action(text: str) -> SeepAction:
    """Read an action's notation; raises BadNotation with a readable message."""
    match = read_notation(_ACTION, text, marked("{move} is not a Seep move"))
    if match.group("bid"):
        return SeepAction.bid(int(match.group("bid")))
    card = Card.parse(match.group("card"))
    if match.group("value"):
        loose = parse_cards(match.group("loose") or "")
        broken = match.group("broken")
        return SeepAction.house(
            card, int(match.group("value")), loose, int(broken) if broken else None
        )
    if match.group("taken") is not None:
        return SeepAction.capture(card, parse_cards(match.group("taken")))
    return SeepAction.throw(card)

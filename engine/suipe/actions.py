"""Suipe actions and their notation.

- ``7H``            trail the 7♥
- ``8Dx3C5S``       capture with 8♦ the loose 3♣ and 5♠ (any chosen groups worth 8)
- ``8Dx3C5S@``      … and the 8-build too (``8Dx@``: the build alone)
- ``JDxJS``         a face card takes one face card of its rank
- ``3C=8+5D``       build 8 with 3♣ and the loose 5♦ (or add to the 8-build)
- ``8D=8``          add the 8♦ alone to the 8-build
- ``2H^6=8``        raise the single 6-build to 8 with 2♥ (``+cards`` for loose cards used)
"""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple

from engine.cards import CARD_TEXT, Card, format_cards, parse_cards, sorted_cards
from engine.fishing import read_notation
from engine.words import marked


class Move(Enum):
    CAPTURE = "capture"
    BUILD = "build"
    RAISE = "raise"
    TRAIL = "trail"


class SuipeAction(NamedTuple):
    kind: Move
    card: Card
    value: int = 0  # captures: the card's rank; builds and raises: the announced value
    loose: tuple[Card, ...] = ()  # loose cards the play uses
    build: bool = False  # a capture that also takes the build of its value
    raised: int | None = None  # a raise: the value of the single build raised

    @staticmethod
    def trail(card: Card) -> SuipeAction:
        return SuipeAction(Move.TRAIL, card, card.rank)

    @staticmethod
    def capture(
        card: Card, loose: tuple[Card, ...] | list[Card] = (), build: bool = False
    ) -> SuipeAction:
        return SuipeAction(Move.CAPTURE, card, card.rank, sorted_cards(loose), build)

    @staticmethod
    def make_build(
        card: Card, value: int, loose: tuple[Card, ...] | list[Card] = ()
    ) -> SuipeAction:
        return SuipeAction(Move.BUILD, card, value, sorted_cards(loose))

    @staticmethod
    def raise_build(
        card: Card, raised: int, value: int, loose: tuple[Card, ...] | list[Card] = ()
    ) -> SuipeAction:
        return SuipeAction(Move.RAISE, card, value, sorted_cards(loose), False, raised)

    @property
    def notation(self) -> str:
        card = str(self.card)
        taken = format_cards(self.loose, "")
        if self.kind is Move.TRAIL:
            return card
        if self.kind is Move.CAPTURE:
            return f"{card}x{taken}{'@' if self.build else ''}"
        head = (
            f"{card}={self.value}"
            if self.kind is Move.BUILD
            else f"{card}^{self.raised}={self.value}"
        )
        return f"{head}+{taken}" if taken else head

    def __str__(self) -> str:
        return self.notation

    @staticmethod
    def parse(text: str) -> SuipeAction:
        return parse_action(text)


_CARD = CARD_TEXT
_ACTION = re.compile(
    rf"(?P<card>{_CARD})(?:"
    rf"x(?P<taken>(?:{_CARD})*)(?P<with_build>@)?"
    rf"|=(?P<value>\d+)(?:\+(?P<loose>(?:{_CARD})+))?"
    rf"|\^(?P<raised>\d+)=(?P<to>\d+)(?:\+(?P<raise_loose>(?:{_CARD})+))?"
    rf")?",
    re.IGNORECASE,
)


def parse_action(text: str) -> SuipeAction:
    match = read_notation(_ACTION, text, marked("{move} is not a Suipe move"))
    card = Card.parse(match.group("card"))
    if match.group("taken") is not None:
        taken = parse_cards(match.group("taken"))
        return SuipeAction.capture(card, taken, bool(match.group("with_build")))
    if match.group("value"):
        return SuipeAction.make_build(
            card, int(match.group("value")), parse_cards(match.group("loose") or "")
        )
    if match.group("raised"):
        return SuipeAction.raise_build(
            card,
            int(match.group("raised")),
            int(match.group("to")),
            parse_cards(match.group("raise_loose") or ""),
        )
    return SuipeAction.trail(card)

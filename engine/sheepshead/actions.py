"""Sheepshead's moves and their notation: `pick`, `pass`, `bury 10C KH`, `call AS`,
`call AS unknown 7C`, `alone`, a card (`QC`) and `unknown` (the face-down card)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.cards import Card, format_cards, parse_cards
from engine.core import BadNotation
from engine.words import say


class Kind(Enum):
    PICK = "pick"
    PASS = "pass"
    BURY = "bury"
    CALL = "call"  # cards: (the called card,) or (the called ace, the unknown card)
    ALONE = "alone"
    PLAY = "play"
    UNKNOWN = "unknown"  # the picker plays the face-down unknown card


@dataclass(frozen=True, slots=True)
class SheepsheadAction:
    kind: Kind
    cards: tuple[Card, ...] = ()

    @property
    def card(self) -> Card | None:
        """The card played (the picker groups moves by it); None for the other phases."""
        if self.kind in (Kind.PLAY, Kind.UNKNOWN) and self.cards:
            return self.cards[0]
        return None

    @property
    def called(self) -> Card | None:
        return self.cards[0] if self.kind is Kind.CALL else None

    @property
    def unknown(self) -> Card | None:
        return self.cards[1] if self.kind is Kind.CALL and len(self.cards) > 1 else None

    @property
    def notation(self) -> str:
        if self.kind is Kind.UNKNOWN:
            return f"unknown {self.cards[0]}" if self.cards else "unknown"
        if self.kind in (Kind.PICK, Kind.PASS, Kind.ALONE):
            return str(self.kind.value)
        if self.kind is Kind.PLAY:
            return str(self.cards[0])
        if self.kind is Kind.BURY:
            return f"bury {format_cards(self.cards)}"
        text = f"call {self.cards[0]}"
        return f"{text} unknown {self.cards[1]}" if len(self.cards) > 1 else text

    def __str__(self) -> str:
        return self.notation


PICK = SheepsheadAction(Kind.PICK)
PASS = SheepsheadAction(Kind.PASS)
ALONE = SheepsheadAction(Kind.ALONE)


_PLAYS: dict[Card, SheepsheadAction] = {}


def play(card: Card) -> SheepsheadAction:
    """The play of `card`: one shared action per card (actions never change)."""
    action = _PLAYS.get(card)
    if action is None:
        action = _PLAYS[card] = SheepsheadAction(Kind.PLAY, (card,))
    return action


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
            return SheepsheadAction(Kind.BURY, tuple(cards))
        if first == "call" and len(words) in (2, 4):
            called = Card.parse(words[1])
            if len(words) == 4:
                if words[2] != "unknown":
                    raise ValueError
                return SheepsheadAction(Kind.CALL, (called, Card.parse(words[3])))
            return SheepsheadAction(Kind.CALL, (called,))
        if first == "unknown" and len(words) <= 2:
            return SheepsheadAction(Kind.UNKNOWN, tuple(Card.parse(w) for w in words[1:]))
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

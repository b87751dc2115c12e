"""Sedma's moves and their notation: `KD` plays a card, `+10H` goes again with a card (Sedma),
`!KD` fights by leading a new trick (Hola), `stop` ends the trick."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from engine.cards import FULL_DECK, Card
from engine.core import BadNotation
from engine.words import say


class Kind(Enum):
    PLAY = "play"
    AGAIN = "again"  # the leader continues the trick (Sedma)
    FIGHT = "fight"  # the leader leads a new trick over the old one (Hola)
    STOP = "stop"  # the leader lets the trick be taken


PREFIX = {Kind.PLAY: "", Kind.AGAIN: "+", Kind.FIGHT: "!"}


@dataclass(frozen=True, slots=True)
class SedmaAction:
    kind: Kind
    card: Card | None = None

    @property
    def notation(self) -> str:
        if self.kind is Kind.STOP:
            return "stop"
        return f"{PREFIX[self.kind]}{self.card}"

    def __str__(self) -> str:
        return self.notation


STOP = SedmaAction(Kind.STOP)
# One shared action per kind and card, by the card's index (actions never change).
_ACTIONS = {kind: [SedmaAction(kind, card) for card in FULL_DECK] for kind in Kind}


def action_of(kind: Kind, card: Card) -> SedmaAction:
    """`SedmaAction(kind, card)`, the shared instance."""
    return _ACTIONS[kind][card.index]


def actions_of(kind: Kind, cards: Iterable[Card]) -> list[SedmaAction]:
    """`[SedmaAction(kind, card) for card in cards]`, the shared instances."""
    table = _ACTIONS[kind]
    return [table[card.index] for card in cards]


def parse_action(text: str) -> SedmaAction:
    word = text.strip()
    if word.lower() in ("stop", "s"):
        return STOP
    kind = Kind.PLAY
    if word[:1] == "+":
        kind, word = Kind.AGAIN, word[1:]
    elif word[:1] == "!":
        kind, word = Kind.FIGHT, word[1:]
    try:
        return SedmaAction(kind, Card.parse(word))
    except ValueError:
        raise BadNotation(
            say(
                "{move} is not a Sedma move: write a card (KD), +card to go again, !card to "
                "fight, or stop",
                move=repr(text),
            )
        ) from None

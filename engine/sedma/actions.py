"""Sedma's moves and their notation: `KD` plays a card, `+10H` goes again with a card (Sedma),
`!KD` fights by leading a new trick (Hola), `stop` ends the trick."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from engine.cards import FULL_DECK, Card
from engine.core import BadNotation
from engine.words import say


class Kind(Enum):
    PLAY = "play"
    AGAIN = "again"  # the leader continues the trick (Sedma)
    FIGHT = "fight"  # the leader leads a new trick over the old one (Hola)
    STOP = "stop"  # the leader lets the trick be taken


# The members as globals: in Python 3.11 reading a member from its Enum class goes through
# the enum type's attribute hook, many times slower than a global, and moves read them
# on every play.
PLAY_KIND, AGAIN_KIND, FIGHT_KIND, STOP_KIND = Kind


PREFIX = {PLAY_KIND: "", AGAIN_KIND: "+", FIGHT_KIND: "!"}


class SedmaAction(NamedTuple):
    """A move (a pair: compared and hashed without a Python call, as the legal moves are
    searched for it on every play)."""

    kind: Kind
    card: Card | None = None

    @property
    def notation(self) -> str:
        if self.kind is STOP_KIND:
            return "stop"
        return f"{PREFIX[self.kind]}{self.card}"

    def __str__(self) -> str:
        return self.notation


STOP = SedmaAction(STOP_KIND)
# One shared action per kind and card (actions never change), looked up by the card: the legal
# moves are listed from them (`map` over a hand, no Python call per card), and a move is found
# among them by identity.
play_of, again_of, fight_of = (
    {card: SedmaAction(kind, card) for card in FULL_DECK}.__getitem__
    for kind in (PLAY_KIND, AGAIN_KIND, FIGHT_KIND)
)


def parse_action(text: str) -> SedmaAction:
    word = text.strip()
    if word.lower() in ("stop", "s"):
        return STOP
    kind = PLAY_KIND
    if word[:1] == "+":
        kind, word = AGAIN_KIND, word[1:]
    elif word[:1] == "!":
        kind, word = FIGHT_KIND, word[1:]
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

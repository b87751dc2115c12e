"""German Whist's one kind of move: a card played (`KD`)."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import Card
from engine.core import BadNotation
from engine.words import say


class WhistPlay(NamedTuple):
    card: Card

    @property
    def notation(self) -> str:
        return str(self.card)

    def __str__(self) -> str:
        return self.notation


def parse_action(text: str) -> WhistPlay:
    try:
        return WhistPlay(Card.parse(text.strip()))
    except ValueError:
        raise BadNotation(
            say("{move} is not a German Whist move: write a card (KD)", move=repr(text))
        ) from None

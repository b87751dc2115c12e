"""Moves shown together in the move picker (`GameState.move_groups`); `engine.core` names it
too. Kept apart so that a process that only plays never builds it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.core import Action


@dataclass(frozen=True, slots=True)
class MoveGroup:
    """Moves shown together in the picker: the moves of one card, or a phase's choices (a
    bid, pick or pass…), which carry the question to ask. A move made of several cards chosen
    together (a bury) has no list of actions: the player chooses `choose` of `cards`, and
    `GameState.combine` makes the move."""

    key: str  # the card ("9♠") or the phase ("bid")
    actions: tuple[Action, ...]
    prompt: str | None = None  # set for a phase choice: shown instead of a card list
    choose: int = 0  # how many of `cards` make the move (0: choose one of `actions`)
    cards: tuple[Card, ...] = ()
    buttons: bool = False  # a short question (pick or pass): one button per answer

"""Putting cards and plays into words, for every game."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, pretty_cards
from engine.fishing import split_groups


def count_of(number: int, word: str, plural: str | None = None) -> str:
    """ "1 baazi", "2 baazis", "0 baazis"."""
    return f"{number} {word if number == 1 else plural or word + 's'}"


def sentence(text: str) -> str:
    """`text` ending with one full stop (none added after "!" or "?")."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def join_words(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_groups(cards: Sequence[Card], target: int) -> list[list[Card]]:
    """Split specific cards into groups worth `target` each (cards keep their identity)."""
    if not cards:
        return []
    value_groups = split_groups([card.rank for card in cards], target) or [
        [card.rank for card in cards]
    ]
    pool = sorted(cards, key=lambda c: (c.rank, c.suit))
    out: list[list[Card]] = []
    for values in value_groups:
        group = []
        for value in values:
            card = next(c for c in pool if c.rank == value)
            pool.remove(card)
            group.append(card)
        out.append(sorted(group, key=lambda c: (c.rank, c.suit)))
    return out


def plus(cards: Sequence[Card]) -> str:
    """'2♠+9♠'."""
    return pretty_cards(cards, "+")

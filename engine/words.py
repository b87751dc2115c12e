"""Putting cards and plays into words, for every game.

The games write their words in English through `say("Throw {card}", card=...)`. Whoever runs
the engine may give another language's lookup (`translating`): the bot passes its gettext
catalogue, so the same move reads "5♦ फेंकें" to a player who speaks Hindi. The engine stays
deterministic: the words depend only on the lookup it is handed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engine.cards import Card, pretty_cards
from engine.fishing import split_groups

Lookup = Callable[[str], str]


def _english(message: str) -> str:
    return message


_lookup: ContextVar[Lookup] = ContextVar("engine_words", default=_english)


def say(message: str, **values: Any) -> str:
    """`message` in the caller's language, its `{placeholders}` filled from `values`."""
    text = _lookup.get()(message)
    return text.format(**values) if values else text


def marked(message: str) -> str:
    """Marks a message for the catalogues where it is defined; `say` translates it."""
    return message


def use_lookup(lookup: Lookup | None) -> None:
    """Words from `lookup` for the rest of this task (None: English)."""
    _lookup.set(lookup or _english)


@contextmanager
def translating(lookup: Lookup | None) -> Iterator[None]:
    token = _lookup.set(lookup or _english)
    try:
        yield
    finally:
        _lookup.reset(token)


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


def said_list(items: Sequence[str]) -> str:
    """`join_words` in the caller's language (for words that are all `say`'s)."""
    if len(items) <= 1:
        return "".join(items)
    return say("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


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

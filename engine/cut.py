"""The cut before a secret deal, its notation (`cut N`), and the deck measured while a first
deal waits for it.

Kept apart from `engine.shuffles` and `engine.match`: a process that only plays seeded
matches (a simulation, a benchmark, a script) never makes a cut, and never builds its class
(`engine.fairness`, which every secret deal loads, says it too)."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Cut:
    """Cutting the deck before a secret deal: a number from 1 to the deck's size less one,
    shown as `cut N` in the project's notation. It enters the shuffle (see
    `engine.fairness.DealStream`) after the deal's commitment is shown, so nobody, the bot
    included, can choose a deal."""

    position: int

    @property
    def notation(self) -> str:
        return f"cut {self.position}"

    @property
    def card(self) -> None:
        return None


def parse_cut(text: str) -> Cut | None:
    """`cut N` as a `Cut`; None for any other text."""
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "cut" and words[1].isdigit():
        return Cut(int(words[1]))
    return None


class Measured:
    """A fixed, public shuffle that notes the deck's size: what a match holds as its deal while
    its first secret deal waits for the cut (never shown, and it knows no secret)."""

    def __init__(self) -> None:
        self._rng = random.Random(0)
        self.size = 0

    def shuffle(self, items: MutableSequence[Any], /) -> None:
        self.size = max(self.size, len(items))
        self._rng.shuffle(items)

    def randrange(self, start: int, stop: int | None = None, /) -> int:
        return self._rng.randrange(start, stop)

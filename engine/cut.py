"""The cut before a secret deal, and its notation (`cut N`).

Kept apart from `engine.shuffles`: a process that only plays seeded matches (a simulation, a
benchmark, a script) never makes a cut, and never builds its class (`engine.fairness`, which
every secret deal loads, says it too)."""

from __future__ import annotations

from dataclasses import dataclass


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

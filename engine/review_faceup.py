"""The review's second view, "with every card face up": what the cards allowed.

A late decision of a finished deal is solved exactly on the deal's real cards (every hand, the
stock and the floor as they were), every player choosing, from there to the deal's end, what
is best for their own figure (max-n; with two sides, as in Sedma, Sheepshead or Seep, this is
plain minimax). It says what the cards allowed, not what the seat could know: it is shown
apart from the review's figures, so that bad luck is never called a mistake.

Only decisions whose rest of the deal is small enough are solved (the last tricks of Sedma and
Sheepshead, the last captures of Seep and Suipe): the solver counts the positions it looks at
and gives up past `NODES`; the review asks for its decisions from the last one back and stops
at the first one too big, since every earlier one is bigger still.

Where a game's model says the deal has two fixed sides (Seep, two-hand Suipe, Sedma and Hola:
`Sides`), one side's gain is the other's loss, and the search prunes what neither side would
let happen (alpha-beta, the same figures as max-n): the same budget then reaches decisions a
trick or a capture earlier.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

NODES = 15_000
"""Positions looked at, at most, to solve one decision (about half a second)."""


class TooBig(Exception):
    """The rest of the deal is too big to be solved face up within `NODES`."""


Final = Callable[[Any, int], float]
"""A finished deal's figure for a seat, in the review's unit."""

Sides = Callable[[Any], "Sequence[int] | None"]
"""Each seat's side when the deal has exactly two fixed sides, whose figures are each other's
loss (None: max-n, every player for themselves)."""


@dataclass(slots=True)
class _Pruned:
    """Alpha-beta for two sides: `seat`'s figure, maximised by its side, minimised by the other."""

    final: Final
    seat: int
    side: Sequence[int]
    budget: int
    nodes: int = 0

    def value(self, deal: Any, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        if deal.is_over:
            return self.final(deal, self.seat)
        ours = self.side[deal.turn] == self.side[self.seat]
        best = float("-inf") if ours else float("inf")
        for action in list(deal.legal_actions()):
            child = deal.copy()
            child.apply(action)
            found = self.value(child, alpha, beta)
            if ours:
                best = max(best, found)
                alpha = max(alpha, best)
            else:
                best = min(best, found)
                beta = min(beta, best)
            if alpha >= beta:
                break  # the side to move would not let the other reach this far
        return best


@dataclass(slots=True)
class _Search:
    final: Final
    budget: int
    nodes: int = 0

    def solve(self, deal: Any) -> Any:
        """The finished deal reached when everyone plays their best from `deal`."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        if deal.is_over:
            return deal
        mover = deal.turn
        options = list(deal.legal_actions())
        if len(options) == 1:
            child = deal.copy()
            child.apply(options[0])
            return self.solve(child)
        best_end, best_value = None, float("-inf")
        for action in options:
            child = deal.copy()
            child.apply(action)
            end = self.solve(child)
            value = self.final(end, mover)
            if value > best_value:
                best_end, best_value = end, value
        return best_end


def solve_choices(
    deal: Any, seat: int, final: Final, budget: int = NODES, sides: Sequence[int] | None = None
) -> list[tuple[str, float]]:
    """Each legal choice of `seat` (to move in `deal`, the real cards) with its exact figure
    for `seat` when everyone plays their best from there (with `sides`, two sides' alpha-beta;
    each choice's figure exact). Raises `TooBig`."""
    answers = []
    if sides is not None:
        pruned = _Pruned(final, seat, sides, budget)
        for action in list(deal.legal_actions()):
            child = deal.copy()
            child.apply(action)
            answers.append((str(action), pruned.value(child, float("-inf"), float("inf"))))
        return answers
    search = _Search(final, budget)
    for action in list(deal.legal_actions()):
        child = deal.copy()
        child.apply(action)
        answers.append((str(action), final(search.solve(child), seat)))
    return answers


def best_of(answers: Sequence[tuple[str, float]], played: str) -> tuple[str, float]:
    """The best answer (the played one when it is as good)."""
    top = max(value for _, value in answers)
    for notation, value in answers:
        if notation == played and value >= top - 1e-9:
            return notation, value
    return next((n, v) for n, v in answers if v >= top - 1e-9)

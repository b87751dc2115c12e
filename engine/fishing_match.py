"""What a fishing match (Seep's, Suipe's) keeps the same way: its sides and its deal reports."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from engine.core import Action, GameView
from engine.match import DealMatch
from engine.pictures import DealReport, side_names
from engine.words import say

A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=GameView)


class FishingMatch(DealMatch[A, V], Generic[A, V]):
    """A fishing game's match: players in sides (partners, or one each), deal after deal.
    The rules say how many sides there are and which side a player is on."""

    def sides(self) -> tuple[tuple[int, ...], ...]:
        rules = self.rules
        return tuple(
            tuple(p for p in range(rules.players) if rules.side_of(p) == side)
            for side in range(rules.sides)
        )

    def fishing_report(
        self,
        outcome: Any,
        names: Sequence[str],
        fields: tuple[tuple[str, str], ...],
        sweeps: tuple[str, Sequence[int]],
        baazi_side: int | None = None,
    ) -> DealReport:
        """A finished deal's report: each side's points, the game's `fields`, and its record
        (each side's total, cards and sweeps under the game's key)."""
        sides = self.sides()
        totals = " · ".join(
            f"{side_names(names, sides[s])} {side.total}"
            for s, side in enumerate(outcome.score.sides)
        )
        key, counts = sweeps
        record = {
            "number": outcome.number,
            "dealer": outcome.dealer,
            "sides": [
                {"total": side.total, "cards": side.cards, key: count}
                for side, count in zip(outcome.score.sides, counts, strict=True)
            ],
            "baazi_side": baazi_side,
        }
        return DealReport(
            say("Deal {number} is over", number=outcome.number), totals, fields, record
        )

"""A Suipe match: a number of deals (two by default); the most points wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import PUBLIC
from engine.fairness import Seed
from engine.fishing_match import FishingMatch
from engine.outcome import Outcome, points_stats
from engine.pictures import DealReport, RecapPicture
from engine.suipe.actions import SuipeAction, parse_action
from engine.suipe.deal import SuipeDeal
from engine.suipe.rules import SuipeRules
from engine.suipe.scoring import DealScore
from engine.suipe.view import SuipeView, build_view
from engine.words import say


@dataclass(frozen=True, slots=True)
class SuipeDealOutcome:
    number: int
    dealer: int
    score: DealScore
    totals: tuple[int, ...]  # match totals per side after this deal


class SuipeMatch(FishingMatch[SuipeAction, SuipeView]):
    rules_type = SuipeRules
    deal_type = SuipeDeal
    parse_action = staticmethod(parse_action)
    action_type = SuipeAction

    def __init__(self, rules: SuipeRules | None = None, seed: Seed = 0) -> None:
        super().__init__(rules, seed)
        self.totals = [0] * self.rules.sides

    def _settle(self) -> None:
        score = self.deal.score
        assert score is not None
        self.totals = [total + add for total, add in zip(self.totals, score.totals, strict=True)]
        self.deal_results.append(
            SuipeDealOutcome(self.deal_number, self.deal.dealer, score, tuple(self.totals))
        )
        if self.deal_number >= self.rules.deals:
            self._over = True
            return
        self.deal_number += 1
        next_dealer = (self.deal.dealer + 1) % self.rules.players
        self._deal_next(next_dealer)

    @property
    def winner(self) -> int | None:
        """The side with the most points once the match is over (None: a draw or not over)."""
        if not self._over:
            return None
        best = max(self.totals)
        return self.totals.index(best) if self.totals.count(best) == 1 else None

    def returns(self) -> tuple[float, ...]:
        """Per player: 1 for a win, 0.5 for a draw shared by the best sides, 0 otherwise."""
        best = max(self.totals)
        leaders = self.totals.count(best)
        result = []
        for player in range(self.rules.players):
            total = self.totals[self.rules.side_of(player)]
            result.append(0.0 if total < best else (1.0 if leaders == 1 else 0.5))
        return tuple(result)

    def view(self, who: Any = PUBLIC) -> SuipeView:
        return build_view(self, who)

    def recap_picture(self, names: Sequence[str]) -> RecapPicture:
        """The match deal by deal, as its public view draws it (`Recapping`)."""
        return self.view(PUBLIC).recap_picture(names)

    def outcome(self) -> Outcome:
        deal_totals = [o.score.totals for o in self.deal_results]
        stats = []
        for player in range(self.rules.players):
            side = self.rules.side_of(player)
            stats.append(
                {
                    "sweeps": sum(o.score.sides[side].suipes for o in self.deal_results),
                    **points_stats(deal_totals, side),
                }
            )
        totals = tuple(self.totals)
        winner = self.winner

        def line(names: Sequence[str]) -> str:
            text = " · ".join(f"{names[s]} {totals[s]}" for s in range(len(names)))
            if winner is None:
                return say("{scores} — a draw.", scores=text)
            return say("{scores} — {winners} win!", scores=text, winners=names[winner])

        return Outcome(self.sides(), totals, tuple(stats), line)

    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        outcome = self.deal_results[number - 1]
        suipes = [side.suipes for side in outcome.score.sides]
        return self.fishing_report(outcome, names, (), ("suipes", suipes))

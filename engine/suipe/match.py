"""A Suipe match: a number of deals (two by default); the most points wins."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core import PUBLIC, GameOver, GameState, NotYourTurn
from engine.suipe.actions import SuipeAction, parse_action
from engine.suipe.deal import PlayRecord, SuipeDeal
from engine.suipe.rules import SuipeRules
from engine.suipe.scoring import DealScore
from engine.suipe.view import SuipeView, build_view


@dataclass(frozen=True, slots=True)
class SuipeDealOutcome:
    number: int
    dealer: int
    score: DealScore
    totals: tuple[int, ...]  # match totals per side after this deal


class SuipeMatch(GameState):
    game_name = "suipe"

    def __init__(self, rules: SuipeRules | None = None, seed: int = 0) -> None:
        self.rules = rules or SuipeRules()
        self.seed = seed
        self._rng = random.Random(seed)
        self.actions: list[SuipeAction] = []
        self.deal_results: list[SuipeDealOutcome] = []
        self.totals = [0] * self.rules.sides
        self.deal_number = 1
        self._over = False
        first_dealer = self._rng.randrange(self.rules.players)
        self.deal = SuipeDeal.deal(self.rules, first_dealer, self._rng)

    @classmethod
    def from_position(cls, deal: SuipeDeal) -> SuipeMatch:
        """A match around a deal set up from position notation (for pictures and lessons)."""
        match = cls(deal.rules, 0)
        match.deal = deal
        return match

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        return None if self._over else self.deal.turn

    @property
    def is_terminal(self) -> bool:
        return self._over

    def legal_actions(self) -> list[SuipeAction]:
        return [] if self._over else self.deal.legal_actions()

    def describe(self, action: SuipeAction | str) -> str:
        return self.deal.describe(_as_action(action))

    def apply(self, action: SuipeAction | str, player: int | None = None) -> PlayRecord:
        if self._over:
            raise GameOver("The match is over.")
        if player is not None and player != self.current_player:
            raise NotYourTurn("It is not your turn.")
        parsed = _as_action(action)
        record = self.deal.apply(parsed)
        self.actions.append(parsed)
        if self.deal.is_over:
            self._settle()
        return record

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
        self.deal = SuipeDeal.deal(self.rules, next_dealer, self._rng)

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

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "suipe",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": [a.notation for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SuipeMatch:
        match = cls(SuipeRules.from_dict(data["rules"]), data["seed"])
        for text in data["actions"]:
            match.apply(text)
        return match


def _as_action(action: SuipeAction | str) -> SuipeAction:
    return parse_action(action) if isinstance(action, str) else action

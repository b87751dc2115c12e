"""What every deal-by-deal match shares: seeding, the action log, applying and replaying.

A match is seeded with `DealKeys` (a secret per shuffle, see `engine.fairness`) or, for tests,
simulations and tables stored before secret deals, with an int that seeds `random.Random`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from engine.core import GameOver, GameState, NotYourTurn
from engine.fairness import DealKeys, Seed, Shuffler, Shuffles, seed_from_json, seed_to_json
from engine.words import say


class DealMatch(GameState):
    """A match played one deal at a time. Subclasses set `rules_type`, `deal_type` and
    `parse_action`, and implement `_settle` (what a finished deal changes) and the rest of
    the protocol (`current_player`, `returns`, `view`)."""

    rules_type: ClassVar[Any]
    deal_type: ClassVar[Any]
    parse_action: Callable[[str], Any]

    def __init__(self, rules: Any = None, seed: Seed = 0) -> None:
        self.rules = rules or self.rules_type()
        self.seed = seed
        self.shuffles = Shuffles(seed)
        self.actions: list[Any] = []
        self.deal_results: list[Any] = []
        self.deal_number = 1
        self._over = False
        first_dealer = self.shuffles.first_dealer(self.rules.players)
        self.deal = self.deal_type.deal(self.rules, first_dealer, self._next_shuffle())

    def _next_shuffle(self) -> Shuffler:
        return self.shuffles.next()

    @property
    def deal_keys(self) -> DealKeys | None:
        return self.shuffles.keys

    @classmethod
    def from_position(cls, deal: Any) -> Any:
        """A match around a deal set up from position notation (for pictures and lessons);
        it cannot be saved as (rules, seed, actions)."""
        match = cls(deal.rules, 0)
        match.deal = deal
        return match

    @property
    def game(self) -> str:
        return str(self.rules.game)

    @property
    def num_players(self) -> int:
        return int(self.rules.players)

    @property
    def deals_finished(self) -> int:
        return len(self.deal_results)

    def side_of(self, player: int) -> int:
        return int(self.deal.side_of(player))

    @property
    def is_terminal(self) -> bool:
        return self._over

    def legal_actions(self) -> list[Any]:
        return [] if self._over else self.deal.legal_actions()

    def as_action(self, action: Any) -> Any:
        return type(self).parse_action(action) if isinstance(action, str) else action

    def describe(self, action: Any, names: Sequence[str] | None = None) -> str:
        return str(self.deal.describe(self.as_action(action)))

    def apply(self, action: Any, player: int | None = None) -> Any:
        if self._over:
            raise GameOver(say("The match is over."))
        if player is not None and player != self.current_player:
            raise NotYourTurn(say("It is not your turn."))
        parsed = self.as_action(action)
        record = self.deal.apply(parsed)
        self.actions.append(parsed)
        if self.deal.is_over:
            self._settle()
        return record

    def _settle(self) -> None:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game,
            "rules": self.rules.to_dict(),
            "seed": seed_to_json(self.seed),
            "actions": [a.notation for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        match = cls(cls.rules_type.from_dict(data["rules"]), seed_from_json(data["seed"]))
        for text in data["actions"]:
            match.apply(text)
        return match

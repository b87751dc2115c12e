"""One outcome for every game: places per side (ties allowed), each player's own figures,
and the result in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.pictures import side_names


@dataclass(frozen=True, slots=True)
class Round:
    """One contest inside a match whose sides change from deal to deal (a Sheepshead hand):
    ratings take each in turn."""

    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]  # per side

    def place_of(self, player: int) -> tuple[int, int]:
        """(side, place) of `player`: 1 for the best, equal scores share a place; `SAT_OUT`
        for a player with no part in it (a Sheepshead dealer sitting out at six)."""
        side = next((s for s, members in enumerate(self.sides) if player in members), None)
        if side is None:
            return SAT_OUT
        return side, 1 + sum(other > self.scores[side] for other in self.scores)


SAT_OUT = (-1, 0)  # a round's (side, place) for a player who sat it out: not rated in it


@dataclass(frozen=True, slots=True)
class Outcome:
    sides: tuple[tuple[int, ...], ...]  # the players of each side
    scores: tuple[int, ...]  # per side: what decides the places (baazis, match points…)
    stats: tuple[Mapping[str, int], ...]  # per player: the game's figures (see its StatSpecs)
    line: Callable[[Sequence[str]], str]  # the result in words, from the sides' names
    rounds: tuple[Round, ...] = ()  # sides that change every deal: each deal is rated alone

    @property
    def places(self) -> tuple[int, ...]:
        """Per side: 1 for the best; sides with the same score share a place."""
        return tuple(1 + sum(other > score for other in self.scores) for score in self.scores)

    def side_of(self, player: int) -> int:
        for side, players in enumerate(self.sides):
            if player in players:
                return side
        raise ValueError(f"player {player} has no side")

    def place_of(self, player: int) -> int:
        return self.places[self.side_of(player)]

    def result_of(self, player: int) -> str:
        """ "win", "loss" or "draw" (a first place shared with another side)."""
        side = self.side_of(player)
        if self.places[side] > 1:
            return "loss"
        return "draw" if self.scores.count(self.scores[side]) > 1 else "win"

    def describe(self, names: Sequence[str]) -> str:
        return self.line([side_names(names, players) for players in self.sides])


def points_stats(deal_totals: Sequence[Sequence[int]], side: int) -> dict[str, int]:
    """The figures every deal-by-deal game keeps: deals, best deal, points for and against."""
    own = [totals[side] for totals in deal_totals]
    against = sum(t for totals in deal_totals for s, t in enumerate(totals) if s != side)
    return {
        "deals": len(deal_totals),
        "best_deal": max(own, default=0),
        "points_for": sum(own),
        "points_against": against,
    }

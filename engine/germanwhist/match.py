"""A German Whist match: hand after hand, to the table's target of points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import PUBLIC, Viewer
from engine.germanwhist.actions import WhistPlay, parse_action
from engine.germanwhist.hand import HandScore, WhistHand, why
from engine.germanwhist.rules import WhistRules
from engine.shuffles import Seed
from engine.tricks import TrickMatch
from engine.words import say, say_count

if TYPE_CHECKING:
    from engine.germanwhist.view import WhistView
    from engine.outcome import Outcome
    from engine.pictures import DealReport


@dataclass(frozen=True, slots=True)
class HandOutcome:
    number: int
    dealer: int
    score: HandScore
    scores: tuple[int, ...]  # the match score after this hand


class WhistMatch(TrickMatch):
    """Fully determined by (rules, seed, actions)."""

    rules_type = WhistRules
    action_type = WhistPlay
    deal_type = WhistHand
    parse_action = staticmethod(parse_action)
    rules: WhistRules
    deal: WhistHand
    totals_name = "scores"
    scores: list[int]

    def totals_count(self) -> int:
        return 2

    def describe_play(self, action: Any, names: Sequence[str] | None = None) -> str:
        from engine.germanwhist.describe import describe_action

        return describe_action(self.deal, action, names)

    def view(self, who: Viewer = PUBLIC) -> WhistView:
        from engine.germanwhist.view import build_view

        return build_view(self, who)

    def side_of(self, player: int) -> int:
        return player

    def _settle(self) -> None:
        hand = self.deal
        score = hand.score()
        self.scores[score.winner] += score.points
        self.deal_results.append(
            HandOutcome(self.deal_number, hand.dealer, score, tuple(self.scores))
        )
        if max(self.scores) >= self.rules.goal:
            self._over = True
            return
        self.deal_number += 1
        self._deal_next(1 - hand.dealer)

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.scores)

    def outcome(self) -> Outcome:
        from engine.outcome import Outcome, points_stats

        per_hand = [r.score.tricks for r in self.deal_results]
        stats = tuple(
            {
                "match_points": self.scores[p],
                "hands_won": sum(r.score.winner == p for r in self.deal_results),
                **points_stats(per_hand, p),
            }
            for p in range(2)
        )
        scores = tuple(self.scores)

        def line(names: Sequence[str]) -> str:
            text = " · ".join(f"{names[p]} {scores[p]}" for p in range(2))
            winner = names[0] if scores[0] > scores[1] else names[1]
            return say("{scores} — {winner} wins!", scores=text, winner=winner)

        return Outcome(((0,), (1,)), scores, stats, line)

    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        from engine.pictures import DealReport

        result = self.deal_results[number - 1]
        score = result.score
        totals = " · ".join(f"{names[p]} {score.tricks[p]}" for p in range(2))
        outcome = say_count(
            "{count} point to {name}: {why}",
            "{count} points to {name}: {why}",
            score.points,
            name=names[score.winner],
            why=why(score),
        )
        record = {
            "number": number,
            "dealer": result.dealer,
            "tricks": list(score.tricks),
            "winner": score.winner,
            "points": score.points,
        }
        title = say("Hand {number} is over", number=number)
        return DealReport(title, totals, ((say("Result"), outcome),), record)


def start(seed: Seed, rules: Mapping[str, Any]) -> WhistMatch:
    """A new match with a table's options (the registration's `new_match`)."""
    return WhistMatch(WhistRules(**{k: v for k, v in rules.items() if k != "game"}), seed)

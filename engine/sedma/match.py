"""A Sedma match to N game points (Hola: a running score to N points), hand after hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import Card, Pack
from engine.core import PUBLIC, Viewer
from engine.sedma.actions import SedmaAction, parse_action
from engine.sedma.hand import HandScore, Phase, SedmaHand
from engine.sedma.rules import HOLA, SEDMA, SedmaRules
from engine.shuffles import Seed
from engine.tricks import TrickMatch
from engine.words import said_list, say, say_count

if TYPE_CHECKING:  # (what only a view or a report needs is imported when first asked for)
    from engine.move_group import MoveGroup
    from engine.outcome import Outcome
    from engine.pictures import DealReport, RecapPicture
    from engine.sedma.view import SedmaView


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A finished hand as the match keeps it."""

    number: int
    dealer: int
    score: HandScore
    scores: tuple[int, ...]  # the match score after this hand (per side; three players: each)
    taken: tuple[tuple[Card, ...], ...]  # the cards each player took


class SedmaMatch(TrickMatch[SedmaAction, "SedmaView"]):
    """Fully determined by (rules, seed, actions)."""

    rules_type = SedmaRules
    action_type = SedmaAction
    deal_type = SedmaHand
    parse_action = staticmethod(parse_action)
    rules: SedmaRules
    deal: SedmaHand
    totals_name = "scores"
    scores: list[int]

    def totals_count(self) -> int:
        return self.score_count

    @property
    def score_count(self) -> int:
        """Three players keep their own scores (sides change every hand); otherwise sides."""
        return 3 if self.rules.three_handed else 2

    def holder_of_score(self, player: int) -> int:
        return player if self.rules.three_handed else player % 2

    @property
    def pack(self) -> Pack:
        return self.rules.pack

    def describe_play(self, action: Any, names: Sequence[str] | None = None) -> str:
        from engine.sedma.describe import describe_action

        return describe_action(self.deal, action, names)

    def play_groups(self) -> list[MoveGroup]:
        from engine.move_group import MoveGroup

        if self.deal.phase is Phase.DECIDE:
            question = say("Fight or stop?") if self.rules.is_hola else say("Go again or stop?")
            return [MoveGroup("choice", tuple(self.legal_actions()), question)]
        return super().play_groups()

    def view(self, who: Viewer = PUBLIC) -> SedmaView:
        from engine.sedma.view import build_view

        return build_view(self, who)

    def recap_picture(self, names: Sequence[str]) -> RecapPicture:
        """The match deal by deal, as its public view draws it (`Recapping`)."""
        return self.view(PUBLIC).recap_picture(names)

    def side_of(self, player: int) -> int:
        return self.holder_of_score(player)

    def score_sides(self) -> tuple[tuple[int, ...], ...]:
        players = self.rules.players
        if self.rules.three_handed:
            return tuple((p,) for p in range(players))
        return tuple(tuple(p for p in range(players) if p % 2 == side) for side in (0, 1))

    # ----- between hands ---------------------------------------------------------------

    def _settle(self) -> None:
        hand = self.deal
        score = hand.score()
        if self.rules.is_hola:
            for side in (0, 1):
                self.scores[side] += score.points[side]
        elif self.rules.three_handed:
            for player in score.sides[score.winner]:
                self.scores[player] += score.game_points
        else:
            self.scores[score.winner] += score.game_points
        taken = tuple(tuple(cards) for cards in hand.taken)
        self.deal_results.append(
            HandOutcome(self.deal_number, hand.dealer, score, tuple(self.scores), taken)
        )
        if self._finished():
            self._over = True
            return
        self.deal_number += 1
        self._deal_next(self._next_dealer(hand, score))

    def _finished(self) -> bool:
        best = max(self.scores)
        if best < self.rules.goal:
            return False
        # Hola: a tie at the top plays on
        return not (self.rules.is_hola and self.scores.count(best) > 1)

    def _next_dealer(self, hand: SedmaHand, score: HandScore) -> int:
        dealer, players = hand.dealer, self.rules.players
        dealer_side = hand.side_of(dealer)
        if self.rules.is_hola:
            return dealer if score.points[dealer_side] >= 50 else (dealer + 1) % players
        if players == 3 or score.winner == dealer_side:
            return (dealer + 1) % players
        return dealer if players == 2 else (dealer + 2) % players

    # ----- results ------------------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        return tuple(float(self.scores[self.holder_of_score(p)]) for p in range(self.rules.players))

    def outcome(self) -> Outcome:
        from engine.outcome import Outcome

        stats = []
        for player in range(self.rules.players):
            won2 = won3 = hands_won = points_for = points_against = best = 0
            for result in self.deal_results:
                score = result.score
                side = next(s for s, members in enumerate(score.sides) if player in members)
                own, other = score.points[side], score.points[1 - side]
                points_for += own
                points_against += other
                best = max(best, own)
                if score.winner == side:
                    hands_won += 1
                    won2 += score.game_points == 2
                    won3 += score.game_points == 3
            stats.append(
                {
                    "game_points": self.scores[self.holder_of_score(player)],
                    "hands_won": hands_won,
                    "hands_won_2": won2,
                    "hands_won_3": won3,
                    "deals": len(self.deal_results),
                    "best_deal": best,
                    "points_for": points_for,
                    "points_against": points_against,
                }
            )
        scores = tuple(self.scores)

        def line(names: Sequence[str]) -> str:
            text = " · ".join(f"{names[s]} {scores[s]}" for s in range(len(names)))
            best = max(scores)
            leaders = [names[s] for s in range(len(names)) if scores[s] == best]
            return say("{scores} — {winners} win!", scores=text, winners=said_list(leaders))

        return Outcome(self.score_sides(), scores, tuple(stats), line)

    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        from engine.pictures import DealReport, side_names

        result = self.deal_results[number - 1]
        score = result.score
        side_texts = [side_names(names, members) for members in score.sides]
        totals = " · ".join(f"{side_texts[s]} {score.points[s]}" for s in (0, 1))
        winners = side_texts[score.winner]
        if self.rules.is_hola:
            outcome = say("{side} score more: {why}", side=winners, why=score.why)
        else:
            outcome = say_count(
                "{count} game point to {side}: {why}",
                "{count} game points to {side}: {why}",
                score.game_points,
                side=winners,
                why=score.why,
            )
        record = {
            "number": number,
            "dealer": result.dealer,
            "sides": [
                {"players": list(members), "total": score.points[s], "tricks": score.tricks[s]}
                for s, members in enumerate(score.sides)
            ],
            "winner": score.winner,
            "game_points": score.game_points,
        }
        title = say("Hand {number} is over", number=number)
        return DealReport(title, totals, ((say("Result"), outcome),), record)


def rules_for(game: str, rules: Mapping[str, Any]) -> SedmaRules:
    """`game`'s (Sedma's or Hola's) rules with a table's options."""
    return SedmaRules(game=game, **{k: v for k, v in rules.items() if k != "game"})


def start_sedma(seed: Seed, rules: Mapping[str, Any]) -> SedmaMatch:
    """A new Sedma match with a table's options (the registration's `new_match`, also started
    by name without the registry: `engine.games.STARTS`)."""
    return SedmaMatch(rules_for(SEDMA, rules), seed)


def start_hola(seed: Seed, rules: Mapping[str, Any]) -> SedmaMatch:
    """A new Hola match with a table's options (as `start_sedma`)."""
    return SedmaMatch(rules_for(HOLA, rules), seed)

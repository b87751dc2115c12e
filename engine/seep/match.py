"""A Seep match: deals until the agreed number of baazis, with the dealer rotation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import PUBLIC, MoveGroup
from engine.fairness import Seed
from engine.fishing_match import FishingMatch
from engine.outcome import Outcome, points_stats
from engine.pictures import DealReport, RecapPicture, side_names
from engine.seep.actions import SeepAction, parse_action
from engine.seep.deal import SeepDeal
from engine.seep.describe import lead_words
from engine.seep.rules import SeepRules
from engine.seep.scoring import DealScore
from engine.seep.view import SeepView, build_view
from engine.words import say, say_count


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A finished deal as the score sheet records it."""

    number: int
    dealer: int  # player
    score: DealScore
    running_total: int  # side 0's lead after this deal (0 after a baazi)
    baazi_side: int | None  # the side that won a baazi with this deal
    below_nine: bool  # the baazi came from the 9-point rule


class SeepMatch(FishingMatch[SeepAction, SeepView]):
    """Seep from the first shuffle to the last baazi. Fully determined by (rules, seed, actions)."""

    rules_type = SeepRules
    deal_type = SeepDeal
    parse_action = staticmethod(parse_action)
    action_type = SeepAction

    def __init__(self, rules: SeepRules | None = None, seed: Seed = 0) -> None:
        super().__init__(rules, seed)
        self.running_total = 0
        self.baazis = [0, 0]

    def deal_turn(self) -> int:
        return int(self.deal.player_of(self.deal.turn))

    def cutter(self, dealer: int) -> int:
        """Seep is played to the right: the player to the dealer's right, the bidder, cuts."""
        return (dealer + 1) % 4 % int(self.rules.players)

    def suit_choices(self, action: SeepAction | str) -> list[SeepAction]:
        return list(self.deal.suit_choices(self.as_action(action)))

    def returns(self) -> tuple[float, ...]:
        """Baazis won by each player's side."""
        return tuple(float(self.baazis[p % 2]) for p in range(self.rules.players))

    def view(self, who: Any = PUBLIC) -> SeepView:
        return build_view(self, who)

    def recap_picture(self, names: Sequence[str]) -> RecapPicture:
        """The match deal by deal, as its public view draws it (`Recapping`)."""
        return self.view(PUBLIC).recap_picture(names)

    def play_groups(self) -> list[MoveGroup]:
        legal = self.legal_actions()
        bids = tuple(a for a in legal if a.card is None)
        if bids:
            return [MoveGroup("bid", bids, say("Bid for a house: choose a value you hold."))]
        return super().play_groups()

    def outcome(self) -> Outcome:
        deal_totals = [tuple(s.total for s in o.score.sides) for o in self.deal_results]
        stats = []
        for player in range(self.rules.players):
            side = player % 2
            stats.append(
                {
                    "baazis_won": self.baazis[side],
                    "baazis_lost": sum(self.baazis) - self.baazis[side],
                    "sweeps": sum(o.score.sides[side].sweeps for o in self.deal_results),
                    **points_stats(deal_totals, side),
                }
            )
        baazis = tuple(self.baazis)

        def line(names: Sequence[str]) -> str:
            return " · ".join(
                f"{names[s]}: {say_count('{count} baazi', '{count} baazis', baazis[s])}"
                for s in range(len(names))
            )

        return Outcome(self.sides(), baazis, tuple(stats), line)

    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        outcome = self.deal_results[number - 1]
        sides = self.sides()
        fields: tuple[tuple[str, str], ...]
        if outcome.baazi_side is not None:
            members = sides[outcome.baazi_side]
            who = side_names(names, members)
            won = (
                say("{name} wins a baazi.", name=who)
                if len(members) == 1
                else say("{names} win a baazi.", names=who)
            )
            fields = ((say("Baazi!"), won),)
        else:
            fields = ((say("Running total"), lead_words(outcome.running_total, sides, names)),)
        sweeps = [side.sweeps for side in outcome.score.sides]
        return self.fishing_report(outcome, names, fields, ("sweeps", sweeps), outcome.baazi_side)

    # ----- between deals ----------------------------------------------------------------

    def _settle(self) -> None:
        deal = self.deal
        score = deal.score
        assert score is not None
        totals = (score.sides[0].total, score.sides[1].total)
        result = settle(self.rules, self.running_total, deal.dealer, totals)
        self.running_total = result.running_total
        if result.baazi_side is not None:
            self.baazis[result.baazi_side] += 1
        self.deal_results.append(
            DealOutcome(
                number=self.deal_number,
                dealer=deal.player_of(deal.dealer),
                score=score,
                running_total=self.running_total,
                baazi_side=result.baazi_side,
                below_nine=result.below_nine,
            )
        )
        if result.baazi_side is not None and sum(self.baazis) >= self.rules.baazis:
            self._over = True
            return
        self.deal_number += 1
        self._deal_next(result.next_dealer)


@dataclass(frozen=True, slots=True)
class Settlement:
    running_total: int  # side 0's lead after the deal (0 after a baazi)
    baazi_side: int | None
    below_nine: bool
    next_dealer: int  # seat (in the 2-player game: the player)


def settle(
    rules: SeepRules, running_total: int, dealer: int, totals: tuple[int, int]
) -> Settlement:
    """Apply a deal's totals to the running total: the 9-point rule, the baazi, the next dealer."""
    baazi: int | None = None
    below_nine = False
    if rules.nine_point_rule and min(totals) < 9:
        below_nine = True
        baazi = 0 if totals[0] > totals[1] else 1
    else:
        running_total += totals[0] - totals[1]
        if abs(running_total) >= rules.target_lead:
            baazi = 0 if running_total > 0 else 1
    if baazi is not None:
        running_total = 0
    return Settlement(
        running_total=running_total,
        baazi_side=baazi,
        below_nine=below_nine,
        next_dealer=next_dealer(rules, dealer, running_total, baazi),
    )


def next_dealer(rules: SeepRules, dealer: int, running_total: int, baazi: int | None) -> int:
    """Who deals next. Four players: the dealer deals again while their side is behind or
    level; after a baazi the deal goes to the partner of whoever would have dealt.
    Two players: whoever is behind deals (level: the same dealer); after a baazi, its loser."""
    dealer_side = dealer % 2
    lead = running_total if dealer_side == 0 else -running_total
    if rules.players == 2:
        if baazi is not None:
            return 1 - baazi
        if lead == 0:
            return dealer
        return dealer if lead < 0 else 1 - dealer
    if baazi is None:
        return dealer if lead <= 0 else (dealer + 1) % 4
    pivot = (dealer + 1) % 4 if baazi == dealer_side else dealer
    return (pivot + 2) % 4

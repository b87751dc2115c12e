"""A Sheepshead table: N hands with the deal passing on, and the score sheet that sums to
zero after every hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.core import PUBLIC, MoveGroup, Viewer
from engine.fairness import Seed
from engine.sheepshead.actions import Kind, SheepsheadAction, parse_action
from engine.sheepshead.hand import HandScore, Phase, SheepsheadHand
from engine.sheepshead.rules import SheepsheadRules, strength_order
from engine.tricks import TrickMatch
from engine.words import marked, said_list, say, say_count

if TYPE_CHECKING:  # (what only a view or a report needs is imported when first asked for)
    from engine.outcome import Outcome
    from engine.pictures import DealReport


@dataclass(frozen=True, slots=True)
class HandOutcome:
    number: int  # counts the hands played (a redeal keeps the number)
    dealer: int
    score: HandScore
    sheet: tuple[int, ...]  # each player's running units after this hand
    taken: tuple[tuple[Card, ...], ...]


class SheepsheadMatch(TrickMatch):
    """Fully determined by (rules, seed, actions)."""

    rules_type = SheepsheadRules
    action_type = SheepsheadAction
    deal_type = SheepsheadHand
    parse_action = staticmethod(parse_action)
    rules: SheepsheadRules
    deal: SheepsheadHand
    totals_name = "sheet"
    sheet: list[int]  # each player's running units

    def totals_count(self) -> int:
        return self.rules.players

    @property
    def hands_played(self) -> int:
        return sum(not r.score.redeal for r in self.deal_results)

    def describe_play(self, action: Any, names: Sequence[str] | None = None) -> str:
        from engine.sheepshead.describe import describe_action

        return describe_action(self.deal, action, names)

    def play_groups(self) -> list[MoveGroup]:
        phase = self.deal.phase
        legal = tuple(self.legal_actions())
        if phase is Phase.PICK:
            return [MoveGroup("pick", legal, say("Pick up the blind, or pass?"), buttons=True)]
        if phase is Phase.BURY:
            size = self.rules.blind_size
            cards = tuple(sorted(self.deal.hands[self.deal.turn], key=strength_order))
            prompt = say_count(
                "Choose {count} card to bury (it counts for you if you take a trick).",
                "Choose {count} cards to bury (they count for you if you take a trick).",
                size,
            )
            return [MoveGroup("bury", (), prompt, choose=size, cards=cards)]
        if phase is Phase.CALL:
            return [MoveGroup("call", legal, say("Call your partner's card, or go alone:"))]
        return super().play_groups()

    def combine(self, key: str, cards: Sequence[Card]) -> SheepsheadAction:
        if key != "bury":
            raise ValueError(f"no move is made of chosen cards in {key!r}")
        return SheepsheadAction(Kind.BURY, tuple(sorted(cards, key=strength_order)))

    def view(self, who: Viewer = PUBLIC) -> Any:
        from engine.sheepshead.view import build_view

        return build_view(self, who)

    def side_of(self, player: int) -> int:
        """Each player is their own side on the score sheet (sides change every hand)."""
        return player

    # ----- between hands ----------------------------------------------------------------

    def _settle(self) -> None:
        hand = self.deal
        score = hand.score()
        for player, units in enumerate(score.units):
            self.sheet[player] += units
        played = self.hands_played + (0 if score.redeal else 1)  # with this one
        taken = tuple(tuple(cards) for cards in hand.taken)
        self.deal_results.append(HandOutcome(played, hand.dealer, score, tuple(self.sheet), taken))
        if played >= self.rules.hand_count:
            self._over = True
            return
        self.deal_number = played + 1
        dealer = (hand.dealer + 1) % self.rules.players
        self._deal_next(dealer)

    # ----- results ----------------------------------------------------------------------

    def returns(self) -> tuple[float, ...]:
        return tuple(float(units) for units in self.sheet)

    def outcome(self) -> Outcome:
        from engine.outcome import Outcome, Round

        players = self.rules.players
        stats = []
        for player in range(players):
            figures = {
                "units": self.sheet[player], "picked": 0, "picks_won": 0, "partnered": 0,
                "schneiders": 0, "leasters_won": 0, "deals": 0, "best_deal": 0,
                "points_for": 0, "points_against": 0,
            }  # fmt: skip
            for result in self.deal_results:
                score = result.score
                if score.redeal:
                    continue
                figures["deals"] += 1
                units = score.units[player]
                figures["best_deal"] = max(figures["best_deal"], units)
                side = next(s for s, members in enumerate(score.sides) if player in members)
                own = score.points[side]
                figures["points_for"] += own
                figures["points_against"] += sum(score.points) - own
                if score.leaster:
                    figures["leasters_won"] += score.winner == player
                    continue
                if player == score.picker:
                    figures["picked"] += 1
                    figures["picks_won"] += score.picker_won
                elif player == score.partner:
                    figures["partnered"] += 1
                if units > 0 and score.multiplier >= 2:
                    figures["schneiders"] += 1
            stats.append(figures)
        sheet = tuple(self.sheet)

        def line(names: Sequence[str]) -> str:
            text = sheet_line(names, sheet)
            best = max(sheet)
            leaders = [names[p] for p in range(len(names)) if sheet[p] == best]
            return say(
                "{scores} — {winners} finish on top!", scores=text, winners=said_list(leaders)
            )

        rounds = tuple(
            Round(r.score.sides, tuple(r.score.units[members[0]] for members in r.score.sides))
            for r in self.deal_results
            if not r.score.redeal
        )  # each hand has its own sides: picker and partner against the rest, or a leaster
        return Outcome(tuple((p,) for p in range(players)), sheet, tuple(stats), line, rounds)

    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        from engine.pictures import DealReport, side_names

        result = self.deal_results[number - 1]
        score = result.score
        record: dict[str, object] = {
            "number": result.number,
            "dealer": result.dealer,
            "picker": score.picker,
            "partner": score.partner,
            "leaster": score.leaster,
            "redeal": score.redeal,
            "units": list(score.units),
            "sheet": list(result.sheet),
        }
        sheet = sheet_line(names, result.sheet)
        if score.redeal:
            return DealReport(say("Nobody picked"), say("The cards are dealt again."), (), record)
        units = sheet_line(names, score.units)
        if score.leaster:
            assert score.winner is not None
            totals = " · ".join(f"{names[p]} {score.points[p]}" for p in range(len(names)))
            outcome = say(
                "{name} wins the leaster ({why})", name=names[score.winner], why=score.why
            )
        else:
            assert score.picker is not None
            sides = [side_names(names, members) for members in score.sides]
            totals = f"{sides[0]} {score.points[0]} · {sides[1]} {score.points[1]}"
            outcome = say(
                marked("{name} picked and won: {why}")
                if score.picker_won
                else marked("{name} picked and lost: {why}"),
                name=names[score.picker],
                why=score.why,
            )
        fields = (
            (say("Result"), outcome),
            (say("This hand"), units),
            (say("Score sheet"), sheet),
        )
        return DealReport(
            say("Hand {number} is over", number=result.number), totals, fields, record
        )


def start(seed: Seed, rules: Mapping[str, Any]) -> SheepsheadMatch:
    """A new match with a table's options (the registration's `new_match`, also started by
    name without the registry: `engine.games.STARTS`)."""
    return SheepsheadMatch(SheepsheadRules(**{k: v for k, v in rules.items() if k != "game"}), seed)


def sheet_line(names: Sequence[str], sheet: Sequence[int]) -> str:
    return " · ".join(f"{names[p]} {units:+d}" for p, units in enumerate(sheet))

"""A Sheepshead table: N hands with the deal passing on, and the score sheet that sums to
zero after every hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.cards import Card
from engine.core import PUBLIC, Viewer
from engine.phrases import say, say_count
from engine.sheepshead.actions import Kind, SheepsheadAction, parse_action
from engine.sheepshead.hand import HandScore, SheepsheadHand
from engine.sheepshead.phases import OVER_PHASE, PLAY_PHASE, Phase
from engine.sheepshead.rules import SheepsheadRules, strength_order
from engine.shuffles import Seed
from engine.tricks import TrickMatch

if TYPE_CHECKING:  # (what only a view or a report needs is imported when first asked for)
    from engine.move_group import MoveGroup
    from engine.outcome import Outcome
    from engine.pictures import DealReport, RecapPicture
    from engine.sheepshead.view import SheepsheadView


class HandOutcome(NamedTuple):
    """A finished hand as the match keeps it (a named tuple, as `HandScore`)."""

    number: int  # counts the hands played (a redeal keeps the number)
    dealer: int
    score: HandScore
    sheet: tuple[int, ...]  # each player's running units after this hand
    taken: tuple[tuple[Card, ...], ...]


class SheepsheadMatch(TrickMatch[SheepsheadAction, "SheepsheadView"]):
    """Fully determined by (rules, seed, actions)."""

    rules_type = SheepsheadRules
    action_type = SheepsheadAction
    deal_type = SheepsheadHand
    parse_action = staticmethod(parse_action)
    rules: SheepsheadRules
    deal: SheepsheadHand
    totals_name = "sheet"
    sheet: list[int]  # each player's running units
    deals_finished = 0  # hands finished, redeals too: an attribute, as every move's loop asks

    def __init__(self, rules: SheepsheadRules | None = None, seed: Seed = 0) -> None:
        self.deals_finished = 0
        super().__init__(rules, seed)

    def totals_count(self) -> int:
        return self.rules.players

    def apply(self, action: Any, player: int | None = None) -> Any:
        """A card just listed goes straight to the hand's play (`SheepsheadHand._play`: the
        checks of `DealMatch.apply` and `SheepsheadHand.apply` hold by being listed); any other
        move as `DealMatch.apply` makes it."""
        deal = self.deal
        legal = deal._legal
        if (
            legal is not None
            and deal.phase is PLAY_PHASE
            and type(action) is SheepsheadAction
            and action in legal
            and (player is None or player == deal.turn)
            and not self.is_terminal
            and self.pending_cut is None
        ):
            deal._legal = None
            record = deal._play(deal.turn, action)
            self.actions.append(action)
            if deal.phase is OVER_PHASE:
                self._settle()
            return record
        return super().apply(action, player)

    def legal_actions(self) -> list[Any]:
        """The hand's moves, from its cache (a card's play listed straight by `play_choices`)."""
        if self.is_terminal or self.pending_cut is not None:
            return super().legal_actions()
        deal = self.deal
        legal = deal._legal
        if legal is None:
            if deal.phase is PLAY_PHASE:
                legal = deal._legal = deal.play_choices(deal.turn)
            else:
                legal = deal._legal = deal._compute_legal()
        return legal.copy()

    @property
    def hands_played(self) -> int:
        return sum(not r.score.redeal for r in self.deal_results)

    def describe_play(self, action: Any, names: Sequence[str] | None = None) -> str:
        from engine.sheepshead.describe import describe_action

        return describe_action(self.deal, action, names)

    def play_groups(self) -> list[MoveGroup]:
        from engine.move_group import MoveGroup

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

    def view(self, who: Viewer = PUBLIC) -> SheepsheadView:
        from engine.sheepshead.view import build_view

        return build_view(self, who)

    def recap_picture(self, names: Sequence[str]) -> RecapPicture:
        """The match deal by deal, as its public view draws it (`Recapping`)."""
        return self.view(PUBLIC).recap_picture(names)

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
        taken = tuple(map(tuple, hand.taken))
        self.deal_results.append(HandOutcome(played, hand.dealer, score, tuple(self.sheet), taken))
        self.deals_finished = len(self.deal_results)
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
        from engine.sheepshead.report import outcome

        return outcome(self)

    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        from engine.sheepshead.report import deal_report

        return deal_report(self, number, names)


def start(seed: Seed, rules: Mapping[str, Any]) -> SheepsheadMatch:
    """A new match with a table's options (the registration's `new_match`, also started by
    name without the registry: `engine.games.STARTS`)."""
    key = tuple(rules.items())
    try:
        made = _RULES.get(key)
    except TypeError:  # an option that cannot be a key: the rules refuse it below
        key, made = (), None
    if made is None:
        made = SheepsheadRules(**{k: v for k, v in rules.items() if k != "game"})
        if key or not rules:
            _RULES[key] = made
    return SheepsheadMatch(made, seed)


# the rules of the options tables have asked for (rules never change, so tables share them)
_RULES: dict[tuple[tuple[str, Any], ...], SheepsheadRules] = {}

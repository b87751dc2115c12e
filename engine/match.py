"""What every deal-by-deal match shares: seeding, the action log, applying and replaying.

A match is seeded with `DealKeys` (a secret per shuffle, see `engine.fairness`) or, for tests,
simulations and tables stored before secret deals, with an int that seeds `random.Random`."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from engine.core import Action, GameOver, GameState, GameView, IllegalMove, NotYourTurn
from engine.phrases import later, say
from engine.shuffles import Seed, Shuffler, Shuffles

if TYPE_CHECKING:  # (secret deals load `engine.fairness`, a cut `engine.cut`: a seeded match
    # never needs them)
    from typing_extensions import TypeIs

    from engine.cut import Cut
    from engine.fairness import DealKeys, PendingCut
    from engine.move_group import MoveGroup


def _is_cut(value: object) -> TypeIs[Cut]:
    """Whether `value` is a `Cut` (there is none before `engine.cut` is loaded)."""
    cut = sys.modules.get("engine.cut")
    return cut is not None and isinstance(value, cut.Cut)


A = TypeVar("A", bound=Action)  # the game's own move
V = TypeVar("V", bound=GameView)  # the game's view


class DealMatch(GameState["A | Cut", V], Generic[A, V]):
    """A match played one deal at a time, generic in the game's own move `A` (its moves are
    those and the cut, `Cut`) and its view `V`. Subclasses set `rules_type`, `deal_type`,
    `action_type` and `parse_action`, and implement `_settle` (what a finished deal changes)
    and the rest of the protocol (`current_player`, `returns`, `view`). A move of the deal in
    play, already read (of `action_type`), goes straight to the deal, which checks it."""

    rules_type: ClassVar[Any]
    deal_type: ClassVar[Any]
    action_type: ClassVar[type]  # the game's move
    parse_action: Callable[[str], A]
    # whether the match is over: an attribute, as every move's loop asks (`_over` sets it)
    is_terminal: bool = False

    @property
    def _over(self) -> bool:
        return self.is_terminal

    @_over.setter
    def _over(self, over: bool) -> None:
        self.is_terminal = over

    def __init__(self, rules: Any = None, seed: Seed = 0) -> None:
        self.rules = rules or self.rules_type()
        self.seed = seed
        self.shuffles = Shuffles(seed)
        self.actions: list[A | Cut] = []
        self.deal_results: list[Any] = []
        self.deal_number = 1
        self.is_terminal = False
        self.pending_cut: PendingCut | None = None
        self._deck_size = 0
        self._undealt: tuple[int, Shuffler] | None = None
        first_dealer = self.shuffles.first_dealer(self.rules.players)
        keys = self.shuffles.keys
        if keys is not None and keys.asks_for_cut:
            from engine.cut import Measured

            measured = Measured()
            self.deal = self.deal_type.deal(self.rules, first_dealer, measured)
            self._deck_size = measured.size
        self._deal_next(first_dealer)

    @cached_property
    def deal(self) -> Any:
        """The deal in play. A deal that needs no cut is dealt when it is first looked at
        (`_deal_next` only notes its dealer and shuffle), so a match put away as its last deal
        ends (a simulation, a finished table) never deals the next one; once dealt, it is an
        attribute like any other (a cached property)."""
        undealt = self._undealt
        assert undealt is not None
        self._undealt = None
        return self.deal_type.deal(self.rules, *undealt)

    def _next_shuffle(self) -> Shuffler:
        return self.shuffles.next()

    def cutter(self, dealer: int) -> int:
        """Who cuts before `dealer` deals: the player to the dealer's right, who in a game
        played to the left (clockwise) is the one before the dealer in turn order. A game
        played to the right overrides this."""
        return (dealer - 1) % int(self.rules.players)

    def _deal_next(self, dealer: int) -> None:
        """Deal the next deal, or with secret deals wait for its cut: the commitment to its
        secret is shown first, and the deal is dealt when the cut is made (`cut N`)."""
        if self._undealt is not None:  # a deal never looked at (replaced by a position):
            self.deal = self.deal_type.deal(self.rules, *self._undealt)  # its shuffle is drawn
            self._undealt = None  # all the same, so that the later deals stay the same
        keys = self.shuffles.keys
        if keys is None or not keys.asks_for_cut:
            shuffle = self._next_shuffle() if keys is None else self.shuffles.next(dealer)
            self._undealt = (dealer, shuffle)
            self.__dict__.pop("deal", None)  # (dealt when first looked at: `deal`)
            return
        from engine.fairness import PendingCut

        index = self.shuffles.made
        keys.note_dealer(index, dealer)
        self.pending_cut = PendingCut(
            index=index,
            dealer=dealer,
            cutter=self.cutter(dealer),
            deck_size=self._deck_size,
            commitment=keys.commitment(index),
        )

    def _cut(self, cut: Cut) -> Any:
        pending = self.pending_cut
        keys = self.shuffles.keys
        assert pending is not None and keys is not None
        if not pending.low <= cut.position <= pending.high:
            raise IllegalMove(
                say(
                    "Cut the deck at a number from {low} to {high}.",
                    low=pending.low,
                    high=pending.high,
                )
            )
        keys.set_cut(pending.index, cut.position)
        self.pending_cut = None
        self.deal = self.deal_type.deal(self.rules, pending.dealer, self._next_shuffle())
        return later("{name} cut the deck at card {position}.", position=cut.position)

    @property
    def current_player(self) -> int | None:
        if self.is_terminal:
            return None
        if self.pending_cut is not None:
            return self.pending_cut.cutter
        return self.deal_turn()

    def deal_turn(self) -> int:
        """Whose turn it is in the deal in play (a game whose deal counts turns otherwise
        says so)."""
        return int(self.deal.turn)

    def move_groups(self) -> list[MoveGroup]:
        return self.cut_groups() if self.pending_cut is not None else self.play_groups()

    def play_groups(self) -> list[MoveGroup]:
        """The deal's moves as the picker offers them (by card, unless the game says)."""
        return super().move_groups()

    def cut_groups(self) -> list[MoveGroup]:
        """The cut as the picker offers it: spread positions, the middle among them."""
        from engine.move_group import MoveGroup

        pending = self.pending_cut
        assert pending is not None
        prompt = say(
            "Cut the deck: choose a card from {low} to {high} (the middle is {default}).",
            low=pending.low,
            high=pending.high,
            default=pending.default,
        )
        return [MoveGroup("cut", pending.choices(), prompt)]

    @property
    def deal_keys(self) -> DealKeys | None:
        return self.shuffles.keys

    def commitment(self) -> str | None:
        """The commitment to the secret of the deal in play (`Committing`)."""
        return self.shuffles.commitment()

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

    def legal_actions(self) -> list[A | Cut]:
        if self.is_terminal:
            return []
        pending = self.pending_cut
        if pending is not None:
            from engine.cut import Cut

            return [Cut(n) for n in range(pending.low, pending.high + 1)]
        deal = self.deal
        legal = deal._legal  # the deal's moves, kept until it changes (`_compute_legal`)
        if legal is None:
            legal = deal._legal = deal._compute_legal()
        return list(legal)

    def as_action(self, action: A | Cut | str) -> A | Cut:
        if isinstance(action, str):
            from engine.cut import parse_cut

            cut = parse_cut(action)
            return cut if cut is not None else type(self).parse_action(action)
        return action

    def describe(self, action: A | Cut | str, names: Sequence[str] | None = None) -> str:
        parsed = self.as_action(action)
        if _is_cut(parsed):
            return say("Cut at card {position}", position=parsed.position)
        return self.describe_play(parsed, names)

    def describe_play(self, action: A, names: Sequence[str] | None = None) -> str:
        """A move of the deal in words (the deal words it, unless the game says)."""
        return str(self.deal.describe(action))

    def apply(self, action: A | Cut | str, player: int | None = None) -> Any:
        if not (
            action.__class__ is self.action_type
            and not self.is_terminal
            and self.pending_cut is None
            and (player is None or player == self.deal_turn())
        ):  # (a move of the deal in play, already read, needs none of these checks)
            if self.is_terminal:
                raise GameOver(say("The match is over."))
            if player is not None and player != self.current_player:
                raise NotYourTurn(say("It is not your turn."))
            action = self.as_action(action)
            if _is_cut(action) or self.pending_cut is not None:
                if self.pending_cut is None:
                    raise IllegalMove(say("The deck is not waiting for a cut."))
                if not _is_cut(action):
                    raise IllegalMove(say("The deck must be cut before the deal."))
                record = self._cut(action)
                self.actions.append(action)
                return record
        deal = self.deal
        move = cast("A", action)  # of `action_type`, or read from its notation: the deal checks it
        record = deal.apply(move)
        self.actions.append(move)
        if deal.is_over:
            self._settle()
        return record

    def _settle(self) -> None:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        from engine.fairness import seed_to_json

        return {
            "game": self.rules.game,
            "rules": self.rules.to_dict(),
            "seed": seed_to_json(self.seed),
            "actions": [a.notation for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        from engine.fairness import seed_from_json

        match = cls(cls.rules_type.from_dict(data["rules"]), seed_from_json(data["seed"]))
        for text in data["actions"]:
            match.apply(text)
        return match

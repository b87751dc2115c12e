"""What every trick game's view shows the same way (Sedma/Hola, Sheepshead): the table a view
draws, the fields every view fills alike, and a hint's reason for playing a card to a trick.

Kept apart from `engine.tricks`: a process that only plays (a simulation, a benchmark) never
loads it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import Card, Pack
from engine.core import RulesView
from engine.phrases import say

if TYPE_CHECKING:  # (the pictures are imported when a view is first drawn)
    from engine.pictures import TrickTable
    from engine.words import Told


class TrickView(RulesView):
    """What every trick game's view shows the same way (mixed into its frozen dataclass)."""

    __slots__ = ()
    hand_sizes: tuple[int, ...]
    dealer: int
    turn: int | None
    tricks: tuple[int, ...]
    taken_points: tuple[int, ...]
    trick: tuple[tuple[int, Card | None], ...]  # None: a card face down
    winning: int | None
    last_play: Told | None
    last_player: int | None
    took: int | None

    def side_of(self, player: int) -> int | None:
        raise NotImplementedError

    def last_words(self, names: Sequence[str]) -> str | None:
        from engine.pictures import trick_play_words

        return trick_play_words(names, self.last_player, self.last_play, self.took)

    def trick_table(
        self,
        names: Sequence[str],
        marks: Callable[[int], tuple[str, ...]],
        **shown: Any,
    ) -> TrickTable:
        """The table: a seat for each player (with the game's `marks`), the trick in play,
        the last play in words, and what the game `shows` besides (title, trump, notes, score
        lines, the last trick)."""
        from engine.pictures import TrickSeat, TrickTable
        from engine.words import tricks_and_points

        seats = tuple(
            TrickSeat(
                name=names[p],
                side=self.side_of(p),
                cards_in_hand=self.hand_sizes[p],
                dealer=p == self.dealer,
                to_play=p == self.turn,
                won=tricks_and_points(self.tricks[p], self.taken_points[p]),
                marks=marks(p),
            )
            for p in range(self.players)
        )
        last = self.last_words(names)
        return TrickTable(
            seats=seats,
            clockwise=True,
            trick=self.trick,
            winning=self.winning,
            last_play=last,
            played=last,
            **shown,
        )


def view_fields(match: Any, player: int | None) -> dict[str, Any]:
    """The fields of a view that every trick game fills alike: the table's rules, the seat
    it is for, the phase, the hand's number and dealer, whose turn, the tricks taken, the
    last play (its words, player, and who took the trick it ended) and the hands played."""
    hand = match.deal
    last = hand.records[-1] if hand.records else None
    return {
        "rules": match.rules,
        "viewer": player,
        "phase": "over" if match.is_terminal else hand.phase.value,
        "hand_number": match.deal_number,
        "dealer": hand.dealer,
        "turn": match.current_player,
        "tricks": tuple(hand.tricks),
        "last_play": last,
        "last_player": None if last is None else last.player,
        "took": None if last is None else last.took,
        "deals": tuple(match.deal_results),
    }


def play_reason(
    card: Card, takes: bool, points: int, carries: bool, safe_words: str, pack: Pack = Pack.FRENCH
) -> str:
    """A hint's reason for playing `card` to a trick: it `takes` it (with its `points`), it
    `carries` points where the game's `safe_words` say they are safe, or it gives nothing."""
    if takes:
        return say(
            "{card} takes the trick and its {points} points.", card=card.shown(pack), points=points
        )
    if carries:
        return safe_words
    return say("{card} gives away nothing.", card=card.shown(pack))

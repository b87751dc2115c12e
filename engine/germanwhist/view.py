"""What one player — or everyone — may see of a German Whist match, and its pictures.

A seat sees its own hand. Everyone sees the face-up card of the stock, the trick, the tricks
taken and which face-up cards each player won and still holds; nobody but its taker sees the
face-down card the loser of a trick draws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import Card, Suit, hand_order
from engine.core import RulesView, Viewer, seat_of
from engine.germanwhist.hand import Phase, WhistHand
from engine.germanwhist.rules import WhistRules
from engine.pictures import (
    HandPicture,
    SummaryChart,
    SummaryColumn,
    SummaryPicture,
    TrickSeat,
    TrickTable,
    playable_cards,
    trick_play_words,
)
from engine.words import Told, say, say_count

if TYPE_CHECKING:
    from engine.germanwhist.match import HandOutcome, WhistMatch


@dataclass(frozen=True, slots=True)
class WhistView(RulesView):
    rules: WhistRules
    viewer: int | None
    phase: str  # "draw", "play" or "over"
    hand_number: int
    dealer: int
    turn: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    trump: Suit
    upcard: Card | None  # the stock's face-up card
    stock_size: int  # the face-down cards under it
    trick: tuple[tuple[int, Card], ...]
    winning: int | None
    tricks: tuple[int, ...]  # every trick of this hand, per player
    counted: tuple[int, ...]  # the tricks that count (after the stock is gone)
    shown: tuple[tuple[Card, ...], ...]  # face-up cards each player won and still holds
    scores: tuple[int, ...]
    last_play: Told | None
    last_player: int | None
    took: int | None
    deals: tuple[HandOutcome, ...]
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_taker: int | None = None
    legal_cards: tuple[Card, ...] | None = None  # the viewer's, on their turn

    def won_words(self, player: int) -> str:
        if self.phase == "draw":
            return say_count("{count} trick", "{count} tricks", self.tricks[player])
        return say_count("{count} trick counted", "{count} tricks counted", self.counted[player])

    def picture(self, names: Sequence[str]) -> TrickTable:
        seats = tuple(
            TrickSeat(
                name=names[p],
                side=p,
                cards_in_hand=self.hand_sizes[p],
                dealer=p == self.dealer,
                to_play=p == self.turn,
                won=self.won_words(p),
            )
            for p in range(2)
        )
        notes: tuple[str, ...]
        if self.upcard is not None:
            notes = (
                say("Face up on the stock: {card}", card=self.upcard.shown()),
                say("{count} in stock", count=self.stock_size + 1),
            )
        else:
            notes = (say("The stock is gone: every trick counts now"),)
        last = trick_play_words(names, self.last_player, self.last_play, self.took)
        title = say(
            "German Whist · hand {number} · points to {goal}",
            number=self.hand_number,
            goal=self.rules.goal,
        )
        scores = " · ".join(f"{names[p]} {self.scores[p]}" for p in range(2))
        return TrickTable(
            title=title,
            seats=seats,
            clockwise=True,
            trick=self.trick,
            winning=self.winning,
            trump=say("Trumps: {suit}", suit=self.trump.symbol),
            notes=notes,
            last_play=last,
            score_lines=(scores,),
            played=last,
            last_trick=self.last_trick,
            last_taker=self.last_taker,
        )

    def hand_picture(self) -> HandPicture:
        if self.hand is None:
            raise ValueError("a hand image needs a player's own view")
        playable = None if self.legal_cards is None else playable_cards(self.hand, self.legal_cards)
        trumps = tuple(card.suit is self.trump for card in self.hand)
        return HandPicture(self.hand, None, playable, trumps)

    def summary_picture(self, names: Sequence[str]) -> SummaryPicture:
        if not self.deals:
            raise ValueError("no hand has finished yet")
        result = self.deals[-1]
        score = result.score
        heading = say_count(
            "Hand {number}: {count} point to {name}",
            "Hand {number}: {count} points to {name}",
            score.points,
            number=result.number,
            name=names[score.winner],
        )
        columns = tuple(
            SummaryColumn(
                names[p],
                (say_count("{count} trick counted", "{count} tricks counted", score.tricks[p]),),
                (),
            )
            for p in range(2)
        )
        series = tuple(tuple(r.scores[p] for r in self.deals) for p in range(2))
        high = max(self.rules.goal, *(max(line) for line in series))
        chart = SummaryChart(say("Points after each hand"), series, 0, high)
        return SummaryPicture(heading, columns, chart)


def build_view(match: WhistMatch, who: Viewer) -> WhistView:
    hand: WhistHand = match.deal
    player = seat_of(who, 2)
    last = hand.records[-1] if hand.records else None
    mine = player is not None and not match.is_terminal and match.current_player == player
    return WhistView(
        rules=match.rules,
        viewer=player,
        phase="over" if match.is_terminal else hand.phase.value,
        hand_number=match.deal_number,
        dealer=hand.dealer,
        turn=match.current_player,
        hand=None if player is None else tuple(sorted(hand.hands[player], key=hand_order)),
        hand_sizes=tuple(len(h) for h in hand.hands),
        trump=hand.trump,
        upcard=hand.upcard,
        stock_size=len(hand.stock),
        trick=tuple(hand.trick),
        winning=hand.winning(),
        tricks=tuple(hand.tricks),
        counted=tuple(hand.counted),
        shown=tuple(tuple(cards) for cards in hand.shown),
        scores=tuple(match.scores),
        last_play=last,
        last_player=None if last is None else last.player,
        took=None if last is None else last.took,
        deals=tuple(match.deal_results),
        last_trick=tuple(hand.last_trick),
        last_taker=hand.last_taker,
        legal_cards=tuple(a.card for a in match.legal_actions()) if mine else None,
    )


__all__ = ["Phase", "WhistView", "build_view"]

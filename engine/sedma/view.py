"""What one player — or everyone — may see of a Sedma or Hola match, and its pictures.

A seat sees its own hand; everything played is public. In the three-player game nobody is told
who holds K♥ until it is played: until then no view says which side anyone is on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import Card, hand_order
from engine.core import Viewer, seat_of
from engine.pictures import (
    HandPicture,
    RecapPicture,
    RecapRow,
    SummaryChart,
    SummaryColumn,
    SummaryPicture,
    TrickTable,
    match_won_by,
    playable_cards,
    short_name,
    side_names,
)
from engine.sedma.hand import Phase, SedmaHand
from engine.sedma.rules import MAX_ROUNDS, SedmaRules, card_points
from engine.trick_view import TrickView, view_fields
from engine.words import Told, say, say_count, tricks_and_points

if TYPE_CHECKING:
    from engine.sedma.match import HandOutcome, SedmaMatch


@dataclass(frozen=True, slots=True)
class SedmaView(TrickView):
    rules: SedmaRules
    viewer: int | None
    phase: str  # "play", "decide" or "over"
    hand_number: int
    dealer: int
    leader: int
    turn: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    stock_size: int
    trick: tuple[tuple[int, Card], ...]  # this trick, every round, in order
    round: int
    winning: int | None  # who takes the trick as it stands
    held_tricks: int  # Hola: tricks held over by fights
    held_points: int
    taken_points: tuple[int, ...]  # per player, this hand
    tricks: tuple[int, ...]  # per player, this hand
    sides: tuple[tuple[int, ...], ...] | None  # this hand's sides, once everyone may know them
    alone: int | None  # three players: the K♥ holder, once K♥ has been played
    scores: tuple[int, ...]  # the match score (per side; three players: each)
    last_play: Told | None  # the last play, told with its player's name in the picture
    last_player: int | None
    took: int | None  # who took the trick that the last play ended
    deals: tuple[HandOutcome, ...]
    last_trick: tuple[tuple[int, Card], ...] = ()  # the most recent finished trick
    last_taker: int | None = None
    last_points: int = 0
    legal_cards: tuple[Card, ...] | None = None  # the viewer's, on their turn
    winning_at: int | None = None  # the index in `trick` of the card that wins it now

    def side_of(self, player: int) -> int | None:
        if self.sides is None:
            return None
        return next(s for s, members in enumerate(self.sides) if player in members)

    # ----- pictures -------------------------------------------------------------------

    def score_names(self, names: Sequence[str]) -> list[str]:
        if self.rules.three_handed:
            return [short_name(name) for name in names]
        return [side_names(names, [p for p in range(self.players) if p % 2 == s]) for s in (0, 1)]

    def score_line(self, names: Sequence[str]) -> str:
        scores = " · ".join(
            say("{side}: {points}", side=who, points=score)
            for who, score in zip(self.score_names(names), self.scores, strict=True)
        )
        if self.rules.is_hola:
            return say("{scores} (points to {goal})", scores=scores, goal=self.rules.goal)
        return say("{scores} (game points to {goal})", scores=scores, goal=self.rules.goal)

    def picture(self, names: Sequence[str]) -> TrickTable:
        notes = [
            say("{count} in stock", count=self.stock_size)
            if self.stock_size
            else say("stock empty")
        ]
        if self.round > 1:
            notes.append(say("round {round} of {rounds}", round=self.round, rounds=MAX_ROUNDS))
        if self.held_tricks:
            notes.append(
                say_count(
                    "{count} trick held over ({points} points)",
                    "{count} tricks held over ({points} points)",
                    self.held_tricks,
                    points=self.held_points,
                )
            )
        if self.phase == "decide" and self.turn is not None:
            if self.rules.is_hola:
                notes.append(say("{name} may fight or stop", name=short_name(names[self.turn])))
            else:
                notes.append(say("{name} may go again or stop", name=short_name(names[self.turn])))
        if self.rules.is_hola:
            wild = say("Wild: 7s and 2s")
        elif self.rules.three_handed:
            wild = say("Wild: 7s and K♥")
        else:
            wild = say("Wild: 7s")
        if self.rules.is_hola:
            title = say(
                "{game} · hand {number} · points to {goal}",
                game=self.rules.title,
                number=self.hand_number,
                goal=self.rules.goal,
            )
        else:
            title = say(
                "{game} · hand {number} · game points to {goal}",
                game=self.rules.title,
                number=self.hand_number,
                goal=self.rules.goal,
            )
        return self.trick_table(
            names,
            lambda p: (say("K♥ alone"),) if p == self.alone else (),
            title=title,
            trump=wild,
            notes=tuple(notes),
            score_lines=self.score_lines(names),
            last_trick=self.last_trick,
            last_taker=self.last_taker,
            winning_at=self.winning_at,
            last_points=self.last_points,
            pack=self.rules.pack,
        )

    def score_lines(self, names: Sequence[str]) -> tuple[str, ...]:
        """The match score, then each side's tens and aces so far this hand (everything
        taken is public; with three players each player's, the sides being secret)."""
        groups = (
            [(p,) for p in range(self.players)]
            if self.players != 4
            else [tuple(p for p in range(4) if p % 2 == s) for s in (0, 1)]
        )
        lines = []
        for who, score, group in zip(self.score_names(names), self.scores, groups, strict=True):
            count = sum(self.taken_points[p] for p in group) // 10
            lines.append(
                say_count(
                    "{side}: {score} · {count} ten or ace",
                    "{side}: {score} · {count} tens and aces",
                    count,
                    side=who,
                    score=score,
                )
            )
        return tuple(lines)

    def recap_picture(self, names: Sequence[str]) -> RecapPicture:
        """The match hand by hand: what each side (with three, each player) scored, the
        running score, why the hand went as it did."""
        heads = tuple(self.score_names(names))
        rows = []
        before = (0,) * len(self.scores)
        for result in self.deals:
            gained = [after - prior for after, prior in zip(result.scores, before, strict=True)]
            before = result.scores
            rows.append(
                RecapRow(
                    say("Hand {number}", number=result.number),
                    tuple(f"+{g}" if g else "0" for g in gained),
                    tuple(str(score) for score in result.scores),
                    str(result.score.why),
                )
            )
        best = max(self.scores)
        leaders = [h for h, score in zip(heads, self.scores, strict=True) if score == best]
        winner = (
            match_won_by(
                leaders, len(leaders) * (1 if self.rules.three_handed else self.players // 2)
            )
            if len(leaders) < len(heads)
            else say("A draw")
        )
        title = say("{game} · the match, hand by hand", game=self.rules.title)
        return RecapPicture(title, heads, tuple(rows), tuple(str(s) for s in self.scores), winner)

    def hand_picture(self) -> HandPicture:
        if self.hand is None:
            raise ValueError("a hand image needs a player's own view")
        wild = [c for c in self.hand if self.rules.is_wild(c)]
        note = (
            say("wild: {cards}", cards=" ".join(c.shown(self.rules.pack) for c in wild))
            if wild
            else None
        )
        playable = None if self.legal_cards is None else playable_cards(self.hand, self.legal_cards)
        return HandPicture(self.hand, note, playable, pack=self.rules.pack)

    def summary_picture(self, names: Sequence[str]) -> SummaryPicture:
        if not self.deals:
            raise ValueError("no hand has finished yet")
        result = self.deals[-1]
        score = result.score
        sides = [side_names(names, members) for members in score.sides]
        heading = say(
            "Hand {number}: {first}: {first_points} · {second}: {second_points}",
            number=result.number,
            first=sides[0],
            first_points=score.points[0],
            second=sides[1],
            second_points=score.points[1],
        )
        if self.rules.is_hola:
            tail = say(" — {side}: {why}", side=sides[score.winner], why=score.why)
        else:
            tail = say_count(
                " — {count} game point to {side} ({why})",
                " — {count} game points to {side} ({why})",
                score.game_points,
                side=sides[score.winner],
                why=score.why,
            )
        columns = []
        for s, members in enumerate(score.sides):
            lines = [tricks_and_points(score.tricks[s], score.points[s])]
            if score.last_trick == s:
                lines.append(say("last trick: +10"))
            if score.hola == s:
                lines.append(say("every trick: +80"))
            if self.rules.three_handed:
                lines.append(say("K♥, alone") if len(members) == 1 else say("against K♥"))
            counting = tuple(c for c in result_cards(self, result, members) if card_points(c))
            columns.append(SummaryColumn(sides[s], tuple(lines), counting))
        series = tuple(tuple(r.scores[i] for r in self.deals) for i in range(len(self.scores)))
        high = max(self.rules.goal, max(max(line) for line in series))
        chart = SummaryChart(self.score_line(names), series, 0, high)
        return SummaryPicture(heading + tail, tuple(columns), chart, pack=self.rules.pack)


def result_cards(view: SedmaView, result: HandOutcome, members: Sequence[int]) -> list[Card]:
    """The cards a side took in a finished hand (kept with its outcome)."""
    return [c for p in members for c in result.taken[p]]


def build_view(match: SedmaMatch, who: Viewer) -> SedmaView:
    hand = match.deal
    rules = match.rules
    player = seat_of(who, rules.players)
    known = not rules.three_handed or hand.king_played() or match.is_terminal
    return SedmaView(
        **view_fields(match, player),
        leader=hand.leader,
        hand=None if player is None else tuple(sorted(hand.hands[player], key=hand_order)),
        hand_sizes=tuple(len(h) for h in hand.hands),
        stock_size=len(hand.stock),
        trick=tuple(hand.trick),
        round=hand.round,
        winning=hand.winning(),
        held_tricks=hand.held_tricks,
        held_points=sum(card_points(c) for c in hand.held),
        taken_points=tuple(sum(card_points(c) for c in t) for t in hand.taken),
        sides=hand.sides() if known else None,
        alone=hand.king_of_hearts if rules.three_handed and known else None,
        scores=tuple(match.scores),
        last_trick=tuple(hand.last_trick),
        winning_at=_winning_at(hand),
        last_taker=hand.last_taker,
        last_points=hand.last_points,
        legal_cards=(
            tuple(a.card for a in match.legal_actions() if a.card is not None)
            if player is not None and not match.is_terminal and match.current_player == player
            else None
        ),
    )


def _winning_at(hand: SedmaHand) -> int | None:
    """The last card of the led rank or a wild card (the leader's own first card if none)."""
    if not hand.trick:
        return None
    at = 0
    for index, (_, card) in enumerate(hand.trick[1:], 1):
        if hand.matches(card):
            at = index
    return at


__all__ = ["Phase", "SedmaView", "build_view"]

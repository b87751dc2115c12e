"""What one player — or everyone — may see of a Sheepshead table, and its pictures.

A seat sees its own hand; everything played is public. The bury (and the unknown card) is seen
only by the picker until the hand is over; who holds the called card is known only to its
holder until it is played (in the jack game the same goes for J♦, so nobody else knows whether
the picker is alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import Card, pretty_cards
from engine.core import Viewer, seat_of
from engine.pictures import (
    HandPicture,
    RecapPicture,
    RecapRow,
    SummaryColumn,
    SummaryPicture,
    TrickTable,
    match_won_by,
    playable_cards,
    short_name,
    side_names,
)
from engine.sheepshead.hand import HandScore
from engine.sheepshead.phases import Phase
from engine.sheepshead.rules import (
    SheepsheadRules,
    is_trump,
    points,
    strength_order,
    suit_word,
)
from engine.trick_view import TrickView, view_fields
from engine.words import Told, marked, say, say_count, tricks_and_points

if TYPE_CHECKING:
    from engine.sheepshead.match import HandOutcome, SheepsheadMatch

Trick = tuple[tuple[int, Card | None], ...]  # None: the face-down unknown card


@dataclass(frozen=True, slots=True)
class SheepsheadView(TrickView):
    rules: SheepsheadRules
    viewer: int | None
    phase: str  # "pick", "bury", "call", "play" or "over"
    hand_number: int
    dealer: int
    turn: int | None
    hand: tuple[Card, ...] | None  # the viewer's, trumps first in their order
    hand_sizes: tuple[int, ...]
    blind_size: int  # cards still in the blind
    passed: tuple[int, ...]  # who passed this hand
    picker: int | None
    called: Card | None
    alone: bool  # known to this viewer
    partner: int | None  # known to this viewer
    unknown_laid: bool  # the picker laid an unknown card (still face down)
    buried: tuple[Card, ...] | None  # the picker's own view (and everyone's once it is over)
    unknown: Card | None  # the picker's own view
    leaster: bool
    trick: Trick
    winning: int | None
    last_trick: Trick
    last_winner: int | None
    taken_points: tuple[int, ...]
    tricks: tuple[int, ...]
    sheet: tuple[int, ...]
    last_play: Told | None  # the last play, told with its player's name in the picture
    last_player: int | None
    took: int | None
    deals: tuple[HandOutcome, ...]
    legal_cards: tuple[Card, ...] | None = None  # the viewer's, on their turn to play a card

    def side_of(self, player: int) -> int | None:
        """0 the picker's side, 1 a defender; None while this viewer cannot tell."""
        if self.picker is None:
            return None
        if player in (self.picker, self.partner):
            return 0
        if self.alone or self.partner is not None:
            return 1
        return None

    # ----- pictures ---------------------------------------------------------------------

    def marks(self, player: int) -> tuple[str, ...]:
        if player == self.picker:
            return (say("picker, alone"),) if self.alone else (say("picker"),)
        if player == self.partner:
            return (say("partner"),)
        if self.phase == "pick" and player in self.passed:
            return (say("passed"),)
        if player == self.dealer and self.rules.dealer_out:
            return (say("deals, sits out"),)
        return ()

    def notes(self, names: Sequence[str]) -> list[str]:
        notes: list[str] = []
        if self.phase == "pick":
            notes.append(say("{count} cards in the blind", count=self.blind_size))
        if self.leaster:
            notes.append(say("leaster: fewest points with a trick wins"))
        elif self.called is not None:
            notes.append(say("{card} called", card=self.called.pretty))
            if self.unknown_laid:
                notes.append(say("an unknown card lies face down"))
        elif self.rules.jack_partner and self.picker is not None and self.partner is None:
            notes.append(say("J♦ is the partner") if not self.alone else say("the picker is alone"))
        elif self.alone and self.picker is not None:
            notes.append(say("the picker is alone"))
        if self.trick:
            first = self.trick[0][1]
            led = self.called.suit if first is None and self.called else None
            if first is not None:
                led = None if is_trump(first) else first.suit
            notes.append(say("{suit} led", suit=suit_word(led)))
        return notes

    def sheet_lines(self, names: Sequence[str]) -> tuple[str, ...]:
        entries = [
            say("{side}: {points}", side=short_name(names[p], 10), points=f"{units:+d}")
            for p, units in enumerate(self.sheet)
        ]
        if len(entries) <= 4:
            return (" · ".join(entries),)
        half = (len(entries) + 1) // 2
        return (" · ".join(entries[:half]), " · ".join(entries[half:]))

    def running_line(self, names: Sequence[str]) -> str | None:
        """The picker's side's points in tricks against the 61 it needs (with the partner's
        once everyone knows the partner), the defenders' once the sides are known, and the
        bury as unknown: from what everyone has seen only."""
        if self.picker is None or self.leaster or self.phase not in ("play", "over"):
            return None
        side = [self.picker] + ([self.partner] if self.partner is not None else [])
        own = sum(self.taken_points[p] for p in side)
        parts = [
            say(
                "{side}: {points} of 61",
                side=side_names(names, side),
                points=own,
            )
        ]
        if self.alone or self.partner is not None:
            others = sum(self.taken_points) - own
            parts.append(say("defenders: {points}", points=others))
        if self.phase == "play":
            parts.append(say("bury unknown"))
        return " · ".join(parts)

    def picture(self, names: Sequence[str]) -> TrickTable:
        hands = self.rules.hand_count
        title = say("Sheepshead · hand {number} of {hands}", number=self.hand_number, hands=hands)
        running = self.running_line(names)
        return self.trick_table(
            names,
            self.marks,
            title=title,
            trump=say("Trump: queens, jacks, ♦"),
            notes=tuple(self.notes(names)),
            score_lines=(*self.sheet_lines(names), *([running] if running else [])),
            last_trick=self.last_trick,
            last_taker=self.last_winner,
            last_points=sum(points(c) for _, c in self.last_trick if c is not None),
        )

    def hand_picture(self) -> HandPicture:
        if self.hand is None:
            raise ValueError("a hand image needs a player's own view")
        trumps = sum(is_trump(c) for c in self.hand)
        notes = [say_count("{count} trump", "{count} trumps", trumps)]
        if self.viewer == self.picker and self.buried:
            notes.append(say("buried {cards}", cards=pretty_cards(self.buried)))
        if self.unknown is not None:
            notes.append(say("unknown {card}", card=self.unknown.pretty))
        if self.viewer is not None and self.viewer == self.partner and self.viewer != self.picker:
            notes.append(say("you are the partner"))
        playable = None if self.legal_cards is None else playable_cards(self.hand, self.legal_cards)
        marks = tuple(is_trump(c) for c in self.hand)
        return HandPicture(self.hand, " · ".join(notes), playable, marks)

    def recap_picture(self, names: Sequence[str]) -> RecapPicture:
        """The match hand by hand: each player's units on the sheet, the running sheet, who
        picked and how it went (schneider, schwarz, a leaster)."""
        heads = tuple(short_name(name, 10) for name in names)
        rows = []
        before = (0,) * self.players
        for result in self.deals:
            gained = [after - prior for after, prior in zip(result.sheet, before, strict=True)]
            before = result.sheet
            score = result.score
            if score.redeal:
                note = say("dealt again")
            elif score.picker is not None and not score.leaster:
                note = say("{name} picked · {why}", name=heads[score.picker], why=score.why)
            else:
                note = str(score.why)
            rows.append(
                RecapRow(
                    say("Hand {number}", number=result.number),
                    tuple(f"{u:+d}" for u in gained),
                    tuple(f"{r:+d}" for r in result.sheet),
                    note,
                )
            )
        best = max(self.sheet)
        leaders = [heads[p] for p, units in enumerate(self.sheet) if units == best]
        winner = match_won_by(leaders, len(leaders))
        return RecapPicture(
            say("Sheepshead · the match, hand by hand"),
            heads,
            tuple(rows),
            tuple(f"{u:+d}" for u in self.sheet),
            winner,
        )

    def summary_picture(self, names: Sequence[str]) -> SummaryPicture:
        if not self.deals:
            raise ValueError("no hand has finished yet")
        result = self.deals[-1]
        score = result.score
        sheet = tuple(
            say("{side}: {points}", side=short_name(names[p]), points=f"{u:+d}")
            for p, u in enumerate(result.sheet)
        )
        sheet_column = SummaryColumn(say("Score sheet"), sheet, ())
        if score.redeal:
            heading = say("Nobody picked: the cards are dealt again")
            return SummaryPicture(heading, (sheet_column,))
        if score.leaster:
            return SummaryPicture(*leaster_summary(score, result, names, sheet_column))
        assert score.picker is not None
        sides = [side_names(names, members) for members in score.sides]
        heading = say(
            marked("Hand {number}: {name} picks and wins — {why}")
            if score.picker_won
            else marked("Hand {number}: {name} picks and loses — {why}"),
            number=result.number,
            name=short_name(names[score.picker]),
            why=score.why,
        )
        columns = []
        for s, members in enumerate(score.sides):
            lines = [tricks_and_points(score.tricks[s], score.points[s], points_first=True)]
            lines += [
                say("{side}: {points}", side=short_name(names[p]), points=f"{score.units[p]:+d}")
                for p in members
            ]
            if s == 0:
                worth = sum(points(c) for c in score.buried)
                buried = pretty_cards(score.buried)
                if score.tricks[0]:
                    lines.append(
                        say("buried {cards} ({points}, counted)", cards=buried, points=worth)
                    )
                else:
                    lines.append(
                        say(
                            "buried {cards} ({points}, to the defenders)",
                            cards=buried,
                            points=worth,
                        )
                    )
            cards = tuple(c for p in members for c in result.taken[p] if points(c))
            columns.append(SummaryColumn(sides[s], tuple(lines), cards))
        return SummaryPicture(heading, (*columns, sheet_column))


def leaster_summary(
    score: HandScore, result: HandOutcome, names: Sequence[str], sheet: SummaryColumn
) -> tuple[str, tuple[SummaryColumn, ...]]:
    assert score.winner is not None
    heading = say(
        "Hand {number}: {name} wins the leaster",
        number=result.number,
        name=short_name(names[score.winner]),
    )
    lines = tuple(
        say(
            "{side}: {points}",
            side=short_name(names[p]),
            points=tricks_and_points(score.tricks[p], score.points[p], points_first=True),
        )
        for p in range(len(names))
    )
    return heading, (SummaryColumn(say("Leaster"), lines, ()), sheet)


def _trick(cards: Sequence[tuple[int, Card]], face_down: int | None, reveal: bool) -> Trick:
    return tuple(
        (p, None if i == face_down and not reveal else c) for i, (p, c) in enumerate(cards)
    )


def build_view(match: SheepsheadMatch, who: Viewer) -> SheepsheadView:
    hand = match.deal
    rules = match.rules
    player = seat_of(who, rules.players)
    over = hand.phase is Phase.OVER
    picker = hand.picker
    is_picker = player is not None and player == picker
    engine_partner = hand.partner
    holds_card = (
        player is not None
        and hand.partner_card is not None
        and hand.partner_card in hand.hands[player]
    )
    partner_known = hand.partner_seen or over or (holds_card and player != picker)
    partner = engine_partner if partner_known else None
    alone_known = (
        hand.alone
        and picker is not None
        and (not rules.jack_partner or is_picker or hand.partner_seen or over)
    )
    if rules.in_hand < 5 and picker is not None:
        alone_known = True
    return SheepsheadView(
        **view_fields(match, player),
        hand=None if player is None else tuple(sorted(hand.hands[player], key=strength_order)),
        hand_sizes=tuple(hand.cards_left(p) for p in range(rules.players)),
        blind_size=len(hand.blind),
        passed=tuple(r.player for r in hand.records if r.action.kind.value == "pass"),
        picker=picker,
        called=hand.called,
        alone=alone_known,
        partner=partner,
        unknown_laid=hand.unknown is not None and not hand.unknown_played,
        buried=tuple(hand.buried) if (is_picker or over) else None,
        unknown=hand.unknown if is_picker and not hand.unknown_played else None,
        leaster=hand.leaster,
        trick=_trick(hand.trick, hand.face_down, over),
        winning=hand.winning(),
        last_trick=_trick(hand.last_trick, hand.last_face_down, over),
        last_winner=hand.leader if hand.last_trick else None,
        taken_points=tuple(
            sum(points(c) for c in t if over or c != hand.unknown) for t in hand.taken
        ),  # the unknown card's points stay hidden until the hand is over
        sheet=tuple(match.sheet),
        legal_cards=(
            tuple(a.card for a in match.legal_actions() if a.card is not None)
            if player is not None and match.current_player == player and hand.phase is Phase.PLAY
            else None
        ),
    )

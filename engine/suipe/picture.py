"""Suipe's images as the fishing family's pictures: the table, the hand, the deal summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import pretty_cards
from engine.fishing_picture import last_deal, match_recap, summary_columns
from engine.pictures import (
    HandPicture,
    PileModel,
    RecapPicture,
    SummaryChart,
    SummaryPicture,
    TableModel,
    floor_hand,
    floor_seats,
    floor_table,
    short_name,
    side_names,
)
from engine.suipe.describe import SAMOAN_NUMBERS, build_name
from engine.words import marked, say, say_count

if TYPE_CHECKING:
    from engine.suipe.view import SuipeSideView, SuipeView


def table_picture(view: SuipeView, names: Sequence[str]) -> TableModel:
    rules = view.rules
    seats = floor_seats(view, names, rules.side_of, lambda side: seat_score(view.sides[side]))
    piles = tuple(
        PileModel(
            badge=str(build.value),
            title=" · ".join((build_name(build.value), SAMOAN_NUMBERS.get(build.value, ""))).rstrip(
                " ·"
            ),
            cards=build.cards,
            owners=(rules.side_of(build.builder),),
            kind=say("multiple") if build.multiple else say("single"),
            owner_names=short_name(names[build.builder]),
            strong=build.multiple,
            owners_said=say("by {name}", name="{names}"),
        )
        for build in view.builds
    )
    title = say("Suipe · deal {number} of {deals}", number=view.deal_number, deals=rules.deals)
    if view.stock_size:
        title += say(" · {count} left", count=view.stock_size)
    totals = " · ".join(
        say("{side}: {points}", side=side_names(names, s.players), points=s.match_points)
        for s in view.sides
    )
    pile_lines = tuple(
        say(
            marked("{value}-build (multiple): {cards}")
            if b.multiple
            else marked("{value}-build (single): {cards}"),
            value=b.value,
            cards=pretty_cards(b.cards),
        )
        for b in view.builds
    )
    side_lines = tuple(
        say(
            "{side}: {points} match points, {suipes} Suipes",
            side=side_names(names, side.players),
            points=side.match_points,
            suipes=side.suipes,
        )
        for side in view.sides
    )
    return floor_table(
        view,
        names,
        (c for build in view.builds for c in build.cards),
        title=title,
        seats=seats,
        clockwise=True,
        face_down=0,
        piles=piles,
        score_lines=(say("Match points: {totals}", totals=totals),),
        pile_lines=pile_lines,
        side_lines=side_lines,
    )


def seat_score(side: SuipeSideView) -> tuple[str, ...]:
    """A seat's side so far this deal: the counts that score at the end (most cards, most
    spades), its point cards and its Suipes."""
    lines = [
        say_count(
            "taken: {count} card, {spades} ♠",
            "taken: {count} cards, {spades} ♠",
            side.cards_taken,
            spades=side.spades_taken,
        ),
        say_count("{count} point", "{count} points", side.card_points),
    ]
    if side.suipes:
        lines.append(say_count("{count} Suipe", "{count} Suipes", side.suipes))
    return tuple(lines)


def hand_picture(view: SuipeView) -> HandPicture:
    return floor_hand(view)


def summary_picture(view: SuipeView, names: Sequence[str]) -> SummaryPicture:
    outcome, names_of, heading = last_deal(view, names)
    series = tuple(tuple(o.totals[s] for o in view.deals) for s in range(len(view.sides)))
    high = max(10, max(max(line) for line in series))
    chart = SummaryChart(say("Match points after each deal"), series, 0, high)
    return SummaryPicture(heading, summary_columns(outcome, names_of, _score_lines), chart)


def _score_lines(side: Any) -> tuple[str, ...]:
    return (
        say(
            "{cards} cards ({most_cards} for most) · {spades} spades ({most_spades} for most)",
            cards=side.cards,
            most_cards=side.most_cards,
            spades=side.spades,
            most_spades=side.most_spades,
        ),
        say("2♠, aces and 10♦: {points}", points=side.card_points),
        say_count(
            "{count} Suipe: {points} points after kala",
            "{count} Suipes: {points} points after kala",
            side.suipes,
            points=side.suipe_points,
        ),
    )


def recap_picture(view: SuipeView, names: Sequence[str], last: int = 0) -> RecapPicture:
    """The match deal by deal: each side's points, the match totals after it."""
    after = []
    for outcome in view.deals:
        suipes = sum(side.suipes for side in outcome.score.sides)
        note = say_count("{count} Suipe", "{count} Suipes", suipes) if suipes else ""
        after.append((tuple(str(t) for t in outcome.totals), note))
    final = [s.match_points for s in view.sides]
    title = say("Suipe · the match, deal by deal")
    return match_recap(title, view, names, after, final, [str(t) for t in final], last)

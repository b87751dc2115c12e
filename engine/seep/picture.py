"""Seep's images as the fishing family's pictures: the table, the hand, the deal summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import pretty_cards, rank_letter
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
from engine.seep.describe import house_name, lead_words
from engine.words import marked, say, say_count

if TYPE_CHECKING:
    from engine.seep.view import SeepView


def table_picture(view: SeepView, names: Sequence[str]) -> TableModel:
    seats = floor_seats(
        view, names, lambda p: p % 2, lambda side: seat_score(view, side), view.reserve_sizes
    )
    piles = tuple(
        PileModel(
            badge=rank_letter(house.value),
            title=house_name(house.value),
            cards=house.cards,
            owners=tuple(owner % 2 for owner in house.owners),
            kind=say("cemented") if house.cemented else say("ordinary"),
            owner_names=", ".join(short_name(names[o]) for o in house.owners),
            strong=house.cemented,
        )
        for house in view.houses
    )
    game = say("Seep 30") if view.rules.is_thirty else say("Seep")
    title = say("{game} · deal {number}", game=game, number=view.deal_number)
    if view.bid is not None:
        title += say(" · bid {value}", value=view.bid)
    leader = view.running_total
    lead_text = lead_words(leader, [s.players for s in view.sides], names)
    points = " · ".join(
        say(
            "{side}: {points}",
            side=side_names(names, s.players),
            points=s.card_points + s.sweep_points,
        )
        for s in view.sides
    )
    score_lines = (
        say("Points this deal: {points}", points=points),
        say(
            "{lead} · baazis {first}–{second}",
            lead=lead_text,
            first=view.sides[0].baazis,
            second=view.sides[1].baazis,
        ),
    )
    waiting = None
    if view.phase == "bid":
        waiting = say(
            "{name} bids for a house · the floor is still face down",
            name=short_name(names[view.bidder]),
        )
    pile_lines = tuple(
        say(
            marked("cemented {house} of {owners}: {cards}")
            if h.cemented
            else marked("{house} of {owners}: {cards}"),
            house=house_name(h.value),
            owners=", ".join(names[o] for o in h.owners),
            cards=pretty_cards(h.cards),
        )
        for h in view.houses
    )
    side_lines = tuple(
        say(
            "{side}: {points} points this deal, {sweeps} sweeps, {baazis} baazis",
            side=side_names(names, side.players),
            points=side.card_points + side.sweep_points,
            sweeps=side.sweeps,
            baazis=side.baazis,
        )
        for side in view.sides
    )
    return floor_table(
        view,
        names,
        (c for house in view.houses for c in house.cards),
        waiting_words=waiting,
        title=title,
        seats=seats,
        clockwise=False,
        face_down=view.face_down_floor,
        piles=piles,
        score_lines=score_lines,
        pile_lines=pile_lines,
        side_lines=side_lines,
    )


def seat_score(view: SeepView, side: int) -> tuple[str, ...]:
    """A seat's side so far this deal: its points (scoring cards and sweeps), its sweeps, and
    its count of cards only where the rules give points for the most cards."""
    standing = view.sides[side]
    points = standing.card_points + standing.sweep_points
    lines = [say_count("{count} point", "{count} points", points)]
    if view.rules.most_cards_bonus:
        lines.append(say_count("{count} card taken", "{count} cards taken", standing.cards_taken))
    if standing.sweeps:
        lines.append(say_count("{count} sweep", "{count} sweeps", standing.sweeps))
    return tuple(lines)


def hand_picture(view: SeepView) -> HandPicture:
    note = None
    if view.hand is not None and view.phase == "bid" and view.viewer == view.bidder:
        values = sorted({card.rank for card in view.hand if card.rank >= 9})
        note = say(
            "You may bid: {values}", values=", ".join(f"{rank_letter(v)} ({v})" for v in values)
        )
    return floor_hand(view, note)


def summary_picture(view: SeepView, names: Sequence[str]) -> SummaryPicture:
    outcome, names_of, heading = last_deal(view, names)
    totals = [side.total for side in outcome.score.sides]
    if outcome.baazi_side is not None:
        heading += say(" — baazi to {name}!", name=names_of[outcome.baazi_side])
    else:
        ahead = 0 if totals[0] >= totals[1] else 1  # said from the side ahead: "Dev & Mira: +6"
        difference = abs(totals[0] - totals[1])
        if difference:
            ahead_by = say("{side}: {points}", side=names_of[ahead], points=f"+{difference}")
            heading += " · " + ahead_by
        else:
            heading += say(" · difference {points}", points="0")
    target = view.rules.target_lead
    chart = SummaryChart(
        say(
            "{name}'s lead over the deals · a lead of {target} wins a baazi",
            name=names_of[0],
            target=target,
        ),
        (tuple(_lead_reached(o, target) for o in view.deals),),
        -target,
        target,
    )
    return SummaryPicture(heading, summary_columns(outcome, names_of, _score_lines), chart)


def _score_lines(side: Any) -> tuple[str, ...]:
    if side.most_cards_points:
        cards = say(
            "{cards} cards · card points {points} (incl. {most} for most cards)",
            cards=side.cards,
            points=side.card_points,
            most=side.most_cards_points,
        )
    else:
        cards = say(
            "{cards} cards · card points {points}", cards=side.cards, points=side.card_points
        )
    sweeps = say_count(
        "{count} sweep: {points} points",
        "{count} sweeps: {points} points",
        side.sweeps,
        points=side.sweep_points,
    )
    return cards, sweeps


def _lead_reached(outcome: Any, target: int) -> int:
    """Side 0's lead after a deal; a deal that won a baazi shows the lead that won it (the
    running total then starts again from level)."""
    if outcome.baazi_side is None:
        return int(outcome.running_total)
    return target if outcome.baazi_side == 0 else -target


def recap_picture(view: SeepView, names: Sequence[str], last: int = 0) -> RecapPicture:
    """The match deal by deal: each side's points, the lead after it, the baazis won."""
    heads = [side_names(names, s.players) for s in view.sides]
    after = []
    baazis = [0, 0]
    for outcome in view.deals:
        note = say("lead {points}", points=f"{outcome.running_total:+d}")
        if outcome.baazi_side is not None:
            baazis[outcome.baazi_side] += 1
            note = say("baazi to {name}", name=heads[outcome.baazi_side])
        sweeps = sum(side.sweeps for side in outcome.score.sides)
        if sweeps:
            note = " · ".join(
                n for n in (note, say_count("{count} sweep", "{count} sweeps", sweeps)) if n
            )
        running = tuple(
            say_count("{count} baazi", "{count} baazis", b) if b else "" for b in baazis
        )
        after.append((running, note))  # no "0 baazis" under every deal: only the baazis won
    final = [s.baazis for s in view.sides]
    won = [say_count("{count} baazi", "{count} baazis", b) for b in final]
    return match_recap(say("Seep · the match, deal by deal"), view, names, after, final, won, last)

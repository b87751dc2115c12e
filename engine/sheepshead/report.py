"""A Sheepshead table's results: its outcome (figures for /stats, the final line) and each
hand's report (imported when a hand or the table is over and shown)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.outcome import Outcome, Round
from engine.words import marked, said_list, say

if TYPE_CHECKING:  # (the pictures are imported when a hand's report is first made; the match
    # imports this module when asked for a report)
    from engine.pictures import DealReport
    from engine.sheepshead.match import SheepsheadMatch


def outcome(match: SheepsheadMatch) -> Outcome:
    players = match.rules.players
    stats = []
    for player in range(players):
        figures = {
            "units": match.sheet[player], "picked": 0, "picks_won": 0, "partnered": 0,
            "schneiders": 0, "leasters_won": 0, "deals": 0, "best_deal": 0,
            "points_for": 0, "points_against": 0,
        }  # fmt: skip
        for result in match.deal_results:
            score = result.score
            if score.redeal:
                continue
            side = next((s for s, members in enumerate(score.sides) if player in members), None)
            if side is None:
                continue  # a dealer who sat the hand out
            figures["deals"] += 1
            units = score.units[player]
            figures["best_deal"] = max(figures["best_deal"], units)
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
    sheet = tuple(match.sheet)

    def line(names: Sequence[str]) -> str:
        text = sheet_line(names, sheet)
        best = max(sheet)
        leaders = [names[p] for p in range(len(names)) if sheet[p] == best]
        return say("{scores} — {winners} finish on top!", scores=text, winners=said_list(leaders))

    rounds = tuple(
        Round(r.score.sides, tuple(r.score.units[members[0]] for members in r.score.sides))
        for r in match.deal_results
        if not r.score.redeal
    )  # each hand has its own sides: picker and partner against the rest, or a leaster
    return Outcome(tuple((p,) for p in range(players)), sheet, tuple(stats), line, rounds)


def deal_report(match: SheepsheadMatch, number: int, names: Sequence[str]) -> DealReport:
    from engine.pictures import DealReport, side_names

    result = match.deal_results[number - 1]
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
        totals = " · ".join(
            f"{names[members[0]]} {points}"
            for members, points in zip(score.sides, score.points, strict=True)
        )  # (each for themselves: a dealer sitting out is not among them)
        outcome = say("{name} wins the leaster ({why})", name=names[score.winner], why=score.why)
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
    return DealReport(say("Hand {number} is over", number=result.number), totals, fields, record)


def sheet_line(names: Sequence[str], sheet: Sequence[int]) -> str:
    return " · ".join(f"{names[p]} {units:+d}" for p, units in enumerate(sheet))

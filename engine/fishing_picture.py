"""The deal summary and the match recap as Seep and Suipe both draw them.

A finished deal is headed by each side's points and shows a column per side ending in its
total; the recap has a row per deal with each side's points, the game's running figures after
it and a note. The game supplies its own lines, figures, notes and chart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.pictures import RecapPicture, RecapRow, SummaryColumn, match_won_by, side_names
from engine.words import say


def last_deal(view: Any, names: Sequence[str]) -> tuple[Any, list[str], str]:
    """The last finished deal, its sides' names and the heading with their points."""
    if not view.deals:
        raise ValueError("no deal has finished yet")
    outcome = view.deals[-1]
    sides = outcome.score.sides
    names_of = [side_names(names, view.sides[s].players) for s in range(len(sides))]
    scores = " · ".join(
        say("{side}: {points}", side=names_of[s], points=side.total) for s, side in enumerate(sides)
    )
    return outcome, names_of, say("Deal {number}: {scores}", number=outcome.number, scores=scores)


def summary_columns(
    outcome: Any, names_of: Sequence[str], lines: Callable[[Any], tuple[str, ...]]
) -> tuple[SummaryColumn, ...]:
    """A column per side: the game's `lines` for the side's score, then its total."""
    return tuple(
        SummaryColumn(
            names_of[index],
            (*lines(side), say("Total: {points}", points=side.total)),
            side.scoring_cards,
        )
        for index, side in enumerate(outcome.score.sides)
    )


def match_recap(
    title: str,
    view: Any,
    names: Sequence[str],
    after: Sequence[tuple[tuple[str, ...], str]],
    final: Sequence[int],
    final_words: Sequence[str],
    last: int = 0,
) -> RecapPicture:
    """The match deal by deal: each side's points, then `after` each deal the game's running
    figures and note; the `final` figures (shown as `final_words`) decide the winner."""
    heads = tuple(side_names(names, s.players) for s in view.sides)
    rows = [
        RecapRow(
            say("Deal {number}", number=outcome.number),
            tuple(str(side.total) for side in outcome.score.sides),
            figures,
            note,
        )
        for outcome, (figures, note) in zip(view.deals, after, strict=True)
    ]
    shown = rows[-last:] if last else rows
    best = max(final)
    leaders = [side for side, figure in enumerate(final) if figure == best]
    if len(leaders) == 1:
        side = leaders[0]
        winner = match_won_by([heads[side]], len(view.sides[side].players))
    else:
        winner = say("A draw")
    return RecapPicture(title, heads, tuple(shown), tuple(final_words), winner)

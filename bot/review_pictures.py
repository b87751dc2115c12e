"""A review's pictures from its deal's record: each flagged decision before and after, and the
chart of the figures over the deal (renderers/review.py draws them). The words are the reader's:
call these while their language is spoken. Only what the seat saw is drawn: its own view of the
table, its own hand, the floor each move leaves."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from bot.i18n import _
from engine.cards import Card
from engine.core import PUBLIC, AnyGame, GameView
from engine.records import DealRecord, state_at
from engine.review import DealReview, Decision, Mark

PICTURED = 3  # flagged decisions drawn at most (the biggest losses)

Number = Callable[[float], str]  # a figure written as the reader writes it


def pictured(review: DealReview) -> list[Decision]:
    """The flagged decisions that get a picture: the biggest losses, in the deal's order."""
    biggest = sorted(review.marked, key=lambda d: -d.loss)[:PICTURED]
    return sorted(biggest, key=lambda d: d.step)


def _after(record: DealRecord, step: int, notation: str) -> AnyGame:
    match = state_at(record, step - 1)
    match.apply(notation)
    return match


def _cards_left(before: GameView, after: GameView) -> set[Card]:
    return set(before.hand or ()) - set(after.hand or ())


def decision_png(
    record: DealRecord, decision: Decision, title: str, played: str, best: str
) -> bytes:
    """The decision's picture: `title`, then `played` and `best` (the two moves in words) each
    above the floor it leaves (only the rows its cards take)."""
    from renderers import summary as summary_image  # Pillow and the renderers: on first use
    from renderers import table as table_image
    from renderers.lesson import floor_of, trimmed_table
    from renderers.model import table_model
    from renderers.review import DecisionPicture, render_decision_png

    names = list(record.names)
    before = state_at(record, decision.step - 1)
    player = before.current_player
    assert player is not None, "a decision has a player to move"
    own = before.view(player)
    deals = before.deals_finished

    def floor_after(notation: str) -> tuple[Callable[[], object], set[Card]]:
        match = _after(record, decision.step, notation)
        if match.deals_finished > deals or match.current_player is None:
            return partial(summary_image.render, match.view(PUBLIC), names), _cards_left(
                own, match.view(player)
            )
        seen = table_model(match.view(player), names)
        # the floor alone: the move's words stand above it, in place of its last play
        drawing = partial(floor_of, partial(table_image.render_picture, seen, bottom=player))
        return drawing, _cards_left(own, match.view(player))

    played_after, played_cards = floor_after(decision.played.notation)
    best_after, best_cards = floor_after(decision.best.notation)
    seat_table = partial(table_image.render_picture, table_model(own, names), bottom=player)
    picture = DecisionPicture(
        title=title,
        before=partial(trimmed_table, seat_table),
        hand=own.hand_picture() if own.hand else None,
        played_cards=played_cards,
        best_cards=best_cards,
        played=played,
        played_after=played_after,  # type: ignore[arg-type]
        best=best,
        best_after=best_after,  # type: ignore[arg-type]
    )
    return render_decision_png(picture)


def chart_png(review: DealReview, title: str, number: Number) -> bytes | None:
    """The figures of the seat's decisions over the deal (None for fewer than two)."""
    from renderers.review import ChartModel, ChartPoint, render_chart_png

    decisions = review.decisions
    if len(decisions) < 2:
        return None
    points = tuple(
        ChartPoint(d.step, d.played.value, d.best.value, d.mark is not Mark.NONE)
        for d in decisions
    )
    values = [v for p in points for v in (p.played, p.best)]
    top, bottom = max(0.0, *values), min(0.0, *values)
    if top == bottom:
        top += 1.0
    model = ChartModel(
        title=title,
        played_label=_("your choice"),
        best_label=_("the best choice"),
        axis=_("move"),
        points=points,
        labels=(number(top), number(0.0), number(bottom)),
        top=top,
        bottom=bottom,
    )
    return render_chart_png(model)


def position_png(match: AnyGame, player: int, names: list[str], title: str) -> bytes:
    """A puzzle's position as `player` (to move) sees it: their view of the table and their
    hand, nothing else."""
    from renderers import table as table_image
    from renderers.lesson import trimmed_table
    from renderers.model import table_model
    from renderers.review import PositionPicture, render_position_png

    own = match.view(player)
    seat_table = partial(table_image.render_picture, table_model(own, names), bottom=player)
    picture = PositionPicture(
        title=title,
        table=partial(trimmed_table, seat_table),
        hand=own.hand_picture() if own.hand else None,
    )
    return render_position_png(picture)

"""What follows a move, decided in one place, as values.

A move (or a start, a rejoin, a kick) leaves a table owing its channel something: a table
message, the summary of a deal it finished, the match's result. `owed_by_move` says what, and
the store keeps exactly those entries as the move's outbox in the move's own transaction.
`next_step` then says, from the table as it stands and what it still owes, the one thing to
do next: post a summary, post the table, post the result, let a computer seat move, play a
player's forced move for them, or wait for a person (their turn timer). The flow carries the
steps out one by one until a person is to move or the match is over, live after a move and
in the same way after a restart (a restored table's owed entries come from the store).

Everything here is pure: no Discord, no store, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.storage.store import Owed, OwedKind, SeatRow
from engine.core import AnyGame


def owed_by_move(moves: int, deals: Sequence[int], final: bool) -> list[Owed]:
    """What the channel is owed once a table has made `moves` moves, by the move that
    finished the deals numbered `deals` (and the match, when `final`): the table message
    showing them, each deal's summary (shown as the table stands then), the match's result.
    The order is the order in which they are shown (`next_step`)."""
    owed = [Owed(OwedKind.SUMMARY, deal, moves) for deal in deals]
    owed.append(Owed(OwedKind.TABLE, moves, moves))
    if final:
        owed.append(Owed(OwedKind.RESULT, 0, moves))
    return owed


# ----- the steps -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PostSummary:
    """The summary of deal `deal`, showing the table after `moves` moves."""

    deal: int
    moves: int


@dataclass(frozen=True, slots=True)
class PostTable:
    """The table message, the player to move pinged (or the final table, at the end)."""


@dataclass(frozen=True, slots=True)
class PostResult:
    """The match is over: its lobby message says so (after its last summary)."""


@dataclass(frozen=True, slots=True)
class ComputerToMove:
    """A computer (or a computer playing an away player's seat) moves for `seat`."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayForced:
    """The player at `seat` has one legal move and asked for such moves to be played for
    them (`/autoplay`)."""

    seat: int


@dataclass(frozen=True, slots=True)
class WaitFor:
    """A person is to move at `seat`: their turn timer runs (from the deadline their table
    message shows)."""

    seat: int


@dataclass(frozen=True, slots=True)
class EndPractice:
    """A practice table's deal is over and its summary shown: the table ends (bot/practice.py)."""


Step = PostSummary | PostTable | PostResult | ComputerToMove | PlayForced | WaitFor | EndPractice


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What the next step depends on, read from a table as it stands."""

    match: AnyGame | None
    seats: Mapping[int, SeatRow]
    owed: Sequence[Owed]
    ended: bool = False
    forced_played: bool = False  # the player to move has asked for forced moves to be played
    practice: bool = False  # a practice table: it ends with its deal


def next_step(facts: TableFacts) -> Step | None:
    """The one thing to do next at a table, or None when nothing is (not started, ended, or
    over with nothing owed). Summaries come in the order of their deals, each before the
    table that follows it; at the match's end the final table comes before the last deal's
    summary (which carries the recap and Rematch), then the result."""
    match = facts.match
    if match is None or facts.ended:
        return None
    summaries = sorted((o for o in facts.owed if o.kind is OwedKind.SUMMARY),
                       key=lambda o: o.number)  # fmt: skip
    table_owed = any(o.kind is OwedKind.TABLE for o in facts.owed)
    if match.is_terminal:
        last = summaries[-1] if summaries else None
        if summaries[:-1]:
            first = summaries[0]
            return PostSummary(first.number, first.moves)
        if table_owed:
            return PostTable()
        if last is not None:
            return PostSummary(last.number, last.moves)
        if any(o.kind is OwedKind.RESULT for o in facts.owed):
            return PostResult()
        return None
    if summaries:
        first = summaries[0]
        return PostSummary(first.number, first.moves)
    if facts.practice and match.deals_finished:
        return EndPractice()
    seat = match.current_player
    if seat is None:
        return None
    row = facts.seats.get(seat)
    if row is None:
        return None
    if row.plays_itself:
        return ComputerToMove(seat)
    if facts.forced_played and len(match.legal_actions()) == 1:
        return PlayForced(seat)
    if table_owed:
        return PostTable()
    return WaitFor(seat)


def decides_again(match: AnyGame | None, seats: Mapping[int, SeatRow], seat: int) -> bool:
    """Whether `seat`, having just moved, is to decide again at once (a pick, then the bury,
    then the call; a bid, then the first play): its player's picker shows the next decision
    in place."""
    if match is None or match.is_terminal or match.current_player != seat:
        return False
    row = seats.get(seat)
    return row is not None and not row.plays_itself

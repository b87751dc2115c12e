"""Reports of a computer player's move that looked wrong (docs/computer-players.md, "Report
this move"): a member who looks back at a deal (`/replay`) reports a computer's move in their
own words, and one who reads the review of their deal (`/review`) reports the choice it calls
better (the hard computer player's judgement); the server's admins list the reports
(`/settings reports`) to pass them on.

A report keeps the deal's record as it was, with every seat's name replaced by its number, so
that the position replays exactly (`python -m engine replay`) whatever the retention prunes
later, and nothing in it names a player."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.storage.erasure import seat_tag, without_name
from bot.storage.reports import REPORTS_PER_DAY, MoveReport, ReportStore
from bot.storage.store import DealRecordRow, Store
from engine.records import DealRecord, state_at

DAY = 86_400.0
REVIEW_LEVEL = "review"  # a report's level when it is of the review's better choice


class ReportRefused(Exception):
    """Why a move cannot be reported (its words for the member)."""


@dataclass(frozen=True, slots=True)
class ReportedMove:
    """The move at `step` (1 first) of a deal, as a report names it."""

    step: int
    seat: int
    level: str
    move: str


def computer_move_at(record: DealRecord, step: int) -> ReportedMove | None:
    """The move numbered `step` of the deal if a computer player made it; None otherwise."""
    if not 0 < step <= len(record.actions):
        return None
    before = state_at(record, step - 1)
    if before.pending_cut is not None:  # a cut is no decision of the player's
        return None
    seat = before.current_player
    if seat is None or not 0 <= seat < len(record.seats):
        return None
    level = record.seats[seat].level
    if level == "human":
        return None
    return ReportedMove(step, seat, level, record.actions[step - 1])


def review_choice_at(record: DealRecord, step: int, notation: str) -> ReportedMove | None:
    """The review's better choice `notation` for the decision at `step` (1 first) of the deal:
    None unless it is one of the legal moves there (a cut is no decision)."""
    if not 0 < step <= len(record.actions):
        return None
    before = state_at(record, step - 1)
    seat = before.current_player
    if before.pending_cut is not None or seat is None or not 0 <= seat < len(record.seats):
        return None
    legal = {str(action) for action in before.legal_actions()}
    if notation not in legal:
        return None
    return ReportedMove(step, seat, REVIEW_LEVEL, notation)


def anonymous(record: DealRecord, text: str) -> str:
    """The record's text with each seat's name made its seat's number."""
    for seat, entry in enumerate(record.seats):
        text = seat_tag(seat).sub(f'[Seat{seat + 1} "Seat {seat + 1}"]', text)
        text = without_name(text, entry.name)
    return text


class Reports:
    def __init__(self, store: Store) -> None:
        self.store = ReportStore(store)

    async def report(
        self,
        row: DealRecordRow,
        step: int,
        reporter_id: int,
        words: str,
        better: str | None = None,
    ) -> ReportedMove:
        """Keep a member's report of the computer's move at `step` of the deal `row`, or
        (`better`: its notation) of the review's better choice for the decision there."""
        record = DealRecord.from_text(row.record)
        if better is None:
            move = computer_move_at(record, step)
        else:
            move = review_choice_at(record, step, better)
        if move is None:
            raise ReportRefused("not a computer's move" if better is None else "not a choice")
        if await self.store.made_since(reporter_id, time.time() - DAY) >= REPORTS_PER_DAY:
            raise ReportRefused("too many")
        await self.store.add(
            row.guild_id or 0, row.id, step, move.seat, move.level, move.move, record.game,
            anonymous(record, row.record), reporter_id, words.strip(),
        )  # fmt: skip
        return move

    async def of_guild(self, guild_id: int, limit: int) -> tuple[list[MoveReport], int]:
        return await self.store.of_guild(guild_id, limit)

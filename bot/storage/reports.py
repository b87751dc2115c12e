"""Reports of computer players' moves that looked wrong to someone (migration 14): each with
the deal's record as it was, so a developer can replay the position whatever the retention
has pruned since. The same SQL for SQLite and PostgreSQL."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.storage.store import Store

REPORT_WORDS = 500  # characters a report may say
REPORTS_PER_DAY = 20  # reports one member may make in a day, all servers together


@dataclass(frozen=True, slots=True)
class MoveReport:
    id: int
    guild_id: int
    deal_id: int
    step: int
    seat: int
    level: str
    move: str
    game: str
    record: str
    reporter_id: int
    words: str
    made_at: float


_COLUMNS = (
    "id, guild_id, deal_id, step, seat, level, move, game, record, reporter_id, words, made_at"
)


class ReportStore:
    def __init__(self, store: Store) -> None:
        self.database = store.database

    async def add(
        self,
        guild_id: int,
        deal_id: int,
        step: int,
        seat: int,
        level: str,
        move: str,
        game: str,
        record: str,
        reporter_id: int,
        words: str,
    ) -> None:
        await self.database.run(
            "INSERT INTO move_reports (guild_id, deal_id, step, seat, level, move, game, record,"
            " reporter_id, words, made_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, deal_id, step, seat, level, move, game, record, reporter_id,
             words[:REPORT_WORDS], time.time()),
        )  # fmt: skip

    async def made_since(self, reporter_id: int, since: float) -> int:
        row = await self.database.one(
            "SELECT COUNT(*) FROM move_reports WHERE reporter_id = ? AND made_at >= ?",
            (reporter_id, since),
        )
        return int(row[0]) if row else 0

    async def of_guild(self, guild_id: int, limit: int) -> tuple[list[MoveReport], int]:
        """The server's newest `limit` reports, newest first, and how many it has in all."""
        rows = await self.database.all(
            f"SELECT {_COLUMNS} FROM move_reports WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
        total = await self.database.one(
            "SELECT COUNT(*) FROM move_reports WHERE guild_id = ?", (guild_id,)
        )
        reports = [
            MoveReport(int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]), str(r[5]),
                       str(r[6]), str(r[7]), str(r[8]), int(r[9]), str(r[10]), float(r[11]))
            for r in rows
        ]  # fmt: skip
        return reports, int(total[0]) if total else 0

"""The daily deal's store: a server's days, each game's deal of the day and each member's
attempt (migration 10; docs/daily.md). The same SQL for SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.storage.backends import Database, integer, integer_or_none, json_text, real, real_or_none
from bot.storage.store import DealRecordRow, Store
from engine.registry import TableRules


@dataclass(frozen=True, slots=True)
class DayRow:
    guild_id: int
    local_day: str  # YYYY-MM-DD in the server's time zone
    zone: str
    start_hour: int
    starts_at: float
    ends_at: float
    announced: bool = False

    def over(self, now: float) -> bool:
        return now >= self.ends_at


@dataclass(frozen=True, slots=True)
class DealRow:
    guild_id: int
    local_day: str
    game: str
    rules: TableRules
    nonce: str  # hex
    secret: str  # hex: never shown before the day is over
    commitment: str


@dataclass(frozen=True, slots=True)
class AttemptRow:
    guild_id: int
    local_day: str
    game: str
    user_id: int
    name: str
    status: str  # playing, finished, expired (unfinished when its day ended)
    actions: list[str] = field(default_factory=list)
    score: int | None = None
    started_at: float = 0.0
    finished_at: float | None = None
    record_id: int | None = None  # its deal record, made when the day ends

    @property
    def finished(self) -> bool:
        return self.status == "finished"


DAY_COLUMNS = "guild_id, local_day, zone, start_hour, starts_at, ends_at, announced"
DEAL_COLUMNS = "guild_id, local_day, game, rules, nonce, secret, commitment"
NEW_ATTEMPT_COLUMNS = (
    "guild_id, local_day, game, user_id, name, status, actions, score, started_at, finished_at"
)
ATTEMPT_COLUMNS = NEW_ATTEMPT_COLUMNS + ", record_id"


def _day(row: Sequence[object]) -> DayRow:
    return DayRow(integer(row[0]), str(row[1]), str(row[2]), integer(row[3]), real(row[4]),
                  real(row[5]), bool(row[6]))  # fmt: skip


def _deal(row: Sequence[object]) -> DealRow:
    return DealRow(integer(row[0]), str(row[1]), str(row[2]), json.loads(json_text(row[3])),
                   str(row[4]), str(row[5]), str(row[6]))  # fmt: skip


def _attempt(row: Sequence[object]) -> AttemptRow:
    return AttemptRow(
        integer(row[0]), str(row[1]), str(row[2]), integer(row[3]), str(row[4]), str(row[5]),
        [str(a) for a in json.loads(json_text(row[6]))], integer_or_none(row[7]),
        real(row[8]), real_or_none(row[9]),
        integer_or_none(row[10]),
    )  # fmt: skip


class DailyStore:
    """The daily tables of the bot's store (the store's own connection and transactions)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def db(self) -> Database:
        return self.store.database

    # ----- days -------------------------------------------------------------------------

    async def day_at(self, guild_id: int, now: float) -> DayRow | None:
        """The server's day under way at `now`, if it has begun."""
        row = await self.db.one(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE guild_id = ? AND starts_at <= ?"
            " AND ends_at > ? ORDER BY starts_at DESC LIMIT 1",
            (guild_id, now, now),
        )
        return _day(row) if row else None

    async def day(self, guild_id: int, local_day: str) -> DayRow | None:
        row = await self.db.one(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE guild_id = ? AND local_day = ?",
            (guild_id, local_day),
        )
        return _day(row) if row else None

    async def latest_day(self, guild_id: int) -> DayRow | None:
        row = await self.db.one(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE guild_id = ?"
            " ORDER BY ends_at DESC LIMIT 1",
            (guild_id,),
        )
        return _day(row) if row else None

    async def days(self, guild_id: int, first: str, last: str) -> list[DayRow]:
        rows = await self.db.all(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE guild_id = ? AND local_day >= ?"
            " AND local_day <= ? ORDER BY local_day",
            (guild_id, first, last),
        )
        return [_day(row) for row in rows]

    async def add_day(self, day: DayRow) -> DayRow:
        """Begin a day (a second process beginning it at the same moment keeps the first)."""
        await self.db.run(
            f"INSERT INTO daily_days ({DAY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 0)"
            " ON CONFLICT (guild_id, local_day) DO NOTHING",
            (day.guild_id, day.local_day, day.zone, day.start_hour, day.starts_at, day.ends_at),
        )
        stored = await self.day(day.guild_id, day.local_day)
        assert stored is not None
        return stored

    async def days_due(self, now: float) -> list[DayRow]:
        """Days that are over and not yet closed (`close_day`)."""
        rows = await self.db.all(
            f"SELECT {DAY_COLUMNS} FROM daily_days WHERE announced = 0 AND ends_at <= ?"
            " ORDER BY ends_at",
            (now,),
        )
        return [_day(row) for row in rows]

    # ----- deals ------------------------------------------------------------------------

    async def deal(self, guild_id: int, local_day: str, game: str) -> DealRow | None:
        row = await self.db.one(
            f"SELECT {DEAL_COLUMNS} FROM daily_deals WHERE guild_id = ? AND local_day = ?"
            " AND game = ?",
            (guild_id, local_day, game),
        )
        return _deal(row) if row else None

    async def deals(self, guild_id: int, local_day: str) -> list[DealRow]:
        rows = await self.db.all(
            f"SELECT {DEAL_COLUMNS} FROM daily_deals WHERE guild_id = ? AND local_day = ?"
            " ORDER BY game",
            (guild_id, local_day),
        )
        return [_deal(row) for row in rows]

    async def add_deal(self, deal: DealRow) -> DealRow:
        """Commit to a game's deal of the day; the first one stored stays."""
        await self.db.run(
            f"INSERT INTO daily_deals ({DEAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, local_day, game) DO NOTHING",
            (deal.guild_id, deal.local_day, deal.game, json.dumps(deal.rules), deal.nonce,
             deal.secret, deal.commitment),
        )  # fmt: skip
        stored = await self.deal(deal.guild_id, deal.local_day, deal.game)
        assert stored is not None
        return stored

    # ----- attempts ---------------------------------------------------------------------

    async def attempt(
        self, guild_id: int, local_day: str, game: str, user_id: int
    ) -> AttemptRow | None:
        row = await self.db.one(
            f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE guild_id = ? AND local_day = ?"
            " AND game = ? AND user_id = ?",
            (guild_id, local_day, game, user_id),
        )
        return _attempt(row) if row else None

    async def start_attempt(
        self, guild_id: int, local_day: str, game: str, user_id: int, name: str
    ) -> bool:
        """Begin a member's attempt: False if they have one already (nothing is stored)."""
        row = await self.db.one(
            f"INSERT INTO daily_attempts ({NEW_ATTEMPT_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, 'playing', '[]', NULL, ?, NULL)"
            " ON CONFLICT (guild_id, local_day, game, user_id) DO NOTHING RETURNING user_id",
            (guild_id, local_day, game, user_id, name, time.time()),
        )
        return row is not None

    async def save_moves(
        self,
        attempt: AttemptRow,
        moves_before: int,
        actions: Sequence[str],
        score: int | None = None,
    ) -> bool:
        """The attempt's moves (and its score once it is over), in one statement; only if the
        attempt is still being played and still has `moves_before` moves stored (a second
        answer to the same turn changes nothing). True when saved."""
        finished = score is not None
        row = await self.db.one(
            "UPDATE daily_attempts SET actions = ?, status = ?, score = ?, finished_at = ?"
            " WHERE guild_id = ? AND local_day = ? AND game = ? AND user_id = ?"
            " AND status = 'playing' AND actions = ? RETURNING user_id",
            (json.dumps(list(actions)), "finished" if finished else "playing", score,
             time.time() if finished else None, attempt.guild_id, attempt.local_day,
             attempt.game, attempt.user_id, json.dumps(list(actions[:moves_before]))),
        )  # fmt: skip
        return row is not None

    async def finished(self, guild_id: int, local_day: str, game: str) -> list[AttemptRow]:
        rows = await self.db.all(
            f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE guild_id = ? AND local_day = ?"
            " AND game = ? AND status = 'finished' ORDER BY finished_at",
            (guild_id, local_day, game),
        )
        return [_attempt(row) for row in rows]

    async def finished_between(
        self, guild_id: int, game: str, first: str, last: str
    ) -> list[AttemptRow]:
        rows = await self.db.all(
            f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE guild_id = ? AND game = ?"
            " AND local_day >= ? AND local_day <= ? AND status = 'finished'"
            " ORDER BY local_day, finished_at",
            (guild_id, game, first, last),
        )
        return [_attempt(row) for row in rows]

    async def days_played(self, guild_id: int, user_id: int) -> list[str]:
        """The days on which the member finished a daily deal (any game), latest first."""
        rows = await self.db.all(
            "SELECT DISTINCT local_day FROM daily_attempts WHERE guild_id = ? AND user_id = ?"
            " AND status = 'finished' ORDER BY local_day DESC",
            (guild_id, user_id),
        )
        return [str(row[0]) for row in rows]

    async def latest_unfinished(
        self, guild_id: int, game: str, user_id: int, before: str
    ) -> AttemptRow | None:
        """The member's latest attempt at `game` before the day `before`, if they did not
        finish it (playing when its day ended, or expired)."""
        row = await self.db.one(
            f"SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE guild_id = ? AND game = ?"
            " AND user_id = ? AND local_day < ? ORDER BY local_day DESC LIMIT 1",
            (guild_id, game, user_id, before),
        )
        found = _attempt(row) if row else None
        return found if found is not None and not found.finished else None

    async def expire(self, attempt: AttemptRow) -> None:
        """An attempt still being played when its day ended is expired."""
        await self.db.run(
            "UPDATE daily_attempts SET status = 'expired' WHERE guild_id = ? AND local_day = ?"
            " AND game = ? AND user_id = ? AND status = 'playing'",
            (attempt.guild_id, attempt.local_day, attempt.game, attempt.user_id),
        )

    async def close_day(
        self,
        guild_id: int,
        local_day: str,
        records: Sequence[tuple[AttemptRow, Sequence[DealRecordRow]]],
    ) -> dict[tuple[str, int], int] | None:
        """End a day that is over, once (two processes never both do): its unfinished
        attempts expire and each finished one's deal records are stored (a redealt hand first,
        the deal that counts last), all in one transaction. Returns the number of the record
        that counts per (game, member), or None when the day was already closed."""
        numbers: dict[tuple[str, int], int] = {}
        async with self.db.transaction() as tx:
            claimed = await tx.one(
                "UPDATE daily_days SET announced = 1 WHERE guild_id = ? AND local_day = ?"
                " AND announced = 0 RETURNING guild_id",
                (guild_id, local_day),
            )
            if claimed is None:
                return None
            await tx.run(
                "UPDATE daily_attempts SET status = 'expired' WHERE guild_id = ?"
                " AND local_day = ? AND status = 'playing'",
                (guild_id, local_day),
            )
            for attempt, deals in records:
                for deal in deals:
                    row = await tx.one(
                        "INSERT INTO deal_records (table_id, number, guild_id, game,"
                        " finished_at, fair, result, record) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?)"
                        " RETURNING id",
                        (deal.number, guild_id, attempt.game,
                         attempt.finished_at or time.time(), int(deal.fair), deal.result,
                         deal.record),
                    )  # fmt: skip
                    assert row is not None
                    number = int(row[0])
                    await tx.run(
                        "INSERT INTO deal_players (deal_id, user_id) VALUES (?, ?)",
                        (number, attempt.user_id),
                    )
                    numbers[(attempt.game, attempt.user_id)] = number
                if deals:
                    await tx.run(
                        "UPDATE daily_attempts SET record_id = ? WHERE guild_id = ?"
                        " AND local_day = ? AND game = ? AND user_id = ?",
                        (numbers[(attempt.game, attempt.user_id)], guild_id, local_day,
                         attempt.game, attempt.user_id),
                    )  # fmt: skip
        return numbers

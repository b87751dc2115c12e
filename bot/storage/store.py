"""The bot's store: tables, seats, every action, every result; in a SQLite file (the
embedded default) or a PostgreSQL database shared by several bot processes.

A table's game is stored as its rules, seed and action list; one transaction per move keeps
the game and its record in step. Migrations are numbered and applied in order at start-up.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from bot.sharding import ShardPlan
from bot.storage.backends import (
    Connection,
    Database,
    SqlValue,
    database_at,
    integer,
    integer_or_none,
    json_text,
    real,
    real_or_none,
)
from bot.storage.dialects import Engine
from bot.storage.migrations import migration_scripts
from bot.table_options import TableOptions
from engine.registry import TableRules

MISSED_TURNS_LIMIT = 3
log = logging.getLogger("seepbot.store")

RESULT_COLUMNS = (
    "table_id", "user_id", "guild_id", "game", "name", "side", "partner_id", "place",
    "outcome", "deals", "best_deal", "points_for", "points_against", "rated",
    "with_computers", "finished_at", "stats", "rounds",
)  # fmt: skip


TABLE_COLUMNS = (
    "id, guild_id, channel_id, host_id, game, rules, seed, status, options, message_id,"
    " turn_deadline, deal_keys"
)


class OwedKind(StrEnum):
    """What a table's channel may be owed (stored by these names)."""

    TABLE = "table"  # the table message
    SUMMARY = "summary"  # the summary of a deal
    RESULT = "result"  # the match's result


@dataclass(frozen=True, slots=True)
class Owed:
    """An entry of the outbox: something a table's channel is owed because of a move
    (`bot.step.owed_by_move` says what)."""

    kind: OwedKind
    number: int  # table: the moves the message shows; summary: the deal's number; result: 0
    moves: int  # the moves made when it was owed (what a summary shows)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    computer_level: str | None
    missed_turns: int = 0

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def away(self) -> bool:
        """A player who missed too many turns in a row: a computer plays for them."""
        return self.missed_turns >= MISSED_TURNS_LIMIT

    @property
    def plays_itself(self) -> bool:
        return self.is_computer or self.away


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One human player's finished match, as leaderboards and stats read it."""

    table_id: int
    user_id: int
    guild_id: int
    game: str
    name: str
    side: int
    partner_id: int | None
    place: int
    outcome: str
    deals: int
    best_deal: int
    points_for: int
    points_against: int
    rated: bool
    with_computers: bool
    finished_at: float
    stats: dict[str, int] = field(default_factory=dict)  # the game's own figures
    rounds: list[tuple[int, int]] = field(default_factory=list)  # (side, place) per deal

    def stat(self, key: str) -> int:
        return int(self.stats.get(key, 0))


@dataclass(frozen=True, slots=True)
class DealRecordRow:
    """A finished deal as /history and /replay find it."""

    number: int
    fair: bool
    result: str
    record: str  # the record file's text
    players: tuple[int, ...] = ()  # the people (not computers) who played it
    id: int = 0
    table_id: int = 0
    guild_id: int = 0
    game: str = ""
    finished_at: float = 0.0


@dataclass(frozen=True, slots=True)
class GuildSettings:
    settings: dict[str, object]
    season_start: float = 0.0
    damaged: bool = False  # the stored settings were not a JSON object: the defaults apply


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    rules: TableRules
    seed: int
    status: str
    options: TableOptions
    message_id: int | None
    deal_keys: dict[str, object] | None = None  # secret deals (engine.fairness.DealKeys as JSON)
    turn_deadline: float | None = None  # when the turn timer runs out (seconds since the epoch)


class Store:
    """Open with `async with Store(location) as store:` (or `await store.open()`), where the
    location is a SQLite file's path or a `postgresql://` URL."""

    def __init__(self, location: Path | str) -> None:
        self.location = location
        self.database: Database = database_at(location)
        self._move_observers: list[Callable[[str], None]] = []

    def observe_moves(self, observer: Callable[[str], None]) -> None:
        """Call `observer(game)` after each move is stored (the bot's metrics count them)."""
        self._move_observers.append(observer)

    @property
    def engine(self) -> Engine:
        return self.database.dialect.engine

    async def open(self) -> Store:
        """Connect and migrate; a second call does nothing."""
        if not self.is_open:
            await self.database.open(migration_scripts(self.database.dialect))
        return self

    @property
    def is_open(self) -> bool:
        return self.database.is_open

    async def close(self) -> None:
        """Waits for a write in progress, so no transaction is cut in half."""
        await self.database.close()

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self.database.schema_version()

    async def claim_shards(self, plan: ShardPlan | None) -> None:
        """Take this process's shards (all of them when unsharded) for as long as the store
        is open; ShardsTaken when another live process has them."""
        plan = plan or ShardPlan((0,), 1)
        await self.database.claim_shards(plan.ids, plan.count)

    # ----- tables -----------------------------------------------------------------------

    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        rules: TableRules,
        seed: int,
        options: TableOptions | None = None,
    ) -> int:
        now = time.time()
        row = await self.database.one(
            "INSERT INTO game_tables (guild_id, channel_id, host_id, game, rules, seed, options,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, host_id, game, json.dumps(rules), seed,
             json.dumps((options or TableOptions()).to_json()), now, now),
        )  # fmt: skip
        assert row is not None
        return int(row[0])

    async def table(self, table_id: int) -> TableRow | None:
        row = await self.database.one(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?",
                                      (table_id,))  # fmt: skip
        return _table_row(row) if row else None

    async def unfinished_tables(self) -> list[TableRow]:
        rows = await self.database.all(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE status IN ('lobby', 'playing')"
            " ORDER BY id"
        )
        return [_table_row(row) for row in rows]

    async def tables_owed(self) -> list[TableRow]:
        """Finished tables whose channel is still owed something (a crash came between the
        match's last move and its result)."""
        rows = await self.database.all(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE status = 'finished' AND EXISTS"
            " (SELECT 1 FROM outbox WHERE outbox.table_id = game_tables.id AND delivered = 0)"
            " ORDER BY id"
        )
        return [_table_row(row) for row in rows]

    async def start_table(
        self,
        table_id: int,
        options: TableOptions,
        deal_keys: dict[str, object] | None = None,
        first_moves: Sequence[tuple[int, str]] = (),
        owed: Sequence[Owed] = (),
    ) -> None:
        """The game starts: its options, its first deal's secret, its status, the moves made
        as it starts (a cut made for the cutter) and what the channel is owed (the first
        table message), at once."""
        async with self.database.transaction() as tx:
            await tx.run(
                "UPDATE game_tables SET options = ?, status = 'playing', updated_at = ?,"
                " deal_keys = ? WHERE id = ? AND status = 'lobby'",
                (json.dumps(options.to_json()), time.time(),
                 json.dumps(deal_keys) if deal_keys is not None else None, table_id),
            )  # fmt: skip
            now = time.time()
            await tx.many(
                "INSERT INTO actions (table_id, number, player, notation, played_at)"
                " VALUES (?, ?, ?, ?, ?)",
                [(table_id, n, player, notation, now)
                 for n, (player, notation) in enumerate(first_moves)],
            )  # fmt: skip
            await _owe(tx, table_id, owed)

    async def owed(self, table_id: int) -> list[Owed]:
        """What the table's channel is still owed, in the order it is posted."""
        rows = await self.database.all(
            "SELECT kind, number, moves FROM outbox WHERE table_id = ? AND delivered = 0"
            " ORDER BY moves, CASE kind WHEN 'summary' THEN 0 WHEN 'table' THEN 1 ELSE 2 END,"
            " number",
            (table_id,),
        )
        return [Owed(OwedKind(kind), number, moves) for kind, number, moves in rows]

    async def delivered(self, table_id: int, kind: OwedKind, number: int) -> None:
        """Posted: the summary of deal `number` (and any earlier one), or the result (a table
        message: `table_posted`)."""
        await self.database.run(
            "UPDATE outbox SET delivered = 1 WHERE table_id = ? AND kind = ? AND number <= ?"
            " AND delivered = 0",
            (table_id, kind, number),
        )

    async def table_posted(
        self,
        table_id: int,
        message_id: int,
        moves: int,
        deadline: float | None,
        stale: Sequence[int] = (),
        gone: Sequence[int] = (),
    ) -> None:
        """A table message showing `moves` moves was posted: it is the table's message, every
        table message owed up to it is delivered, and the turn runs out at `deadline`. The
        messages in `stale` (the one it replaces) are to be deleted; those in `gone` were."""
        async with self.database.transaction() as tx:
            await tx.run(
                "UPDATE game_tables SET message_id = ?, turn_deadline = ? WHERE id = ?",
                (message_id, deadline, table_id),
            )
            await tx.run(
                "UPDATE outbox SET delivered = 1 WHERE table_id = ? AND kind = 'table'"
                " AND number <= ? AND delivered = 0",
                (table_id, moves),
            )
            await _forget_stale(tx, table_id, gone)
            await _add_stale(tx, table_id, stale)

    async def add_stale(self, table_id: int, message_ids: Sequence[int]) -> None:
        """Messages of the table that are to be deleted once they are out of date (a
        reminder): a restart deletes them, should the process stop first."""
        await _add_stale(self.database, table_id, message_ids)

    async def stale_messages(self, table_id: int) -> list[int]:
        rows = await self.database.all(
            "SELECT message_id FROM stale_messages WHERE table_id = ? ORDER BY message_id",
            (table_id,),
        )
        return [int(row[0]) for row in rows]

    async def forget_stale(self, table_id: int, message_ids: Sequence[int]) -> None:
        """These messages were deleted."""
        await _forget_stale(self.database, table_id, message_ids)

    async def set_status(self, table_id: int, status: str) -> None:
        await self.database.run(
            "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?",
            (status, time.time(), table_id),
        )

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        await self.database.run(
            "UPDATE game_tables SET message_id = ? WHERE id = ?", (message_id, table_id)
        )

    # ----- seats ------------------------------------------------------------------------

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self.database.all(
            "SELECT seat, user_id, name, computer_level, missed_turns FROM seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        )
        return [SeatRow(*row) for row in rows]

    async def set_seat(
        self, table_id: int, seat: int, user_id: int | None, name: str, level: str | None = None
    ) -> None:
        await self.database.run(
            "INSERT INTO seats (table_id, seat, user_id, name, computer_level)"
            " VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,"
            " name = excluded.name, computer_level = excluded.computer_level, missed_turns = 0",
            (table_id, seat, user_id, name, level),
        )

    async def set_missed_turns(self, table_id: int, seat: int, count: int) -> None:
        await self.database.run(
            "UPDATE seats SET missed_turns = ? WHERE table_id = ? AND seat = ?",
            (count, table_id, seat),
        )

    async def clear_seat(self, table_id: int, seat: int) -> None:
        await self.database.run(
            "DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
        )

    # ----- actions and results ----------------------------------------------------------

    async def actions(self, table_id: int) -> list[str]:
        rows = await self.database.all(
            "SELECT notation FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
        )
        return [row[0] for row in rows]

    async def last_move_at(self, table_id: int) -> float | None:
        """When the table's latest move was stored (time.time()), None before its first."""
        row = await self.database.one(
            "SELECT MAX(played_at) FROM actions WHERE table_id = ?", (table_id,)
        )
        return None if row is None or row[0] is None else float(row[0])

    async def record_move(
        self,
        table_id: int,
        number: int,
        player: int,
        notation: str,
        deal_results: Sequence[tuple[int, dict[str, object]]] = (),
        match_result: dict[str, object] | None = None,
        guild_id: int = 0,
        game: str = "",
        player_results: Sequence[PlayerResult] = (),
        deal_keys: dict[str, object] | None = None,
        records: Sequence[DealRecordRow] = (),
        followed: Sequence[tuple[int, int, str]] = (),
        missed: tuple[int, int] | None = None,
        prune_before: float | None = None,
        owed: Sequence[Owed] = (),
    ) -> None:
        """One move and whatever follows from it, in a single transaction: `deal_keys` when
        the move drew a new deal's secret or cut; `records`: the deals it finished;
        `followed`: the moves made at once after it (number, player, notation: the next
        deal's cut for a cutter who is not asked); `missed`: (seat, its missed turns now);
        `prune_before`: the server's retention, older deal records go; `owed`: what the
        channel is owed because of it (the outbox)."""
        now = time.time()
        async with self.database.transaction() as tx:
            if prune_before is not None:
                await _prune(tx, guild_id, prune_before)
            await _keep_records(tx, table_id, guild_id, game, now, records)
            if deal_keys is not None:
                await tx.run(
                    "UPDATE game_tables SET deal_keys = ? WHERE id = ?",
                    (json.dumps(deal_keys), table_id),
                )
            await tx.many(
                "INSERT INTO actions (table_id, number, player, notation, played_at)"
                " VALUES (?, ?, ?, ?, ?)",
                [(table_id, n, p, text, now)
                 for n, p, text in [(number, player, notation), *followed]],
            )  # fmt: skip
            if missed is not None:
                await tx.run(
                    "UPDATE seats SET missed_turns = ? WHERE table_id = ? AND seat = ?",
                    (missed[1], table_id, missed[0]),
                )
            await tx.many(
                "INSERT INTO deal_results (table_id, number, result) VALUES (?, ?, ?)",
                [(table_id, n, json.dumps(result)) for n, result in deal_results],
            )
            await _owe(tx, table_id, owed)
            status = "playing"
            if match_result is not None:
                status = "finished"
                await tx.run(
                    "INSERT INTO match_results (table_id, guild_id, game, finished_at, result)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (table_id, guild_id, game, now, json.dumps(match_result)),
                )
                await _insert_results(tx, player_results)
            await tx.run(
                "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?"
                " AND status != 'ended'",
                (status, now, table_id),
            )
        for observe in self._move_observers:
            observe(game)

    async def deal_results(self, table_id: int) -> list[dict[str, object]]:
        rows = await self.database.all(
            "SELECT result FROM deal_results WHERE table_id = ? ORDER BY number", (table_id,)
        )
        return [json.loads(row[0]) for row in rows]

    async def match_result(self, table_id: int) -> dict[str, object] | None:
        row = await self.database.one(
            "SELECT result FROM match_results WHERE table_id = ?", (table_id,)
        )
        return json.loads(row[0]) if row else None

    async def set_rules(
        self, table_id: int, rules: TableRules, options: TableOptions
    ) -> None:
        """A lobby's rules and options, changed by its host before the start."""
        await self.database.run(
            "UPDATE game_tables SET rules = ?, options = ?, updated_at = ? WHERE id = ?",
            (json.dumps(rules), json.dumps(options.to_json()), time.time(), table_id),
        )

    async def set_options(self, table_id: int, options: TableOptions) -> None:
        await self.database.run(
            "UPDATE game_tables SET options = ? WHERE id = ?",
            (json.dumps(options.to_json()), table_id),
        )

    # ----- leaderboards, stats and server settings ----------------------------------------

    async def player_results(
        self,
        guild_id: int,
        game: str | None = None,
        since: float = 0.0,
        user_id: int | None = None,
    ) -> list[PlayerResult]:
        """Results in the order the matches finished (the order ratings are updated in)."""
        query = f"SELECT {', '.join(RESULT_COLUMNS)} FROM player_results WHERE guild_id = ?"
        args: list[SqlValue] = [guild_id]
        if game is not None:
            query += " AND game = ?"
            args.append(game)
        if since:
            query += " AND finished_at >= ?"
            args.append(since)
        if user_id is not None:
            query += " AND user_id = ?"
            args.append(user_id)
        rows = await self.database.all(query + " ORDER BY finished_at, table_id, side", args)
        return [_player_result(row) for row in rows]

    async def insert_player_results(self, results: Sequence[PlayerResult]) -> None:
        """Results recorded outside a move (imports, tests)."""
        await _insert_results(self.database, results)

    # ----- deal records --------------------------------------------------------------------

    _DEAL_COLUMNS = (
        "d.number, d.fair, d.result, d.record, d.id, d.table_id, d.guild_id, d.game,"
        " d.finished_at"
    )

    async def deal_record(self, deal_id: int) -> DealRecordRow | None:
        row = await self.database.one(
            f"SELECT {self._DEAL_COLUMNS} FROM deal_records AS d WHERE d.id = ?", (deal_id,)
        )
        if row is None:
            return None
        players = await self.database.all(
            "SELECT user_id FROM deal_players WHERE deal_id = ? ORDER BY user_id", (deal_id,)
        )
        return _deal_row(row, tuple(int(p[0]) for p in players))

    async def deal_record_id(self, table_id: int, number: int) -> int | None:
        """The record of a table's deal `number` (1 first), if it is kept."""
        row = await self.database.one(
            "SELECT id FROM deal_records WHERE table_id = ? AND number = ?", (table_id, number)
        )
        return int(row[0]) if row else None

    async def deal_records(
        self, guild_id: int, user_id: int | None = None, limit: int = 10
    ) -> list[DealRecordRow]:
        """A server's latest finished deals, newest first (only `user_id`'s where given)."""
        if user_id is None:
            rows = await self.database.all(
                f"SELECT {self._DEAL_COLUMNS} FROM deal_records AS d WHERE d.guild_id = ?"
                " ORDER BY d.finished_at DESC, d.id DESC LIMIT ?",
                (guild_id, limit),
            )
        else:
            rows = await self.database.all(
                f"SELECT {self._DEAL_COLUMNS} FROM deal_records AS d"
                " JOIN deal_players AS p ON p.deal_id = d.id"
                " WHERE d.guild_id = ? AND p.user_id = ?"
                " ORDER BY d.finished_at DESC, d.id DESC LIMIT ?",
                (guild_id, user_id, limit),
            )
        return [_deal_row(row, ()) for row in rows]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings; a row that is not a JSON object (damaged, or written by hand)
        counts as none, with `damaged` set and a warning logged for the admin, so that the
        server's tables still open."""
        row = await self.database.one(
            "SELECT settings, season_start FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if row is None:
            return GuildSettings({})
        settings = _json_object(row[0])
        if settings is None:
            log.warning("server %s: its stored settings are not a JSON object, so the defaults"
                        " apply until /settings sets them again", guild_id)  # fmt: skip
            return GuildSettings({}, row[1] or 0.0, damaged=True)
        return GuildSettings(settings, row[1] or 0.0)

    async def update_guild_settings(self, guild_id: int, changes: dict[str, object]) -> None:
        """Set the given settings (a None value removes one), keeping the others; a damaged
        row is replaced."""
        async with self.database.transaction() as tx:
            row = await tx.one(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
            settings = (_json_object(row[0]) if row else None) or {}
            settings.update(changes)
            settings = {key: value for key, value in settings.items() if value is not None}
            await tx.run(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(settings, sort_keys=True)),
            )

    async def player_prefs(self, user_id: int) -> dict[str, object]:
        """A player's choices; a row that is not a JSON object (damaged, or written by hand)
        counts as no choices, so that player's commands are still answered."""
        row = await self.database.one(
            "SELECT prefs FROM player_prefs WHERE user_id = ?", (user_id,)
        )
        return _prefs(user_id, row[0]) if row else {}

    async def update_player_prefs(self, user_id: int, changes: dict[str, object]) -> None:
        """Set the given preferences (a None value removes one); a damaged row is replaced."""
        async with self.database.transaction() as tx:
            row = await tx.one("SELECT prefs FROM player_prefs WHERE user_id = ?", (user_id,))
            prefs = _prefs(user_id, row[0]) if row else {}
            prefs.update(changes)
            prefs = {key: value for key, value in prefs.items() if value is not None}
            await tx.run(
                "INSERT INTO player_prefs (user_id, prefs) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET prefs = excluded.prefs",
                (user_id, json.dumps(prefs, sort_keys=True)),
            )

    async def start_season(self, guild_id: int, when: float) -> None:
        await self.database.run(
            "INSERT INTO guild_settings (guild_id, season_start) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET season_start = excluded.season_start",
            (guild_id, when),
        )


async def _prune(db: Connection, guild_id: int, before: float) -> None:
    """A server's retention: its deal records finished before `before` go."""
    await db.run(
        "DELETE FROM deal_players WHERE deal_id IN"
        " (SELECT id FROM deal_records WHERE guild_id = ? AND finished_at < ?)",
        (guild_id, before),
    )
    await db.run(
        "DELETE FROM deal_records WHERE guild_id = ? AND finished_at < ?", (guild_id, before)
    )


async def _keep_records(
    db: Connection,
    table_id: int,
    guild_id: int,
    game: str,
    now: float,
    records: Sequence[DealRecordRow],
) -> None:
    """The finished deals' records, each with the people who played it."""
    for deal in records:
        row = await db.one(
            "INSERT INTO deal_records (table_id, number, guild_id, game, finished_at,"
            " fair, result, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (table_id, deal.number, guild_id, game, now, int(deal.fair), deal.result,
             deal.record),
        )  # fmt: skip
        assert row is not None
        await db.many(
            "INSERT INTO deal_players (deal_id, user_id) VALUES (?, ?)",
            [(int(row[0]), user) for user in sorted(set(deal.players))],
        )


async def _owe(db: Connection, table_id: int, owed: Sequence[Owed]) -> None:
    await db.many(
        "INSERT INTO outbox (table_id, kind, number, moves) VALUES (?, ?, ?, ?)",
        [(table_id, str(entry.kind), entry.number, entry.moves) for entry in owed],
    )


async def _add_stale(db: Connection, table_id: int, message_ids: Sequence[int]) -> None:
    if not message_ids:
        return
    await db.many(
        "INSERT INTO stale_messages (table_id, message_id) VALUES (?, ?)"
        " ON CONFLICT (table_id, message_id) DO NOTHING",
        [(table_id, message_id) for message_id in message_ids],
    )


async def _forget_stale(db: Connection, table_id: int, message_ids: Sequence[int]) -> None:
    if not message_ids:
        return
    await db.many(
        "DELETE FROM stale_messages WHERE table_id = ? AND message_id = ?",
        [(table_id, message_id) for message_id in message_ids],
    )


def _json_object(text: object) -> dict[str, object] | None:
    """The JSON object stored as `text`; None when it is not one."""
    if not isinstance(text, str | bytes):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _prefs(user_id: int, text: str) -> dict[str, object]:
    prefs = _json_object(text)
    if prefs is None:
        log.warning("player %s: stored preferences are not a JSON object, so none apply", user_id)
        return {}
    return prefs


async def _insert_results(db: Connection, results: Sequence[PlayerResult]) -> None:
    marks = ", ".join("?" for _ in RESULT_COLUMNS)
    await db.many(
        f"INSERT INTO player_results ({', '.join(RESULT_COLUMNS)}) VALUES ({marks})",
        [_result_values(r) for r in results],
    )


def _result_values(result: PlayerResult) -> tuple[SqlValue, ...]:
    values = [getattr(result, c) for c in RESULT_COLUMNS]
    values[RESULT_COLUMNS.index("rated")] = int(result.rated)
    values[RESULT_COLUMNS.index("with_computers")] = int(result.with_computers)
    values[-2] = json.dumps(result.stats, sort_keys=True)
    values[-1] = json.dumps(result.rounds)
    return tuple(values)


def _player_result(row: Sequence[object]) -> PlayerResult:
    values = dict(zip(RESULT_COLUMNS, row, strict=True))
    return PlayerResult(
        table_id=integer(values["table_id"]),
        user_id=integer(values["user_id"]),
        guild_id=integer(values["guild_id"]),
        game=str(values["game"]),
        name=str(values["name"]),
        side=integer(values["side"]),
        partner_id=integer_or_none(values["partner_id"]),
        place=integer(values["place"]),
        outcome=str(values["outcome"]),
        deals=integer(values["deals"]),
        best_deal=integer(values["best_deal"]),
        points_for=integer(values["points_for"]),
        points_against=integer(values["points_against"]),
        rated=bool(values["rated"]),
        with_computers=bool(values["with_computers"]),
        finished_at=real(values["finished_at"]),
        stats=json.loads(json_text(values["stats"])),
        rounds=[tuple(entry) for entry in json.loads(json_text(values["rounds"]))],
    )


def _table_row(row: Sequence[object]) -> TableRow:
    return TableRow(
        id=integer(row[0]),
        guild_id=integer(row[1]),
        channel_id=integer(row[2]),
        host_id=integer(row[3]),
        game=str(row[4]),
        rules=json.loads(json_text(row[5])),
        seed=integer(row[6]),
        status=str(row[7]),
        options=TableOptions.from_json(_json_object(row[8]) or {}),
        message_id=integer_or_none(row[9]),
        turn_deadline=real_or_none(row[10]),
        deal_keys=json.loads(json_text(row[11])) if row[11] else None,
    )


def _deal_row(row: Sequence[object], players: tuple[int, ...]) -> DealRecordRow:
    return DealRecordRow(
        number=integer(row[0]),
        fair=bool(row[1]),
        result=str(row[2]),
        record=str(row[3]),
        players=players,
        id=integer(row[4]),
        table_id=integer(row[5] or 0),  # 0: a daily deal, played at no table
        guild_id=integer(row[6]),
        game=str(row[7]),
        finished_at=real(row[8]),
    )

"""The bot's SQLite store (through aiosqlite): tables, seats, every action, every result.

A table's game is stored as its rules, seed and action list; one transaction per move keeps
the game and its record in step. Migrations are numbered and applied in order at start-up.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

MISSED_TURNS_LIMIT = 3

MIGRATIONS: tuple[str, ...] = (
    # 1: tables, seats and actions
    """
    CREATE TABLE game_tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'lobby',  -- lobby, playing, finished, ended
        options TEXT NOT NULL DEFAULT '{}',    -- table options (turn timer, hints, …)
        message_id INTEGER,                    -- the table message kept up to date
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX game_tables_channel ON game_tables (channel_id, status);
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,            -- NULL for a computer player
        name TEXT NOT NULL,
        computer_level TEXT,        -- set for computer players
        missed_turns INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        player INTEGER NOT NULL,
        notation TEXT NOT NULL,
        played_at REAL NOT NULL,
        PRIMARY KEY (table_id, number)
    );
    """,
    # 2: results of finished deals and matches, for summaries and leaderboards
    """
    CREATE TABLE deal_results (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        result TEXT NOT NULL,       -- JSON: per side points, sweeps, baazi…
        PRIMARY KEY (table_id, number)
    );
    CREATE TABLE match_results (
        table_id INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        finished_at REAL NOT NULL,
        result TEXT NOT NULL        -- JSON: seats, sides, outcome
    );
    """,
    # 3: each human player's result of a finished match (leaderboards, stats); server settings
    """
    CREATE TABLE player_results (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        side INTEGER NOT NULL,
        partner_id INTEGER,             -- the human partner, if any
        place INTEGER NOT NULL,         -- 1 = best; sides with equal places drew
        outcome TEXT NOT NULL,          -- win, loss, draw
        baazis_won INTEGER NOT NULL,
        baazis_lost INTEGER NOT NULL,
        deals INTEGER NOT NULL,
        sweeps INTEGER NOT NULL,        -- floor sweeps made by the side
        best_deal INTEGER NOT NULL,     -- the side's best deal score
        points_for INTEGER NOT NULL,
        points_against INTEGER NOT NULL,
        rated INTEGER NOT NULL,         -- counts for ratings and leaderboards
        with_computers INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (table_id, user_id)
    );
    CREATE INDEX player_results_board ON player_results (guild_id, game, finished_at);
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL DEFAULT '{}',  -- JSON: defaults for new tables, rating choices
        season_start REAL NOT NULL DEFAULT 0  -- leaderboards count results from here on
    );
    """,
    # 4: each game's own figures in one JSON column instead of a column per game
    """
    CREATE TABLE player_results_4 (
        table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,             -- the registered game name
        name TEXT NOT NULL,
        side INTEGER NOT NULL,
        partner_id INTEGER,             -- the human partner, if any
        place INTEGER NOT NULL,         -- 1 = best; sides with equal places drew
        outcome TEXT NOT NULL,          -- win, loss, draw
        deals INTEGER NOT NULL,
        best_deal INTEGER NOT NULL,     -- the side's best deal score
        points_for INTEGER NOT NULL,
        points_against INTEGER NOT NULL,
        rated INTEGER NOT NULL,         -- counts for ratings and leaderboards
        with_computers INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        stats TEXT NOT NULL DEFAULT '{}',  -- JSON: the game's figures (its registration's stats)
        PRIMARY KEY (table_id, user_id)
    );
    INSERT INTO player_results_4
        SELECT table_id, user_id, guild_id, game, name, side, partner_id, place, outcome, deals,
               best_deal, points_for, points_against, rated, with_computers, finished_at,
               json_object('baazis_won', baazis_won, 'baazis_lost', baazis_lost,
                           'sweeps', sweeps)
        FROM player_results;
    DROP TABLE player_results;
    ALTER TABLE player_results_4 RENAME TO player_results;
    CREATE INDEX player_results_board ON player_results (guild_id, game, finished_at);
    """,
    # 5: a match whose sides change every deal keeps each deal's side and place for ratings
    """
    ALTER TABLE player_results ADD COLUMN rounds TEXT NOT NULL DEFAULT '[]';
    """,
    # 6: each player's own choices (language, auto-play of forced moves), wherever they play
    """
    CREATE TABLE player_prefs (
        user_id INTEGER PRIMARY KEY,
        prefs TEXT NOT NULL DEFAULT '{}'  -- JSON: language, auto_play
    );
    """,
)

RESULT_COLUMNS = (
    "table_id", "user_id", "guild_id", "game", "name", "side", "partner_id", "place",
    "outcome", "deals", "best_deal", "points_for", "points_against", "rated",
    "with_computers", "finished_at", "stats", "rounds",
)  # fmt: skip


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
class GuildSettings:
    settings: dict[str, Any]
    season_start: float = 0.0


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    rules: dict[str, Any]
    seed: int
    status: str
    options: dict[str, Any]
    message_id: int | None


def _serialised(method: Any) -> Any:
    """Run a store call under the store's lock."""

    async def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        async with self._lock:
            return await method(self, *args, **kwargs)

    wrapper.__name__ = method.__name__
    wrapper.__doc__ = method.__doc__
    return wrapper


class Store:
    """Open with `async with Store(path) as store:` (or `await store.open()`)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        # Tables play concurrently on one connection: each store call runs alone, so one
        # table's transaction never interleaves with another's statements.
        self._lock = asyncio.Lock()

    async def open(self) -> Store:
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit: single statements commit at once; record_move opens its own transaction.
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA foreign_keys=ON"):
            async with self._db.execute(pragma):
                pass  # every cursor is closed, or a later COMMIT may find a statement open
        await self._migrate()
        return self

    async def close(self) -> None:
        """Waits for a write in progress (the lock), so no transaction is cut in half."""
        async with self._lock:
            if self._db is not None:
                await self._db.close()
                self._db = None

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _run(self, sql: str, args: Sequence[Any] = ()) -> None:
        """One statement, its cursor closed at once (an open statement blocks COMMIT)."""
        async with self.db.execute(sql, args):
            pass

    async def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        async with self.db.execute(sql, args) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        async with self.db.execute(sql, args) as cursor:
            return list(await cursor.fetchall())

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    async def _migrate(self) -> None:
        db = self.db
        async with db.execute("PRAGMA user_version") as cursor:
            version = (await cursor.fetchone())[0]
        for number, script in enumerate(MIGRATIONS, 1):
            if number <= version:
                continue
            await db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    @_serialised
    async def schema_version(self) -> int:
        row = await self._one("PRAGMA user_version")
        return int(row[0])

    # ----- tables -----------------------------------------------------------------------

    @_serialised
    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        rules: dict[str, Any],
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> int:
        now = time.time()
        async with self.db.execute(
            "INSERT INTO game_tables (guild_id, channel_id, host_id, game, rules, seed, options,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                host_id,
                game,
                json.dumps(rules),
                seed,
                json.dumps(options or {}),
                now,
                now,
            ),
        ) as cursor:
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    @_serialised
    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one(
            "SELECT id, guild_id, channel_id, host_id, game, rules, seed, status, options,"
            " message_id FROM game_tables WHERE id = ?",
            (table_id,),
        )
        return _table_row(row) if row else None

    @_serialised
    async def unfinished_tables(self) -> list[TableRow]:
        rows = await self._all(
            "SELECT id, guild_id, channel_id, host_id, game, rules, seed, status, options,"
            " message_id FROM game_tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        )
        return [_table_row(row) for row in rows]

    @_serialised
    async def set_status(self, table_id: int, status: str) -> None:
        await self._run(
            "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?",
            (status, time.time(), table_id),
        )

    @_serialised
    async def set_message(self, table_id: int, message_id: int | None) -> None:
        await self._run(
            "UPDATE game_tables SET message_id = ? WHERE id = ?", (message_id, table_id)
        )

    # ----- seats ------------------------------------------------------------------------

    @_serialised
    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT seat, user_id, name, computer_level, missed_turns FROM seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        )
        return [SeatRow(*row) for row in rows]

    @_serialised
    async def set_seat(
        self, table_id: int, seat: int, user_id: int | None, name: str, level: str | None = None
    ) -> None:
        await self._run(
            "INSERT INTO seats (table_id, seat, user_id, name, computer_level)"
            " VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,"
            " name = excluded.name, computer_level = excluded.computer_level, missed_turns = 0",
            (table_id, seat, user_id, name, level),
        )

    @_serialised
    async def set_missed_turns(self, table_id: int, seat: int, count: int) -> None:
        await self._run(
            "UPDATE seats SET missed_turns = ? WHERE table_id = ? AND seat = ?",
            (count, table_id, seat),
        )

    @_serialised
    async def clear_seat(self, table_id: int, seat: int) -> None:
        await self._run("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    # ----- actions and results ----------------------------------------------------------

    @_serialised
    async def actions(self, table_id: int) -> list[str]:
        rows = await self._all(
            "SELECT notation FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
        )
        return [row[0] for row in rows]

    @_serialised
    async def record_move(
        self,
        table_id: int,
        number: int,
        player: int,
        notation: str,
        deal_results: Sequence[tuple[int, dict[str, Any]]] = (),
        match_result: dict[str, Any] | None = None,
        guild_id: int = 0,
        game: str = "",
        player_results: Sequence[PlayerResult] = (),
    ) -> None:
        """One move and whatever it finished, in a single transaction."""
        now = time.time()
        db = self.db
        try:
            await self._run("BEGIN")
            await self._run(
                "INSERT INTO actions (table_id, number, player, notation, played_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, number, player, notation, now),
            )
            for deal_number, result in deal_results:
                await self._run(
                    "INSERT INTO deal_results (table_id, number, result) VALUES (?, ?, ?)",
                    (table_id, deal_number, json.dumps(result)),
                )
            status = "playing"
            if match_result is not None:
                status = "finished"
                await self._run(
                    "INSERT INTO match_results (table_id, guild_id, game, finished_at, result)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (table_id, guild_id, game, now, json.dumps(match_result)),
                )
                await _insert_results(db, player_results)
            await self._run(
                "UPDATE game_tables SET status = ?, updated_at = ? WHERE id = ?"
                " AND status != 'ended'",
                (status, now, table_id),
            )
            await self._run("COMMIT")
        except BaseException:
            await self._run("ROLLBACK")
            raise

    @_serialised
    async def deal_results(self, table_id: int) -> list[dict[str, Any]]:
        rows = await self._all(
            "SELECT result FROM deal_results WHERE table_id = ? ORDER BY number", (table_id,)
        )
        return [json.loads(row[0]) for row in rows]

    @_serialised
    async def match_result(self, table_id: int) -> dict[str, Any] | None:
        row = await self._one("SELECT result FROM match_results WHERE table_id = ?", (table_id,))
        return json.loads(row[0]) if row else None

    @_serialised
    async def set_options(self, table_id: int, options: dict[str, Any]) -> None:
        await self._run(
            "UPDATE game_tables SET options = ? WHERE id = ?", (json.dumps(options), table_id)
        )

    # ----- leaderboards, stats and server settings ----------------------------------------

    @_serialised
    async def player_results(
        self,
        guild_id: int,
        game: str | None = None,
        since: float = 0.0,
        user_id: int | None = None,
    ) -> list[PlayerResult]:
        """Results in the order the matches finished (the order ratings are updated in)."""
        query = f"SELECT {', '.join(RESULT_COLUMNS)} FROM player_results WHERE guild_id = ?"
        args: list[Any] = [guild_id]
        if game is not None:
            query += " AND game = ?"
            args.append(game)
        if since:
            query += " AND finished_at >= ?"
            args.append(since)
        if user_id is not None:
            query += " AND user_id = ?"
            args.append(user_id)
        rows = await self._all(query + " ORDER BY finished_at, table_id, side", args)
        return [_player_result(row) for row in rows]

    @_serialised
    async def insert_player_results(self, results: Sequence[PlayerResult]) -> None:
        """Results recorded outside a move (imports, tests)."""
        await _insert_results(self.db, results)

    @_serialised
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one(
            "SELECT settings, season_start FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return GuildSettings(json.loads(row[0]), row[1]) if row else GuildSettings({})

    @_serialised
    async def update_guild_settings(self, guild_id: int, changes: dict[str, Any]) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) ON CONFLICT (guild_id)"
            " DO UPDATE SET settings = json_patch(settings, excluded.settings)",
            (guild_id, json.dumps(changes)),
        )

    @_serialised
    async def player_prefs(self, user_id: int) -> dict[str, Any]:
        row = await self._one("SELECT prefs FROM player_prefs WHERE user_id = ?", (user_id,))
        return dict(json.loads(row[0])) if row else {}

    @_serialised
    async def update_player_prefs(self, user_id: int, changes: dict[str, Any]) -> None:
        """Set the given preferences (a None value removes one)."""
        await self._run(
            "INSERT INTO player_prefs (user_id, prefs) VALUES (?, json_patch('{}', ?))"
            " ON CONFLICT (user_id) DO UPDATE SET prefs = json_patch(prefs, ?)",
            (user_id, json.dumps(changes), json.dumps(changes)),  # a null removes a choice
        )

    @_serialised
    async def start_season(self, guild_id: int, when: float) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, season_start) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET season_start = excluded.season_start",
            (guild_id, when),
        )


async def _insert_results(db: aiosqlite.Connection, results: Sequence[PlayerResult]) -> None:
    marks = ", ".join("?" for _ in RESULT_COLUMNS)
    async with db.executemany(
        f"INSERT INTO player_results ({', '.join(RESULT_COLUMNS)}) VALUES ({marks})",
        [_result_values(r) for r in results],
    ):
        pass


def _result_values(result: PlayerResult) -> tuple[Any, ...]:
    values = [getattr(result, c) for c in RESULT_COLUMNS]
    values[-2] = json.dumps(result.stats, sort_keys=True)
    values[-1] = json.dumps(result.rounds)
    return tuple(values)


def _player_result(row: Sequence[Any]) -> PlayerResult:
    values = dict(zip(RESULT_COLUMNS, row, strict=True))
    values["rated"] = bool(values["rated"])
    values["with_computers"] = bool(values["with_computers"])
    values["stats"] = json.loads(values["stats"])
    values["rounds"] = [tuple(entry) for entry in json.loads(values["rounds"])]
    return PlayerResult(**values)


def _table_row(row: Sequence[Any]) -> TableRow:
    return TableRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        host_id=row[3],
        game=row[4],
        rules=json.loads(row[5]),
        seed=row[6],
        status=row[7],
        options=json.loads(row[8]),
        message_id=row[9],
    )

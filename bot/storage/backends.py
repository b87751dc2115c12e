"""The two database engines behind one small interface: run a statement, read rows, run
several statements in one transaction, apply migrations.

SQLite (through aiosqlite) is one file and one connection; its calls take turns under a
lock so that one table's transaction never interleaves with another's statements.
PostgreSQL (through asyncpg) is a pool of connections shared by tables and by processes;
asyncpg prepares each statement once per connection and reuses it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, Protocol, cast

import aiosqlite

from bot.storage.dialects import POSTGRES, SQLITE, Dialect

log = logging.getLogger("seepbot.storage")
POOL_SIZE = 10  # connections a process keeps to PostgreSQL
MIGRATION_LOCK = 7_336_201  # the advisory lock two processes starting at once share



SqlValue = str | int | float | bytes | None
"""A value the store writes: JSON is written as its text, a flag as 0 or 1."""
Args = Sequence[SqlValue]
Row = Sequence[Any]
"""A row as the engine returns it (aiosqlite and asyncpg give its values untyped); its
readers take it as a `Sequence[object]` and say what each column is (`integer(row[0])`)."""


def integer(value: object) -> int:
    """An integer column (or a flag) as `int()` reads it; a NULL is a TypeError as there."""
    if isinstance(value, int | float | str | bytes):
        return int(value)
    raise TypeError(f"an integer column holds {value!r}")


def real(value: object) -> float:
    """A real column (seconds, a rating) as `float()` reads it."""
    if isinstance(value, int | float | str | bytes):
        return float(value)
    raise TypeError(f"a real column holds {value!r}")


def integer_or_none(value: object) -> int | None:
    return None if value is None else integer(value)


def real_or_none(value: object) -> float | None:
    return None if value is None else real(value)


def json_text(value: object) -> str | bytes:
    """A JSON column's text, for `json.loads`."""
    if isinstance(value, str | bytes):
        return value
    raise TypeError(f"a JSON column holds {value!r}")

class StoreUnavailable(Exception):
    """The database cannot be opened; the message is one line for the operator."""


class StoreUnreachable(StoreUnavailable):
    """The database server does not answer (not started yet, the network): trying again
    later may succeed."""


class StoreTooNew(StoreUnavailable):
    """The store was written by a newer version of the bot: this version does not know its
    schema and must not use it (a rollback after an upgrade)."""


def too_new(where: str, version: int, known: int) -> StoreTooNew:
    from bot import __version__

    return StoreTooNew(
        f"{where} has schema {version}, from a newer version of the bot (this one, {__version__},"
        f" knows schema 1 to {known}): run the newer version again, or restore the backup made"
        " before the upgrade"
    )


class ShardsTaken(StoreUnavailable):
    """Another live process already runs some of this process's shards (or another layout)."""


class StoreFault(Exception):
    """The store cannot read or write right now (a locked or read-only file, a full disk, a
    PostgreSQL server restarting, this process's shard claims being taken again). Nothing was
    written: the same work may be tried again in a moment."""


class Conflict(Exception):
    """A write broke one of the store's rules (a unique key): someone else got there first."""


@contextmanager
def _faults(
    server: str, conflicts: type[BaseException], faults: tuple[type[BaseException], ...]
) -> Iterator[None]:
    """A driver's errors as the store's: a broken unique key is a Conflict; the server (or
    file) unable to serve now is a StoreFault that names it."""
    try:
        yield
    except conflicts as error:
        raise Conflict(str(error)) from error
    except faults as error:
        raise StoreFault(f"{server}: {error or type(error).__name__}") from error


def _sqlite_faults() -> contextlib.AbstractContextManager[None]:
    return _faults("SQLite", sqlite3.IntegrityError, (sqlite3.OperationalError, OSError))


def _postgres_fault_types() -> tuple[type[BaseException], ...]:
    import asyncpg

    return (
        asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError,
        asyncpg.InsufficientResourcesError, asyncpg.ReadOnlySQLTransactionError,
        asyncpg.InterfaceError, OSError, TimeoutError,
    )  # fmt: skip


def _postgres_faults() -> contextlib.AbstractContextManager[None]:
    import asyncpg

    unique = asyncpg.IntegrityConstraintViolationError
    return _faults("PostgreSQL", unique, _postgres_fault_types())


SHARD_LOCKS = 7_336_202  # advisory lock class: one lock per (shard count, shard)
LAYOUT_LOCKS = 7_336_203  # advisory lock class: one shared lock per shard count in use
CLAIM_CHECK_SECONDS = 1.0  # how often the connection holding the shard locks is checked
CLAIM_RETRY_PAUSE = 0.2  # seconds between attempts to take the shards again
CLAIM_RETRY_SECONDS = 300.0  # how long the database may stay away before the process stops


class Connection(Protocol):
    """What a query runs on: the database itself, or one transaction of it."""

    async def run(self, sql: str, args: Args = ()) -> None: ...

    async def one(self, sql: str, args: Args = ()) -> Row | None: ...

    async def all(self, sql: str, args: Args = ()) -> list[Row]: ...

    async def many(self, sql: str, rows: Sequence[Args]) -> None: ...


class Database(Connection, Protocol):
    dialect: Dialect

    @property
    def is_open(self) -> bool: ...

    async def open(self, migrations: Sequence[str]) -> None: ...

    async def close(self) -> None: ...

    def transaction(self) -> AbstractAsyncContextManager[Connection]: ...

    async def schema_version(self) -> int: ...

    async def claim_shards(self, shards: Sequence[int], count: int) -> None: ...

    on_claims_lost: Callable[[str], None] | None


# ----- SQLite ------------------------------------------------------------------------------


class _SqliteStatements:
    """Statements on the connection; the caller holds the lock."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    # Each statement is one trip to the connection's thread: run to its end there (so it never
    # stays open to block COMMIT), its rows brought back at once.

    async def run(self, sql: str, args: Args = ()) -> None:
        await self.db.execute_fetchall(sql, args)

    async def one(self, sql: str, args: Args = ()) -> Row | None:
        rows = list(await self.db.execute_fetchall(sql, args))
        return tuple(rows[0]) if rows else None

    async def all(self, sql: str, args: Args = ()) -> list[Row]:
        return [tuple(row) for row in await self.db.execute_fetchall(sql, args)]

    async def many(self, sql: str, rows: Sequence[Args]) -> None:
        if not rows:
            return  # nothing to insert: no trip to the database's thread
        async with self.db.executemany(sql, rows):
            pass


class _SqliteTransaction(_SqliteStatements):
    """One transaction's statements, taken to the connection's thread together: the writes
    wait until a read needs their effect or the transaction commits, and then go in one trip
    with it (BEGIN with the first). A move's transaction is one trip instead of six. An error
    in a write is raised by that trip, and the whole transaction is rolled back as before.

    The database's lock is taken at the first read and held to the end. A transaction that
    only writes never takes it itself: it is committed in the next trip, together with the
    other transactions waiting then (`SqliteDatabase.commit_together`)."""

    def __init__(self, database: SqliteDatabase) -> None:
        super().__init__(database.connection)
        self.database = database
        self.pending: list[Statement] = [("BEGIN", (), False)]
        self.holding = False  # the database's lock

    async def run(self, sql: str, args: Args = ()) -> None:
        self.pending.append((sql, args, False))

    async def many(self, sql: str, rows: Sequence[Args]) -> None:
        if rows:
            self.pending.append((sql, rows, True))

    async def one(self, sql: str, args: Args = ()) -> Row | None:
        rows = await self._send(sql, args)
        return tuple(rows[0]) if rows else None

    async def all(self, sql: str, args: Args = ()) -> list[Row]:
        return [tuple(row) for row in await self._send(sql, args)]

    async def commit(self) -> None:
        if self.holding:
            await self._send("COMMIT", ())
        else:
            await self.database.commit_together([*self.pending, ("COMMIT", (), False)])

    async def _send(self, sql: str, args: Args) -> list[Any]:
        """The writes waiting, then `sql`, in one trip; `sql`'s rows."""
        if not self.holding:
            await self.database.lock.acquire()
            self.holding = True
        statements, self.pending = [*self.pending, (sql, args, False)], []
        # aiosqlite has no public call for "run this function on the connection's thread";
        # `_execute` is what each of its own calls uses.
        execute: Callable[..., Awaitable[list[Any]]] = self.db._execute
        return await execute(_run_statements, self.db, statements)


Statement = tuple[str, Args | Sequence[Args], bool]  # SQL, its arguments (rows if many), many


def _run_statements(db: aiosqlite.Connection, statements: list[Statement]) -> list[Any]:
    """On the connection's thread: each statement to its end; the last one's rows."""
    connection: sqlite3.Connection = db._conn
    rows: list[Any] = []
    for sql, args, many in statements:
        if many:
            connection.executemany(sql, cast(Sequence[Args], args))
        else:
            rows = connection.execute(sql, args).fetchall()
    return rows


def _run_transactions(
    db: aiosqlite.Connection, transactions: list[list[Statement]]
) -> list[Exception | None]:
    """On the connection's thread: whole transactions one after the other, each applied or
    rolled back by itself; what each raised (None: committed). Several go in one transaction
    of SQLite's, each in a savepoint of its own, so that they are written to disk together
    (one sync of the file instead of one each, a few milliseconds apiece): a transaction that
    fails is rolled back to its savepoint, and should the whole fail to commit, every one of
    them fails and nothing is written."""
    if len(transactions) == 1:
        return [_run_alone(db, transactions[0])]
    connection: sqlite3.Connection = db._conn
    outcomes: list[Exception | None] = []
    try:
        connection.execute("BEGIN")
        for statements in transactions:
            assert statements[0][0] == "BEGIN" and statements[-1][0] == "COMMIT"
            connection.execute("SAVEPOINT one_of_several")
            try:
                _run_statements(db, statements[1:-1])
            except Exception as error:
                connection.execute("ROLLBACK TO one_of_several")
                outcomes.append(error)
            else:
                outcomes.append(None)
            connection.execute("RELEASE one_of_several")
        connection.execute("COMMIT")
    except Exception as error:
        _roll_back(connection)
        return [error] * len(transactions)
    return outcomes


def _run_alone(db: aiosqlite.Connection, statements: list[Statement]) -> Exception | None:
    """One transaction (BEGIN to COMMIT), rolled back should it fail; what it raised."""
    try:
        _run_statements(db, statements)
    except Exception as error:
        _roll_back(db._conn)
        return error
    return None


def _roll_back(connection: sqlite3.Connection) -> None:
    """Ends a transaction a failed statement or COMMIT left open, so the next one can begin."""
    if connection.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")


class SqliteDatabase:
    """One SQLite file in WAL mode."""

    dialect = SQLITE

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        self.lock = asyncio.Lock()  # a statement or a transaction at a time
        # transactions that only write, waiting to be committed together (see commit_together)
        self._waiting: list[tuple[list[Statement], asyncio.Future[None]]] = []
        self._trips: set[asyncio.Task[None]] = set()
        self.on_claims_lost: Callable[[str], None] | None = None  # a file has no shards

    @property
    def is_open(self) -> bool:
        return self._db is not None

    @property
    def connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    async def open(self, migrations: Sequence[str]) -> None:
        # Autocommit: single statements commit at once; transactions say BEGIN themselves.
        connecting = aiosqlite.connect(self.path, isolation_level=None)
        try:
            if str(self.path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = await connecting
        except (OSError, sqlite3.Error) as error:
            # aiosqlite's worker thread still has to stop: wait for it while the event loop
            # runs (it reports to the loop, and a closed loop makes it print a traceback)
            worker = getattr(connecting, "_thread", None)
            if worker is not None and worker.is_alive():
                await asyncio.to_thread(worker.join, 5)
            raise StoreUnavailable(f"cannot open the SQLite file {self.path}: {error}") from None
        try:
            statements = _SqliteStatements(self._db)
            for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA foreign_keys=ON"):
                await statements.run(pragma)
            version = await self.schema_version()
            if version > len(migrations):
                await self.close()
                raise too_new(f"the SQLite file {self.path}", version, len(migrations))
            for number, script in enumerate(migrations, 1):
                if number > version:
                    await self._db.executescript(
                        f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;"
                    )
        except (OSError, sqlite3.Error) as error:
            # A read-only folder or file, a full disk, a file that is not a database: the
            # connection opened, but the store cannot work.
            await self.close()
            writable = os.access(self.path.parent, os.W_OK) and (
                not self.path.exists() or os.access(self.path, os.W_OK)
            )
            hint = "" if writable else " (the bot must be able to write the file and its folder)"
            raise StoreUnavailable(
                f"cannot use the SQLite file {self.path}: {error}{hint}"
            ) from None

    async def close(self) -> None:
        """Waits for a write in progress (the lock) and the commits waiting, so no transaction
        is cut in half."""
        while self._trips:
            await asyncio.wait(set(self._trips))
        async with self.lock:
            if self._db is not None:
                await self._db.close()
                self._db = None

    async def claim_shards(self, shards: Sequence[int], count: int) -> None:
        """A SQLite file is one process's store: there is nobody to share shards with."""

    async def schema_version(self) -> int:
        row = await _SqliteStatements(self.connection).one("PRAGMA user_version")
        assert row is not None
        return int(row[0])

    async def run(self, sql: str, args: Args = ()) -> None:
        async with self.lock:
            with _sqlite_faults():
                await _SqliteStatements(self.connection).run(sql, args)

    async def one(self, sql: str, args: Args = ()) -> Row | None:
        async with self.lock:
            with _sqlite_faults():
                return await _SqliteStatements(self.connection).one(sql, args)

    async def all(self, sql: str, args: Args = ()) -> list[Row]:
        async with self.lock:
            with _sqlite_faults():
                return await _SqliteStatements(self.connection).all(sql, args)

    async def many(self, sql: str, rows: Sequence[Args]) -> None:
        async with self.lock:
            with _sqlite_faults():
                await _SqliteStatements(self.connection).many(sql, rows)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        statements = _SqliteTransaction(self)
        try:
            with _sqlite_faults():
                try:
                    yield statements
                    await statements.commit()
                except BaseException:
                    # A failed statement or COMMIT (a locked or read-only file) leaves the
                    # transaction open: it is rolled back too, so the next one can begin.
                    if statements.holding and self.connection.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            await _SqliteStatements(self.connection).run("ROLLBACK")
                    raise
        finally:
            if statements.holding:
                self.lock.release()

    async def commit_together(self, statements: list[Statement]) -> None:
        """Run a transaction that only writes (BEGIN to COMMIT) in the next trip to the
        connection's thread, with every other one waiting then (see `_run_transactions`):
        under load a trip and a sync of the file carry many, instead of each waiting its turn
        at the lock for a trip and a sync of its own. They run in the order they came; each
        caller hears of its own transaction once it is on disk, or of its error."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((statements, done))
        if len(self._waiting) == 1:  # the first since the last trip left: a trip for them
            trip = asyncio.create_task(self._trip())
            self._trips.add(trip)
            trip.add_done_callback(self._trips.discard)
        await done

    async def _trip(self) -> None:
        async with self.lock:
            batch, self._waiting = self._waiting, []
            try:
                db = self.connection
                execute: Callable[..., Awaitable[list[Exception | None]]] = db._execute
                outcomes = await execute(_run_transactions, db, [s for s, _ in batch])
            except Exception as error:  # the store closed, its thread failed
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                return
            except BaseException:
                for _, done in batch:
                    done.cancel()
                raise
        for (_, done), outcome in zip(batch, outcomes, strict=True):
            if done.done():  # its caller was cancelled meanwhile
                continue
            if outcome is None:
                done.set_result(None)
            else:
                done.set_exception(outcome)


# ----- PostgreSQL --------------------------------------------------------------------------


class _PostgresStatements:
    def __init__(self, connection: Any) -> None:
        self.connection = connection

    async def run(self, sql: str, args: Args = ()) -> None:
        await self.connection.execute(POSTGRES.query(sql), *args)

    async def one(self, sql: str, args: Args = ()) -> Row | None:
        row = await self.connection.fetchrow(POSTGRES.query(sql), *args)
        return tuple(row) if row is not None else None

    async def all(self, sql: str, args: Args = ()) -> list[Row]:
        return [tuple(row) for row in await self.connection.fetch(POSTGRES.query(sql), *args)]

    async def many(self, sql: str, rows: Sequence[Args]) -> None:
        if rows:
            await self.connection.executemany(POSTGRES.query(sql), rows)


class PostgresDatabase:
    """A PostgreSQL database at `url` (`postgresql://user:password@host:port/name`)."""

    dialect = POSTGRES

    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        self.url = url
        self.pool_size = pool_size
        self._pool: Any = None
        self._claims: Any = None  # the connection holding this process's shard locks
        self._plan: tuple[tuple[int, ...], int] | None = None  # the shards claimed, of how many
        self._watch: asyncio.Task[None] | None = None  # watches the claims, takes them again
        self.on_claims_lost: Callable[[str], None] | None = None  # told when they cannot be

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    @property
    def pool(self) -> Any:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        self._check_claims()
        return self._pool

    async def open(self, migrations: Sequence[str]) -> None:
        import asyncpg  # only a deployment on PostgreSQL needs it loaded

        try:
            self._pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self.pool_size, command_timeout=60
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise postgres_unavailable(self.url, error) from None
        try:
            async with self.pool.acquire() as connection, connection.transaction():
                # Processes starting together migrate one after the other.
                await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await connection.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
                )
                version = (
                    await connection.fetchval("SELECT max(version) FROM schema_version") or 0
                )
                if version > len(migrations):  # rolled back: nothing is changed
                    raise too_new(
                        f"the PostgreSQL database {shown(self.url)}", version, len(migrations)
                    )
                for number, script in enumerate(migrations, 1):
                    if number > version:
                        await connection.execute(script)
                        await connection.execute(
                            "INSERT INTO schema_version (version) VALUES ($1)", number
                        )
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        self._plan = None
        if self._watch is not None:
            watch, self._watch = self._watch, None
            watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watch
        if self._claims is not None:
            claims, self._claims = self._claims, None
            with contextlib.suppress(Exception):
                await claims.close()  # the shards are free for the next process at once
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def claim_shards(self, shards: Sequence[int], count: int) -> None:
        """Hold a lock on each of this process's shards for as long as it runs, so that two
        processes never serve the same tables: a second process asking for a shard that is
        taken, or running another shard count at the same time, is refused. The locks live
        with their connection, so a process that dies (even by SIGKILL) frees its shards.

        The connection is watched: should it be lost (the server restarted), the store
        refuses every query (a StoreFault) until the locks are taken again; if another
        process took a shard meanwhile, or the server stays away, `on_claims_lost` is told."""
        if self._claims is not None:
            return
        self._claims = await self._take(tuple(shards), count)
        self._plan = (tuple(shards), count)
        self._watch = asyncio.create_task(self._watch_claims())

    async def _take(self, shards: tuple[int, ...], count: int) -> Any:
        import asyncpg

        connection = await asyncpg.connect(self.url)
        try:
            await connection.execute("SELECT pg_advisory_lock_shared($1, $2)", LAYOUT_LOCKS, count)
            others = await connection.fetch(
                "SELECT DISTINCT objid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                " AND classid = $1 AND objid != $2 AND objsubid = 2"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
                LAYOUT_LOCKS, count,
            )  # fmt: skip
            if others:
                raise ShardsTaken(
                    f"another process runs the bot with {others[0]['objid']} shards in all,"
                    f" this one with {count}: stop every process before changing the layout"
                )
            for shard in shards:
                key = count * 65_536 + shard
                if not await connection.fetchval(
                    "SELECT pg_try_advisory_lock($1, $2)", SHARD_LOCKS, key
                ):
                    raise ShardsTaken(
                        f"shard {shard} of {count} is already run by another process:"
                        " each shard belongs to one process (check SHARDS)"
                    )
        except BaseException:
            await connection.close()
            raise
        return connection

    def _check_claims(self) -> None:
        """Refuse to serve while the shard locks are not held (their connection was lost)."""
        if self._plan is not None and (self._claims is None or self._claims.is_closed()):
            raise StoreFault("this process's shard claims are being taken again")

    async def _watch_claims(self) -> None:
        """Check the claims' connection every `CLAIM_CHECK_SECONDS`; once it is lost, take the
        shards again before anything is served (the pool refuses queries meanwhile)."""
        while self._plan is not None:
            await asyncio.sleep(CLAIM_CHECK_SECONDS)
            claims = self._claims
            if claims is not None and not claims.is_closed():
                try:
                    await asyncio.wait_for(claims.fetchval("SELECT 1"), CLAIM_CHECK_SECONDS * 5)
                    continue
                except Exception:
                    claims.terminate()
            self._claims = None
            log.warning("the connection holding this process's shards was lost: taking them again")
            if not await self._take_again():
                return

    async def _take_again(self) -> bool:
        plan = self._plan
        loop = asyncio.get_running_loop()
        give_up = loop.time() + CLAIM_RETRY_SECONDS
        while plan is not None and plan == self._plan:
            try:
                self._claims = await self._take(*plan)
                log.warning("this process's shards are taken again: serving on")
                return True
            except ShardsTaken as error:
                line = f"the shard claims were lost while the database was away, and {error}"
                break
            except Exception as error:
                if loop.time() > give_up:
                    line = (
                        f"the shard claims were lost and could not be taken again in"
                        f" {CLAIM_RETRY_SECONDS:.0f} s ({error or type(error).__name__})"
                    )
                    break
                await asyncio.sleep(CLAIM_RETRY_PAUSE)
        else:
            return False
        log.critical("%s: this process stops", line)
        if self.on_claims_lost is not None:
            self.on_claims_lost(line)
        return False

    async def schema_version(self) -> int:
        return int(await self.pool.fetchval("SELECT max(version) FROM schema_version") or 0)

    async def run(self, sql: str, args: Args = ()) -> None:
        with _postgres_faults():
            await _PostgresStatements(self.pool).run(sql, args)

    async def one(self, sql: str, args: Args = ()) -> Row | None:
        with _postgres_faults():
            return await _PostgresStatements(self.pool).one(sql, args)

    async def all(self, sql: str, args: Args = ()) -> list[Row]:
        with _postgres_faults():
            return await _PostgresStatements(self.pool).all(sql, args)

    async def many(self, sql: str, rows: Sequence[Args]) -> None:
        with _postgres_faults():
            await _PostgresStatements(self.pool).many(sql, rows)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        with _postgres_faults():
            async with self.pool.acquire() as connection, connection.transaction():
                yield _PostgresStatements(connection)


def postgres_unavailable(url: str, error: BaseException) -> StoreUnavailable:
    """A failed connection as the operator's one line: a server that does not answer (or is
    still starting) may answer later; a refused password or a missing database will not."""
    import asyncpg

    line = f"cannot open the PostgreSQL database {shown(url)}: {error or type(error).__name__}"
    if isinstance(error, OSError | TimeoutError | asyncpg.CannotConnectNowError):
        return StoreUnreachable(line)
    return StoreUnavailable(line)


def is_postgres_url(location: str | Path) -> bool:
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


def shown(location: str | Path) -> str:
    """A store's location as messages and logs may show it: a URL's host, port and database,
    never its user and password; a file's path."""
    return str(location).rpartition("@")[2] if is_postgres_url(location) else str(location)


def database_at(location: str | Path) -> SqliteDatabase | PostgresDatabase:
    """A PostgreSQL URL, or else the path of a SQLite file."""
    if is_postgres_url(location):
        return PostgresDatabase(str(location))
    return SqliteDatabase(location)

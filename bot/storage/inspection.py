"""What `python -m bot --check` says about the store, read without changing anything: no
folder, file or table is created and no migration runs (a mistyped DATABASE_PATH is reported
as such, not made into a new, empty store).

A SQLite file is opened read-only; a PostgreSQL database is read in a read-only transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.storage.backends import (
    StoreUnavailable,
    is_postgres_url,
    postgres_unavailable,
    shown,
    too_new,
)
from bot.storage.migrations import MIGRATIONS

UNFINISHED = "SELECT count(*) FROM game_tables WHERE status IN ('lobby', 'playing')"


@dataclass(frozen=True, slots=True)
class StoreState:
    where: str  # as messages may show it (a file's absolute path; a URL without its password)
    schema: int  # 0: nothing there yet
    unfinished: int  # tables in the lobby or playing
    known: int = len(MIGRATIONS)  # the schema this version of the bot writes

    def describe(self) -> str:
        """One line for the operator."""
        if self.schema == 0:
            return (
                f"no store at {self.where} yet: the bot will create a new, empty one at its"
                " first start (nothing was created now; if the store was moved, check"
                " DATABASE_PATH or DATABASE_URL)"
            )
        line = f"store ok: {self.where}, schema {self.schema}"
        if self.schema < self.known:
            line += (
                f" (the bot will migrate it to schema {self.known} at its next start:"
                " back it up first)"
            )
        return f"{line}, {self.unfinished} unfinished table(s)"


async def inspect_store(location: str | Path) -> StoreState:
    """The store's schema and unfinished tables; StoreTooNew for a newer schema, another
    StoreUnavailable for a store the bot could not use."""
    if is_postgres_url(location):
        return await _inspect_postgres(str(location))
    return await asyncio.to_thread(_inspect_sqlite, Path(location))


def _inspect_sqlite(path: Path) -> StoreState:
    where = str(path.absolute())
    if path.is_dir():
        raise StoreUnavailable(f"cannot open the SQLite file {path}: it is a folder")
    if not path.exists():
        return StoreState(where, 0, 0)
    folder = path.parent
    if not (os.access(path, os.W_OK) and os.access(folder, os.W_OK)):
        raise StoreUnavailable(
            f"cannot use the SQLite file {path}: not writable"
            " (the bot must be able to write the file and its folder)"
        )
    # Without a -wal file no process has the store open, and every write is in the file
    # itself: it is read as immutable, which leaves no -wal and -shm files behind (a
    # read-only connection to a WAL database would). With one, it is read as it stands.
    wal = path.with_name(path.name + "-wal").exists()
    try:
        uri = f"{path.absolute().as_uri()}?{'mode=ro' if wal else 'immutable=1'}"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            if version > len(MIGRATIONS):
                raise too_new(f"the SQLite file {path}", version, len(MIGRATIONS))
            if version == 0:
                return StoreState(where, 0, 0)
            unfinished = int(db.execute(UNFINISHED).fetchone()[0])
    except sqlite3.Error as error:
        raise StoreUnavailable(f"cannot use the SQLite file {path}: {error}") from None
    return StoreState(where, version, unfinished)


async def _inspect_postgres(url: str) -> StoreState:
    import asyncpg

    try:
        connection = await asyncpg.connect(url, timeout=10)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise postgres_unavailable(url, error) from None
    try:
        async with connection.transaction(readonly=True):
            if await connection.fetchval("SELECT to_regclass('schema_version')") is None:
                return StoreState(shown(url), 0, 0)
            version = int(await connection.fetchval("SELECT max(version) FROM schema_version") or 0)
            if version > len(MIGRATIONS):
                raise too_new(f"the PostgreSQL database {shown(url)}", version, len(MIGRATIONS))
            unfinished = int(await connection.fetchval(UNFINISHED)) if version else 0
    except asyncpg.PostgresError as error:
        line = f"cannot read the PostgreSQL database {shown(url)}: {error}"
        raise StoreUnavailable(line) from None
    finally:
        await connection.close()
    return StoreState(shown(url), version, unfinished)

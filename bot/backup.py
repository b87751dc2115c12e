"""`python -m bot backup [FILE | FOLDER] [--keep N]` and `python -m bot restore FILE` for the
SQLite store.

Without a file name, a backup goes into a folder (`backups/` by default) under a name that
says when it was made, `seepbot-2026-12-01-185702.sqlite3`, and only the newest N of those
are kept there (files of other names are never touched).

A backup goes through SQLite's online backup API: it reads one consistent state of the file
(moves stored while it runs come after it), so it is safe while the bot plays. A restore
checks the backup, keeps a copy of the store it replaces, and refuses while a bot process
uses the store (`python -m bot` holds a lock on the file for as long as it runs).
PostgreSQL has its own tools, `pg_dump` and `pg_restore` (see the README).
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from bot.storage import MIGRATIONS, StoreUnavailable

try:
    import fcntl
except ImportError:  # not on Windows: there the lock is not taken
    fcntl = None  # type: ignore[assignment]

TABLES = ("game_tables", "seats", "actions", "deal_results", "match_results", "player_results",
          "guild_settings", "player_prefs", "deal_records", "deal_players", "daily_days",
          "daily_deals", "daily_attempts")  # fmt: skip
DEFAULT_FOLDER = Path("backups")
DEFAULT_KEEP = 14  # dated backups kept in their folder: two weeks of daily ones
DATED = re.compile(r"seepbot-\d{4}-\d{2}-\d{2}-\d{6}\.sqlite3")
REQUIRED = TABLES[:3]  # in every schema version; a restore of an older one is migrated at start


class BackupError(Exception):
    """The backup or the restore cannot be made; the message is one line for the operator."""


@dataclass(frozen=True, slots=True)
class Copied:
    path: Path
    rows: dict[str, int]  # rows per table, as copied

    def describe(self) -> str:
        tables = self.rows.get("game_tables", 0)
        moves = self.rows.get("actions", 0)
        return f"{self.path}: {tables} table(s), {moves} move(s), schema {self.rows['schema']}"


class StoreLock:
    """An exclusive lock on the SQLite file, held by a running bot process: a second process
    on the same file, or a restore under a running bot, is refused."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[bytes] | None = None

    def take(self, doing: str) -> StoreLock:
        if fcntl is None:
            return self
        handle = open(self.path, "ab")  # noqa: SIM115 (held for as long as the process runs)
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise StoreUnavailable(
                f"another bot process uses the SQLite file {self.path}: stop it before {doing}"
            ) from None
        self._file = handle
        return self

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> StoreLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def backup(store: Path, target: Path) -> Copied:
    """Copy the store into a new file `target` (never over an existing one)."""
    if not store.is_file():
        raise BackupError(f"there is no SQLite file at {store} (check DATABASE_PATH)")
    if target.exists():
        raise BackupError(f"{target} exists already: give the backup a new name")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    try:
        with (
            contextlib.closing(sqlite3.connect(store)) as source,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            source.backup(copy)  # every page in one step: one consistent state
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            rows = _rows(copy)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(f"cannot back up {store}: {error}") from None
    finally:
        partial.unlink(missing_ok=True)
    return Copied(target, rows)


def dated_name(moment: datetime) -> str:
    return f"seepbot-{moment:%Y-%m-%d-%H%M%S}.sqlite3"


def dated_backup(
    store: Path, folder: Path, keep: int, moment: datetime | None = None
) -> tuple[Copied, list[Path]]:
    """A backup named by its moment in `folder`; then the dated backups there beyond the
    newest `keep` are removed (returned: the files removed)."""
    if keep < 1:
        raise BackupError("--keep must be 1 or more (the backup just made is one of them)")
    made = backup(store, folder / dated_name(moment or datetime.now()))
    # the newest others, by their names' moments; the one just made is always kept (even
    # should the clock have gone back)
    others = sorted(p for p in folder.iterdir() if DATED.fullmatch(p.name) and p != made.path)
    removed = others[: max(0, len(others) - (keep - 1))]
    for old in removed:
        old.unlink()
    return made, removed


def restore(source: Path, store: Path) -> tuple[Copied, Path | None]:
    """Replace the store's content with the backup `source`; the store as it was is kept
    beside it first (its path is returned, None when there was no store)."""
    if not source.is_file():
        raise BackupError(f"there is no backup at {source}")
    try:
        with contextlib.closing(sqlite3.connect(source)) as backup_db:
            problem = _check(backup_db)
            if problem:
                raise BackupError(f"{source} is not a backup of the bot's store: {problem}")
    except sqlite3.Error as error:
        raise BackupError(f"{source} is not a backup of the bot's store: {error}") from None
    store.parent.mkdir(parents=True, exist_ok=True)
    kept = None
    with StoreLock(store).take("restoring"):
        try:
            if store.stat().st_size > 0:
                stamp = time.strftime("%Y%m%d-%H%M%S")
                kept = store.with_name(f"{store.name}.before-restore-{stamp}")
                backup(store, kept)
            with (
                contextlib.closing(sqlite3.connect(source)) as backup_db,
                contextlib.closing(sqlite3.connect(store)) as target,
            ):
                backup_db.backup(target)
                rows = _rows(target)
        except sqlite3.Error as error:
            raise BackupError(f"cannot restore into {store}: {error}") from None
    return Copied(store, rows), kept


def _check(db: sqlite3.Connection) -> str:
    """What is wrong with a would-be backup, or ""."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if not 1 <= version <= len(MIGRATIONS):
        return f"schema version {version} (this bot knows 1 to {len(MIGRATIONS)})"
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = [table for table in REQUIRED if table not in names]
    if missing:
        return f"no {', '.join(missing)} table"
    verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
    return "" if verdict == "ok" else f"damaged ({verdict})"


def _rows(db: sqlite3.Connection) -> dict[str, int]:
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    rows = {table: int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
            for table in TABLES if table in names}  # fmt: skip
    rows["schema"] = int(db.execute("PRAGMA user_version").fetchone()[0])
    return rows

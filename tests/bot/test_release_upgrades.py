"""A store left by each release is upgraded to the current schema with everything kept, on
SQLite and on PostgreSQL.

`tests/bot/release_stores/<version>.sql` is the store a release's own code made
(`make_store.py` there, run on a checkout of that release): on SQLite it is the file itself;
on PostgreSQL the release's schema is built from the migrations as they stood at that release
(the first `user_version` of them, which the test first shows to be unchanged since) and
the file's rows copied in. Each is then opened by today's bot, which migrates it."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import MIGRATIONS, Store, migration_scripts
from bot.storage.backends import database_at
from bot.storage.daily import DailyStore
from bot.tables import Tables
from engine.records import DealRecord, check

HERE = Path(__file__).parent / "release_stores"
ROOT = Path(__file__).resolve().parents[2]
RELEASES = sorted(path.stem for path in HERE.glob("*.sql"))
GUILD, ASHA, DEV, MIA = 7, 100, 200, 300


def fixture(version: str) -> sqlite3.Connection:
    """The release's store, in memory."""
    db = sqlite3.connect(":memory:")
    db.executescript((HERE / f"{version}.sql").read_text(encoding="utf-8"))
    return db


def schema_of(db: sqlite3.Connection) -> list[tuple[str, str, str]]:
    rows = db.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name"
    )
    return [(kind, name, re.sub(r"\s+", " ", sql)) for kind, name, sql in rows]


def version_of(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def test_every_release_has_its_store() -> None:
    """Each release CHANGELOG.md names (a heading, or the release an upgrade starts from) has
    the store its code made, so that a release's upgrade is tested from then on."""
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^## (\d+\.\d+\.\d+)", changelog, re.M))
    named |= set(re.findall(r"^### Upgrading from (\d+\.\d+\.\d+)", changelog, re.M))
    assert named and named <= set(RELEASES), f"make the store of {sorted(named - set(RELEASES))}"


@pytest.mark.parametrize("version", RELEASES)
async def test_the_migrations_a_release_shipped_are_unchanged(version: str, tmp_path: Path) -> None:
    """The first N migrations still make exactly the schema release `version` made (N its
    schema): an old migration edited in place would upgrade no store that has run it."""
    old = fixture(version)
    made = database_at(tmp_path / "now.sqlite3")
    await made.open(migration_scripts(made.dialect)[: version_of(old)])
    await made.close()
    with sqlite3.connect(tmp_path / "now.sqlite3") as now:
        assert version_of(now) == version_of(old)
        assert schema_of(now) == schema_of(old)


def referenced_first(db: sqlite3.Connection) -> list[str]:
    """The tables, each after those its foreign keys point to."""
    names = [name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence'"
        " ORDER BY name")]  # fmt: skip
    needs = {name: {row[2] for row in db.execute(f"PRAGMA foreign_key_list({name})")}
             for name in names}  # fmt: skip
    ordered: list[str] = []
    while len(ordered) < len(names):
        ordered += [n for n in names if n not in ordered and needs[n] <= {*ordered, n}]
    return ordered


async def release_store(version: str, location: str | Path) -> None:
    """The store release `version` left, at `location`."""
    old = fixture(version)
    if isinstance(location, Path):
        with sqlite3.connect(location) as db:
            db.executescript((HERE / f"{version}.sql").read_text(encoding="utf-8"))
        return
    db = database_at(location)
    await db.open(migration_scripts(db.dialect)[: version_of(old)])
    for table in referenced_first(old):
        cursor = old.execute(f"SELECT * FROM {table}")  # the fixture's own names
        columns = [d[0] for d in cursor.description]
        rows = cursor.fetchall()
        if rows:
            marks = ", ".join("?" * len(columns))
            await db.many(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
        if "id" in columns and (restart := db.dialect.restart_ids(table)):
            await db.run(restart)
    await db.close()


def rows(version: str, sql: str) -> list[Any]:
    return fixture(version).execute(sql).fetchall()


@pytest.mark.parametrize("version", RELEASES)
async def test_a_releases_store_is_upgraded_with_everything_kept(
    version: str, store_location: str | Path
) -> None:
    await release_store(version, store_location)
    async with Store(store_location) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        # the server's settings and a member's choices
        assert (await store.guild_settings(GUILD)).settings["rate_computer_games"] is True
        assert (await store.player_prefs(DEV))["language"] == "hi"
        # the finished match: its results, as the release stored them, and its deal record,
        # which still checks out
        kept = {(r.user_id, r.outcome, r.points_for, r.deals)
                for r in await store.player_results(GUILD, "suipe")}  # fmt: skip
        assert kept == set(rows(version, "SELECT user_id, outcome, points_for, deals"
                                         " FROM player_results"))  # fmt: skip
        assert len(kept) == 2
        records = await store.deal_records(GUILD, ASHA, 10)
        assert [(r.table_id, r.number, r.game) for r in records] == [(1, 1, "suipe")]
        assert check(DealRecord.from_text(records[0].record)).is_terminal
        # the match being played and the lobby come back as they were, and play on
        tables = Tables(store)
        assert await tables.restore() == 2
        playing, lobby = tables.get(71), tables.get(72)
        assert playing is not None and playing.match is not None
        moves = [n for (n,) in rows(version, "SELECT notation FROM actions WHERE table_id = 2"
                                             " ORDER BY number")]  # fmt: skip
        assert [a.notation for a in playing.match.actions] == moves and len(moves) >= 3
        assert lobby is not None and [s.user_id for s in lobby.seats.values()] == [MIA]
        player = playing.match.current_player
        assert player is not None
        await playing.play(playing.seats[player].user_id, playing.match.legal_actions()[0])
        assert len(await store.actions(playing.id)) == len(moves) + 1
        # the daily deal's attempt, and new rows take new ids
        (day,) = rows(version, "SELECT local_day FROM daily_days")
        attempt = await DailyStore(store).attempt(GUILD, day[0], "suipe", ASHA)
        assert attempt is not None and attempt.name == "Asha"
        new = await tables.create(GUILD, 73, DEV, "suipe", {"players": 2})
        assert new.id == 4

"""Upgrades and rollbacks as an operator meets them: a store written by a newer version is
refused and left as it is, `--check` reads the store without creating or migrating anything,
and each way of failing ends with the exit status a supervisor acts on (`bot.exits`)."""

from __future__ import annotations

import http.server
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import asyncpg
import pytest

from bot import __version__
from bot.backup import dated_backup
from bot.storage import MIGRATIONS, Store, migration_scripts
from bot.storage.backends import SqliteDatabase, StoreTooNew
from bot.storage.dialects import SQLITE
from bot.storage.inspection import inspect_store
from tests.bot.running import ROOT, TOKEN, run_bot
from tests.postgres_server import LocalPostgres, free_port

NEWEST = len(MIGRATIONS)


async def make_store(location: str | Path) -> None:
    async with Store(location):
        pass


async def set_schema(location: str | Path, version: int) -> None:
    if isinstance(location, Path):
        with sqlite3.connect(location) as db:
            db.execute(f"PRAGMA user_version = {version}")
        return
    connection = await asyncpg.connect(location)
    try:
        await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", version)
    finally:
        await connection.close()


async def test_a_store_newer_than_the_bot_is_refused_and_left_as_it_is(
    store_location: str | Path,
) -> None:
    await make_store(store_location)
    await set_schema(store_location, NEWEST + 3)
    with pytest.raises(StoreTooNew, match=rf"has schema {NEWEST + 3}, from a newer version"):
        await Store(store_location).open()
    with pytest.raises(StoreTooNew, match=rf"knows schema 1 to {NEWEST}"):
        await inspect_store(store_location)
    # nothing was migrated or written: the newer version finds its store as it left it
    state_after = await read_schema(store_location)
    assert state_after == NEWEST + 3


async def read_schema(location: str | Path) -> int:
    if isinstance(location, Path):
        with sqlite3.connect(location) as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])
    connection = await asyncpg.connect(location)
    try:
        return int(await connection.fetchval("SELECT max(version) FROM schema_version"))
    finally:
        await connection.close()


async def test_the_bot_and_its_check_refuse_a_newer_store_with_their_own_status(
    tmp_path: Path,
) -> None:
    store = tmp_path / "data" / "seepbot.sqlite3"
    await make_store(store)
    await set_schema(store, 99)
    for command in ((), ("--check",)):
        result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN}, *command)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 65 and len(lines) == 1, result.stderr
        assert "schema 99, from a newer version of the bot" in lines[0]
        assert f"this one, {__version__}" in lines[0] and "Traceback" not in result.stderr
    # under Docker (HOLD_ON_FATAL), the bot waits instead, and ends with the same status
    # once stopped: a restart policy that restarts whatever the status does not loop
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN}
    with subprocess.Popen(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "HOLD_ON_FATAL": "1"},
        # started ignoring SIGINT (as under nohup, or from a parent that ignores it): the
        # stop must still reach it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
        stderr=subprocess.PIPE,
        text=True,
    ) as holding:
        try:
            assert holding.stderr is not None
            first = holding.stderr.readline()
            assert "schema 99" in first, first
            assert holding.stderr.readline().startswith("seepbot: waiting until stopped")
            assert holding.poll() is None  # still there
            holding.send_signal(signal.SIGINT)
            assert holding.wait(10) == 65
        finally:
            if holding.poll() is None:  # it did not stop: fail, not hang the suite
                holding.kill()


def test_check_makes_no_store_where_there_is_none(tmp_path: Path) -> None:
    """A mistyped DATABASE_PATH is reported as no store; no folder and no file are made."""
    wrong = tmp_path / "moved" / "elsewhere" / "seep.sqlite3"
    result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(wrong)}, "--check")
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith(f"seepbot: no store at {wrong} yet: the bot will create a new, empty")
    assert "check DATABASE_PATH" in last and "store ok" not in result.stdout
    assert not (tmp_path / "moved").exists()


async def test_check_reads_an_older_store_without_migrating_it(tmp_path: Path) -> None:
    store = tmp_path / "data" / "seepbot.sqlite3"
    older = SqliteDatabase(store)
    await older.open(migration_scripts(SQLITE)[: NEWEST - 1])  # the schema before this one
    await older.close()
    before = store.read_bytes()
    result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN}, "--check")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == (
        f"seepbot: store ok: {store}, schema {NEWEST - 1} (the bot will migrate it to schema"
        f" {NEWEST} at its next start: back it up first), 0 unfinished table(s)"
    )
    assert store.read_bytes() == before
    assert sorted(path.name for path in store.parent.iterdir()) == ["seepbot.sqlite3"]
    # and the next start migrates it (an upgrade from the previous schema)
    async with Store(store) as upgraded:
        assert await upgraded.schema_version() == NEWEST


async def test_check_on_postgresql_creates_no_table(postgres: LocalPostgres) -> None:
    url = await postgres.create_database("check_reads_only")
    empty = await inspect_store(url)
    assert empty.schema == 0 and "no store at" in empty.describe()
    connection = await asyncpg.connect(url)
    try:
        assert await connection.fetchval("SELECT to_regclass('schema_version')") is None
    finally:
        await connection.close()
    await make_store(url)
    state = await inspect_store(url)
    assert (state.schema, state.unfinished) == (NEWEST, 0)
    assert state.describe().startswith(f"store ok: {url.rpartition('@')[2]}, schema {NEWEST},")


class RefusingDiscord(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a token it does not know."""

    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def refusing_discord() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RefusingDiscord)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def run_against(api_base: str, folder: Path) -> tuple[int, list[str]]:
    """`python -m bot` with discord.py pointed at `api_base`."""
    program = (
        "import sys, discord; discord.http.Route.BASE = sys.argv[1];"
        " from bot.__main__ import main; sys.exit(main([]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, api_base],
        cwd=folder,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN},
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = done.stderr.strip().splitlines()
    assert lines and lines[0].endswith("INFO seepbot: connecting to Discord…"), lines
    return done.returncode, lines[1:]  # what follows the line that says it is connecting


def test_a_refused_token_and_an_unreachable_discord_end_with_their_own_status(
    tmp_path: Path, refusing_discord: str
) -> None:
    status, lines = run_against(refusing_discord, tmp_path)
    refused = "seepbot: Discord refused the token: check DISCORD_TOKEN in .env"
    assert (status, lines) == (77, [refused])
    status, lines = run_against(f"http://127.0.0.1:{free_port()}/api/v10", tmp_path)
    assert status == 75 and len(lines) == 1
    assert lines[0].startswith("seepbot: cannot reach Discord")


def test_the_version_is_the_changelogs_newest_release(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {}, "--version")
    assert result.returncode == 0 and result.stdout.strip() == f"seepbot {__version__}"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = [line for line in changelog.splitlines()
                if line.startswith("## ") and line != "## Unreleased"]  # fmt: skip
    assert releases[0].startswith(f"## {__version__} "), releases[:1]
    major, minor, patch = (int(part) for part in __version__.split("."))  # semantic
    assert (major, minor, patch) > (0, 1, 0)


async def test_dated_backups_keep_the_newest_and_nothing_else_is_touched(tmp_path: Path) -> None:
    store = tmp_path / "seepbot.sqlite3"
    await make_store(store)
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "my-own-copy.sqlite3").write_bytes(b"kept")
    for day in (1, 2, 3, 4):
        made, removed = dated_backup(store, folder, keep=2, moment=datetime(2020, 12, day, 3))
        assert made.path.name == f"seepbot-2020-12-0{day}-030000.sqlite3"
    assert sorted(path.name for path in folder.iterdir()) == [
        "my-own-copy.sqlite3", "seepbot-2020-12-03-030000.sqlite3",
        "seepbot-2020-12-04-030000.sqlite3",
    ]  # fmt: skip
    assert [path.name for path in removed] == ["seepbot-2020-12-02-030000.sqlite3"]
    # from the command line: into backups/ by default, dated
    (tmp_path / "data").mkdir()
    store.rename(tmp_path / "data" / "seepbot.sqlite3")
    result = run_bot(tmp_path, {}, "backup", "--keep", "2")
    assert result.returncode == 0, result.stderr
    assert "removed the old backup backups/seepbot-2020-12-03-030000.sqlite3" in result.stdout
    dated = sorted(path.name for path in folder.iterdir() if path.name.startswith("seepbot-"))
    assert len(dated) == 2 and dated[0] == "seepbot-2020-12-04-030000.sqlite3"
    assert dated[1].startswith(f"seepbot-{datetime.now():%Y-%m-%d}-")

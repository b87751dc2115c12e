"""A watchdog for the end of the test run.

Once pytest is done, the process must exit. Should something keep it alive (a thread that is
never stopped, say a database connection left open), the watchdog prints every thread's stack,
so the culprit can be found, and ends the process with pytest's own exit status instead of
letting CI wait until its time limit.
"""

from __future__ import annotations

import faulthandler
import itertools
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres_server import LocalPostgres, PostgresUnavailable

EXIT_GRACE_SECONDS = 60.0


def _watch(status: int) -> None:
    time.sleep(EXIT_GRACE_SECONDS)
    stuck = [t.name for t in threading.enumerate() if t is not threading.current_thread()]
    sys.stderr.write(
        f"\nthe test process did not exit {EXIT_GRACE_SECONDS:.0f} s after the tests ended; "
        f"threads still running: {stuck}\n"
    )
    faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    sys.stderr.flush()
    os._exit(status)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    status = int(getattr(config, "_exit_status", 0))
    threading.Thread(target=_watch, args=(status,), name="exit-watchdog", daemon=True).start()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first: on two workers, one started near the end keeps a worker busy for a
    minute while the other has nothing left to run."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    session.config._exit_status = int(exitstatus)  # type: ignore[attr-defined]


# ----- the two store engines ---------------------------------------------------------------

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def postgres() -> Iterator[LocalPostgres]:
    """One PostgreSQL server for the whole run, started by the first test that needs it."""
    server = LocalPostgres()
    try:
        server.start()
    except PostgresUnavailable as error:
        server.stop()
        pytest.fail(f"PostgreSQL could not start for the store tests: {error}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
async def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's store lives: a new SQLite file, or a new database on the test server."""
    if request.param == "sqlite":
        return tmp_path / "bot.sqlite3"
    server: LocalPostgres = request.getfixturevalue("postgres")
    return await server.create_database(f"test_{os.getpid()}_{next(_databases)}")


@pytest.fixture(autouse=True)
def cut_for_the_cutter(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests written before the cut play their deals as they were: every cut is the default
    one, made by the table. A test marked `asks_for_cut` has the cutter asked, as players are."""
    if request.node.get_closest_marker("asks_for_cut") is None:
        import bot.tables

        monkeypatch.setattr(bot.tables, "ASK_FOR_CUT", False)

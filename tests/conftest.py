"""A watchdog for the end of the test run.

Once pytest is done, the process must exit. Should something keep it alive (a thread that is
never stopped, say a database connection left open), the watchdog prints every thread's stack,
so the culprit can be found, and ends the process with pytest's own exit status instead of
letting CI wait until its time limit.
"""

from __future__ import annotations

import faulthandler
import os
import sys
import threading
import time

import pytest

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


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    session.config._exit_status = int(exitstatus)  # type: ignore[attr-defined]

"""The exit statuses of `python -m bot`, one per thing an operator (or a supervisor such as
systemd or Docker) does next: fix a setting and start again by hand, or simply try again.

| status | meaning | a supervisor should |
|---|---|---|
| 0 | stopped as asked (Ctrl-C, SIGINT) or the command's work is done | leave it |
| 2 | a setting, the command line or the store's file is wrong | not restart it |
| 65 | the store was written by a newer version of the bot | not restart it |
| 77 | Discord refused the token | not restart it |
| 75 | Discord or the database cannot be reached now | restart it, after a pause |
| 1 | anything else (an unexpected error, with its traceback) | restart it |

The statuses follow the BSD `sysexits.h` names where one fits (65 EX_DATAERR, 75 EX_TEMPFAIL,
77 EX_NOPERM); 2 is what the command line's own errors (argparse) give too.
"""

from __future__ import annotations

import os
import signal
import threading
from enum import IntEnum
from pathlib import Path
from types import FrameType


class ExitStatus(IntEnum):
    OK = 0
    CONFIG = 2
    STORE_TOO_NEW = 65
    RETRY = 75
    TOKEN_REFUSED = 77


NO_RESTART = frozenset({ExitStatus.CONFIG, ExitStatus.STORE_TOO_NEW, ExitStatus.TOKEN_REFUSED})

# A supervisor that restarts the process whatever its status (Docker's `unless-stopped`, the
# policy that also brings it back after a reboot) sets HOLD_ON_FATAL=1: a problem that a
# restart cannot mend is reported, then the process waits until it is stopped, instead of
# being started again and again. It then ends with the status the problem has.
HOLD_SETTING = "HOLD_ON_FATAL"


def holds(status: int) -> bool:
    """Whether the process should wait rather than end with `status` (HOLD_ON_FATAL, from the
    environment or `.env`, as every setting)."""
    if status not in NO_RESTART:
        return False
    from bot.config import read_env_file

    chosen = os.environ.get(HOLD_SETTING) or read_env_file(Path(".env")).get(HOLD_SETTING, "")
    return chosen.strip().lower() in ("1", "yes", "true")


def _stops() -> set[signal.Signals]:
    return {signal.SIGINT, signal.SIGTERM}


_stopped = threading.Event()
WAKE_SECONDS = 0.1  # how often `hold` looks whether a stop has come


def _note_stop(signum: int, frame: FrameType | None) -> None:
    _stopped.set()


def catch_stops() -> None:
    """From now on SIGINT and SIGTERM are noted for `hold` instead of ending the process: called
    before the process says it waits, so a stop sent as soon as it is read is not lost. A
    handler rather than a blocked signal: the kernel gives a signal to any of the process's
    threads, and one started earlier (the store's, the resolver's) does not share the main
    thread's mask, so the stop would end the process there; Python runs the handler in the
    main thread whichever thread it came to. A stop signal the process was started ignoring
    (SIGINT under `nohup`, or from a parent that ignored it) is caught all the same."""
    for stop in _stops():
        signal.signal(stop, _note_stop)


def hold() -> None:
    """Wait for SIGINT or SIGTERM (the process's stop signals) without ending before."""
    catch_stops()
    while not _stopped.wait(WAKE_SECONDS):
        pass  # (each wake lets the main thread run a handler whose signal another thread got)

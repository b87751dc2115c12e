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
from enum import IntEnum
from pathlib import Path


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


def catch_stops() -> None:
    """From now on SIGINT and SIGTERM wait for `hold` instead of ending the process: called
    before the process says it waits, so a stop sent as soon as it is read is not lost. A stop
    signal the process was started ignoring (SIGINT under `nohup`, or from a parent that
    ignored it) is taken back to its default first: an ignored signal is dropped, never
    waited for."""
    signal.pthread_sigmask(signal.SIG_BLOCK, _stops())
    for stop in _stops():
        if signal.getsignal(stop) is signal.SIG_IGN:
            signal.signal(stop, signal.SIG_DFL)  # blocked: it waits for `hold`, pending


def hold() -> None:
    """Wait for SIGINT or SIGTERM (the process's stop signals) without ending before."""
    catch_stops()
    signal.sigwait(_stops())

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
from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    CONFIG = 2
    STORE_TOO_NEW = 65
    RETRY = 75
    TOKEN_REFUSED = 77


NO_RESTART = frozenset({ExitStatus.CONFIG, ExitStatus.STORE_TOO_NEW, ExitStatus.TOKEN_REFUSED})

# A supervisor that restarts on every non-zero status and cannot be told which ones to leave
# (Docker's `restart: on-failure`) sets this to 0: a problem that a restart cannot fix then
# ends with it, and the container stays stopped until the operator has fixed it.
NO_RESTART_SETTING = "NO_RESTART_EXIT_STATUS"


def reported(status: int) -> tuple[int, str | None]:
    """The status the process ends with, and the line that says why it is not `status`
    (None when it is)."""
    chosen = os.environ.get(NO_RESTART_SETTING, "").strip()
    if status not in NO_RESTART or not chosen.isdigit() or int(chosen) == status:
        return int(status), None
    return int(chosen), (
        f"not to be restarted: exit status {int(chosen)} instead of {int(status)}"
        f" ({NO_RESTART_SETTING})"
    )

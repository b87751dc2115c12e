"""A real PostgreSQL server for the test run and the benchmarks: `initdb` into a temporary
folder, started on a free local port, stopped and removed at the end.

Debian keeps the server programs out of PATH (/usr/lib/postgresql/<version>/bin); both places
are looked in. PostgreSQL refuses to run as root, so under root the server runs as the
`postgres` user the Debian package creates. When the server cannot start, `start()` raises
with the reason: the tests that need it fail, none is skipped.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


class PostgresUnavailable(RuntimeError):
    pass


def _server_programs() -> Path:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if not versions:
        raise PostgresUnavailable(
            "PostgreSQL's server programs (initdb, pg_ctl) are not installed: "
            "install the Debian package postgresql (.ci/run does)"
        )
    return Path(versions[-1]).parent


def free_port() -> int:
    """A local port nothing listens on (for now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalPostgres:
    def __init__(self) -> None:
        self.folder: Path | None = None
        self.port = 0
        self._as_user: list[str] = []
        self._programs: Path | None = None
        self._options = ""

    @property
    def url(self) -> str:
        """The server's own database, where new databases are made."""
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        return f"postgresql://seepbot@127.0.0.1:{self.port}/{name}"

    def _run(self, *command: str) -> None:
        result = subprocess.run(
            [*self._as_user, *command], capture_output=True, text=True, timeout=120
        )
        if result.returncode != 0:
            raise PostgresUnavailable(
                f"{Path(command[0]).name} failed: {(result.stderr or result.stdout).strip()}"
            )

    def start(self) -> LocalPostgres:
        self._programs = programs = _server_programs()
        self.folder = Path(tempfile.mkdtemp(prefix="seepbot-postgres-"))
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                raise PostgresUnavailable("running as root without runuser to drop to postgres")
            shutil.chown(self.folder, "postgres", "postgres")
            self._as_user = ["runuser", "-u", "postgres", "--"]
        data = self.folder / "data"
        self._run(
            str(programs / "initdb"), "-D", str(data), "-U", "seepbot", "--auth=trust",
            "-E", "UTF8", "--no-sync", "--no-instructions",
        )  # fmt: skip
        self.port = free_port()
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        )
        self._options = options
        self._serve()
        return self

    def _serve(self) -> None:
        assert self.folder is not None and self._programs is not None
        self._run(
            str(self._programs / "pg_ctl"), "-D", str(self.folder / "data"), "-o", self._options,
            "-l", str(self.folder / "server.log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    def restart(self, pause: float = 0.0) -> None:
        """Stop the server (its connections are cut, as in a server restart), stay down for
        `pause` seconds, and start it again on the same port."""
        import time

        assert self.folder is not None and self._programs is not None
        self._run(
            str(self._programs / "pg_ctl"), "-D", str(self.folder / "data"),
            "-m", "fast", "-w", "stop",
        )  # fmt: skip
        time.sleep(pause)
        self._serve()

    def stop(self) -> None:
        if self.folder is None or self._programs is None:
            return
        with contextlib.suppress(PostgresUnavailable):  # it never started
            self._run(
                str(self._programs / "pg_ctl"), "-D", str(self.folder / "data"),
                "-m", "immediate", "-w", "stop",
            )  # fmt: skip
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    async def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        import asyncpg

        connection = await asyncpg.connect(self.url)
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()
        return self.database_url(name)

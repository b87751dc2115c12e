"""`python -m bot [--sync | --check | --invite | --health | --version] [--shards 0-3
--shard-count 8]`: start the Discord bot from the settings in the environment / `.env` (the
command line's shards win over theirs); `python -m bot backup [FILE] [--keep N]` and
`python -m bot restore FILE` for the SQLite store.

Every problem an operator can fix ends the command with one line saying what to check, and
an exit status that says whether trying again can help (`bot.exits`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import discord

from bot import __version__, exits, health, logs
from bot.backup import (
    DEFAULT_FOLDER,
    DEFAULT_KEEP,
    BackupError,
    StoreLock,
    backup,
    dated_backup,
    restore,
)
from bot.client import PERMISSIONS, create_bot, invite_link, user_install_link
from bot.config import ConfigError, Settings, application_id, load_settings
from bot.exits import ExitStatus
from bot.storage import StoreUnavailable
from bot.storage.backends import StoreTooNew, StoreUnreachable
from bot.storage.inspection import inspect_store

__all__ = ["PERMISSIONS", "main"]
PG_DUMP = "pg_dump --format=custom --file=FILE DATABASE_URL"
PG_RESTORE = "pg_restore --clean --if-exists --no-owner --dbname=DATABASE_URL FILE"


log = logging.getLogger("seepbot")


def secrets_of(settings: Settings) -> list[str]:
    """What the log must never show: the token and the database's password."""
    password = urlsplit(settings.database_url or "").password
    return [settings.token, *([password] if password else [])]


async def run(settings: Settings, sync: bool) -> int:
    logs.configure(settings.log_level, secrets_of(settings))
    # the bot has no voice: no warnings about voice libraries
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    stop_on_sigterm()
    bot = create_bot(settings)
    lock = StoreLock(settings.database_path)
    stopping = False
    try:
        if sync:
            bot.serving = False  # publishing needs the commands only: no store, no tables
        else:
            await bot.open_store()  # a database problem is told before any Discord one
            if settings.database_url is None:
                lock.take("starting another")
        async with bot:
            if sync:
                await bot.login(settings.token)  # runs setup_hook, which loads the cogs
                synced, cleared = await bot.sync_commands()
                where = (
                    f"server {settings.dev_guild_id}" if settings.dev_guild_id else "every server"
                )
                print(f"seepbot: published {len(synced)} command(s) to {where}")
                if cleared:
                    servers = ", ".join(map(str, cleared))
                    print(f"seepbot: removed the server copy of the commands in {servers}")
                return 0
            log.info("connecting to Discord…")
            stopping = True  # from here on, an end by Ctrl-C or SIGTERM is a stop
            await bot.start(settings.token)
    finally:
        lock.release()
        await bot.store.close()
        if stopping and sys.exc_info()[0] in (None, asyncio.CancelledError):
            log.info("stopped")  # by Ctrl-C or SIGTERM (a failure says why instead)
    if bot.fatal:  # the database went away while serving: a restart may find it again
        raise StoreUnreachable(bot.fatal)
    return 0


def stop_on_sigterm() -> None:
    """SIGTERM (what `docker stop`, Kubernetes and most supervisors send) stops the bot as
    Ctrl-C does: the move being stored and the message being posted are finished first, the
    connection closed, the heartbeat removed. Without this Python ends at once.

    The stop cancels the bot's main task itself, whatever became of SIGINT (a process started
    with SIGINT ignored, as under `nohup`, still stops on SIGTERM); and the stop signals are
    unblocked first, in case the process that started the bot left them blocked (a blocked
    SIGTERM would wait, pending, for ever)."""
    loop = asyncio.get_running_loop()
    main = asyncio.current_task()
    with contextlib.suppress(AttributeError, OSError):  # no signal masks on Windows
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    if main is None:
        return
    with contextlib.suppress(NotImplementedError, RuntimeError):  # no such handlers on Windows
        loop.add_signal_handler(signal.SIGTERM, main.cancel)


def where_read(settings: Settings) -> str:
    """Which folder, `.env` and environment the settings came from."""
    folder = Path.cwd()
    source = (
        f"settings from {settings.env_file} and the environment"
        if settings.env_file
        else f"no {folder / '.env'}: settings from the environment only"
    )
    return f"seepbot {__version__} in {folder}: {source}"


async def check(settings: Settings) -> int:
    """Where the settings came from, then configuration, token shape and store, one line
    each; the first problem stops it. Nothing is created or changed (bot.storage.inspection)."""
    app = application_id(settings.token)
    print(f"seepbot: {where_read(settings)}")
    print(f"seepbot: configuration ok: {settings.describe()}")
    print(f"seepbot: the token has a bot token's shape (application {app})")
    state = await inspect_store(settings.store_location)
    print(f"seepbot: {state.describe()}")
    return 0


def copy_store(
    action: str, file: Path | None, keep: int | None, overrides: dict[str, str]
) -> int:
    settings = load_settings(overrides=overrides, need_token=False)
    if settings.database_url:
        tool = PG_DUMP if action == "backup" else PG_RESTORE
        raise BackupError(f"the store is PostgreSQL: use its own tool, {tool} (see README.md)")
    if action == "backup":
        if file is not None and not file.is_dir() and not str(file).endswith("/"):
            if keep is not None:
                raise BackupError("--keep is for dated backups in a folder, not a named FILE")
            made = backup(settings.database_path, file)
        else:
            folder = file or DEFAULT_FOLDER
            made, removed = dated_backup(settings.database_path, folder, keep or DEFAULT_KEEP)
            for old in removed:
                print(f"seepbot: removed the old backup {old}")
        print(f"seepbot: backed up {settings.database_path} to {made.describe()}")
        return 0
    assert file is not None
    done, kept = restore(file, settings.database_path)
    print(f"seepbot: restored {done.describe()} from {file}")
    if kept is not None:
        print(f"seepbot: the store as it was before is kept in {kept}")
    return 0


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Start the bot (settings from .env in the current folder, and the"
        " environment). Exit statuses: 0 done, 2 a setting to fix, 65 a store from a newer"
        " version, 77 Discord refused the token (do not restart on these); 75 Discord or the"
        " database unreachable (try again later).",
    )
    parser.add_argument("--version", action="version", version=f"seepbot {__version__}")
    parser.add_argument("--sync", action="store_true", help="publish the slash commands and exit")
    parser.add_argument(
        "--invite", action="store_true",
        help="print the links that add the bot to a server and to a person's account",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="check the settings, the token's shape and the store, then exit",
    )
    parser.add_argument(
        "--health",
        action="store_true",
        help="say whether the running bot is connected (its HEALTH_FILE heartbeat): status 0 or 1",
    )
    parser.add_argument(
        "--shards", metavar="IDS", help="run these shards only, e.g. 0-3 (or SHARDS in .env)"
    )
    parser.add_argument(
        "--shard-count", metavar="N", help="how many shards the bot has in all (SHARD_COUNT)"
    )
    actions = parser.add_subparsers(dest="action", metavar="{backup,restore}")
    saving = actions.add_parser(
        "backup",
        help="copy the SQLite store into a new file (safe while the bot runs)",
        description="Copy the SQLite store (DATABASE_PATH) into a new file, safe while the bot"
        " runs. Without FILE, or with a folder, the copy is named by date and time"
        " (seepbot-YYYY-MM-DD-HHMMSS.sqlite3) and only the newest --keep of those stay.",
    )
    saving.add_argument(
        "file",
        type=Path,
        nargs="?",
        metavar="FILE",
        help=f"the new file, or a folder for a dated copy (default: {DEFAULT_FOLDER}/)",
    )
    saving.add_argument(
        "--keep",
        type=int,
        metavar="N",
        help=f"dated backups kept in the folder (default {DEFAULT_KEEP}); older ones are removed",
    )
    loading = actions.add_parser(
        "restore",
        help="replace the SQLite store with the backup FILE (the bot stopped)",
        description="Replace the SQLite store with the backup FILE, keeping the store it"
        " replaces beside it. Stop the bot first.",
    )
    loading.add_argument("file", type=Path, metavar="FILE", help="a file made by backup")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    status, line = attempt(args)
    if line is not None:
        print(f"seepbot: {line}", file=sys.stderr)
    starting = not (args.action or args.check or args.sync or args.invite or args.health)
    if starting and exits.holds(status):
        exits.catch_stops()
        print(
            f"seepbot: waiting until stopped, not to be restarted ({exits.HOLD_SETTING}):"
            " fix the problem above, then start the bot again",
            file=sys.stderr,
            flush=True,
        )
        exits.hold()
    return status


def attempt(args: argparse.Namespace) -> tuple[int, str | None]:
    """The command's status, and its one line when it failed."""
    try:
        return run_command(args), None
    except StoreTooNew as error:
        return ExitStatus.STORE_TOO_NEW, str(error)
    except StoreUnreachable as error:
        return ExitStatus.RETRY, f"{error} (trying again later may work)"
    except (ConfigError, StoreUnavailable, BackupError) as error:
        return ExitStatus.CONFIG, str(error)
    except discord.LoginFailure:
        return ExitStatus.TOKEN_REFUSED, "Discord refused the token: check DISCORD_TOKEN in .env"
    except (aiohttp.ClientError, OSError) as error:
        reason = str(error) or type(error).__name__
        return ExitStatus.RETRY, f"cannot reach Discord ({reason}): check the network"
    except discord.PrivilegedIntentsRequired:
        return ExitStatus.CONFIG, "Discord refused an intent the bot does not need"
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, or SIGTERM's stop
        return ExitStatus.OK, None


def run_command(args: argparse.Namespace) -> int:
    overrides = {"SHARDS": args.shards or "", "SHARD_COUNT": args.shard_count or ""}
    if args.action is not None:
        return copy_store(args.action, args.file, getattr(args, "keep", None), overrides)
    if args.health:
        return health.report(load_settings(overrides=overrides, need_token=False).health_file)
    settings = load_settings(overrides=overrides)
    app = application_id(settings.token)  # the token's shape, before any connection
    if args.invite:
        print(f"Add it to a server: {invite_link(app)}")
        print(f"Add it to your account (DMs, group DMs, any server): {user_install_link(app)}")
        return 0
    if args.check:
        return asyncio.run(check(settings))
    return asyncio.run(run(settings, args.sync))


if __name__ == "__main__":
    sys.exit(main())

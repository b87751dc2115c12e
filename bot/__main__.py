"""`python -m bot [--sync | --check | --invite] [--shards 0-3 --shard-count 8]`: start the
Discord bot from the settings in the environment / `.env` (the command line's shards win over
theirs); `python -m bot backup FILE` and `python -m bot restore FILE` for the SQLite store.

Every problem an operator can fix ends the command with one line saying what to check, and
exit status 2."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import discord

from bot import logs
from bot.backup import BackupError, StoreLock, backup, restore
from bot.client import PERMISSIONS, create_bot, invite_link
from bot.config import ConfigError, Settings, application_id, load_settings
from bot.storage import StoreUnavailable, shown

__all__ = ["PERMISSIONS", "main"]
PG_DUMP = "pg_dump --format=custom --file=FILE DATABASE_URL"
PG_RESTORE = "pg_restore --clean --if-exists --no-owner --dbname=DATABASE_URL FILE"


def secrets_of(settings: Settings) -> list[str]:
    """What the log must never show: the token and the database's password."""
    password = urlsplit(settings.database_url or "").password
    return [settings.token, *([password] if password else [])]


async def run(settings: Settings, sync: bool) -> int:
    logs.configure(settings.log_level, secrets_of(settings))
    # the bot has no voice: no warnings about voice libraries
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    bot = create_bot(settings)
    lock = StoreLock(settings.database_path)
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
            await bot.start(settings.token)
    finally:
        lock.release()
        await bot.store.close()
    if bot.fatal:
        raise StoreUnavailable(bot.fatal)
    return 0


async def check(settings: Settings) -> int:
    """Configuration, token shape and store, one line each; the first problem stops it."""
    app = application_id(settings.token)
    print(f"seepbot: configuration ok ({settings!r})")
    print(f"seepbot: the token has a bot token's shape (application {app})")
    bot = create_bot(settings)
    try:
        await bot.store.open()
        version = await bot.store.schema_version()
        unfinished = await bot.store.unfinished_tables()
        await bot.store.database.run("SELECT count(*) FROM game_tables")
    finally:
        await bot.store.close()
    print(
        f"seepbot: store ok: {shown(settings.store_location)}, schema {version},"
        f" {len(unfinished)} unfinished table(s)"
    )
    return 0


def copy_store(action: str, file: Path, overrides: dict[str, str]) -> int:
    settings = load_settings(overrides=overrides, need_token=False)
    if settings.database_url:
        tool = PG_DUMP if action == "backup" else PG_RESTORE
        raise BackupError(f"the store is PostgreSQL: use its own tool, {tool} (see README.md)")
    if action == "backup":
        made = backup(settings.database_path, file)
        print(f"seepbot: backed up {settings.database_path} to {made.describe()}")
        return 0
    done, kept = restore(file, settings.database_path)
    print(f"seepbot: restored {done.describe()} from {file}")
    if kept is not None:
        print(f"seepbot: the store as it was before is kept in {kept}")
    return 0


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Start the bot (settings from .env)."
    )
    parser.add_argument("--sync", action="store_true", help="publish the slash commands and exit")
    parser.add_argument(
        "--invite", action="store_true", help="print the link that adds the bot to a server"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="check the settings, the token's shape and the store, then exit",
    )
    parser.add_argument(
        "--shards", metavar="IDS", help="run these shards only, e.g. 0-3 (or SHARDS in .env)"
    )
    parser.add_argument(
        "--shard-count", metavar="N", help="how many shards the bot has in all (SHARD_COUNT)"
    )
    actions = parser.add_subparsers(dest="action", metavar="{backup,restore}")
    saving = actions.add_parser(
        "backup", help="copy the SQLite store into FILE (safe while the bot runs)"
    )
    saving.add_argument("file", type=Path, metavar="FILE")
    loading = actions.add_parser(
        "restore", help="replace the SQLite store with the backup FILE (the bot stopped)"
    )
    loading.add_argument("file", type=Path, metavar="FILE")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    overrides = {"SHARDS": args.shards or "", "SHARD_COUNT": args.shard_count or ""}
    try:
        if args.action is not None:
            return copy_store(args.action, args.file, overrides)
        settings = load_settings(overrides=overrides)
        app = application_id(settings.token)  # the token's shape, before any connection
        if args.invite:
            print(invite_link(app))
            return 0
        if args.check:
            return asyncio.run(check(settings))
        return asyncio.run(run(settings, args.sync))
    except (ConfigError, StoreUnavailable, BackupError) as error:
        print(f"seepbot: {error}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("seepbot: Discord refused the token: check DISCORD_TOKEN in .env", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as error:
        reason = str(error) or type(error).__name__
        print(f"seepbot: cannot reach Discord ({reason}): check the network", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("seepbot: Discord refused an intent the bot does not need", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())

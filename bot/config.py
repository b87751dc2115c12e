"""Settings from the environment and an optional `.env` file (the environment wins)."""

from __future__ import annotations

import base64
import binascii
import os
import re
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from bot.health import health_file
from bot.sharding import ShardPlan, parse_shards
from bot.storage.backends import is_postgres_url, shown

DEFAULT_DATABASE = Path("data") / "seepbot.sqlite3"


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one line for the operator."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: Path = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    database_url: str | None = None  # a PostgreSQL database, shared by several processes
    shards: ShardPlan | None = None  # the shards this process runs (None: one process)
    metrics_port: int | None = None  # where Prometheus reads the bot's figures (None: off)
    metrics_address: str = "127.0.0.1"
    env_file: Path | None = None  # the `.env` file read (absolute), None when there was none
    health_file: Path | None = None  # where the bot writes its heartbeat (bot.health)

    @property
    def store_location(self) -> str | Path:
        return self.database_url or self.database_path

    def describe(self) -> str:
        """The settings as `--check` shows them (never the token, nor a password)."""
        engine = "PostgreSQL" if self.database_url else "SQLite"
        metrics = (
            f"metrics at {self.metrics_address}:{self.metrics_port}"
            if self.metrics_port
            else "no metrics"
        )
        return (
            f"store {shown(self.store_location)} ({engine}), log level {self.log_level},"
            f" {f'shards {self.shards}' if self.shards else 'one process (no shards)'},"
            f" {metrics}, DEV_GUILD_ID {self.dev_guild_id or 'not set'}"
        )

    def __repr__(self) -> str:  # never print the token (nor a database password)
        return (
            f"Settings(store={shown(self.store_location)}, dev_guild_id={self.dev_guild_id}, "
            f"log_level={self.log_level}, shards={self.shards}, metrics_port={self.metrics_port})"
        )


def read_env_file(path: Path) -> dict[str, str]:
    """The `.env` file as python-dotenv reads it (quotes, `export`, escapes and comments as
    shells and other tools treat them); a key without a value is left out."""
    if not path.is_file():
        return {}
    return {key: value for key, value in dotenv_values(path).items() if value is not None}


# A bot token: the application's id in base64, a timestamp, a signature, joined by dots.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")


def application_id(token: str) -> int:
    """The application's id, which a bot token carries in its first part (base64); a
    ConfigError when the token does not have a bot token's shape (checked before any
    connection, so a pasted client secret or a truncated token is caught at once)."""
    if not TOKEN_SHAPE.fullmatch(token):
        raise ConfigError(
            "DISCORD_TOKEN does not look like a bot token (three parts joined by dots: copy it"
            " again from the Bot page of your application)"
        )
    first = token.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        decoded = ""
    if not decoded.isdigit():
        raise ConfigError(
            "DISCORD_TOKEN does not look like a bot token (its first part is not an"
            " application id: copy it again from the Bot page of your application)"
        )
    return int(decoded)


def load_settings(
    env_file: Path = Path(".env"),
    overrides: dict[str, str] | None = None,
    need_token: bool = True,
) -> Settings:
    """`overrides` are the command line's settings, which win over both; tools that never
    talk to Discord read the settings without a token."""
    merged = {**read_env_file(env_file), **{k: v for k, v in os.environ.items() if v}}
    merged.update({k: v for k, v in (overrides or {}).items() if v})
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token and need_token:
        found = "found" if env_file.is_file() else "no such file"
        raise ConfigError(
            f"no DISCORD_TOKEN set (looked in {env_file.absolute()}: {found}; and in the"
            " environment): copy .env.example to .env in the folder the bot starts in, and put"
            " your bot's token in it"
        )
    guild = merged.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(
            f"DEV_GUILD_ID must be a server id (digits), not {guild!r}: turn on Developer Mode"
            " (User Settings → Advanced), then right-click the server → Copy Server ID"
        )
    level = merged.get("LOG_LEVEL", "INFO").strip().upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    url = merged.get("DATABASE_URL", "").strip() or None
    if url and not is_postgres_url(url):
        raise ConfigError("DATABASE_URL must be a postgresql:// URL (or leave it empty for SQLite)")
    port = merged.get("METRICS_PORT", "").strip()
    if port and not (port.isdigit() and 0 < int(port) < 65_536):
        raise ConfigError(f"METRICS_PORT must be a port number (1-65535), not {port!r}")
    return Settings(
        token=token,
        database_path=Path(merged.get("DATABASE_PATH") or DEFAULT_DATABASE),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        database_url=url,
        shards=_shard_plan(merged.get("SHARDS", "").strip(), merged.get("SHARD_COUNT", "").strip()),
        metrics_port=int(port) if port else None,
        metrics_address=merged.get("METRICS_ADDRESS", "").strip() or "127.0.0.1",
        env_file=env_file.absolute() if env_file.is_file() else None,
        health_file=health_file(merged.get("HEALTH_FILE", "").strip()),
    )


def _shard_plan(shards: str, count: str) -> ShardPlan | None:
    if not shards and not count:
        return None
    if not count.isdigit():
        raise ConfigError("SHARD_COUNT (--shard-count) must be set, a number, with SHARDS")
    try:
        return parse_shards(shards or f"0-{int(count) - 1}", int(count))
    except ValueError as error:
        raise ConfigError(f"SHARDS: {error}") from None

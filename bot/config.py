"""Settings from the environment and an optional `.env` file (the environment wins)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

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

    @property
    def store_location(self) -> str | Path:
        return self.database_url or self.database_path

    def __repr__(self) -> str:  # never print the token (nor a database password)
        return (
            f"Settings(store={shown(self.store_location)}, dev_guild_id={self.dev_guild_id}, "
            f"log_level={self.log_level}, shards={self.shards})"
        )


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments are skipped, quotes around values removed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


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
        raise ConfigError(
            "no DISCORD_TOKEN set: copy .env.example to .env and put your bot's token in it"
        )
    guild = merged.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    level = merged.get("LOG_LEVEL", "INFO").strip().upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    url = merged.get("DATABASE_URL", "").strip() or None
    if url and not is_postgres_url(url):
        raise ConfigError("DATABASE_URL must be a postgresql:// URL (or leave it empty for SQLite)")
    return Settings(
        token=token,
        database_path=Path(merged.get("DATABASE_PATH") or DEFAULT_DATABASE),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        database_url=url,
        shards=_shard_plan(merged.get("SHARDS", "").strip(), merged.get("SHARD_COUNT", "").strip()),
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

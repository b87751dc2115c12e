"""The bot's store (see `store`): SQLite by default, PostgreSQL by URL."""

from __future__ import annotations

from bot.storage.backends import (
    Conflict,
    ShardsTaken,
    StoreFault,
    StoreUnavailable,
    is_postgres_url,
    shown,
)
from bot.storage.dialects import Engine
from bot.storage.migrations import MIGRATIONS, migration_scripts
from bot.storage.store import (
    MISSED_TURNS_LIMIT,
    RESULT_COLUMNS,
    GuildSettings,
    Owed,
    PlayerResult,
    SeatRow,
    Store,
    TableRow,
)

__all__ = [
    "MIGRATIONS", "MISSED_TURNS_LIMIT", "RESULT_COLUMNS", "Conflict", "Engine", "GuildSettings",
    "Owed", "PlayerResult", "SeatRow", "ShardsTaken", "Store", "StoreFault", "StoreUnavailable",
    "TableRow",
    "is_postgres_url", "migration_scripts", "shown",
]  # fmt: skip

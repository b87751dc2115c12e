"""`python -m bot.migrate_store [--from SQLITE_FILE] [--to postgresql://…]`: move a store into
another, typically the SQLite file of one process into the PostgreSQL database that several
processes share. Every row moves with its ids (tables, seats, moves, results, settings,
preferences) in one transaction, so unfinished tables continue where they stopped; the target
must be empty. Stop the bot first.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.config import ConfigError, load_settings
from bot.storage import Store, StoreUnavailable, is_postgres_url, shown
from bot.storage.daily import ATTEMPT_COLUMNS, DAY_COLUMNS, DEAL_COLUMNS
from bot.storage.lfg import CARD_COLUMNS

# Parents before children (the foreign keys), with the columns every version of both has.
COPIED: tuple[tuple[str, str], ...] = (
    ("game_tables", "id, guild_id, channel_id, host_id, game, rules, seed, status, options,"
                    " message_id, created_at, updated_at, deal_keys"),
    ("seats", "table_id, seat, user_id, name, computer_level, missed_turns"),
    ("actions", "table_id, number, player, notation, played_at"),
    ("deal_results", "table_id, number, result"),
    ("match_results", "table_id, guild_id, game, finished_at, result"),
    ("player_results", "table_id, user_id, guild_id, game, name, side, partner_id, place,"
                       " outcome, deals, best_deal, points_for, points_against, rated,"
                       " with_computers, finished_at, stats, rounds"),
    ("guild_settings", "guild_id, settings, season_start"),
    ("player_prefs", "user_id, prefs"),
    ("deal_records", "id, table_id, number, guild_id, game, finished_at, fair, result, record"),
    ("deal_players", "deal_id, user_id"),
    ("daily_days", DAY_COLUMNS),
    ("daily_deals", DEAL_COLUMNS),
    ("daily_attempts", ATTEMPT_COLUMNS),
    ("lfg_cards", CARD_COLUMNS),
    ("lfg_notify", "guild_id, game, user_id, since"),
    ("lfg_pings", "guild_id, game, pinged_at"),
)  # fmt: skip
REAL_COLUMNS = {"created_at", "updated_at", "played_at", "finished_at", "season_start",
                "starts_at", "ends_at", "started_at", "fill_at", "since", "pinged_at"}  # fmt: skip


class MoveRefused(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Moved:
    rows: dict[str, int]
    unfinished: int


async def move_store(source: Store, target: Store) -> Moved:
    """Copy every row of `source` into the empty `target`; the counts of each table."""
    for table, _ in COPIED:
        row = await target.database.one(f"SELECT count(*) FROM {table}")
        if row and row[0]:
            raise MoveRefused(f"the target already holds {table}: it must be empty")
    rows: dict[str, int] = {}
    async with target.database.transaction() as tx:
        for table, columns in COPIED:
            names = [c.strip() for c in columns.split(",")]
            found = await source.database.all(f"SELECT {columns} FROM {table}")
            # SQLite keeps a whole-number time as an integer; PostgreSQL wants a float there
            copied = [
                tuple(float(v) if n in REAL_COLUMNS and v is not None else v
                      for n, v in zip(names, row, strict=True))
                for row in found
            ]  # fmt: skip
            marks = ", ".join("?" for _ in names)
            await tx.many(f"INSERT INTO {table} ({columns}) VALUES ({marks})", copied)
            rows[table] = len(copied)
        for keyed in ("game_tables", "deal_records", "lfg_cards"):
            restart = target.database.dialect.restart_ids(keyed)
            if restart:
                await tx.run(restart)
    for table, _ in COPIED:  # the move is checked, not assumed
        row = await target.database.one(f"SELECT count(*) FROM {table}")
        if row is None or row[0] != rows[table]:
            raise MoveRefused(f"{table}: {rows[table]} rows read but {row} stored")
    unfinished = len(await target.unfinished_tables())
    return Moved(rows, unfinished)


async def run(source_location: str, target_location: str) -> str:
    if source_location == target_location:
        raise MoveRefused("the source and the target are the same store")
    if not is_postgres_url(source_location) and not Path(source_location).is_file():
        raise MoveRefused(f"there is no SQLite file at {source_location}")
    async with Store(source_location) as source, Store(target_location) as target:
        moved = await move_store(source, target)
    return (
        f"moved {moved.rows['game_tables']} tables ({moved.unfinished} unfinished),"
        f" {moved.rows['actions']} moves and {moved.rows['player_results']} player results"
        f" into {shown(target_location)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.migrate_store",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--from", dest="source", help="the store to read (default: DATABASE_PATH)")
    parser.add_argument("--to", dest="target", help="the empty store to fill (DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        settings = load_settings(need_token=False)  # the move never talks to Discord
        source = args.source or str(settings.database_path)
        target = args.target or settings.database_url
        if not target:
            raise ConfigError("say where to move the store: --to postgresql://… or DATABASE_URL")
        print(f"seepbot: {asyncio.run(run(source, target))}")
        return 0
    except (ConfigError, StoreUnavailable, MoveRefused) as error:
        print(f"seepbot: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

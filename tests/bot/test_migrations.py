"""Migration 4 moves each game's figures into one JSON column: a database made by the
schema before it keeps every result, and the boards read the same figures from it."""

from __future__ import annotations

from pathlib import Path

from bot.leaderboards import Board, player_stats, standings
from bot.storage import MIGRATIONS, Store, migration_scripts
from bot.storage.backends import Database, database_at

OLD_COLUMNS = (
    "table_id, user_id, guild_id, game, name, side, partner_id, place, outcome, baazis_won, "
    "baazis_lost, deals, sweeps, best_deal, points_for, points_against, rated, "
    "with_computers, finished_at"
)


async def database_before(location: str | Path, migration: int, *games: str) -> Database:
    """A database as the bot made it before `migration` existed, holding a finished table
    per game in `games` (ids 1, 2, … in guild 7, hosted by user 100)."""
    db = database_at(location)
    await db.open(migration_scripts(db.dialect)[: migration - 1])
    for number, game in enumerate(games, start=1):
        await db.run(
            "INSERT INTO game_tables (id, guild_id, channel_id, host_id, game, rules, seed,"
            " status, created_at, updated_at) VALUES (?, 7, ?, 100, ?, '{}', ?, 'finished',"
            " 0, 0)",
            (number, 69 + number, game, number),
        )
    return db


async def make_version_3_database(location: str | Path) -> None:
    """A database exactly as the bot made it before migration 4 existed."""
    db = await database_before(location, 4, "seep", "suipe")
    rows = [
        (1, 100, 7, "seep", "Asha", 0, None, 1, "win", 2, 1, 6, 3, 88, 300, 200, 1, 0, 10.0),
        (1, 200, 7, "seep", "Dev", 1, None, 2, "loss", 1, 2, 6, 1, 60, 200, 300, 1, 0, 10.0),
        (2, 100, 7, "suipe", "Asha", 0, None, 2, "loss", 0, 0, 2, 2, 7, 12, 14, 1, 0, 20.0),
        (2, 200, 7, "suipe", "Dev", 1, None, 1, "win", 0, 0, 2, 0, 9, 14, 12, 1, 0, 20.0),
    ]
    await db.many(
        f"INSERT INTO player_results ({OLD_COLUMNS}) VALUES ({', '.join('?' * 19)})", rows
    )
    await db.close()


async def test_results_made_before_migration_4_keep_their_figures(
    store_location: str | Path,
) -> None:
    await make_version_3_database(store_location)
    async with Store(store_location) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        seep = await store.player_results(7, "seep")
        suipe = await store.player_results(7, "suipe")
    assert [
        (r.name, r.stat("baazis_won"), r.stat("baazis_lost"), r.stat("sweeps")) for r in seep
    ] == [
        ("Asha", 2, 1, 3),
        ("Dev", 1, 2, 1),
    ]
    assert [(r.name, r.outcome, r.deals, r.best_deal, r.points_for) for r in suipe] == [
        ("Asha", "loss", 2, 7, 12),
        ("Dev", "win", 2, 9, 14),
    ]
    board = standings(seep, "seep", Board.HEADLINE)
    assert [(s.name, s.figure, s.detail) for s in board] == [
        ("Asha", "2 baazis", "1W 0L · baazis 2-1"),
        ("Dev", "1 baazi", "0W 1L · baazis 1-2"),
    ]
    stats = player_stats(suipe, 100, "suipe")
    assert stats is not None and stats.totals["sweeps"] == 2 and stats.losses == 1


async def test_migration_12_keeps_every_deal_record_and_its_number(
    store_location: str | Path,
) -> None:
    """Deal records may have no table from migration 12 on (a daily deal's): the records
    made before keep their numbers and players, and a number once given (even to a record
    since pruned) is not given again."""
    db = await database_before(store_location, 12, "sedma")
    for number in (1, 2, 3):
        await db.run(
            "INSERT INTO deal_records (table_id, number, guild_id, game, finished_at, fair,"
            " result, record) VALUES (1, ?, 7, 'sedma', ?, 1, 'Asha 60', 'text')",
            (number, float(number)),
        )
        await db.run("INSERT INTO deal_players (deal_id, user_id) VALUES (?, 100)", (number,))
    await db.run("DELETE FROM deal_players WHERE deal_id = 3")
    await db.run("DELETE FROM deal_records WHERE id = 3")  # pruned by the retention
    await db.close()
    async with Store(store_location) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        kept = await store.deal_records(7, 100, 10)
        assert [(r.id, r.table_id, r.number) for r in kept] == [(2, 1, 2), (1, 1, 1)]
        row = await store.database.one(
            "INSERT INTO deal_records (table_id, number, guild_id, game, finished_at, fair,"
            " result, record) VALUES (NULL, 1, 7, 'sedma', 9.0, 1, 'Asha 70', 'text')"
            " RETURNING id"
        )
        assert row is not None and int(row[0]) == 4
        daily = await store.deal_record(4)
        assert daily is not None and daily.table_id == 0  # played at no table
        await store.database.run("DELETE FROM game_tables WHERE id = 1")
        assert await store.deal_record(1) is None  # a table's records still go with it

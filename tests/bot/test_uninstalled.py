"""Open tables of a game no longer installed end at start-up (bot/uninstalled.py), on
SQLite and PostgreSQL: only those, only in the servers this process serves (shards), with
their moves kept and their channels free for a new table."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import Store
from bot.tables import Tables
from bot.uninstalled import end_tables_of_missing_games


async def test_only_the_open_tables_of_a_missing_game_end(
    store_location: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with Store(store_location) as store:
        tables = Tables(store)
        mine = await tables.create(1, 10, 100, "suipe", {"players": 2})
        await mine.join(100, "Asha")
        await mine.join(200, "Dev")
        await mine.start(100)
        moves = len(await store.actions(mine.id))
        other_shard = await tables.create(2, 20, 100, "suipe", {"players": 2})
        kept = await tables.create(1, 30, 100, "sedma", {"players": 2})
        for row_id in (mine.id, other_shard.id):  # as a game no package registers any more
            await store.database.run("UPDATE game_tables SET game = 'gone' WHERE id = ?",
                                     (row_id,))  # fmt: skip
        ended = await end_tables_of_missing_games(store, owns=lambda guild: guild == 1)
        assert ended == [mine.id]
        status = {row.id: row.status for row in await store.unfinished_tables()}
        assert status == {other_shard.id: "lobby", kept.id: "lobby"}
        assert (await store.table(mine.id)).status == "ended"  # type: ignore[union-attr]
        assert len(await store.actions(mine.id)) == moves
        assert "channel 10) is of 'gone', a game no longer installed" in caplog.text
        # the channel takes a new table
        again = await Tables(store).create(1, 10, 100, "seep", {"players": 2})
        assert again.row.status == "lobby"

"""The store's side of a member's data deletion (bot.storage.erasure), on SQLite and
PostgreSQL: everything of theirs is removed or made anonymous, in one server or everywhere,
and nothing of anyone else's changes."""

from __future__ import annotations

import json
import time
from pathlib import Path

from bot.storage import Store
from bot.storage.erasure import FORGOTTEN_ID, FORGOTTEN_NAME, forget_member

ASHA, DEV = 901, 902
HOME, AWAY = 1, 2
RECORD = '[Game "sedma"]\n[Seat1 "Asha"]\n[Seat2 "Dev"]\n[Result "Asha 60 · Dev 30"]\n1. {Asha led}'


async def finished_table(store: Store, guild: int) -> int:
    table = await store.create_table(guild, 10 + guild, ASHA, "sedma", {"players": 2}, seed=1)
    now = time.time()
    db = store.database
    await db.run("UPDATE game_tables SET status = 'finished' WHERE id = ?", (table,))
    for seat, (user, name) in enumerate(((ASHA, "Asha"), (DEV, "Dev"))):
        await db.run("INSERT INTO seats (table_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                     (table, seat, user, name))  # fmt: skip
        await db.run(
            "INSERT INTO player_results (table_id, user_id, guild_id, game, name, side,"
            " partner_id, place, outcome, deals, best_deal, points_for, points_against, rated,"
            " with_computers, finished_at) VALUES (?, ?, ?, 'sedma', ?, ?, ?, 1, 'win', 1, 1,"
            " 1, 1, 1, 0, ?)",
            (table, user, guild, name, seat, DEV if user == ASHA else ASHA, now),
        )
    await db.run(
        "INSERT INTO match_results (table_id, guild_id, game, finished_at, result)"
        " VALUES (?, ?, 'sedma', ?, ?)",
        (table, guild, now, json.dumps({"seats": [{"name": "Asha", "user": ASHA}]})),
    )
    await db.run(
        "INSERT INTO deal_records (table_id, number, guild_id, game, finished_at, fair, result,"
        " record) VALUES (?, 1, ?, 'sedma', ?, 1, 'Asha 60 · Dev 30', ?)",
        (table, guild, now, RECORD),
    )
    row = await db.one("SELECT id FROM deal_records WHERE table_id = ?", (table,))
    assert row is not None
    for user in (ASHA, DEV):
        await db.run("INSERT INTO deal_players (deal_id, user_id) VALUES (?, ?)", (row[0], user))
    return table


async def test_a_member_is_forgotten_in_one_server_or_everywhere(
    store_location: str | Path,
) -> None:
    async with Store(store_location) as store:
        home, away = await finished_table(store, HOME), await finished_table(store, AWAY)
        await store.update_player_prefs(ASHA, {"language": "hi"})
        db = store.database

        here = await forget_member(store, ASHA, guild_id=HOME)  # an admin of HOME asks
        assert (here.results, here.seats, here.records, here.preferences) == (1, 1, 1, 0)
        assert await store.player_prefs(ASHA) == {"language": "hi"}  # not a server's
        assert [r.user_id for r in await store.player_results(HOME, "sedma")] == [DEV]
        assert {r.user_id for r in await store.player_results(AWAY, "sedma")} == {ASHA, DEV}
        record = await db.one("SELECT record, result FROM deal_records WHERE table_id = ?", (home,))
        assert record is not None and "Asha" not in record[0] + record[1]
        assert f'[Seat1 "{FORGOTTEN_NAME}"]' in record[0] and '[Seat2 "Dev"]' in record[0]
        assert "Asha" in (await store.deal_records(AWAY))[0].record

        everywhere = await forget_member(store, ASHA)  # Asha's own request
        assert (everywhere.results, everywhere.preferences) == (1, 1)
        assert await store.player_prefs(ASHA) == {}
        for table in (home, away):
            seats = {(s.user_id, s.name) for s in await store.seats(table)}
            assert seats == {(FORGOTTEN_ID, FORGOTTEN_NAME), (DEV, "Dev")}
            stored = await db.one("SELECT host_id FROM game_tables WHERE id = ?", (table,))
            assert stored is not None and stored[0] == FORGOTTEN_ID
            match = await store.match_result(table)
            assert match == {"seats": [{"name": FORGOTTEN_NAME, "user": FORGOTTEN_ID}]}
        linked = await db.all("SELECT user_id FROM deal_players ORDER BY user_id")
        assert [row[0] for row in linked] == [DEV, DEV]
        partners = await db.all("SELECT partner_id FROM player_results")
        assert [row[0] for row in partners] == [None, None]
        assert not (await forget_member(store, ASHA)).anything  # nothing left to forget

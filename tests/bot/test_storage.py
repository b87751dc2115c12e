"""The store behaves the same on both engines: a SQLite file and a PostgreSQL database."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import PlayerResult, Store
from bot.table_options import TableOptions

# Discord ids are 64-bit snowflakes: a 32-bit column would refuse or cut them.
GUILD, CHANNEL, USER = 1_180_000_000_000_000_001, 1_180_000_000_000_000_002, 900_000_000_000_001


@pytest.fixture
async def store(store_location: str | Path):
    async with Store(store_location) as opened:
        yield opened


async def test_discord_sized_ids_and_json_come_back_as_stored(store: Store) -> None:
    table = await store.create_table(GUILD, CHANNEL, USER, "seep", {"players": 4}, 2**31 - 1,
                                     TableOptions(turn_timer=90, language="hi"))  # fmt: skip
    await store.set_seat(table, 0, USER, "आशा")
    await store.set_seat(table, 1, None, "Computer 2", "strong")
    row = await store.table(table)
    assert row is not None
    assert (row.guild_id, row.channel_id, row.host_id, row.seed) == (
        GUILD,
        CHANNEL,
        USER,
        2**31 - 1,
    )
    assert row.rules == {"players": 4} and row.options.language == "hi"
    seats = await store.seats(table)
    assert [(s.user_id, s.name, s.computer_level) for s in seats] == [
        (USER, "आशा", None), (None, "Computer 2", "strong"),
    ]  # fmt: skip
    assert [t.id for t in await store.unfinished_tables()] == [table]


async def test_a_move_that_cannot_be_stored_leaves_nothing_behind(store: Store) -> None:
    table = await store.create_table(GUILD, CHANNEL, USER, "suipe", {"players": 2}, 1)
    await store.record_move(table, 0, 0, "A")
    with pytest.raises(Exception):  # noqa: B017 - each engine names its own integrity error
        await store.record_move(table, 1, 1, "B", deal_results=[(0, {"a": 1}), (0, {"a": 2})])
    assert await store.actions(table) == ["A"]  # move 1 and its deal result are both gone
    assert await store.deal_results(table) == []
    await store.record_move(table, 1, 1, "B", deal_results=[(0, {"points": [3, 4]})])
    assert await store.actions(table) == ["A", "B"]
    assert await store.deal_results(table) == [{"points": [3, 4]}]


async def test_a_finishing_move_stores_the_match_and_the_players_results(store: Store) -> None:
    table = await store.create_table(GUILD, CHANNEL, USER, "suipe", {"players": 2}, 1)
    result = PlayerResult(
        table_id=table, user_id=USER, guild_id=GUILD, game="suipe", name="Sina", side=0,
        partner_id=None, place=1, outcome="win", deals=2, best_deal=9, points_for=14,
        points_against=12, rated=True, with_computers=False, finished_at=1_800_000_000.25,
        stats={"sweeps": 2}, rounds=[(0, 1), (0, 2)],
    )  # fmt: skip
    await store.record_move(table, 0, 0, "A", match_result={"winner": 0}, guild_id=GUILD,
                            game="suipe", player_results=[result])  # fmt: skip
    assert (await store.table(table)).status == "finished"
    assert await store.match_result(table) == {"winner": 0}
    assert await store.player_results(GUILD, "suipe") == [result]
    assert await store.player_results(GUILD, "suipe", since=1_800_000_000.5) == []


async def test_settings_and_preferences_merge_and_a_null_removes_a_choice(store: Store) -> None:
    assert (await store.guild_settings(GUILD)).settings == {}
    await store.update_guild_settings(GUILD, {"turn_timer": 60, "rated": True})
    await store.update_guild_settings(GUILD, {"turn_timer": 120, "hints": False})
    await store.start_season(GUILD, 1234.5)
    settings = await store.guild_settings(GUILD)
    assert settings.settings == {"turn_timer": 120, "rated": True, "hints": False}
    assert settings.season_start == 1234.5
    await store.update_guild_settings(GUILD, {"rated": None})
    assert (await store.guild_settings(GUILD)).settings == {"turn_timer": 120, "hints": False}

    await store.update_player_prefs(USER, {"language": "gu", "auto_play": True})
    await store.update_player_prefs(USER, {"language": None})
    assert await store.player_prefs(USER) == {"auto_play": True}
    await store.update_player_prefs(USER + 1, {"language": None})
    assert await store.player_prefs(USER + 1) == {}


async def test_many_moves_at_once_each_land_once(store: Store) -> None:
    tables = [
        await store.create_table(GUILD, CHANNEL + n, USER, "suipe", {"players": 2}, n)
        for n in range(20)
    ]

    async def play(table: int) -> None:
        for number in range(10):
            await store.record_move(table, number, number % 2, f"m{number}")

    await asyncio.gather(*(play(t) for t in tables))
    for table in tables:
        assert await store.actions(table) == [f"m{n}" for n in range(10)]


async def test_moves_stored_together_fail_alone(store: Store) -> None:
    """Moves written at once (on SQLite: committed together, one savepoint each): one that
    breaks a rule is rolled back by itself, the others land."""
    tables = [
        await store.create_table(GUILD, CHANNEL + n, USER, "suipe", {"players": 2}, n)
        for n in range(6)
    ]
    for table in tables:
        await store.record_move(table, 0, 0, "A")
    broken = tables[2]  # its move repeats its deal's number: the whole move is refused
    moves = [
        store.record_move(table, 1, 1, "B", deal_results=[(0, {"a": 1}), (0, {"a": 2})])
        if table == broken
        else store.record_move(table, 1, 1, "B", deal_results=[(0, {"points": [table, 1]})])
        for table in tables
    ]
    outcomes = await asyncio.gather(*moves, return_exceptions=True)
    assert [isinstance(o, Exception) for o in outcomes] == [t == broken for t in tables]
    for table in tables:
        if table == broken:
            assert await store.actions(table) == ["A"]
            assert await store.deal_results(table) == []
        else:
            assert await store.actions(table) == ["A", "B"]
            assert await store.deal_results(table) == [{"points": [table, 1]}]

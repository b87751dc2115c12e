"""A table's settings as stored: old rows load with the defaults, new rows read the same in
versions that read them as a plain JSON object."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.contexts import TableContext
from bot.settings import TIMERS, new_table_options
from bot.storage import Store
from bot.table_options import DEFAULT_TURN_SECONDS, Practice, TableOptions
from bot.tables import Tables

GUILD, CHANNEL, HOST = 111_111_111_111_111_111, 222_222_222_222_222_222, 333


@pytest.fixture
async def store(store_location: str | Path):
    async with Store(store_location) as opened:
        yield opened


def test_a_row_from_before_any_setting_reads_as_every_default() -> None:
    options = TableOptions.from_json({})
    assert options == TableOptions()
    assert (options.turn_timer, options.computer_level, options.hints, options.language) == (
        180, "normal", False, "en"
    )
    assert options.context is TableContext.SERVER and not options.rated
    assert options.lobby is None and options.next_match == () and options.practice is None
    assert not options.shares_deals and options.computer_numbers == {}


def test_every_stored_key_reads_back_as_it_was_written() -> None:
    stored = {
        "turn_timer": 0, "computer_level": "hard", "hints": True, "language": "hi",
        "context": "group_dm", "rated": True, "lobby": [5, 6], "next_match": [[7, "Asha"]],
        "parent_channel_id": 8, "rematch_of": 9, "practice": {"deal": 10, "step": 3},
        "event": 11, "event_round": 2, "event_table": 1, "deal_set": 4,
        "computer_numbers": {"1": 3},
    }  # fmt: skip
    options = TableOptions.from_json(json.loads(json.dumps(stored)))
    assert options.turn_timer == 0 and options.context is TableContext.GROUP_DM
    assert options.lobby == (5, 6) and options.next_match == ((7, "Asha"),)
    assert options.practice == Practice(10, 3) and options.computer_numbers == {1: 3}
    assert options.shares_deals
    assert options.to_json() == stored


def test_a_value_at_its_default_is_left_out_and_an_unknown_key_is_kept() -> None:
    options = TableOptions.from_json({"hints": False, "rated": False, "colour": "green"})
    assert options.to_json() == {"colour": "green"}  # what an older reader defaults alike
    assert TableOptions.from_json(options.to_json()) == options


def test_a_value_of_the_wrong_kind_reads_as_the_default() -> None:
    options = TableOptions.from_json(
        {"turn_timer": "soon", "context": "moon", "lobby": [1], "next_match": "x",
         "practice": {"deal": 1}, "event": True}
    )
    assert options.turn_timer == DEFAULT_TURN_SECONDS and options.context is TableContext.SERVER
    assert options.lobby is None and options.next_match == () and options.practice is None
    assert options.event is None


def test_a_new_table_takes_the_openers_choices_over_the_servers() -> None:
    saved = {"timer": "1 hour", "level": "hard"}
    made = new_table_options(saved, "gu")
    assert (made.turn_timer, made.computer_level, made.language) == (3600, "hard", "gu")
    chosen = new_table_options(saved, "en", "off", "easy", True, TableContext.DM)
    assert (chosen.turn_timer, chosen.computer_level, chosen.hints) == (TIMERS["off"], "easy", True)
    assert chosen.context is TableContext.DM


async def test_an_old_row_with_missing_keys_loads_with_the_defaults(store: Store) -> None:
    table = await store.create_table(GUILD, CHANNEL, HOST, "suipe", {"players": 2}, 1)
    async with store.database.transaction() as tx:  # as a version before the timer stored it
        await tx.run("UPDATE game_tables SET options = ? WHERE id = ?",
                     (json.dumps({"language": "hi"}), table))  # fmt: skip
    row = await store.table(table)
    assert row is not None and row.options == TableOptions(language="hi")
    tables = Tables(store)
    await tables.restore()
    session = tables.by_channel[CHANNEL]
    assert session.language == "hi" and not session.hints_on
    assert session.row.options.turn_timer == DEFAULT_TURN_SECONDS


async def test_the_stored_json_names_only_what_differs_from_the_defaults(store: Store) -> None:
    options = TableOptions(turn_timer=0, language="cs", lobby=(1, 2))
    table = await store.create_table(GUILD, CHANNEL, HOST, "suipe", {"players": 2}, 1, options)
    stored = await store.database.one("SELECT options FROM game_tables WHERE id = ?", (table,))
    assert stored is not None
    assert json.loads(stored[0]) == {"turn_timer": 0, "language": "cs", "lobby": [1, 2]}
    row = await store.table(table)
    assert row is not None and row.options == options

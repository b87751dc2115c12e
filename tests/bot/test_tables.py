"""Table sessions on a real store (a SQLite file and a PostgreSQL database): lobby, turns,
stored moves, restart, concurrency."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.storage import MIGRATIONS, Engine, Store
from bot.storage.backends import StoreFault
from bot.table_options import TableOptions
from bot.tables import TableError, Tables, TableSession
from engine import registry

GUILD, CHANNEL, HOST, GUEST = 1, 10, 100, 200


@pytest.fixture
async def store(store_location: str | Path):
    """A store on each engine: a SQLite file and a PostgreSQL database."""
    async with Store(store_location) as opened:
        yield opened


@asynccontextmanager
async def restored_alone(location: str | Path) -> AsyncIterator[TableSession]:
    """The store reopened as after a restart, its one table restored."""
    async with Store(location) as store:
        tables = Tables(store)
        assert await tables.restore() == 1
        yield tables.get(CHANNEL)


async def started_suipe_for_two(tables: Tables, seed: int) -> TableSession:
    """A two-player Suipe table of the host (Sina) and the guest (Tavita), started."""
    session = await tables.create(GUILD, CHANNEL, HOST, "suipe", {"players": 2}, seed=seed)
    await session.join(HOST, "Sina")
    await session.join(GUEST, "Tavita")
    await session.start(HOST)
    return session


async def against_a_computer(
    tables: Tables, seed: int, game: str = "suipe", channel: int = CHANNEL, **rules: int
) -> TableSession:
    """A two-player table of the host (Sina) and a computer player, started."""
    session = await tables.create(GUILD, channel, HOST, game, {"players": 2, **rules}, seed=seed)
    await session.join(HOST, "Sina")
    await session.add_computer(HOST)
    await session.start(HOST)
    return session


async def test_schema_is_migrated_and_sqlite_is_in_wal_mode(store: Store) -> None:
    assert await store.schema_version() == len(MIGRATIONS)
    if store.engine is Engine.SQLITE:
        mode = await store.database.one("PRAGMA journal_mode")
        assert mode is not None and mode[0] == "wal"


async def test_lobby_join_leave_full_and_start(store: Store) -> None:
    tables = Tables(store)
    session = await tables.create(GUILD, CHANNEL, HOST, "seep", {"players": 2}, seed=5)
    with pytest.raises(TableError, match="already a table"):
        await tables.create(GUILD, CHANNEL, HOST, "suipe", {"players": 2})
    assert await session.join(HOST, "Asha") == 0
    with pytest.raises(TableError, match="already at this table"):
        await session.join(HOST, "Asha")
    with pytest.raises(TableError, match="Only the host"):
        await session.start(GUEST)
    with pytest.raises(TableError, match="1 seat is still empty"):
        await session.start(HOST)
    assert await session.join(GUEST, "Dev") == 1
    with pytest.raises(TableError, match="full"):
        await session.join(300, "Ravi")
    assert await session.leave(GUEST) == 1
    with pytest.raises(TableError, match="not at this table"):
        await session.leave(GUEST)
    with pytest.raises(TableError, match="Only the host adds computer players"):
        await session.add_computer(GUEST)
    await session.add_computer(HOST)
    await session.start(HOST)
    assert session.started and (await store.table(session.id)).status == "playing"


async def test_turns_are_checked_and_every_move_is_stored(store: Store) -> None:
    tables = Tables(store)
    session = await started_suipe_for_two(tables, seed=3)
    match = session.match
    mover = match.current_player
    users = {0: HOST, 1: GUEST}
    with pytest.raises(TableError, match="turn"):
        await session.play(users[1 - mover], match.legal_actions()[0])
    with pytest.raises(TableError, match="not at this table"):
        await session.play(999, match.legal_actions()[0])
    with pytest.raises(TableError, match="earlier turn"):
        await session.play(users[mover], match.legal_actions()[0], turn_number=7)
    with pytest.raises(TableError, match="not a Suipe move"):
        await session.play(users[mover], "nonsense")
    turn = session.turn_number  # the deal's cut (the default one here) came first
    result = await session.play(users[mover], match.legal_actions()[0], turn_number=turn)
    assert result.player == mover and result.text
    assert await store.actions(session.id) == [a.notation for a in session.match.actions]
    assert len(session.match.actions) == turn + 1


async def test_a_restarted_bot_continues_the_same_game(store_location: str | Path) -> None:
    path = store_location
    async with Store(path) as store:
        tables = Tables(store)
        session = await tables.create(GUILD, CHANNEL, HOST, "seep", {"players": 4}, seed=8)
        await session.join(HOST, "Asha")
        for _ in range(3):
            await session.add_computer(HOST)
        await session.start(HOST)
        await session.play_computers()
        for _ in range(6):  # the human plays whenever it is their turn
            await session.play(HOST, session.match.legal_actions()[0])
            await session.play_computers()
        before = session.match.to_dict()
    async with restored_alone(path) as again:
        assert again.match.to_dict() == before
        assert again.seat_of(HOST) == 0 and again.seats[1].is_computer


async def test_two_clicks_at_the_same_moment_apply_one_move(store: Store) -> None:
    tables = Tables(store)
    session = await against_a_computer(tables, seed=11)
    await session.play_computers()
    move = session.match.legal_actions()[0]
    turn = session.turn_number
    outcomes = await asyncio.gather(
        session.play(HOST, move, turn), session.play(HOST, move, turn), return_exceptions=True
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert any(isinstance(o, TableError) for o in outcomes)
    assert len(await store.actions(session.id)) == turn + 1


async def test_a_full_match_with_computers_stores_its_results(store: Store) -> None:
    tables = Tables(store)
    session = await tables.create(GUILD, CHANNEL, HOST, "suipe", {"players": 3}, seed=2)
    for _ in range(3):
        await session.add_computer(HOST)
    await session.start(HOST)
    await session.play_computers()
    assert session.match.is_terminal
    assert len(await store.deal_results(session.id)) == 2
    result = await store.match_result(session.id)
    assert result is not None and len(result["seats"]) == 3
    assert (await store.table(session.id)).status == "finished"


async def test_many_tables_write_at_once_without_tangling_transactions(store: Store) -> None:
    tables = Tables(store)
    sessions = []
    for channel in range(20, 28):
        sessions.append(await against_a_computer(tables, seed=channel, channel=channel))

    async def run(session) -> None:
        for _ in range(5):
            await session.play_computers()
            if session.match.is_terminal:
                return
            await asyncio.gather(
                session.play(HOST, session.match.legal_actions()[0]),
                store.set_message(session.id, session.turn_number),
            )

    await asyncio.gather(*(run(s) for s in sessions))
    for session in sessions:
        assert await store.actions(session.id) == [a.notation for a in session.match.actions]


async def test_a_table_of_an_unknown_game_is_left_out_of_the_restore(store: Store) -> None:
    tables = Tables(store)
    kept = await tables.create(GUILD, CHANNEL, HOST, "suipe", {"players": 2}, seed=3)
    gone = await store.create_table(GUILD, CHANNEL + 1, HOST, "nosuchgame", {"players": 2}, 4)
    restored = Tables(store)
    assert await restored.restore() == 1
    assert restored.get(CHANNEL).id == kept.id and restored.get(CHANNEL + 1) is None
    assert (await store.table(gone)).status == "lobby"  # still stored, untouched
    with pytest.raises(TableError, match="unknown game 'nosuchgame'"):
        await tables.create(GUILD, CHANNEL + 2, HOST, "nosuchgame", {"players": 2})


async def test_moves_commit_while_every_finished_statement_is_still_referenced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cursor left open (say, kept alive by a debugger) makes every later COMMIT fail with
    "SQL statements in progress": the store closes each one itself."""
    import aiosqlite

    kept: list[object] = []
    init = aiosqlite.Cursor.__init__

    def keeping(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        init(self, *args, **kwargs)
        kept.append(self)  # never collected while the test runs

    monkeypatch.setattr(aiosqlite.Cursor, "__init__", keeping)
    async with Store(tmp_path / "kept.sqlite3") as store:
        tables = Tables(store)
        session = await against_a_computer(tables, seed=3)
        await session.play_computers()
        for _ in range(3):
            await session.play(HOST, session.match.legal_actions()[0])
            await session.play_computers()
        assert len(await store.actions(session.id)) == session.turn_number >= 3
    assert kept  # the statements were all still referenced


async def test_an_ended_table_plays_no_more_and_stays_ended(store: Store) -> None:
    tables = Tables(store)
    session = await started_suipe_for_two(tables, seed=4)
    mover = (HOST, GUEST)[session.match.current_player]
    move = session.match.legal_actions()[0]
    await tables.end(CHANNEL)
    with pytest.raises(TableError, match="This table has ended"):
        await session.play(mover, move)  # e.g. from a picker opened before the end
    assert await session.take_over(session.turn_number) is None
    assert (await store.table(session.id)).status == "ended"
    again = Tables(store)
    assert await again.restore() == 0  # an ended table does not come back


async def test_a_finished_match_frees_its_channel(store: Store) -> None:
    tables = Tables(store)
    session = await against_a_computer(tables, seed=5, deals=1)
    while not session.match.is_terminal:
        await session.play_computers()
        if not session.match.is_terminal:
            await session.play(HOST, session.match.legal_actions()[0])
    assert session.row.status == "finished"
    new = await tables.create(GUILD, CHANNEL, HOST, "seep", {"players": 2})
    assert new.id != session.id and tables.get(CHANNEL) is new


async def test_a_refusal_speaks_the_movers_language_and_the_record_the_tables(
    store: Store,
) -> None:
    """A Hindi player at a table opened in Gujarati: their refusal comes in Hindi; the table's
    record of plays is kept as the game's record, said in the language of whoever reads it
    (Gujarati on the table, English or Hindi to a player reading it privately)."""
    from bot.i18n import speaking

    tables = Tables(store)
    session = await tables.create(
        GUILD, CHANNEL, HOST, "sedma", {"players": 2}, seed=3, options=TableOptions(language="gu")
    )
    await session.join(HOST, "Asha")
    await session.join(GUEST, "Dev")
    await session.start(HOST)
    match = session.match
    mover = match.current_player
    users = {0: HOST, 1: GUEST}
    other_card = match.view(1 - mover).hand[0]
    with speaking("hi"), pytest.raises(TableError) as refused:
        await session.play(users[mover], str(other_card))
    assert str(refused.value) == f"{other_card.pretty} आपके पास नहीं है।"
    with speaking("hi"):
        result = await session.play(users[mover], match.legal_actions()[0])
    assert result.text.endswith("से शुरुआत की")  # "Your move …" is the mover's, in the past
    names = session.names()
    with speaking("gu"):
        assert session.plays[-1].told(names).endswith("થી શરૂઆત કરી")  # on the table
    assert session.plays[-1].told(names).startswith(f"{names[mover]} led ")  # to an English
    with speaking("hi"):
        assert session.plays[-1].told(names).endswith("से शुरुआत की")


async def test_each_deal_has_a_secret_stored_with_the_move_that_dealt_it(
    store_location: str | Path,
) -> None:
    """Deals come from secrets of their own (not the table's seed, which the computers use):
    a new deal's secret is stored with the move that ended the last one, so a restarted bot
    deals on exactly as before."""
    async with Store(store_location) as store:
        tables = Tables(store)
        session = await against_a_computer(tables, seed=8, game="sedma")
        keys = (await store.table(session.id)).deal_keys
        assert keys is not None and len(keys["secrets"]) == 1 and len(keys["secrets"][0]) == 64
        seeded = registry.new_match("sedma", 8, players=2)  # what the seed alone would deal
        assert session.match.deal.hands != seeded.deal.hands
        while session.match.deals_finished == 0:
            await session.play_computers()
            if session.match.deals_finished == 0:
                await session.play(HOST, session.match.legal_actions()[0])
        stored = (await store.table(session.id)).deal_keys
        assert stored is not None and len(stored["secrets"]) == 2
        assert stored["secrets"][0] == keys["secrets"][0]
        before = session.match.to_dict()
    async with restored_alone(store_location) as again:
        assert again.match.to_dict() == before
        assert again.match.deal.hands == session.match.deal.hands


async def test_a_deal_ending_move_the_store_refused_deals_on_as_stored_once_retried(
    store_location: str | Path,
) -> None:
    """The move that ends a deal draws the next deal's secret. When the store refuses that
    move, the game in memory is as before it (no secret drawn that the store lacks); played
    again and stored, the table deals on after a restart exactly as it did before it."""
    async with Store(store_location) as store:
        tables = Tables(store)
        session = await against_a_computer(tables, seed=8, game="sedma")
        record_move = store.record_move
        refused: list[int] = []

        async def refuse_the_first_deal_end(*args: Any, **kwargs: Any) -> Any:
            if args[4] and not refused:  # the move finishes a deal (its deals' rows)
                refused.append(args[1])
                raise StoreFault("the disk is full")
            return await record_move(*args, **kwargs)

        store.record_move = refuse_the_first_deal_end  # type: ignore[method-assign]
        while session.match.deals_finished == 0:
            try:
                await session.play_computers()
                if session.match.deals_finished == 0:
                    await session.play(HOST, session.match.legal_actions()[0])
            except StoreFault:  # nothing of the refused move kept: the game is as stored
                kept = (await store.table(session.id)).deal_keys
                assert session.match.to_dict()["seed"] == kept
                assert len(session.match.actions) == len(await store.actions(session.id))
        assert refused
        stored = (await store.table(session.id)).deal_keys
        assert stored is not None and len(stored["secrets"]) == 2
        after = session.match.to_dict()
        hands = session.match.deal.hands
    async with restored_alone(store_location) as again:
        assert again.match.to_dict() == after
        assert again.match.deal.hands == hands


async def test_a_table_stored_before_secret_deals_restores_and_finishes_as_before(
    store: Store,
) -> None:
    """A table stored by an earlier version has only its seed: its deals stay as they were."""
    table_id = await store.create_table(GUILD, CHANNEL, HOST, "suipe", {"players": 2}, 42)
    await store.set_seat(table_id, 0, None, "Computer 1", "easy")
    await store.set_seat(table_id, 1, None, "Computer 2", "easy")
    await store.set_status(table_id, "playing")
    old = registry.new_match("suipe", 42, players=2)
    for number in range(5):
        player = old.current_player
        action = old.legal_actions()[0]
        old.apply(action)
        await store.record_move(table_id, number, player, action.notation)
    assert (await store.table(table_id)).deal_keys is None
    tables = Tables(store)
    assert await tables.restore() == 1
    session = tables.get(CHANNEL)
    assert session.match.to_dict() == old.to_dict()
    assert session.match.deal_keys is None
    await session.play_computers()
    assert session.match.is_terminal
    assert (await store.table(table_id)).status == "finished"


async def test_a_typed_move_sent_before_a_restart_came_up_is_for_the_turn_it_was_sent_in(
    store: Store, store_location: str | Path
) -> None:
    """A move typed after the latest move (before this process restored the table) is the
    present turn's and is played; one typed before that latest move is an earlier turn's."""
    tables = Tables(store)
    session = await started_suipe_for_two(tables, seed=5)
    match = session.match
    assert match is not None
    mover = HOST if session.seats[match.current_player or 0].user_id == HOST else GUEST
    sent_before = time.time() - 60
    await session.play(mover, match.legal_actions()[0].notation, session.turn_number)
    sent_between = time.time()
    await asyncio.sleep(0.05)
    async with restored_alone(store_location) as restored:
        match = restored.match
        assert match is not None
        mover = HOST if restored.seats[match.current_player or 0].user_id == HOST else GUEST
        move = match.legal_actions()[0].notation
        with pytest.raises(TableError, match="earlier turn"):
            await restored.play(mover, move, None, None, sent_before)
        played = await restored.play(mover, move, None, None, sent_between)
        assert played is not None


async def test_computers_at_tables_of_one_deal_set_choose_alike_and_others_by_their_seed(
    store: Store,
) -> None:
    """Two tables of an event's deal set play the same deals: their computers, in the same
    position, draw the same choices (whatever each table's own seed); two ordinary tables in
    the same position do not share their computers' draws."""
    tables = Tables(store)
    made = []
    for channel, seed, options in ((11, 3, TableOptions(event=9, deal_set=2)),
                                   (12, 4, TableOptions(event=9, deal_set=2)),
                                   (13, 3, TableOptions()), (14, 4, TableOptions())):  # fmt: skip
        session = await tables.create(GUILD, channel, HOST, "suipe", {"players": 2}, seed=seed,
                                      options=options)  # fmt: skip
        await session.join(HOST, "Sina")
        await session.add_computer(HOST)
        await session.start(HOST)
        made.append(session)
    position = made[0].match
    assert position is not None
    for session in made[1:]:
        session.match = position.clone()
    draws = [session.in_play._computer_rng().random() for session in made]
    assert made[0].shares_deals and not made[2].shares_deals
    assert draws[0] == draws[1] and draws[2] != draws[3]

"""A table's snapshot (bot/snapshot.py): what its messages are made from stays as it was taken,
whatever the session does next."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Store
from bot.table_options import TableOptions
from bot.tables import TableError, Tables, TableSession

GUILD, CHANNEL, HOST, GUEST = 1, 10, 100, 200


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with Store(tmp_path / "snapshot.sqlite3") as opened:
        yield opened


async def two_people(store: Store, hands: int = 2) -> TableSession:
    """A started two-seat table of Sina (the host) and Tavita."""
    session = await Tables(store).create(GUILD, CHANNEL, HOST, "tinytricks",
                                         {"players": 2, "hands": hands}, seed=3,
                                         options=TableOptions(turn_timer=0))  # fmt: skip
    await session.join(HOST, "Sina")
    await session.join(GUEST, "Tavita")
    await session.start(HOST)
    return session


async def play_one(session: TableSession) -> None:
    match = session.match
    assert match is not None
    mover = session.seats[match.current_player or 0].user_id
    assert mover is not None
    await session.play(mover, match.legal_actions()[0].notation, session.turn_number)


async def test_a_snapshot_stays_as_it_was_when_the_session_moves_on(store: Store) -> None:
    session = await two_people(store)
    await play_one(session)
    session.notice = "Time's up"
    session.row = dataclasses.replace(session.row, turn_deadline=1000.0)
    taken = session.snapshot()
    moves, mover = taken.turn_number, taken.to_play
    actions = [action.notation for action in taken.match.actions]
    assert [play.number for play in taken.plays] == [0]
    assert taken.names == ("Sina", "Tavita") and taken.mention(1) == f"<@{GUEST}>"

    await play_one(session)  # the session moves on: a move, a deadline, a seat, a notice
    session.notice = ""
    session.row = dataclasses.replace(
        session.row, turn_deadline=2000.0, options=TableOptions(turn_timer=60)
    )
    await session._set_missed(0, 3)
    assert session.turn_number == moves + 1

    assert taken.turn_number == moves and taken.to_play == mover
    assert [action.notation for action in taken.match.actions] == actions
    assert taken.turn_deadline == 1000.0 and taken.notice == "Time's up"
    assert taken.language == "en" and taken.row.options.turn_timer == 0
    assert taken.seats[0].missed_turns == 0 and taken.person_to_move is not None
    assert [play.number for play in taken.plays] == [0]


async def test_a_snapshot_cannot_be_changed_by_whoever_reads_it(store: Store) -> None:
    session = await two_people(store)
    taken = session.snapshot()
    with pytest.raises(dataclasses.FrozenInstanceError):
        taken.notice = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        taken.seats[0] = taken.seats[1]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        taken.row.options.turn_timer = 60  # type: ignore[misc]  # settings are a frozen value
    taken.row.rules["players"] = 3  # a copy: the table's rules are its own
    assert session.row.rules["players"] == 2
    taken.match.apply(taken.match.legal_actions()[0])  # a copy: the table's match is its own
    assert session.turn_number == 0


async def test_a_summary_snapshot_shows_the_table_after_the_move_that_ended_the_deal(
    store: Store,
) -> None:
    session = await two_people(store, hands=2)
    while session.match is not None and session.match.deals_finished == 0:
        await play_one(session)
    ended = session.turn_number
    await play_one(session)
    shown = session.snapshot(after=ended)
    assert shown.turn_number == ended and shown.match.deals_finished == 1
    assert session.snapshot().turn_number == ended + 1


async def test_a_lobby_has_a_lobby_snapshot_and_no_table_snapshot(store: Store) -> None:
    session = await Tables(store).create(GUILD, CHANNEL, HOST, "tinytricks", {"players": 2})
    await session.join(HOST, "Sina")
    lobby = session.lobby_snapshot()
    await session.add_computer(HOST)
    assert lobby.names == ("Sina", "Seat 2") and not lobby.computers
    assert session.lobby_snapshot().computers
    with pytest.raises(TableError):
        session.snapshot()

"""A table's two phases (bot/tables.py): the lobby's actions before the start, the table in
play's after it, each refused in the other phase with the words players read."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Store
from bot.table_options import TableOptions
from bot.tables import TableError, Tables

GUILD, CHANNEL, HOST, GUEST = 1, 10, 100, 200


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[Tables]:
    async with Store(tmp_path / "phases.sqlite3") as store:
        yield Tables(store)


async def test_before_the_start_a_move_a_hint_and_a_turn_are_refused(tables: Tables) -> None:
    session = await tables.create(GUILD, CHANNEL, HOST, "tinytricks", {"players": 2},
                                  options=TableOptions(hints=True))  # fmt: skip
    await session.join(HOST, "Sina")
    assert session.playing is None and session.match is None and session.turn_number == 0
    for refused in (session.play(HOST, "x"), session.hint(HOST, 0)):
        with pytest.raises(TableError, match="The game has not started yet"):
            await refused
    with pytest.raises(TableError, match="The game has not started yet"):
        _ = session.in_play
    assert await session.play_computers() == [] and await session.take_over(0) is None


async def test_after_the_start_the_lobby_is_closed_and_the_table_is_in_play(
    tables: Tables,
) -> None:
    session = await tables.create(GUILD, CHANNEL, HOST, "tinytricks", {"players": 2})
    await session.join(HOST, "Sina")
    await session.join(GUEST, "Tavita")
    await session.start(HOST)
    playing = session.in_play
    assert session.match is playing.match and tables.get(CHANNEL) is session
    for refused in (session.join(300, "Ana"), session.leave(GUEST), session.add_computer(HOST)):
        with pytest.raises(TableError, match="started"):
            await refused
    mover = session.seats[playing.match.current_player or 0].user_id
    assert mover is not None
    await session.play(mover, playing.match.legal_actions()[0].notation, 0)
    assert session.in_play is playing and playing.turn_number == session.turn_number == 1

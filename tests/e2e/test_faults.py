"""A store that cannot write for a while: another process holds the SQLite file's write lock
(as a backup or a migration would), so every write fails with "database is locked". A
computer's move waits and is tried again until the store writes, the players are told once
that the table waits, and it goes on by itself; a player's own move is answered with words
that say it could not be saved (not that their choice was wrong)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import Env
from .fake_discord import CHANNEL_ID, EPHEMERAL
from .helpers import message_text, start_table, suipe_for_two

pytestmark = pytest.mark.slow

ASHA, DEV = 701, 702
WAITING = "is waiting: moves can't be saved right now"


@contextlib.contextmanager
def write_locked(database: Path) -> Iterator[sqlite3.Connection]:
    """Hold the file's write lock from another connection (readers go on); that connection."""
    other = sqlite3.connect(database, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield other
        other.execute("ROLLBACK")
    finally:
        other.close()


def answer(step: object) -> str:
    return str((step.responses[-1].get("data") or {}).get("content") or "")  # type: ignore[attr-defined]


async def test_a_computer_move_waits_for_the_store_and_the_table_goes_on(env: Env) -> None:
    fake = env.fake
    env.bot.computer_delay = 1.0
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    session = env.bot.tables.get(CHANNEL_ID)
    assert session.match.current_player == 0  # Asha's turn
    move = session.match.legal_actions()[0].notation
    played = await fake.slash(ASHA, "play", move=f"{move}#{session.turn_number}")
    assert answer(played).startswith("Your move")
    turn = session.turn_number
    with write_locked(env.database) as locked:  # before the computer's move is stored
        notice = await fake.wait_for_message(lambda m: WAITING in m["content"], timeout=15)
        await asyncio.sleep(2)  # it keeps trying (each try waits ~5 s for the lock)
        (stored,) = locked.execute("SELECT count(*) FROM actions").fetchone()
        assert stored == turn, "nothing is stored while the store cannot write"
    await env.bot.idle()
    assert session.turn_number == turn + 1  # the computer's move, stored once the file writes
    waiting = [m for m in fake.messages.values() if WAITING in m["content"]]
    assert len(waiting) == 1, "told once, not at every try"
    table = [m for m in fake.channel_messages() if f"<@{ASHA}>, your turn" in message_text(m)]
    assert table and int(table[-1]["id"]) > int(notice["id"])  # Asha is pinged again
    assert int(notice["id"]) in fake.deleted  # the notice goes with the next table
    db = sqlite3.connect(env.database)
    try:
        (stored,) = db.execute("SELECT count(*) FROM actions").fetchone()
    finally:
        db.close()
    assert stored == turn + 1


async def test_a_move_that_cannot_be_saved_is_answered_so_and_can_be_sent_again(
    env: Env,
) -> None:
    fake = env.fake
    session, mover, move = await suipe_for_two(env, {ASHA: "Asha", DEV: "Dev"})
    before = session.turn_number
    value = f"{move}#{before}"
    with write_locked(env.database):
        refused = await fake.slash(mover, "play", move=value)
    text = answer(refused)
    assert text == "Moves can't be saved right now: try again in a moment."
    assert (
        refused.responses[-1]["data"].get("flags", 0) & EPHEMERAL
        or refused.responses[0]["data"].get("flags", 0) & EPHEMERAL
    )
    assert session.turn_number == before
    again = await fake.slash(mover, "play", move=value)
    assert answer(again).startswith("Your move")
    await env.bot.idle()
    assert session.turn_number == before + 1


async def test_a_move_is_acknowledged_before_it_is_played(env: Env) -> None:
    """A move is acknowledged at once ("thinking…", privately), then played and answered by
    an edit: however long it then waits for its table, Discord's 3 seconds are kept."""
    fake = env.fake
    session, mover, move = await suipe_for_two(env, {ASHA: "Asha", DEV: "Dev"})
    before = session.turn_number
    async with session.lock:  # its table is held up a moment
        waiting = asyncio.create_task(fake.slash(mover, "play", move=f"{move}#{before}"))
        await asyncio.sleep(1.0)
        assert session.turn_number == before
    played = await waiting
    assert [r["type"] for r in played.responses] == [5]
    assert played.responses[0]["data"]["flags"] & EPHEMERAL
    assert answer(played).startswith("Your move")
    await env.bot.idle()
    assert session.turn_number == before + 1
    assert not fake.violations

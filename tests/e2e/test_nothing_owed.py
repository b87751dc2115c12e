"""The narrow windows where a player could be misled or a table could stop: a fault of the
store between the writes that belong to one move, a move that reaches the bot late, a store
fault at a table of computers, a transient error while the table's channel is fetched."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from typing import Any

import pytest

from bot.storage import StoreFault
from engine import registry

from .conftest import Env
from .fake_discord import CHANNEL_ID
from .helpers import message_text, start_table

ASHA = 44_001


def answer(step: Any) -> str:
    return str((step.responses[-1].get("data") or {}).get("content") or "")


def ends_a_deal(session: Any, notation: str) -> bool:
    """Whether the move would finish the deal (tried on a copy of the match)."""
    copy = registry.restore(session.match.to_dict())
    before = copy.deals_finished
    copy.apply(notation, copy.current_player)
    return bool(copy.deals_finished > before)


def stored_actions(env: Env) -> int:
    db = sqlite3.connect(env.database)
    try:
        (count,) = db.execute("SELECT count(*) FROM actions").fetchone()
    finally:
        db.close()
    return int(count)


async def play_until_asha_ends_a_deal(env: Env, session: Any) -> str:
    """Asha plays her first legal move each turn until her next move would end the deal;
    that move's notation."""
    for _ in range(200):
        await env.bot.idle()
        assert session.match.current_player == 0
        move = session.match.legal_actions()[0].notation
        if ends_a_deal(session, move):
            return str(move)
        played = await env.fake.slash(ASHA, "play", move=f"{move}#{session.turn_number}")
        assert answer(played).startswith("Your move"), answer(played)
    raise AssertionError("no deal ended")


async def test_a_fault_after_a_deal_ending_move_is_stored_never_stops_the_table(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move that ends a deal, and the computer's cut of the next deal, are one write: a
    fault of the store's next write (where the cut used to be written on its own) does not
    tell the player their stored move was lost, the summary comes and the table goes on."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    session = env.bot.tables.get(CHANNEL_ID)
    move = await play_until_asha_ends_a_deal(env, session)
    store = env.bot.store
    writes: list[int] = []
    record_move = store.record_move

    async def second_write_fails(*args: Any, **kwargs: Any) -> None:
        writes.append(1)
        if len(writes) == 2:
            raise StoreFault("the store stopped answering for a moment")
        await record_move(*args, **kwargs)

    monkeypatch.setattr(store, "record_move", second_write_fails)
    turn = session.turn_number
    played = await fake.slash(ASHA, "play", move=f"{move}#{turn}")
    assert answer(played).startswith("Your move"), answer(played)
    await env.bot.idle()
    assert session.match.deals_finished >= 1
    summaries = [m for m in fake.channel_messages() if m["attachments"] and "Deal 1" in str(m)]
    assert summaries, "the deal's summary is posted"
    # the move and the cut that followed it were stored together, and the game went on
    assert stored_actions(env) == session.turn_number > turn + 1
    table = [m for m in fake.channel_messages() if f"<@{ASHA}>, your turn" in message_text(m)]
    assert table, "the next turn is announced"


async def test_a_table_of_computers_moves_on_within_two_seconds_of_the_store_answering(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store cannot write for eight seconds while a computer is to move; once it writes
    again, the computer's move is stored within two seconds (the retry's pause stays short)."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    session = env.bot.tables.get(CHANNEL_ID)
    store = env.bot.store
    record_move = store.record_move
    broken = True

    async def faulty(table_id: int, number: int, player: int, *args: Any, **kwargs: Any) -> None:
        if broken and player == 1:  # the computer's reply cannot be stored now
            raise StoreFault("the database server is restarting")
        await record_move(table_id, number, player, *args, **kwargs)

    move = session.match.legal_actions()[0].notation
    turn = session.turn_number
    monkeypatch.setattr(store, "record_move", faulty)
    played = await fake.slash(ASHA, "play", move=f"{move}#{turn}")
    assert answer(played).startswith("Your move")
    await asyncio.sleep(8)
    assert session.turn_number == turn + 1, "nothing stored while the store is down"
    loop = asyncio.get_running_loop()
    broken = False
    answered = loop.time()
    while session.turn_number == turn + 1:
        await asyncio.sleep(0.05)
        assert loop.time() - answered < 2.0, "the table waited too long after the store came back"
    await env.bot.idle()


async def test_a_move_that_reaches_the_bot_too_late_for_discord_is_not_played(env: Env) -> None:
    """A move 4 s old when it reaches the bot: Discord has shown its player that the
    interaction failed and refuses its acknowledgement, so the move is not played (what the
    player saw is true); 2 s old, it is acknowledged at once and played."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    session = env.bot.tables.get(CHANNEL_ID)
    move = session.match.legal_actions()[0].notation
    turn = session.turn_number
    late = await fake.slash(ASHA, "play", move=f"{move}#{turn}", late=4.0)
    await asyncio.sleep(0.5)
    await env.bot.idle()
    assert session.turn_number == turn, "a move whose player saw it fail is not played"
    assert not late.acknowledged.is_set()
    assert all("3 seconds" in violation for violation in fake.violations)
    fake.violations.clear()  # Discord's refusal of the late acknowledgement, as expected
    played = await fake.slash(ASHA, "play", move=f"{move}#{turn}", late=2.0)
    assert played.responses[0]["type"] == 5, "acknowledged before it is played"
    assert answer(played).startswith("Your move")
    await env.bot.idle()
    assert session.turn_number > turn


async def test_a_typed_move_sent_during_an_earlier_turn_is_refused(env: Env) -> None:
    """A move typed into /play (not chosen from the offered list, so without its turn) and
    sent before the present turn began is an earlier turn's: refused, not played now."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    session = env.bot.tables.get(CHANNEL_ID)
    typed_at = time.time()  # she types a move for this turn, and it is slow to arrive …
    await asyncio.sleep(0.5)  # (longer than the grace a typed move's clock is given)
    move = session.match.legal_actions()[0].notation
    played = await fake.slash(ASHA, "play", move=f"{move}#{session.turn_number}")
    assert answer(played).startswith("Your move")  # … meanwhile she played from the list
    await env.bot.idle()
    assert session.match.current_player == 0  # the computer answered: her turn again
    turn = session.turn_number
    move = session.match.legal_actions()[0].notation
    typed = await fake.slash(ASHA, "play", move=move, late=time.time() - typed_at)
    assert "earlier turn" in answer(typed)
    assert session.turn_number == turn
    typed = await fake.slash(ASHA, "play", move=move)
    assert answer(typed).startswith("Your move")


async def test_a_passing_refusal_from_discord_does_not_end_or_stop_the_table(env: Env) -> None:
    """Discord answers the next table message with a 503, then with a 404 that is not
    Unknown Channel: the table is neither ended nor stopped; its message comes once Discord
    takes it. (Only Unknown Channel, 10003, means the channel is gone.)"""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    session = env.bot.tables.get(CHANNEL_ID)
    before = [m for m in fake.channel_messages() if f"<@{ASHA}>, your turn" in message_text(m)]
    fake.refused_posts = [(503, 0), (404, 0)]
    move = session.match.legal_actions()[0].notation
    played = await fake.slash(ASHA, "play", move=f"{move}#{session.turn_number}")
    assert answer(played).startswith("Your move")
    await env.bot.idle()
    assert not fake.refused_posts
    assert not session.ended and env.bot.tables.get(CHANNEL_ID) is session
    after = [m for m in fake.channel_messages() if f"<@{ASHA}>, your turn" in message_text(m)]
    assert len(after) == 1 and after[0] not in before, "the next table message came"


MANAGER = 1 << 5  # Manage Server


async def test_a_damaged_settings_row_leaves_tables_open_and_is_told_to_the_admin(
    env: Env, caplog: pytest.LogCaptureFixture
) -> None:
    """A server's stored settings that are not a JSON object: its tables still open with the
    defaults, /settings show says so in a plain line, and setting them again repairs it."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await fake.slash(ASHA, "settings", "tables", permissions=MANAGER, rate_computer_games=True)
    db = sqlite3.connect(env.database)
    try:
        db.execute("UPDATE guild_settings SET settings = '[1, 2, 3]'")
        db.commit()
    finally:
        db.close()
    with caplog.at_level(logging.WARNING, logger="seepbot"):
        await fake.slash(ASHA, "table", "new suipe", players=2)
    assert env.bot.tables.get(CHANNEL_ID) is not None, "the table opens with the defaults"
    assert any("not a JSON object" in r.getMessage() for r in caplog.records), "logged"
    shown = answer(await fake.slash(ASHA, "settings", "show", permissions=MANAGER))
    assert "could not be read, so the defaults apply" in shown
    saved = await fake.slash(ASHA, "settings", "tables", permissions=MANAGER,
                             rate_computer_games=True)  # fmt: skip
    assert answer(saved).startswith("Saved")
    shown = answer(await fake.slash(ASHA, "settings", "show", permissions=MANAGER))
    assert "could not be read" not in shown


async def test_a_yes_or_no_option_sent_as_other_text_is_refused(env: Env) -> None:
    """A client that sends "no" (text) for a yes-or-no option: refused in a plain private
    line, nothing changed (it used to count as yes)."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    refused = await fake.slash(ASHA, "settings", "tables", permissions=MANAGER,
                               rate_computer_games="no")  # fmt: skip
    assert "takes yes or no" in answer(refused)
    assert refused.responses[-1]["data"]["flags"] & 64
    shown = answer(await fake.slash(ASHA, "settings", "show", permissions=MANAGER))
    saved = await fake.slash(ASHA, "settings", "tables", permissions=MANAGER,
                             rate_computer_games=False)  # fmt: skip
    assert answer(saved).startswith("Saved")
    assert shown == answer(await fake.slash(ASHA, "settings", "show", permissions=MANAGER))

"""Each table in its own thread where the bot may create threads; in the channel itself, with a
plain note, where it may not."""

from __future__ import annotations

import asyncio

from .conftest import Env, start_bot, stop_bot
from .fake_discord import CHANNEL_ID, EPHEMERAL, THREADS_CHANNEL_ID
from .helpers import button, message_text

ASHA, DEV = 601, 602


def tables_in(env: Env, channel_id: int) -> list[dict]:
    fake = env.fake
    return [
        m
        for m in fake.channel_messages(channel_id)
        if any(c.get("label") == "My hand" for c in fake.components(m))
    ]


async def test_a_table_plays_in_its_own_thread(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new suipe", channel_id=THREADS_CHANNEL_ID, players=2)
    assert len(fake.threads) == 1
    thread_id = next(iter(fake.threads))
    assert int(fake.threads[thread_id]["parent_id"]) == THREADS_CHANNEL_ID
    lobby = fake.messages[new.message_id]
    assert int(lobby["channel_id"]) == THREADS_CHANNEL_ID  # the lobby is where people look
    assert f"<#{thread_id}>" in lobby["content"]
    welcome = await fake.wait_for_message(lambda m: int(m["channel_id"]) == thread_id)
    assert f"<@{ASHA}>" in welcome["content"]

    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()
    assert tables_in(env, thread_id), "the game is posted in the thread"
    assert not tables_in(env, THREADS_CHANNEL_ID), "and not in the parent channel"

    elsewhere = await fake.slash(ASHA, "table", "status", channel_id=THREADS_CHANNEL_ID)
    data = elsewhere.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and f"<#{thread_id}>" in data["content"]

    session = env.bot.tables.get(thread_id)
    assert session is not None and session.match is not None
    if session.match.current_player == 0:
        move = session.match.legal_actions()[0].notation
        played = await fake.slash(ASHA, "play", channel_id=thread_id, move=move)
        assert "Your move" in played.responses[-1]["data"]["content"]
        await env.bot.idle()
    turn = session.turn_number

    # After a restart the thread's table continues and its button still answers.
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    restored = env.bot.tables.get(thread_id)
    assert restored is not None and restored.turn_number == turn
    table = tables_in(env, thread_id)[-1]
    opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
    assert fake.messages[opened.message_id]["flags"] & EPHEMERAL


async def test_without_thread_permission_the_table_plays_in_the_channel(env: Env) -> None:
    fake = env.fake
    fake.add_member(DEV, "Dev")
    new = await fake.slash(DEV, "table", "new seep", players=2)
    lobby = fake.messages[new.message_id]
    assert int(lobby["channel_id"]) == CHANNEL_ID
    assert "may not create threads" in lobby["content"]
    assert not fake.threads
    assert env.bot.tables.get(CHANNEL_ID) is not None


async def test_a_deleted_thread_ends_its_table_quietly(env: Env) -> None:
    """A moderator deletes a table's thread: the next post finds the channel gone, the table
    ends (no error, no timer playing on in the void) and it is not restored."""
    fake = env.fake
    env.bot.timer_scale = 0.15 / 180
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new suipe", channel_id=THREADS_CHANNEL_ID, players=2)
    lobby = fake.messages[new.message_id]
    thread_id = next(iter(fake.threads))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()
    session = env.bot.tables.get(thread_id)
    await fake.delete_thread(thread_id)
    for _ in range(100):  # the timer's reminder finds the thread gone
        if session.ended:
            break
        await asyncio.sleep(0.05)
    assert session.ended and env.bot.tables.get(thread_id) is None
    assert session.id not in env.bot.timers
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    assert env.bot.tables.get(thread_id) is None
    assert not env.errors.records


async def test_an_archived_thread_wakes_up_and_a_locked_one_ends_its_table(env: Env) -> None:
    """A table thread archives after a quiet day: the next post wakes it and play goes on. A
    thread a moderator locked cannot be posted in: the table ends quietly."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    tables = []
    for _ in range(2):
        new = await fake.slash(ASHA, "table", "new suipe", channel_id=THREADS_CHANNEL_ID, players=2)
        lobby = fake.messages[new.message_id]
        thread_id = list(fake.threads)[-1]
        await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
        await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
        await env.bot.idle()
        tables.append((thread_id, env.bot.tables.get(thread_id)))
    (quiet, woken), (locked, closed) = tables
    await fake.archive_thread(quiet)
    await fake.archive_thread(locked, locked=True)
    for thread_id, session in tables:
        move = session.match.legal_actions()[0].notation
        answer = await fake.slash(ASHA, "play", channel_id=thread_id, move=move)
        assert answer.responses[-1]["data"]["content"].startswith("Your move")
    await env.bot.idle()
    assert not fake.threads[quiet]["thread_metadata"]["archived"] and not woken.ended
    assert f"<@{ASHA}>, your turn" in message_text(tables_in(env, quiet)[-1])  # the new table
    assert closed.ended and env.bot.tables.get(locked) is None
    assert not env.errors.records

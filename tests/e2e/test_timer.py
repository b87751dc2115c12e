"""The turn timer, end to end: a reminder, a computer move for an absent player, the seat
handed to a computer after three missed turns, and /table rejoin."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.flow import TableFlow

from .conftest import Env, start_bot, stop_bot
from .fake_discord import EPHEMERAL
from .helpers import button, message_text, play_first_move, start_table
from .test_seep_deal import ASHA


async def test_timer_reminds_then_plays_then_hands_the_seat_over(env: Env) -> None:
    fake = env.fake
    env.bot.timer_scale = 0.15 / 180  # the 3-minute default becomes 0.15 s
    fake.add_member(ASHA, "Asha")
    # a long match, so that it is still on when Asha comes back
    new = await fake.slash(ASHA, "table", "new suipe", players=2, deals=20)
    lobby = fake.messages[new.message_id]
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await fake.wait_for_message(
        lambda m: "it's your turn:" in m["content"] and f"<@{ASHA}>" in m["content"]
    )
    taken = await fake.wait_for_message(lambda m: "Time's up" in message_text(m))
    assert "played for Asha" in message_text(taken)
    env.bot.computer_delay = 0.05  # computers now play both seats: keep the match going
    away = await fake.wait_for_message(lambda m: "/table rejoin" in message_text(m), timeout=15)
    assert "keeps the seat" in message_text(away)
    session = env.bot.tables.get(int(lobby["channel_id"]))
    assert session.seats[0].away
    refused = await fake.slash(ASHA, "play", move="7H")
    assert refused.responses[-1]["data"]["flags"] & EPHEMERAL
    assert "/table rejoin" in refused.responses[-1]["data"]["content"]
    back = await fake.slash(ASHA, "table", "rejoin")
    assert "seat 1 is yours again" in back.responses[-1]["data"]["content"]
    env.bot.timer_scale = 1.0  # stop the clock for the end of the test
    await env.bot.idle()
    assert not session.seats[0].away


async def test_shutting_down_while_computers_play_loses_no_move(env: Env) -> None:
    fake = env.fake
    env.bot.timer_scale = 0.15 / 180
    env.bot.computer_delay = 0.01
    env.bot.shutdown_grace = 0.05  # too short for the match: the shutdown must cut it off
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new suipe", players=2, deals=20)
    lobby = fake.messages[new.message_id]
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    # Asha never plays: after three missed turns computers play both seats, move after move
    await fake.wait_for_message(lambda m: "/table rejoin" in m["content"], timeout=15)
    channel = int(lobby["channel_id"])
    session = env.bot.tables.get(channel)
    await asyncio.sleep(0.2)
    assert not session.match.is_terminal
    await stop_bot(env.bot, wait_for_work=False)
    played = session.match.to_dict()
    env.bot = await start_bot(fake, env.database)
    env.bot.timer_scale = 1.0
    restored = env.bot.tables.get(channel)
    assert restored.match.to_dict()["actions"][: len(played["actions"])] == played["actions"]
    # the computer seats play on after the restart (both seats are computers now)
    for _ in range(200):
        if restored.turn_number > len(played["actions"]):
            break
        await asyncio.sleep(0.05)
    assert restored.turn_number > len(played["actions"])
    ended = await fake.slash(ASHA, "table", "end")
    assert "has ended" in ended.responses[-1]["data"]["content"]
    await env.bot.idle()
    stopped = restored.turn_number
    await asyncio.sleep(0.3)
    assert restored.turn_number == stopped and restored.ended  # nothing more is played


async def test_a_restored_table_runs_its_turn_timer_on_from_its_stored_deadline(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart does not give the player to move a fresh turn (a crash loop would keep an
    absent player's seat waiting for ever): the timer runs out when it would have."""
    fake = env.fake
    turn_seconds = 6.0
    monkeypatch.setattr(TableFlow, "timer_scale", turn_seconds / 180)
    fake.add_member(ASHA, "Asha")
    lobby, _ = await start_table(env, ASHA, "suipe", computers=1, players=2, deals=20)
    began = time.monotonic()  # the table message is posted: Asha's turn runs from here
    channel = int(lobby["channel_id"])
    session = env.bot.tables.get(channel)
    assert session.match.current_player == 0 and session.id in env.bot.timers  # Asha's turn
    turn = session.turn_number
    await stop_bot(env.bot)
    await asyncio.sleep(2.0)  # the bot is away for a while
    env.bot = await start_bot(fake, env.database)
    restored = env.bot.tables.get(channel)
    assert restored.turn_number == turn
    reminder = await fake.wait_for_message(
        lambda m: "it's your turn:" in m["content"] and f"<@{ASHA}>" in m["content"]
    )
    assert int(reminder["channel_id"]) == channel
    taken = await fake.wait_for_message(lambda m: "Time's up" in message_text(m))
    elapsed = time.monotonic() - began
    assert "played for Asha" in message_text(taken)
    # a fresh timer would run out 2 s + 6 s after the start at the earliest
    assert turn_seconds - 0.5 < elapsed < turn_seconds + 1.5, elapsed
    monkeypatch.setattr(TableFlow, "timer_scale", 1.0)
    await env.bot.idle()
    assert env.bot.tables.get(channel).turn_number > turn
    tables = [m for m in fake.messages.values() if f"<@{ASHA}>, your turn" in message_text(m)]
    assert len(tables) == 2, "the table was posted once before the restart, once after the move"


async def test_reminders_go_once_the_turn_passes_and_computers_show_they_are_thinking(
    env: Env,
) -> None:
    fake = env.fake
    env.bot.timer_scale = 0.3 / 180
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new suipe", players=2, deals=20)
    lobby = fake.messages[new.message_id]
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    channel = int(lobby["channel_id"])
    session = env.bot.tables.get(channel)
    reminder = await fake.wait_for_message(lambda m: "it's your turn:" in m["content"])
    timed_out = await fake.wait_for_message(lambda m: "Time's up" in message_text(m))
    env.bot.timer_scale = 1.0  # Asha is back in time from now on
    await env.bot.idle()
    # the computer played for Asha, then its own seat: the channel saw the bot typing
    assert any(where == channel for where, _ in fake.typing)
    assert int(reminder["id"]) in fake.deleted  # its turn has passed
    assert int(timed_out["id"]) not in fake.deleted  # still there for one more turn
    while session.match.current_player != 0:
        await asyncio.sleep(0.02)
    await play_first_move(fake, ASHA)
    await env.bot.idle()
    assert int(timed_out["id"]) in fake.deleted
    notices = [
        m for m in fake.channel_messages(channel) if not m["embeds"] and not m["attachments"]
    ]
    assert not [m for m in notices if "your turn" in m["content"] or "Time's up" in m["content"]]

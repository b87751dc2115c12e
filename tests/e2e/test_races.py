"""Clicks at the same moment: two `/table new` in one channel, a double-tapped Rematch, Rematch
together with `/table new` — one table opens, the other player hears there is already one; and
a move sent by the picker and by `/play` for the same turn is played once."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable
from typing import Any

from .conftest import Env
from .fake_discord import CHANNEL_ID, EPHEMERAL, FakeDiscord
from .helpers import button, latest_table, start_table, suipe_for_two

ASHA, DEV, KIRAN = 601, 602, 603
ALREADY = "There is already a table in this channel"


def answer(step: Any) -> str:
    return str((step.responses[-1].get("data") or {}).get("content") or "")


def open_tables(env: Env, channel: int = CHANNEL_ID) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(env.database)
    try:
        return db.execute(
            "SELECT id, status FROM game_tables WHERE channel_id = ?"
            " AND status IN ('lobby', 'playing')",
            (channel,),
        ).fetchall()
    finally:
        db.close()


def lobbies(env: Env) -> list[Any]:
    return [m for m in env.fake.channel_messages() if m["embeds"] and any(
        f["name"] == "Seats" for f in m["embeds"][0].get("fields", []))]  # fmt: skip


async def play_out(env: Env, user: int) -> dict[str, Any]:
    """Play `user`'s first legal move until the match is over; its summary message."""
    fake = env.fake
    known = set(fake.messages)
    session = env.bot.tables.get(CHANNEL_ID)
    while session.match is not None and not session.match.is_terminal:
        move = session.match.legal_actions()[0].notation
        step = await fake.slash(user, "play", move=f"{move}#{session.turn_number}")
        assert answer(step).startswith("Your move"), answer(step)
        await env.bot.idle()
    summaries = [m for m in fake.channel_messages() if int(m["id"]) not in known
                 and any(c.get("label") == "Rematch" for c in fake.components(m))]  # fmt: skip
    assert len(summaries) == 1
    return summaries[0]


async def test_two_new_tables_at_once_open_one(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    first, second = await asyncio.gather(
        fake.slash(ASHA, "table", "new suipe", players=2),
        fake.slash(DEV, "table", "new suipe", players=2),
    )
    refused = [step for step in (first, second) if ALREADY in answer(step)]
    assert len(refused) == 1 and refused[0].responses[-1]["data"]["flags"] & EPHEMERAL
    assert len(lobbies(env)) == 1 and len(open_tables(env)) == 1
    # the lobby shown is the table the bot serves: its Join works
    lobby = lobbies(env)[0]
    joiner = DEV if refused[0] is second else ASHA
    joined = await fake.click(joiner, int(lobby["id"]), button(fake, lobby, "Join"))
    assert joined.responses[-1]["type"] == 7  # the lobby is updated, not refused


async def test_a_double_tapped_rematch_and_a_rematch_with_a_new_table_open_one(
    env: Env,
) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(KIRAN, "Kiran")
    new = await fake.slash(ASHA, "table", "new suipe", players=2, deals=1)
    lobby = fake.messages[new.message_id]
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()
    summary = await play_out(env, ASHA)
    rematch = button(fake, summary, "Rematch")
    taps = await asyncio.gather(
        fake.click(ASHA, int(summary["id"]), rematch),
        fake.click(ASHA, int(summary["id"]), rematch),
    )
    opened = [tap for tap in taps if "wants a rematch" in answer(tap)]
    assert len(opened) == 1, [answer(tap) for tap in taps]
    assert len(open_tables(env)) == 1
    # that lobby plays out too; then Rematch and /table new race
    lobby = fake.messages[opened[0].message_id]
    await fake.click(ASHA, int(lobby["id"]), button(fake, lobby, "Start"))
    await env.bot.idle()
    summary = await play_out(env, ASHA)
    both = await asyncio.gather(
        fake.click(ASHA, int(summary["id"]), button(fake, summary, "Rematch")),
        fake.slash(KIRAN, "table", "new suipe", players=2),
    )
    rematched = "wants a rematch" in answer(both[0])
    opened = not (both[1].responses[-1]["data"].get("flags", 0) & EPHEMERAL)
    assert rematched != opened, [answer(step) for step in both]  # exactly one opened
    refused = answer(both[1] if rematched else both[0])
    assert ALREADY in refused or "already open here" in refused, refused
    assert len(open_tables(env)) == 1


def first_tap(fake: FakeDiscord, user_id: int, picker: dict[str, Any]) -> Awaitable[Any]:
    """The picker's first tap: its first option, or its one move when the deal leaves only
    one (the picker then offers a button, not a list)."""
    for component in fake.components(picker):
        if component.get("type") == 3:
            value = component["options"][0]["value"]
            return fake.click(user_id, int(picker["id"]), component["custom_id"], [value])
        if str(component.get("custom_id", "")).endswith(":forced"):
            return fake.click(user_id, int(picker["id"]), component["custom_id"])
    raise AssertionError(f"nothing to play in {picker.get('content')!r}")


async def test_a_picker_click_and_a_play_for_one_turn_play_once(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    await start_table(env, ASHA, "suipe", joiners=(DEV,), players=2, deals=3)
    session = env.bot.tables.get(CHANNEL_ID)
    for _ in range(3):  # a few turns: each time both are sent, one move is played
        mover = (ASHA, DEV)[session.match.current_player]
        before = session.turn_number
        table = latest_table(fake)
        opened = await fake.click(mover, int(table["id"]), button(fake, table, "My hand"))
        picker = fake.messages[opened.message_id]
        offered = await fake.autocomplete(mover, "play", "move", "")
        clicked, typed = await asyncio.gather(
            first_tap(fake, mover, picker),
            fake.slash(mover, "play", move=offered[-1]["value"]),
        )
        await env.bot.idle()
        texts = [answer(clicked), answer(typed)]
        assert sum(t.startswith("Your move") for t in texts) == 1, texts
        assert any("earlier turn" in t for t in texts), texts
        assert session.turn_number == before + 1
    # a move offered for a turn that has passed is refused, even when it is that player's
    # turn again
    mover = (ASHA, DEV)[session.match.current_player]
    stale = await fake.autocomplete(mover, "play", "move", "")
    move = session.match.legal_actions()[0].notation
    await fake.slash(mover, "play", move=f"{move}#{session.turn_number}")
    await env.bot.idle()
    other = (ASHA, DEV)[session.match.current_player]
    move = session.match.legal_actions()[0].notation
    await fake.slash(other, "play", move=f"{move}#{session.turn_number}")
    await env.bot.idle()
    assert (ASHA, DEV)[session.match.current_player] == mover
    late = await fake.slash(mover, "play", move=stale[0]["value"])
    assert "earlier turn" in answer(late)


async def test_a_move_the_bot_cannot_take_in_time_is_refused_as_busy_and_not_played(
    env: Env,
) -> None:
    """Overload: a move that gets its turn at the table only after `busy_after` seconds is
    answered "busy" at once and not applied; sent again, it plays."""
    fake = env.fake
    session, mover, move = await suipe_for_two(env, {ASHA: "Asha", DEV: "Dev"}, deals=3)
    env.bot.flow.busy_after = 0.5
    before = session.turn_number
    async with session.lock:  # the table is held up (a slow store, a busy process)
        waiting = asyncio.create_task(fake.slash(mover, "play", move=move))
        await asyncio.sleep(1.0)
    refused = await waiting
    assert answer(refused) == "The table is busy: try again in a moment."
    assert refused.responses[-1]["data"]["flags"] & EPHEMERAL
    assert session.turn_number == before
    again = await fake.slash(mover, "play", move=move)
    assert answer(again).startswith("Your move")
    assert session.turn_number == before + 1


async def test_an_overloaded_process_refuses_new_moves_at_once_and_plays_each_move_once(
    env: Env,
) -> None:
    """Overload: while a move taken on has waited longer than `shed_after`, a new move is
    answered "busy" at once (not deferred); the waiting move is then played exactly once."""
    fake = env.fake
    session, mover, move = await suipe_for_two(env, {ASHA: "Asha", DEV: "Dev"}, deals=3)
    env.bot.flow.shed_after = 0.3
    before = session.turn_number
    async with session.lock:  # the first move is taken on and waits for its table
        first = asyncio.create_task(fake.slash(mover, "play", move=move))
        await asyncio.sleep(0.6)
        assert env.bot.flow.overloaded()
        second = await fake.slash(mover, "play", move=move)
        assert answer(second) == "The table is busy: try again in a moment."
        assert second.responses[0]["type"] == 4  # answered at once, not "thinking…"
        assert second.responses[0]["data"]["flags"] & EPHEMERAL
    assert answer(await first).startswith("Your move")
    await env.bot.idle()
    assert session.turn_number == before + 1
    assert not env.bot.flow.overloaded()

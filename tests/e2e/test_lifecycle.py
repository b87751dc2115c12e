"""A table's life end to end: an ended table stays ended (an old picker cannot play on it), a
picker from before a restart answers with a fresh hand, /table status neither pings nor is open
to passers-by, and a long /play input gets a short refusal."""

from __future__ import annotations

import asyncio

import pytest

from .conftest import Env, start_bot, stop_bot
from .fake_discord import EPHEMERAL, GUILD_ID, FakeDiscord
from .helpers import (
    button,
    latest_table,
    message_text,
    message_title,
    select,
    start_table,
    whose_turn,
)

ASHA, DEV, PASSER = 1001, 1002, 1003


async def two_humans(env: Env) -> tuple[int, int]:
    """A started two-player Suipe table; returns (the player to move, the other)."""
    fake = env.fake
    for user, name in ((ASHA, "Asha"), (DEV, "Dev"), (PASSER, "Passer")):
        fake.add_member(user, name)
    await start_table(env, ASHA, "suipe", joiners=(DEV,), players=2, deals=1)
    mover = whose_turn(fake)
    return mover, DEV if mover == ASHA else ASHA


async def open_picker(fake: FakeDiscord, user: int) -> dict:
    table = latest_table(fake)
    opened = await fake.click(user, int(table["id"]), button(fake, table, "My hand"))
    return fake.messages[opened.message_id]


async def test_an_old_picker_cannot_play_on_an_ended_table(env: Env) -> None:
    fake = env.fake
    mover, _ = await two_humans(env)
    picker = await open_picker(fake, mover)
    ended = await fake.slash(ASHA, "table", "end")
    assert "has ended" in ended.responses[-1]["data"]["content"]
    choice = select(fake, picker)
    clicked = await fake.click(mover, int(picker["id"]), choice["custom_id"],
                               [choice["options"][0]["value"]])  # fmt: skip
    data = clicked.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "This table has ended" in data["content"]
    await env.bot.idle()
    table_id = next(iter(env.bot.tables.by_channel.values()), None)
    assert table_id is None
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    assert not env.bot.tables.by_channel  # it does not come back after a restart
    again = await fake.slash(ASHA, "table", "new seep", players=2)
    assert fake.messages[again.message_id]["embeds"][0]["title"].startswith("Seep · table")


async def test_a_picker_from_before_a_restart_answers_with_a_fresh_hand(env: Env) -> None:
    fake = env.fake
    mover, _ = await two_humans(env)
    picker = await open_picker(fake, mover)
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    choice = select(fake, picker)
    clicked = await fake.click(mover, int(picker["id"]), choice["custom_id"],
                               [choice["options"][0]["value"]])  # fmt: skip
    fresh = fake.messages[clicked.message_id]
    assert fresh["flags"] & EPHEMERAL and "here is your hand again" in fresh["content"]
    placeholder = select(fake, fresh)["placeholder"]  # one list, or a list per few cards
    assert fresh["attachments"] and placeholder.startswith(("Choose", "Moves with"))


async def test_table_status_is_for_the_players_and_keeps_the_timer(env: Env) -> None:
    fake = env.fake
    _, other = await two_humans(env)
    session = next(iter(env.bot.tables.by_channel.values()))
    timer = env.bot.timers[session.id]
    refused = await fake.slash(PASSER, "table", "status", permissions=0)
    data = refused.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "Only the players" in data["content"]
    before = len(fake.channel_messages())
    await fake.slash(other, "table", "status")
    await env.bot.idle()
    reposted = latest_table(fake)
    assert len(fake.channel_messages()) >= before
    assert f"<@{whose_turn(fake)}>" in message_text(reposted)  # it names the player to move…
    assert fake.pings[int(reposted["id"])] == []  # …without pinging them again
    assert env.bot.timers[session.id] is timer  # the player to move's time goes on


async def test_a_long_play_input_gets_a_short_refusal(env: Env) -> None:
    fake = env.fake
    mover, _ = await two_humans(env)
    reply = await fake.slash(mover, "play", move="9" * 6000)  # Discord's longest string value
    data = reply.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and len(data["content"]) <= 2000
    assert "is not a Suipe move" in data["content"]


async def test_unexpected_input_gets_a_private_plain_answer(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await env.bot.store.update_guild_settings(GUILD_ID, {"timer": "forever", "level": 3})
    new = await fake.slash(ASHA, "table", "new seep", players=2)  # bad stored settings
    lobby = fake.messages[new.message_id]
    assert lobby["embeds"][0]["title"].startswith("Seep · table")
    probes = [
        ("rulestopic:nosuchgame:en", ["3"]),
        ("rulestopic:seep:en", ["not a page"]),
        ("rulestopic:seep:en", []),
        ("ruleslang:nosuchgame:0", ["xx"]),
        ("rules:nosuchgame:en:0:next", None),
        ("board:nosuchgame:HEADLINE:ALL:0:next", None),
        ("board:seep:NOBOARD:NOPERIOD:0:next", None),
        ("lobby:999:start", None),
        ("lobby:1:dance", None),
        ("hand:999", None),
        ("tablerules:999", None),
        ("pick:999:1:card", ["9S"]),
    ]
    for number, (custom_id, values) in enumerate(probes):
        # a message that really carries the component (Discord sends only those clicks)
        carrier = 10**15 + number
        kind = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
        if values is not None:
            options = [{"label": v, "value": v} for v in values] or [{"label": "a", "value": "a"}]
            kind = {"type": 3, "custom_id": custom_id, "options": options,
                    "min_values": 1 if values else 0}  # fmt: skip
        fake.messages[carrier] = {**lobby, "id": str(carrier),
                                  "components": [{"type": 1, "components": [kind]}]}  # fmt: skip
        answer = await fake.click(ASHA, carrier, custom_id, values)
        assert answer.responses, f"{custom_id} got no answer"
        data = answer.responses[-1].get("data") or {}
        if answer.responses[-1]["type"] == 4:
            assert data["flags"] & EPHEMERAL, custom_id
            assert "Traceback" not in data.get("content", "")
    # a button no version of the bot knows, on a message (as if another app's, or altered)
    orphan_id = 10**15 + 999
    fake.messages[orphan_id] = {**lobby, "id": str(orphan_id), "components": [
        {"type": 1, "components": [{"type": 2, "style": 2, "label": "?",
                                    "custom_id": "lobby:1:nothing-like-this"}]}]}  # fmt: skip
    orphan = await fake.click(ASHA, orphan_id, "lobby:1:nothing-like-this")
    assert orphan.responses[-1]["data"]["flags"] & EPHEMERAL
    for options in ({"game": "nosuchgame"}, {"game": "seep", "by": "nonsense"}):
        reply = await fake.slash(ASHA, "leaderboard", **options)
        data = reply.responses[-1]["data"]
        assert data.get("flags", 0) & EPHEMERAL or data.get("embeds"), options
    assert not env.errors.records  # nothing logged as an ERROR


async def test_a_finished_match_shows_on_the_lobby_and_frees_the_channel(env: Env) -> None:
    fake = env.fake
    await two_humans(env)
    lobby_id = next(
        int(m["id"]) for m in fake.channel_messages()
        if message_title(m).startswith("Suipe · table")
    )  # fmt: skip
    session = next(iter(env.bot.tables.by_channel.values()))
    while not session.match.is_terminal:
        player = (ASHA, DEV)[session.match.current_player]
        await fake.slash(player, "play", move=session.match.legal_actions()[0].notation)
        await env.bot.idle()
    lobby = fake.messages[lobby_id]["embeds"][0]
    result = lobby["description"]  # the shuffle is random: either side wins, or a draw
    assert result.startswith("The match is over:") and ("win" in result or "a draw" in result)
    over = await fake.slash(DEV, "table", "end")
    assert "match is over" in over.responses[-1]["data"]["content"]
    again = await fake.slash(DEV, "table", "new seep", players=2)
    assert fake.messages[again.message_id]["embeds"][0]["title"].startswith("Seep · table")
    ended = await fake.slash(DEV, "table", "end")
    assert "has ended" in ended.responses[-1]["data"]["content"]
    await env.bot.idle()
    assert "ended by" in fake.messages[again.message_id]["embeds"][0]["description"]


async def test_a_bot_that_runs_for_months_keeps_only_what_it_can_still_use(env: Env) -> None:
    """The last table message of a finished match was posted through a player's interaction;
    once that interaction is past its time it is no longer kept (it could delete nothing)."""
    fake = env.fake
    await two_humans(env)
    channel_output = env.bot.flow.port.channel  # type: ignore[attr-defined]
    session = next(iter(env.bot.tables.by_channel.values()))
    while not session.match.is_terminal:
        player = (ASHA, DEV)[session.match.current_player]
        await fake.slash(player, "play", move=session.match.legal_actions()[0].notation)
        await env.bot.idle()
    finished = set(channel_output.followed_up)
    assert finished  # the last table message, posted as a follow-up
    for reply in channel_output.followed_up.values():
        reply.expires = 0.0  # a quarter of an hour later
    await start_table(env, DEV, "suipe", joiners=(ASHA,), players=2, deals=1)
    mover = whose_turn(fake)
    session = next(iter(env.bot.tables.by_channel.values()))
    await fake.slash(mover, "play", move=session.match.legal_actions()[0].notation)
    await env.bot.idle()
    assert channel_output.followed_up  # the new table's message
    assert not finished & set(channel_output.followed_up)


async def test_a_slow_move_is_answered_first_and_then_shown(env: Env) -> None:
    """Discord drops an answer that comes after 3 seconds: the move is acknowledged at once,
    stored (here slowly), then the player is told and the table posted."""
    fake = env.fake
    mover, _ = await two_humans(env)
    store = env.bot.store
    record_move = store.record_move

    async def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        await asyncio.sleep(3.5)
        return await record_move(*args, **kwargs)

    store.record_move = slow  # type: ignore[method-assign]
    session = next(iter(env.bot.tables.by_channel.values()))
    before = session.turn_number
    move = session.match.legal_actions()[0].notation
    played = await fake.slash(mover, "play", move=move)
    data = played.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and data["content"].startswith("Your move")
    await env.bot.idle()
    assert session.turn_number == before + 1
    assert f"<@{whose_turn(fake)}>" in message_text(latest_table(fake))
    assert not fake.violations


async def test_a_picker_past_its_time_answers_with_a_fresh_one(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picker listens for 14 minutes (its token lasts 15): a later click gets a fresh hand,
    and the fake Discord refuses an edit with an expired token, as Discord does."""
    import cogs.picker

    monkeypatch.setattr(cogs.picker, "PICKER_SECONDS", 0.2)
    fake = env.fake
    mover, _ = await two_humans(env)
    picker = await open_picker(fake, mover)
    await asyncio.sleep(0.5)  # past the picker's time
    choice = select(fake, picker)
    clicked = await fake.click(mover, int(picker["id"]), choice["custom_id"],
                               [choice["options"][0]["value"]])  # fmt: skip
    fresh = fake.messages[clicked.message_id]
    assert fresh["flags"] & EPHEMERAL and "here is your hand again" in fresh["content"]
    record = next(iter(fake.interactions.values()))
    monkeypatch.setattr(record, "sent_at", record.sent_at - 16 * 60)
    request = fake._webhook("PATCH", ["webhooks", "1", record.token, "messages", "@original"],
                            {"content": "late"}, [])  # fmt: skip
    assert (await request).status == 401
    fake.violations.clear()  # that late edit was the test's, not the bot's


async def test_the_longest_values_to_every_string_option_get_a_short_private_answer(
    env: Env,
) -> None:
    """Discord lets a member type up to 6,000 characters into a string option (and a client
    may send a value that is not among the choices): every command answers within limits."""
    fake = env.fake
    await fake.slash(1, "admin", "sync", scope="this server")
    await env.bot.idle()
    await fake.wait_for_message(lambda m: "Published" in m["content"])
    long = "é" * 6000
    for command in fake.guild_commands[GUILD_ID]:
        groups = [o for o in command.get("options", []) if o["type"] == 1] or [None]
        for group in groups:
            options = (group or command).get("options", [])
            strings = [o for o in options if o["type"] == 3]
            if not strings:
                continue
            values = {o["name"]: long for o in strings}
            sub = group["name"] if group else None
            reply = await fake.slash(ASHA, command["name"], sub, **values)
            data = reply.responses[-1].get("data") or {}
            assert len(data.get("content") or "") <= 2000, (command["name"], sub)
    assert not env.errors.records

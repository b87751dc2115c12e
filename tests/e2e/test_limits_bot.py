"""The bot under Discord's rate limits (the fake enforces them as Discord does): no table
message is lost to a 429 of any form or any number in a row, a long wait asked by one
table's channel never holds up another table, and the table that follows a person's move
goes through their interaction (outside the global bucket) until its token no longer
answers, then through the channel."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from discord.http import Route

from .conftest import Env
from .discord_limits import CREATE_MESSAGE, FOLLOW_UP, Refusal
from .fake_discord import CHANNEL_ID, THREADS_CHANNEL_ID
from .helpers import message_text, start_table

ASHA, DEV = 46_001, 46_002


def answer(step: Any) -> str:
    return str((step.responses[-1].get("data") or {}).get("content") or "")


def turn_messages(env: Env, user: int, channel: int = CHANNEL_ID) -> list[dict[str, Any]]:
    return [
        m for m in env.fake.channel_messages(channel) if f"<@{user}>, your turn" in message_text(m)
    ]


async def a_table_against_a_computer(env: Env) -> Any:
    env.fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    return env.bot.tables.get(CHANNEL_ID)


async def play(env: Env, session: Any) -> None:
    move = session.match.legal_actions()[0].notation
    played = await env.fake.slash(ASHA, "play", move=f"{move}#{session.turn_number}")
    assert answer(played).startswith("Your move"), answer(played)
    await env.bot.idle()


@pytest.mark.parametrize(
    ("refusal", "times"),
    [
        (Refusal.USER, 6),  # more in a row than discord.py retries
        (Refusal.GLOBAL, 6),
        (Refusal.SHARED, 2),
        (Refusal.WITHOUT_VIA, 3),  # discord.py does not retry these at all
        (Refusal.CLOUDFLARE, 3),
    ],
)
async def test_a_burst_of_429s_on_the_table_message_loses_nothing(
    env: Env, refusal: Refusal, times: int
) -> None:
    session = await a_table_against_a_computer(env)
    env.fake.limits.force(FOLLOW_UP, times, refusal, retry_after=0.2)
    env.fake.limits.force(CREATE_MESSAGE, times, refusal, retry_after=0.2)
    turn = session.turn_number
    await play(env, session)
    assert session.turn_number > turn
    latest = turn_messages(env, ASHA)
    assert len(latest) == 1, "the next table message came, once"
    assert f"hand:{session.id}:{session.turn_number}" in str(latest[0]["components"])
    assert not env.errors.records


async def test_a_long_wait_on_one_tables_channel_does_not_hold_up_another(env: Env) -> None:
    """One table's channel is refused with a 30-second retry_after: its message waits
    (and comes later); a table in another channel posts at once meanwhile."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    await start_table(env, ASHA, "suipe", computers=1, players=2, deals=3)
    held = env.bot.tables.get(CHANNEL_ID)
    lobby, _ = await start_table(env, DEV, "suipe", computers=1, players=2, deals=3,
                                 channel_id=THREADS_CHANNEL_ID)  # fmt: skip
    other = env.bot.tables.get(int(lobby["channel_id"])) or next(
        s for s in env.bot.tables.by_channel.values() if s is not held
    )
    env.bot.flow.posting_slots = asyncio.Semaphore(1)  # one message made and sent at a time
    held.reply = None  # its next message goes to the channel (a timer's, a computer's)
    fake.limits.force(CREATE_MESSAGE, 1, Refusal.USER, retry_after=30.0, major=CHANNEL_ID)
    held.owe_table()
    env.bot.flow.schedule(env.bot.flow.advance(held))
    await asyncio.sleep(0.5)
    loop = asyncio.get_running_loop()
    started = loop.time()
    seen = {m["id"] for m in turn_messages(env, DEV, other.row.channel_id)}
    move = other.match.legal_actions()[0].notation
    played = await fake.slash(DEV, "play", channel_id=other.row.channel_id,
                              move=f"{move}#{other.turn_number}")  # fmt: skip
    assert answer(played).startswith("Your move")
    while not [m for m in turn_messages(env, DEV, other.row.channel_id) if m["id"] not in seen]:
        await asyncio.sleep(0.05)
        assert loop.time() - started < 5.0, "the other table was held up"
    assert held.owed, "the held table's message is still waiting"
    for task in list(env.bot.flow.background):
        task.cancel()


async def test_a_table_whose_interaction_no_longer_answers_posts_in_the_channel(
    env: Env,
) -> None:
    """The player's interaction token expires (Discord: 15 minutes) while the table still
    owes its message: the follow-up is refused, and the message goes to the channel."""
    fake = env.fake
    session = await a_table_against_a_computer(env)
    await play(env, session)  # a follow-up: the table came through Asha's interaction
    assert any(method == "POST" and path.startswith("/webhooks/")
               for method, path in fake.requests)  # fmt: skip
    for record in fake.interactions.values():
        record.sent_at -= 16 * 60  # every token older than 15 minutes
    posts_before = sum(1 for method, path in fake.requests
                       if method == "POST" and path.endswith("/messages"))  # fmt: skip
    session.owe_table()
    env.bot.flow.schedule(env.bot.flow.advance(session))
    await env.bot.idle()
    posts_after = sum(1 for method, path in fake.requests
                      if method == "POST" and path.endswith("/messages"))  # fmt: skip
    assert posts_after == posts_before + 1, "posted in the channel instead"
    assert len(turn_messages(env, ASHA)) == 1
    expired = [v for v in fake.violations if "token expired" in v]
    assert expired, "the follow-up was tried with the old token"
    for violation in expired:
        fake.violations.remove(violation)


async def test_a_persons_move_costs_no_global_request(env: Env) -> None:
    """At a table against a computer, after the first move: the person's move, the
    computer's reply and the new table message cost nothing on the global bucket."""
    session = await a_table_against_a_computer(env)
    await play(env, session)
    before = env.fake.limits.log.copy()
    for _ in range(3):
        await play(env, session)
    spent = env.fake.limits.log.since(before)
    assert spent.by_kind()["global"] == 0, spent.requests
    assert spent.by_kind()["exempt"] > 0


async def test_moves_are_refused_while_discord_holds_back_too_many_tables(env: Env) -> None:
    """The REST backlog counts as load: while more tables than the flow allows wait for
    Discord to take their messages, a new move is answered "busy" at once, and plays once
    the backlog is gone."""
    session = await a_table_against_a_computer(env)
    flow = env.bot.flow
    flow.shed_unsent = 0
    session.reply = None  # the next table goes to the channel, which holds it back a while
    env.fake.limits.force(CREATE_MESSAGE, 1, Refusal.WITHOUT_VIA, retry_after=0.2,
                          major=CHANNEL_ID)  # fmt: skip
    session.owe_table()
    flow.schedule(flow.advance(session))
    for _ in range(100):
        if flow.unsent():
            break
        await asyncio.sleep(0.02)
    assert flow.unsent() == 1 and flow.overloaded()
    move = session.match.legal_actions()[0].notation
    refused = await env.fake.slash(ASHA, "play", move=f"{move}#{session.turn_number}")
    assert answer(refused) == "The table is busy: try again in a moment."
    await env.bot.idle()
    assert flow.unsent() == 0 and not flow.overloaded()
    await play(env, session)


async def test_the_bot_waits_its_turn_on_the_global_bucket_instead_of_drawing_429s(
    env: Env,
) -> None:
    """A burst of requests on the global bucket, more than Discord allows in a second, draws
    no 429: the bot paces itself under its share of the bucket and every request is answered.
    Without the pace the same burst is refused (and each refusal counts towards a ban)."""
    env.fake.limits.global_per_second = 20
    pace = env.bot.pace
    pace.rate, pace.burst = 16, 4  # within the fake's 20 a second, as `pace_for` sets it

    async def burst() -> Any:
        before = env.fake.limits.log.copy()
        me = Route("GET", "/users/@me")  # a route with no limit of its own: only the global
        users = await asyncio.gather(*(env.bot.http.request(me) for _ in range(50)))
        assert all(user["id"] == str(env.bot.user.id) for user in users)
        return env.fake.limits.log.since(before)

    await asyncio.sleep(1.1)  # the fake's bucket and the pace start full
    paced = await burst()
    assert paced.by_kind()["global"] == 50 and not paced.refused, paced.refused
    assert pace.refusals() == 0
    pace.rate = pace.burst = 1_000  # as good as no pace
    await asyncio.sleep(1.1)
    unpaced = await burst()
    assert sum(unpaced.refused.values()) > 0, "the fake refuses a burst the bot does not pace"
    assert pace.refusals() > 0, "the bot counts Discord's refusals, those discord.py retried too"

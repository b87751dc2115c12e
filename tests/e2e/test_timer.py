"""The turn timer, end to end: a reminder, a computer move for an absent player, the seat
handed to a computer after three missed turns, and /table rejoin."""

from __future__ import annotations

from .conftest import Env
from .fake_discord import EPHEMERAL
from .helpers import button
from .test_seep_deal import ASHA


async def test_timer_reminds_then_plays_then_hands_the_seat_over(env: Env) -> None:
    fake = env.fake
    env.bot.timer_scale = 0.15 / 180  # the 3-minute default becomes 0.15 s
    fake.add_member(ASHA, "Asha")
    # a long match, so that it is still on when Asha comes back
    new = await fake.slash(ASHA, "table", "new", game="suipe", players=2, deals=20)
    lobby = fake.messages[new.message_id]
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await fake.wait_for_message(
        lambda m: "it's your turn:" in m["content"] and f"<@{ASHA}>" in m["content"]
    )
    taken = await fake.wait_for_message(lambda m: m["content"].startswith("Time's up"))
    assert "played for Asha" in taken["content"]
    away = await fake.wait_for_message(lambda m: "/table rejoin" in m["content"], timeout=15)
    assert "keeps the seat" in away["content"]
    await env.bot.idle()
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

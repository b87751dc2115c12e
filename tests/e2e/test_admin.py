"""Publishing the slash commands from inside Discord: the bot's owner only."""

from __future__ import annotations

from .conftest import Env
from .fake_discord import APP_ID, EPHEMERAL, GUILD_ID

OWNER, MEMBER = 1, 42  # the fake application belongs to user 1


async def test_only_the_owner_publishes_commands(env: Env) -> None:
    fake = env.fake
    refused = await fake.slash(MEMBER, "admin", "sync", scope="everywhere")
    data = refused.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "Only the bot's owner" in data["content"]
    assert not [r for r in fake.requests if r[1].endswith("/commands")]

    done = await fake.slash(OWNER, "admin", "sync", scope="this server")
    await env.bot.idle()
    reply = await fake.wait_for_message(lambda m: "Published" in m["content"])
    assert reply["flags"] & EPHEMERAL
    assert ("PUT", f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands") in fake.requests
    count = int(reply["content"].split()[1])
    assert count >= 4  # table, play, hand, admin… every top-level command of the bot
    assert done.responses[-1]["type"] == 5  # deferred while Discord publishes

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
    assert not [r for r in fake.requests if r[0] == "PUT" and r[1].endswith("/commands")]

    done = await fake.slash(OWNER, "admin", "sync", scope="this server")
    await env.bot.idle()
    reply = await fake.wait_for_message(lambda m: "Published" in m["content"])
    assert reply["flags"] & EPHEMERAL
    assert ("PUT", f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands") in fake.requests
    count = int(reply["content"].split()[1])
    assert count >= 4  # table, play, hand, admin… every top-level command of the bot
    assert done.responses[-1]["type"] == 5  # deferred while Discord publishes


async def test_publishing_everywhere_removes_the_server_copy(env: Env) -> None:
    """A copy for one server (DEV_GUILD_ID, or /admin sync this server) and the commands for
    every server would show each command twice in that server: publishing everywhere removes
    the copy, from Discord (/admin sync) or from the command line (`--sync`)."""
    fake = env.fake
    await fake.slash(OWNER, "admin", "sync", scope="this server")
    await env.bot.idle()
    assert fake.guild_commands[GUILD_ID]
    await fake.slash(OWNER, "admin", "sync", scope="everywhere")
    await env.bot.idle()
    reply = await fake.wait_for_message(lambda m: "every server" in m["content"])
    assert "The copy published to 1 server alone was removed." in reply["content"]
    assert fake.guild_commands[GUILD_ID] == [] and fake.commands

    fake.guild_commands[GUILD_ID] = list(fake.commands)  # as DEV_GUILD_ID left it
    synced, cleared = await env.bot.sync_commands()  # `python -m bot --sync`, no DEV_GUILD_ID
    assert len(synced) == len(fake.commands) and cleared == [GUILD_ID]
    assert fake.guild_commands[GUILD_ID] == []
    synced, cleared = await env.bot.sync_commands()
    assert cleared == []  # nothing left to remove: no needless requests

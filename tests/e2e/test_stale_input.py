"""What Discord may send that the bot did not ask for: option values an older registration
still offers, an autocomplete for an option that has none, a player's stored choices that
cannot be read; and Discord's 2,000-character limit on a message, which the fake enforces as
Discord does."""

from __future__ import annotations

import discord
import pytest

from .conftest import Env
from .fake_discord import CHANNEL_ID, EPHEMERAL, GUILD_ID

ASHA, DEV = 901, 902
MANAGE_GUILD = 1 << 5


def private_text(interaction) -> str:
    data = interaction.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL, "refusals are private"
    return data["content"]


@pytest.mark.parametrize(
    ("subcommand", "options", "problem"),
    [
        ("new seep", {"players": 9}, "players must be from 2 to 4, not 9."),
        ("new chess", {}, "chess is not one of the choices for game ("),
        ("new seep", {"timer": "2 weeks"}, "2 weeks is not one of the choices for timer"),
        ("new seep", {"colour": "red"}, "it has an option colour that no longer exists."),
        ("new " + "x" * 6000, {}, "x" * 99 + "… is not one of the choices for game"),
    ],
)
async def test_values_an_older_registration_offers_are_refused_not_stored(
    env: Env, subcommand: str, options: dict[str, object], problem: str
) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    reply = await fake.slash(ASHA, "table", subcommand, **options)
    text = private_text(reply)
    assert text.startswith("Your Discord app shows an older version of /table new")
    assert problem in text and len(text) <= 2000
    assert text.endswith("Reopen the command and choose again.")
    assert await env.bot.store.unfinished_tables() == []  # nothing was stored


async def test_server_settings_outside_the_choices_are_not_saved(env: Env) -> None:
    fake = env.fake
    reply = await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD,
                             timer="1 week", level="hard")  # fmt: skip
    assert "1 week is not one of the choices for timer" in private_text(reply)
    assert (await env.bot.store.guild_settings(GUILD_ID)).settings == {}
    saved = await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD, level="hard")
    assert private_text(saved).startswith("Saved.")
    assert (await env.bot.store.guild_settings(GUILD_ID)).settings == {"level": "hard"}


async def test_an_autocomplete_for_an_option_without_one_is_answered_empty(env: Env) -> None:
    """An older registration may ask for suggestions the bot no longer makes: it gets none,
    at once, and nothing is logged as an error (the fixture fails on any ERROR)."""
    fake = env.fake
    assert await fake.autocomplete(ASHA, "table", "game", "se", subcommand="new") == []
    assert await fake.autocomplete(ASHA, "play", "nothing", "7") == []
    assert await fake.autocomplete(ASHA, "nosuchcommand", "x", "y") == []
    # the option that has suggestions still gets them (none here: no table)
    assert await fake.autocomplete(ASHA, "play", "move", "7") == []


async def test_stored_choices_that_are_not_json_do_not_silence_a_player(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await env.bot.store.database.run(
        "INSERT INTO player_prefs (user_id, prefs) VALUES (?, ?)", (ASHA, "{not json")
    )
    await env.bot.store.database.run(
        "INSERT INTO player_prefs (user_id, prefs) VALUES (?, ?)", (DEV, '["hi"]')
    )
    new = await fake.slash(ASHA, "table", "new seep", players=2)
    assert fake.messages[new.message_id]["embeds"][0]["title"].startswith("Seep · table")
    joined = await fake.slash(DEV, "table", "join")
    assert "sits at seat 2" in joined.responses[-1]["data"]["content"]
    chosen = await fake.slash(ASHA, "language", language="hi")
    assert "हिन्दी" in private_text(chosen)  # the damaged row was replaced by the choice
    assert await env.bot.store.player_prefs(ASHA) == {"language": "hi"}
    autoplay = await fake.slash(DEV, "autoplay", on=True)
    assert private_text(autoplay).startswith("When you have only one legal move")
    assert await env.bot.store.player_prefs(DEV) == {"auto_play": True}


async def test_the_fake_refuses_a_message_over_2000_characters_as_discord_does(
    env: Env,
) -> None:
    channel = env.bot.get_channel(CHANNEL_ID)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "2000 or fewer" in str(refused.value)
    assert env.fake.violations == ["a message text over 2000 characters (content)"]
    env.fake.violations.clear()  # the test's own message, not the bot's
    sent = await channel.send("x" * 2000)  # the limit itself is allowed
    assert len(env.fake.messages[sent.id]["content"]) == 2000

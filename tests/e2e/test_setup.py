"""`/table setup`: the host changes a lobby's timer, computer level, beginner mode and the
game's rules before the start (the way in when /table new has more games than room for their
options); the lobby shows the table's settings, and every refusal is private and says why."""

from __future__ import annotations

from typing import Any

from .conftest import Env, start_bot, stop_bot
from .fake_discord import EPHEMERAL
from .helpers import lobby_button

ASHA, DEV = 31_001, 31_002


def settings_of(message: dict) -> str:
    fields = {f["name"]: f["value"] for f in message["embeds"][0]["fields"]}
    return fields["Settings"]


def answer(interaction) -> str:
    return interaction.responses[-1]["data"]["content"]


async def seep_lobby(env: Env) -> tuple[Any, dict[str, Any]]:
    """Asha opens a two-player Seep table (Dev is in the server): her answer and the lobby."""
    env.fake.add_member(ASHA, "Asha")
    env.fake.add_member(DEV, "Dev")
    new = await env.fake.slash(ASHA, "table", "new seep", players=2)
    return new, env.fake.messages[new.message_id]


async def test_the_host_changes_the_settings_and_a_rule_before_the_start(env: Env) -> None:
    fake = env.fake
    new, lobby = await seep_lobby(env)
    assert "Turn timer: **3 minutes**" in settings_of(lobby)
    assert "at most two houses: **no**" in settings_of(lobby)
    rules = await fake.autocomplete(ASHA, "table", "rule", "houses", subcommand="setup")
    assert {"name": "at most two houses", "value": "limited_houses"} in rules
    values = await fake.autocomplete(
        ASHA, "table", "value", "", subcommand="setup", filled={"rule": "limited_houses"}
    )
    assert [v["value"] for v in values] == ["on", "off"]
    changed = await fake.slash(
        ASHA, "table", "setup", timer="off", level="hard", rule="limited_houses", value="on"
    )
    shown = settings_of(changed.responses[-1]["data"])
    assert "Turn timer: **off**" in shown and "Computer players: **hard**" in shown
    assert "at most two houses: **yes**" in shown
    session = env.bot.tables.get(int(lobby["channel_id"]))
    assert session.row.rules["limited_houses"] is True
    assert session.row.options.turn_timer == 0
    # the lobby's computer button adds a computer player of the chosen level
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "computer"))
    assert session.seats[1].computer_level == "hard"
    # kept through a restart, and played by the match
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    session = env.bot.tables.get(int(lobby["channel_id"]))
    assert session.row.rules["limited_houses"] is True
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    assert session.match.rules.limited_houses is True


async def test_setup_refuses_privately_and_says_what_is_allowed(env: Env) -> None:
    fake = env.fake
    new, lobby = await seep_lobby(env)
    session = env.bot.tables.get(int(lobby["channel_id"]))
    before = dict(session.row.rules)

    async def refused(user: int, **options: object) -> str:
        said = await fake.slash(user, "table", "setup", **options)
        assert said.responses[-1]["data"]["flags"] & EPHEMERAL
        return answer(said)

    assert "from 10 to 500" in await refused(ASHA, rule="winning_lead", value="5000")
    assert "on or off" in await refused(ASHA, rule="limited_houses", value="maybe")
    assert "limited_houses" in await refused(ASHA, rule="hand_size", value="3")
    assert "new value" in await refused(ASHA, rule="limited_houses")
    assert "Choose a setting" in await refused(ASHA)
    await fake.click(DEV, new.message_id, lobby_button(fake, lobby, "join"))
    assert "Only the host" in await refused(DEV, timer="off")
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    assert "has started" in await refused(ASHA, rule="limited_houses", value="on")
    assert session.row.rules == before

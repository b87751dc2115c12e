"""Computer players of a chosen level, and the Hint button of a beginner table."""

from __future__ import annotations

from .conftest import Env
from .fake_discord import EPHEMERAL
from .helpers import button, latest_table, whose_turn
from .test_seep_deal import ASHA


async def open_against_computer(env: Env, level: str, beginner: bool) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new seep", players=2, beginner=beginner)
    added = await fake.slash(ASHA, "table", "computer", level=level)
    assert f"A computer player ({level}) sits at seat 2" in added.responses[-1]["data"]["content"]
    await fake.click(ASHA, new.message_id, button(fake, fake.messages[new.message_id], "Start"))
    await env.bot.idle()
    assert whose_turn(fake) == ASHA  # the computer has played whatever came before


async def open_picker(env: Env) -> dict:
    fake = env.fake
    table = latest_table(fake)
    opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
    return fake.messages[opened.message_id]


async def test_a_hint_on_a_beginner_table_proposes_a_move_to_confirm(env: Env) -> None:
    await open_against_computer(env, "hard", beginner=True)
    fake = env.fake
    picker = await open_picker(env)
    hinted = await fake.click(ASHA, int(picker["id"]), button(fake, picker, "Hint"))
    answer = hinted.responses[-1]
    picker = fake.messages[int(picker["id"])]
    assert picker["flags"] & EPHEMERAL
    assert picker["content"].startswith("Hint: ") and "Play **" in picker["content"]
    assert answer["type"] == 7  # the private picker is updated in place
    done = await fake.click(ASHA, int(picker["id"]), button(fake, picker, "Confirm"))
    assert done.responses[-1]["data"]["content"].startswith("Your move")
    await env.bot.idle()
    session = env.bot.tables.get(int(latest_table(fake)["channel_id"]))
    assert session.seats[1].computer_level == "hard"
    assert session.turn_number >= 1 and whose_turn(fake) == ASHA  # the computer has answered


async def test_no_hint_button_at_an_ordinary_table(env: Env) -> None:
    await open_against_computer(env, "easy", beginner=False)
    picker = await open_picker(env)
    labels = [c.get("label") for c in env.fake.components(picker)]
    assert "Hint" not in labels

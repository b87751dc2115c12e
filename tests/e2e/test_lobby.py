"""The lobby, end to end: /table new, buttons, refusals."""

from __future__ import annotations

from .conftest import Env
from .fake_discord import EPHEMERAL

ASHA, DEV = 501, 502


def button(env: Env, message: dict, label: str) -> str:
    for component in env.fake.components(message):
        if component.get("label") == label:
            return component["custom_id"]
    raise AssertionError(f"no {label!r} button")


async def test_open_a_table_and_fill_it(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    new = await fake.slash(ASHA, "table", "new seep", players=4)
    lobby = fake.messages[new.message_id]
    assert "Seep · table" in lobby["embeds"][0]["title"]
    assert [c["label"] for c in fake.components(lobby)] == [
        "Join",
        "Leave",
        "Add computer player",
        "Start",
    ]
    joined = await fake.click(DEV, new.message_id, button(env, lobby, "Join"))
    assert joined.responses[-1]["type"] == 7  # the lobby message is updated in place
    seats = fake.messages[new.message_id]["embeds"][0]["fields"][0]["value"]
    assert f"<@{ASHA}>" in seats and f"<@{DEV}>" in seats
    again = await fake.click(DEV, new.message_id, button(env, lobby, "Join"))
    assert again.responses[-1]["data"]["flags"] & EPHEMERAL
    assert "already at this table" in again.responses[-1]["data"]["content"]
    early = await fake.click(ASHA, new.message_id, button(env, lobby, "Start"))
    assert "still empty" in early.responses[-1]["data"]["content"]
    not_host = await fake.click(DEV, new.message_id, button(env, lobby, "Add computer player"))
    assert "Only the host" in not_host.responses[-1]["data"]["content"]

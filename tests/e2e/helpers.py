"""What a player does in the tests: open their hand, pick a card and a move, confirm."""

from __future__ import annotations

from typing import Any

from .fake_discord import EPHEMERAL, FakeDiscord


def button(fake: FakeDiscord, message: dict[str, Any], label: str) -> str:
    for component in fake.components(message):
        if component.get("label") == label:
            return component["custom_id"]
    raise AssertionError(f"no {label!r} button in {message.get('content')!r}")


def select(fake: FakeDiscord, message: dict[str, Any]) -> dict[str, Any]:
    for component in fake.components(message):
        if component.get("type") == 3:
            return component
    raise AssertionError(f"no select in {message.get('content')!r}")


def latest_table(fake: FakeDiscord) -> dict[str, Any]:
    tables = [
        m
        for m in fake.channel_messages()
        if any(c.get("label") == "My hand" for c in fake.components(m))
    ]
    assert tables, "no table message with a My hand button"
    return tables[-1]


def whose_turn(fake: FakeDiscord) -> int:
    content = latest_table(fake)["content"]
    return int(content.split("<@")[1].split(">")[0])


async def play_first_move(fake: FakeDiscord, user_id: int) -> str:
    """Open the hand from the latest table message and play the first move offered."""
    table = latest_table(fake)
    opened = await fake.click(user_id, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    assert picker["flags"] & EPHEMERAL and picker["attachments"], "the hand comes privately"
    while True:
        choice = select(fake, picker)
        value = choice["options"][0]["value"]
        step = await fake.click(user_id, int(picker["id"]), choice["custom_id"], [value])
        picker = fake.messages[int(picker["id"])]
        if any(c.get("label") == "Confirm" for c in fake.components(picker)):
            break
        assert step.responses[-1]["type"] == 7
    done = await fake.click(user_id, int(picker["id"]), button(fake, picker, "Confirm"))
    return done.responses[-1]["data"]["content"]

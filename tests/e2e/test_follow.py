"""Following a table from a busy channel: every play since the previous table message is
listed, and the private hand says what the others played since your own last turn."""

from __future__ import annotations

import random

import pytest

from .conftest import Env
from .helpers import button, latest_table, play_first_move

ASHA = 901


async def test_every_play_since_the_last_table_is_listed(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(7))
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new", game="sedma", players=4)
    lobby = fake.messages[new.message_id]
    for _ in range(3):
        await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()
    session = env.bot.tables.get(int(lobby["channel_id"]))
    checked = 0
    while checked < 3:
        before = len(session.match.actions)
        await play_first_move(fake, ASHA)
        await env.bot.idle()
        moves = session.match.actions[before:]
        if len(moves) == 1:
            continue  # Asha moves again (she may go again): nobody else played
        checked += 1
        table = latest_table(fake)
        fields = {f["name"]: f["value"] for f in table["embeds"][0]["fields"]}
        listed = fields["Since the last table"].splitlines()
        assert len(listed) == len(moves) >= 2  # Asha's move and the computers' after it
        assert listed[0].startswith("• Asha: ")
        assert all(line.startswith("• Computer ") for line in listed[1:])
        # the private hand repeats what the others played since Asha's own move
        opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
        content = fake.messages[opened.message_id]["content"]
        assert content.startswith("Since your last turn:\n")
        assert all(line in content for line in listed[1:])
        assert listed[0] not in content

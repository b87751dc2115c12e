"""The table message in Discord's layout components, as a player sees it: its words as text
(the game, the score, the last play, whose turn with its countdown, the commitment in short),
the picture only the cards with the table in words as its alt text, the container in the
colour of the side to move; the private hand one image; the buttons each saying what they do
once."""

from __future__ import annotations

import re

import pytest

from cogs.presenter import side_colour
from engine.core import PUBLIC

from .conftest import Env
from .discord_components import COMPONENTS_V2, CONTAINER, walk
from .fake_discord import EPHEMERAL
from .helpers import (
    button,
    finish_picker,
    fix_deals,
    gallery_items,
    latest_table,
    message_text,
    play_first_move,
    start_table,
    whose_turn,
)

ASHA, DEV = 48_001, 48_002
CLOCK = re.compile(r"<t:(\d+):R>")


async def test_the_table_message_says_its_words_in_text_beside_a_picture_of_the_cards(
    env: Env,
) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    _, session = await start_table(env, ASHA, "seep", computers=3, players=4)
    await play_first_move(fake, whose_turn(fake))
    await env.bot.idle()
    table = latest_table(fake)
    assert table["flags"] & COMPONENTS_V2 and not table["content"] and not table["embeds"]
    said = message_text(table)
    picture = session.match.view(PUBLIC).picture(session.names())
    lines = said.splitlines()
    assert lines[0] == f"### Seep · table {session.id}"
    assert all(line in lines for line in picture.score_lines)  # the score, in words
    assert f"**Last play** · {picture.played}" in lines
    assert f"<@{ASHA}>, your turn. Time runs out <t:" in said  # the live countdown
    commitment = next(line for line in lines if "Deal commitment" in line)
    assert re.fullmatch(r"-# Deal commitment `[0-9a-f]{16}` · `/verify`", commitment)
    assert len(commitment) < 60  # not the 128 characters of a whole sentence
    # the picture: one, its alt text the table in words (what a screen reader says)
    (item,) = gallery_items(table)
    assert item["media"]["url"] == "attachment://table.png" and "Floor:" in item["description"]
    assert [a["filename"] for a in table["attachments"]] == ["table.png"]
    # the container's accent: the colour the pictures give the side to move
    (box,) = [c for c in walk(table["components"]) if c.get("type") == CONTAINER]
    mover = session.match.current_player
    assert box["accent_color"] == side_colour(picture, mover) != 0


async def test_the_private_hand_is_one_image_under_the_table_in_the_channel(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "sedma", computers=3, players=4)
    table = latest_table(fake)
    opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    assert picker["flags"] & EPHEMERAL
    assert [a["filename"] for a in picker["attachments"]] == ["hand.png"]


async def test_next_match_is_offered_only_where_computer_players_leave_a_seat(
    env: Env,
) -> None:
    """The queue seats its people in place of computer players: a table of people only has
    no seat for them, so its message does not offer it."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    await start_table(env, ASHA, "suipe", joiners=(DEV,), players=2)
    labels = [c.get("label") for c in fake.components(latest_table(fake))]
    assert "My hand" in labels and "Next match" not in labels
    await fake.slash(ASHA, "table", "end")
    await env.bot.idle()
    await start_table(env, ASHA, "suipe", computers=1, players=2)
    labels = [c.get("label") for c in fake.components(latest_table(fake))]
    assert "Next match" in labels


async def test_a_forced_move_button_says_its_verb_once(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, 4)
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    _, session = await start_table(env, ASHA, "sheepshead", computers=2, players=3,
                                   sheepshead_hands=1)  # fmt: skip
    seen = 0
    while not session.match.is_terminal and seen < 2:
        if whose_turn(fake) != ASHA:
            await env.bot.idle()
            continue
        table = latest_table(fake)
        opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
        picker = fake.messages[opened.message_id]
        forced = [c for c in fake.components(picker)
                  if str(c.get("custom_id", "")).endswith(":forced")]  # fmt: skip
        legal = session.match.legal_actions()
        if forced:
            (only,) = legal
            said = session.match.describe(only, session.names())
            label = forced[0]["label"]
            assert label.endswith(said) and label.count(said.split(" ")[0]) == 1, label
            seen += 1
            await fake.click(ASHA, int(picker["id"]), forced[0]["custom_id"])
        else:
            passes = [c for c in fake.components(picker) if c.get("label") == "Pass"]
            if passes:  # pick or pass: pass
                await fake.click(ASHA, int(picker["id"]), passes[0]["custom_id"])
            else:
                await finish_picker(fake, ASHA, picker)
        await env.bot.idle()
    assert seen, "a forced move came (the last trick's card at least)"

"""Refusals and robustness, end to end: wrong turn, outsiders, illegal and stale moves,
double clicks, a restart mid-game, and a channel where the bot may not attach files."""

from __future__ import annotations

import asyncio

from .conftest import Env, start_bot, stop_bot
from .fake_discord import (
    EPHEMERAL,
    NO_EMBEDS_CHANNEL_ID,
    NO_FILES_CHANNEL_ID,
    READ_ONLY_CHANNEL_ID,
)
from .helpers import (
    button,
    gallery_items,
    latest_table,
    message_text,
    message_title,
    play_first_move,
    select,
    start_table,
    whose_turn,
)
from .test_seep_deal import ASHA, DEV, open_table

OUTSIDER = 777


def private_text(interaction) -> str:
    data = interaction.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL, "refusals are private"
    return data["content"]


async def test_a_two_player_suipe_deal(env: Env) -> None:
    await open_table(env, game="suipe", players=2, computers=0)
    fake = env.fake
    for _ in range(80):
        if any(
            "Deal 1 is over" in message_title(m)
            for m in fake.channel_messages()
        ):
            break
        await play_first_move(fake, whose_turn(fake))
        await env.bot.idle()
    else:
        raise AssertionError("the deal did not end")
    assert env.bot.tables.get(int(latest_table(fake)["channel_id"])).match.deal_results


async def test_wrong_turn_outsider_and_illegal_move(env: Env) -> None:
    await open_table(env)
    fake = env.fake
    mover = whose_turn(fake)
    other = DEV if mover == ASHA else ASHA
    table = latest_table(fake)
    wrong = await fake.click(other, int(table["id"]), button(fake, table, "My hand"))
    assert "turn" in wrong.responses[-1]["data"]["content"]  # the hand, but no picker
    assert not fake.components(fake.messages[wrong.message_id])
    outsider = await fake.click(OUTSIDER, int(table["id"]), button(fake, table, "My hand"))
    assert private_text(outsider) == "You are not at this table."
    typed = await fake.slash(other, "play", move="7H")
    assert "turn" in private_text(typed)
    illegal = await fake.slash(mover, "play", move="KSh13+QS")
    text = private_text(illegal)
    assert text and "Traceback" not in text
    nonsense = await fake.slash(mover, "play", move="hello")
    assert "is not a" in private_text(nonsense)


async def test_a_picker_from_an_earlier_turn_and_a_double_click(env: Env) -> None:
    await open_table(env, computers=2)
    fake = env.fake
    mover = whose_turn(fake)
    table = latest_table(fake)
    opened = await fake.click(mover, int(table["id"]), button(fake, table, "My hand"))
    stale_picker = fake.messages[opened.message_id]
    await play_first_move(fake, mover)  # plays through a second, fresh picker
    await env.bot.idle()
    choice = select(fake, stale_picker)
    stale = await fake.click(
        mover, int(stale_picker["id"]), choice["custom_id"], [choice["options"][0]["value"]]
    )
    assert "earlier turn" in private_text(stale)
    # two clicks on the same move at the same moment apply one move
    while whose_turn(fake) not in (ASHA, DEV):
        await asyncio.sleep(0.01)
    mover = whose_turn(fake)
    table = latest_table(fake)
    opened = await fake.click(mover, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    forced = [c for c in fake.components(picker) if str(c.get("custom_id", "")).endswith(":forced")]
    while not forced and select(fake, picker)["custom_id"].split(":")[3] == "card":
        choice = select(fake, picker)  # many moves: a card first
        await fake.click(
            mover, int(picker["id"]), choice["custom_id"], [choice["options"][0]["value"]]
        )
        picker = fake.messages[int(picker["id"])]
    session = env.bot.tables.get(int(table["channel_id"]))
    before = session.turn_number
    if forced:
        custom_id, value = forced[0]["custom_id"], None
    else:
        choice = select(fake, picker)
        custom_id, value = choice["custom_id"], [choice["options"][0]["value"]]
    await asyncio.gather(
        fake.click(mover, int(picker["id"]), custom_id, value),
        fake.click(mover, int(picker["id"]), custom_id, value),
    )
    await env.bot.idle()
    stored = await env.bot.store.actions(session.id)
    assert len(stored) == session.turn_number and session.turn_number >= before + 1
    assert stored[before] is not None


async def test_a_restarted_bot_continues_and_old_buttons_still_work(env: Env) -> None:
    await open_table(env)
    fake = env.fake
    for _ in range(3):
        await play_first_move(fake, whose_turn(fake))
        await env.bot.idle()
    table = latest_table(fake)
    channel = int(table["channel_id"])
    before = env.bot.tables.get(channel).match.to_dict()
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    session = env.bot.tables.get(channel)
    assert session is not None and session.match.to_dict() == before
    # the "My hand" button posted before the restart still opens the hand
    mover = whose_turn(fake)
    opened = await fake.click(mover, int(table["id"]), button(fake, table, "My hand"))
    assert fake.messages[opened.message_id]["attachments"]
    said = await play_first_move(fake, mover)
    assert said.startswith("Your move")


async def test_a_channel_without_file_permission_gets_text(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, channel_id=NO_FILES_CHANNEL_ID, players=2)
    tables = [
        m
        for m in fake.channel_messages(NO_FILES_CHANNEL_ID)
        if any(c.get("label") == "My hand" for c in fake.components(m))
    ]
    assert tables and not tables[-1]["attachments"]
    said = message_text(tables[-1])
    assert "Floor:" in said and "so the table comes as text" in said
    assert not gallery_items(tables[-1])  # no picture that would name a missing file


async def test_a_channel_where_the_bot_may_not_post_gets_a_clear_refusal(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new seep", channel_id=READ_ONLY_CHANNEL_ID, players=4)
    refusal = private_text(new)
    assert "Send Messages" in refusal and "another channel" in refusal
    assert env.bot.tables.get(READ_ONLY_CHANNEL_ID) is None


async def test_a_channel_without_embed_links_gets_a_clear_refusal(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(
        ASHA, "table", "new sheepshead", channel_id=NO_EMBEDS_CHANNEL_ID, players=5
    )
    refusal = private_text(new)
    assert "Embed Links" in refusal and "another channel" in refusal
    assert env.bot.tables.get(NO_EMBEDS_CHANNEL_ID) is None


async def test_play_offers_the_legal_moves_while_typing_and_status_reposts_the_table(
    env: Env,
) -> None:
    await open_table(env)
    fake = env.fake
    mover = whose_turn(fake)
    other = DEV if mover == ASHA else ASHA
    session = env.bot.tables.get(int(latest_table(fake)["channel_id"]))
    legal = {action.notation for action in session.match.legal_actions()}
    choices = await fake.autocomplete(mover, "play", "move", "")
    assert choices and len(choices) <= 25
    turn = session.turn_number  # each value carries the turn it was offered for
    assert {choice["value"] for choice in choices} <= {f"{n}#{turn}" for n in legal}
    assert await fake.autocomplete(other, "play", "move", "") == []  # not their turn
    first = choices[0]["value"]
    narrowed = await fake.autocomplete(mover, "play", "move", first[:2])
    assert first in {choice["value"] for choice in narrowed}
    played = await fake.slash(mover, "play", move=first)
    assert private_text(played).startswith("Your move")
    await env.bot.idle()
    before = latest_table(fake)["id"]
    status = await fake.slash(other, "table", "status")
    assert private_text(status) == "Here is the table."
    await env.bot.idle()
    table = latest_table(fake)
    assert table["id"] != before and f"<@{whose_turn(fake)}>" in message_text(table)
    assert int(before) in fake.deleted  # the older table message is gone: one table at a time

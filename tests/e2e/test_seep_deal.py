"""A full 4-player Seep deal, two humans and two computer players, end to end."""

from __future__ import annotations

from .conftest import Env
from .fake_discord import EPHEMERAL
from .helpers import button, gallery_items, message_title, play_first_move, whose_turn

ASHA, DEV = 501, 502


async def open_table(env: Env, game: str = "seep", players: int = 4, computers: int = 2) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    new = await fake.slash(ASHA, "table", f"new {game}", players=players)
    lobby = fake.messages[new.message_id]
    if players - computers > 1:
        await fake.click(DEV, new.message_id, button(fake, lobby, "Join"))
    for _ in range(computers):
        await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()


async def test_a_full_seep_deal_from_new_table_to_the_summary(env: Env) -> None:
    fake = env.fake
    await open_table(env)
    humans = {ASHA, DEV}
    for _ in range(60):
        if any(
            "is over" in message_title(m)
            for m in fake.channel_messages()
        ):
            break
        mover = whose_turn(fake)
        assert mover in humans
        said = await play_first_move(fake, mover)
        assert said.startswith("Your move: ")
        await env.bot.idle()
    summaries = [
        m
        for m in fake.channel_messages()
        if "Deal 1 is over" in message_title(m)
    ]
    assert len(summaries) == 1 and summaries[0]["attachments"][0]["filename"] == "summary.png"
    tables = [
        m
        for m in fake.channel_messages()
        if m["attachments"] and m["attachments"][0]["filename"] == "table.png"
    ]
    table = tables[-1]
    assert [item["media"]["url"] for item in gallery_items(table)] == ["attachment://table.png"]
    # the channel stays readable: one live table message, earlier ones removed
    assert len(tables) == 1
    assert (
        len(
            [
                m
                for m in fake.messages.values()
                if m["attachments"] and m["attachments"][0]["filename"] == "table.png"
            ]
        )
        > 20
    )
    # hands only ever went out privately
    hands = [
        mid for mid, files in fake.files.items() if any(f["name"] == "hand.png" for f in files)
    ]
    assert len(hands) >= 20 and all(fake.messages[mid]["flags"] & EPHEMERAL for mid in hands)
    assert env.bot.tables.get(fake_channel()).match.deal_results


def fake_channel() -> int:
    from .fake_discord import CHANNEL_ID

    return CHANNEL_ID

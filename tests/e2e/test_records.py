"""The cut, /history, /replay and /verify end to end: two players cut and play a Sedma hand;
its record is listed, replayed step by step, posted as an animation and verified; unknown and
other servers' deals are refused."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.records import DealRecord

from .conftest import Env
from .fake_discord import EPHEMERAL, FakeDiscord
from .helpers import (
    button,
    fix_deals,
    latest_table,
    message_text,
    play_first_move,
    select,
    start_table,
)

ASHA, DEV = 901, 902


def answer(step: Any) -> dict[str, Any]:
    return dict(step.responses[-1].get("data") or {})


async def play_hand(env: Env) -> None:
    """Both players play their first offered move until the hand is over."""
    fake = env.fake
    for _ in range(200):
        await env.bot.idle()
        session = env.bot.tables.get(int(latest_table(fake)["channel_id"]))
        if session is None or session.match is None or session.match.deals_finished:
            return
        content = message_text(latest_table(fake))
        user = int(content.split("<@")[1].split(">")[0])
        await play_first_move(fake, user)
    raise AssertionError("the hand did not end")


@pytest.mark.asks_for_cut
async def test_the_cutter_cuts_then_the_deal_is_kept_replayed_and_verified(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, 5)
    fake: FakeDiscord = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    _, session = await start_table(env, ASHA, "sedma", joiners=(DEV,), players=2)
    match = session.match
    assert match is not None and match.pending_cut is not None
    cutter = session.seats[match.pending_cut.cutter].user_id
    table = latest_table(fake)
    said = message_text(table)
    assert "cuts the deck" in said
    assert f"Deal commitment `{match.pending_cut.commitment[:16]}` · `/verify`" in said
    assert not table["attachments"], "no table image while the deck is cut"
    secret = match.deal_keys.secrets[0].hex()  # type: ignore[union-attr]

    opened = await fake.click(cutter, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    assert picker["flags"] & EPHEMERAL and not picker["attachments"], "no cards before the cut"
    assert "Cut the deck" in picker["content"] and "1 to 31" in picker["content"]
    choice = select(fake, picker)
    values = [o["value"] for o in choice["options"]]
    assert "cut 16" in values and len(values) <= 25  # one tap, the middle among them
    step = await fake.click(cutter, int(picker["id"]), choice["custom_id"], ["cut 9"])
    assert "cut the deck at card 9" in answer(step)["content"]
    assert session.match.deal_keys.cuts[0] == 9  # type: ignore[union-attr]

    await play_hand(env)
    await env.bot.idle()
    for message in fake.channel_messages():  # the secret is nowhere in public before the end
        texts = [message.get("content") or ""] + [str(e) for e in message["embeds"]]
        assert secret not in " ".join(texts)

    history = answer(await fake.slash(ASHA, "history"))
    assert "Deal 1" in history["content"] and "Sedma" in history["content"]
    assert "Deal 1" in answer(await fake.slash(DEV, "history", everyone=True))["content"]

    verified = answer(await fake.slash(DEV, "verify", deal=1))
    assert "checks out" in verified["content"] and secret in verified["content"]
    stored = await env.bot.store.deal_record(1)
    assert stored is not None
    record = DealRecord.from_text(stored.record)
    assert record.secret == secret and record.cut == 9 and record.actions[0] == "cut 9"

    replay = await fake.slash(ASHA, "replay", deal=1)
    shown_replay = fake.messages[replay.message_id]
    assert shown_replay["flags"] & EPHEMERAL and shown_replay["attachments"]
    assert "move 1 of" in shown_replay["embeds"][0]["title"]
    moved = await fake.click(ASHA, replay.message_id, button(fake, shown_replay, "Next"))
    assert "move 2 of" in fake.messages[moved.message_id]["embeds"][0]["title"]
    posted_before = len(fake.channel_messages())
    await fake.click(ASHA, replay.message_id, button(fake, shown_replay, "Post the animation"))
    posted = fake.channel_messages()[posted_before:]
    assert posted and posted[-1]["attachments"][0]["filename"] == "replay.gif"


async def test_unknown_and_other_servers_deals_are_refused(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    assert session is not None
    missing = answer(await fake.slash(ASHA, "replay", deal=999))
    assert "There is no finished deal number 999" in missing["content"]
    assert "no finished deal" in answer(await fake.slash(ASHA, "verify", deal=999))["content"]
    assert "not finished a deal" in answer(await fake.slash(ASHA, "history"))["content"]
    await play_hand(env)
    await env.bot.idle()
    await env.bot.store.database.run("UPDATE deal_records SET guild_id = 5")
    refused = answer(await fake.slash(ASHA, "replay", deal=1))
    assert "another server" in refused["content"]


@pytest.mark.asks_for_cut
async def test_a_cut_nobody_makes_is_made_in_the_middle_soon_and_misses_no_turn(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table without a timer does not wait for ever on its cutter: after a short while the
    deck is cut in the middle, and the cutter is not counted as missing a turn."""
    fix_deals(monkeypatch, 5)
    fake: FakeDiscord = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    monkeypatch.setattr("bot.flow.CUT_SECONDS", 0.5)
    _, session = await start_table(env, ASHA, "sedma", joiners=(DEV,), players=2, timer="off")
    pending = session.match.pending_cut
    assert pending is not None
    for _ in range(100):
        if session.match.pending_cut is None:
            break
        await asyncio.sleep(0.05)
    await env.bot.idle()
    assert session.match.pending_cut is None
    assert session.match.deal_keys.cuts[0] == pending.default  # type: ignore[union-attr]
    assert session.seats[pending.cutter].missed_turns == 0
    assert latest_table(fake)["attachments"], "the deal is on the table"

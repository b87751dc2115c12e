"""The play flow around a move, end to end, on SQLite and PostgreSQL: one private picker for a
run of decisions (taps counted), the mover's clock on the table, the end of a match in order,
nothing posted once a table is ended, every interaction answered once (Discord's 40060 rule),
and the queue for the next match."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

import bot.tables

from .conftest import Env, bot_env, start_bot, stop_bot
from .fake_discord import EPHEMERAL, FakeDiscord
from .helpers import (
    button,
    fix_deals,
    latest_table,
    lobby_button,
    message_text,
    message_title,
    sections,
    since_the_last_table,
    start_table,
    whose_turn,
)
from .test_sheepshead import act

ASHA, DEV, MIRA, RAVI = 29_001, 29_002, 29_003, 29_004
MANAGE_GUILD = 1 << 5
CLOCK = re.compile(r"<t:(\d+):R>")


@pytest.fixture
async def flow_env(
    store_location: str | Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Env]:
    """The bot against the fake Discord on either store, with Asha a member of the server."""
    async with bot_env(store_location, Path("."), monkeypatch) as env:
        env.location = store_location  # type: ignore[attr-defined]
        env.fake.add_member(ASHA, "Asha")
        yield env


async def restart(env: Env) -> None:
    await stop_bot(env.bot)
    env.bot = await start_bot(env.fake, env.location)  # type: ignore[attr-defined]
    await asyncio.sleep(0.3)  # the restored tables resume
    await env.bot.idle()


def hand_button(fake: FakeDiscord) -> tuple[int, str]:
    table = latest_table(fake)
    return int(table["id"]), button(fake, table, "My hand")


# ----- 1. a run of decisions in one picker ------------------------------------------------


async def test_pick_bury_and_call_in_one_picker_one_tap_each(
    flow_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    env, fake = flow_env, flow_env.fake
    fix_deals(monkeypatch, 3)  # the dealer is seat 5: Asha (seat 1) is asked first
    fake.add_member(DEV, "Dev")
    _, session = await start_table(
        env, ASHA, "sheepshead", joiners=(DEV,), computers=3, players=5, sheepshead_hands=1
    )
    assert whose_turn(fake) == ASHA
    table_id, hand = hand_button(fake)
    opened = await fake.click(ASHA, table_id, hand)
    taps = 1
    picker_id = opened.message_id
    picker = fake.messages[picker_id]
    assert picker["content"] == "Pick up the blind, or pass?"
    pick = next(c for c in fake.components(picker) if c.get("label", "").startswith("Pick"))
    step = await fake.click(ASHA, picker_id, pick["custom_id"])
    taps += 1
    picker = fake.messages[picker_id]  # the same private message, now the bury
    assert "picked up the blind" in picker["content"]
    assert "Choose 2 cards to bury" in picker["content"]
    assert step.message_id == picker_id
    bury = next(c for c in fake.components(picker) if c.get("type") == 3)
    assert bury["min_values"] == bury["max_values"] == 2
    await fake.click(ASHA, picker_id, bury["custom_id"], [o["value"] for o in bury["options"][:2]])
    taps += 1  # one select, played as chosen
    picker = fake.messages[picker_id]
    assert "buried 2 cards" in picker["content"] and "Call your partner's card" in picker["content"]
    assert len(session.match.deal.buried) == 2
    call = fake.components(picker)[0]  # a list of calls (or buttons)
    values = [call["options"][0]["value"]] if call.get("type") == 3 else None
    await fake.click(ASHA, picker_id, call["custom_id"], values)
    taps += 1
    picker = fake.messages[picker_id]
    assert "called" in picker["content"] or "went alone" in picker["content"]
    assert taps == 4  # three decisions: the hand opened once, then one tap per decision
    # the old step's buttons are gone from the picker; a stale press is refused privately
    fake.messages[picker_id]["components"] = [{"type": 1, "components": [call]}]  # as if kept
    late = await fake.click(ASHA, picker_id, call["custom_id"], values)
    answer = late.responses[-1]["data"]
    assert answer["flags"] & EPHEMERAL and "already made" in answer["content"]
    await env.bot.idle()


# ----- 2. the clock -----------------------------------------------------------------------


async def test_a_seep_bid_and_the_first_play_in_one_picker(
    flow_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bidder bids, and the same private picker asks for the first play in place: the
    hand opened once, then one tap per decision."""
    env, fake = flow_env, flow_env.fake
    fix_deals(monkeypatch, 3)  # Asha bids first
    _, session = await start_table(env, ASHA, "seep", computers=3, players=4)
    assert whose_turn(fake) == ASHA
    table_id, hand = hand_button(fake)
    opened = await fake.click(ASHA, table_id, hand)
    taps = 1
    picker_id = opened.message_id
    assert fake.messages[picker_id]["content"].startswith("Bid for a house")
    bid = fake.components(fake.messages[picker_id])[0]
    step = await fake.click(ASHA, picker_id, bid["custom_id"], [bid["options"][0]["value"]])
    taps += 1
    picker = fake.messages[picker_id]  # the same private message, now the first play
    assert step.message_id == picker_id
    # the table made the cut (a move of its own): the bid is the move after it
    moves = [a for a in session.match.actions if not a.notation.startswith("cut ")]
    assert moves[0].notation in picker["content"] or "bid" in picker["content"]
    assert "Your turn: choose your move" in picker["content"]
    assert len(moves) == 1
    play = next(c for c in fake.components(picker) if c.get("type") == 3)
    await fake.click(ASHA, picker_id, play["custom_id"], [play["options"][0]["value"]])
    taps += 1
    await env.bot.idle()
    moves = [a for a in session.match.actions if not a.notation.startswith("cut ")]
    assert moves[1].notation != moves[0].notation
    assert len(moves) >= 2 and session.match.deal.bid is not None
    assert taps == 3  # two decisions: the hand opened once, then one tap each


def _sedma_choice(options: list[dict[str, Any]]) -> dict[str, Any]:
    """Go again when offered (so the trick comes back), lead a rank held twice, else take
    the trick when a card does."""
    leads = [o for o in options if " · Lead " in o["label"]]
    held = [o["label"].rsplit(" ", 1)[-1][:-1] for o in leads]
    return (
        [o for o in options if "again" in o["label"]]
        or [o for o, rank in zip(leads, held, strict=True) if held.count(rank) > 1]
        or [o for o in options if "takes" in o["label"]]
        or options
    )[0]


async def test_a_sedma_stop_and_the_next_lead_in_one_picker(
    flow_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The leader holds the trick and stops; leading the next trick is theirs at once, so the
    same picker asks for the lead in place: one tap for each of the two decisions."""
    env, fake = flow_env, flow_env.fake
    fix_deals(monkeypatch, 1)
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    for _ in range(40):
        await env.bot.idle()
        assert whose_turn(fake) == ASHA
        table_id, hand = hand_button(fake)
        picker_id = (await fake.click(ASHA, table_id, hand)).message_id
        options = next(c for c in fake.components(fake.messages[picker_id]) if c["type"] == 3)
        stop = [o for o in options["options"] if o["label"] == "Stop: the trick goes to Asha"]
        if stop:
            break
        await fake.click(
            ASHA, picker_id, options["custom_id"], [_sedma_choice(options["options"])["value"]]
        )
    else:
        raise AssertionError("Asha was never asked to go again with the trick hers")
    played = len(session.match.actions)
    step = await fake.click(ASHA, picker_id, options["custom_id"], [stop[0]["value"]])
    picker = fake.messages[picker_id]  # the same message: the next trick's lead
    assert step.message_id == picker_id
    assert "Asha stopped" in picker["content"]
    assert "Your turn: choose your move" in picker["content"]
    lead = next(c for c in fake.components(picker) if c["type"] == 3)
    assert all(" · Lead " in o["label"] for o in lead["options"])
    await fake.click(ASHA, picker_id, lead["custom_id"], [lead["options"][0]["value"]])
    await env.bot.idle()
    assert len(session.match.actions) >= played + 2  # the stop and the lead, each played once
    assert session.match.actions[played].notation == "stop"


async def test_the_table_shows_the_movers_deadline_through_a_restart(flow_env: Env) -> None:
    env, fake = flow_env, flow_env.fake
    before = time.time()
    lobby, session = await start_table(env, ASHA, "suipe", computers=1, players=2, deals=5)
    first = latest_table(fake)
    shown = int(CLOCK.search(message_text(first))[1])
    assert before + 170 <= shown <= time.time() + 181  # the 3-minute default
    assert int(session.row.turn_deadline) == shown
    await restart(env)
    session = env.bot.tables.get(int(lobby["channel_id"]))
    assert int(session.row.turn_deadline) == shown  # the stored deadline runs on
    await fake.slash(ASHA, "table", "status")
    await env.bot.idle()
    again = latest_table(fake)
    assert again["id"] != first["id"] and int(CLOCK.search(message_text(again))[1]) == shown
    await asyncio.sleep(1.1)
    from .helpers import play_first_move

    await play_first_move(fake, ASHA)
    await env.bot.idle()
    moved = latest_table(fake)
    assert int(CLOCK.search(message_text(moved))[1]) > shown  # a new turn, a new deadline


async def test_no_clock_at_an_untimed_table(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    await start_table(env, ASHA, "suipe", computers=1, players=2, timer="off")
    assert "<t:" not in message_text(latest_table(fake))


# ----- 3. the end of a match in order -----------------------------------------------------


async def test_the_final_table_comes_before_the_summary_with_recap_and_rematch(
    flow_env: Env,
) -> None:
    env, fake = flow_env, flow_env.fake
    lobby, session = await start_table(env, ASHA, "sheepshead", computers=2, players=3,
                                       sheepshead_hands=2)  # fmt: skip
    channel = int(lobby["channel_id"])
    while not session.match.is_terminal:
        await act(fake, whose_turn(fake))
        await env.bot.idle()
    messages = fake.channel_messages(channel)
    final, last_table = messages[-1], messages[-2]
    assert message_title(final).startswith("Hand 2")
    names = list(sections(final))
    assert "Match over" in names and "Match recap" in names
    recap = sections(final)["Match recap"]
    assert "Hand 1" in recap and "Hand 2" in recap
    assert button(fake, final, "Rematch")
    assert "The match is over." in message_text(last_table)
    # the first hand's summary ends its plays; the second hand's first table lists only its own
    # every message posted in order, the tables replaced since (deleted) too
    posted = [
        m for mid, m in fake.messages.items()
        if int(m["channel_id"]) == channel and not int(m.get("flags", 0)) & EPHEMERAL
    ]  # fmt: skip
    titles = [message_title(m) for m in posted]
    first_summary = titles.index(next(t for t in titles if t.startswith("Hand 1")))
    fields = sections(posted[first_summary])
    hand_one = [f"• {play.told(session.names())}" for play in session.plays_since(0, 0)]
    ending = fields["Since the last table"].splitlines()
    assert ending and hand_one[-len(ending):] == ending
    table_title = titles[0]  # the first message is a table
    next_table = next(
        m for m, title in zip(posted[first_summary + 1 :], titles[first_summary + 1 :],
                              strict=True)
        if title == table_title
    )  # fmt: skip
    hand_two = [f"• {play.told(session.names())}" for play in session.plays_since(0, 1)]
    listed = since_the_last_table(next_table)
    assert listed == hand_two[: len(listed)]  # from the hand's first play on, nothing before


# ----- 4. nothing after the end -----------------------------------------------------------


async def test_a_table_ended_while_a_computer_thinks_posts_nothing_more(
    flow_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    env, fake = flow_env, flow_env.fake
    lobby, session = await start_table(env, ASHA, "sedma", computers=3, players=4)
    channel = int(lobby["channel_id"])
    thinking, release = asyncio.Event(), asyncio.Event()
    real_think = bot.tables.think

    async def held(*args: Any) -> Any:
        thinking.set()
        await release.wait()
        return await real_think(*args)

    from .helpers import play_first_move

    # Asha plays until a computer moves next (a move of hers may leave her to move again,
    # whatever the deal): then a computer is mid-thought, holding the table
    await env.bot.idle()  # the computers before Asha have moved: it is her turn
    asha = session.seat_of(ASHA)
    monkeypatch.setattr(bot.tables, "think", held)
    for _ in range(40):
        await play_first_move(fake, ASHA)
        for _ in range(200):
            if thinking.is_set() or session.match.current_player == asha:
                break
            await asyncio.sleep(0.05)
        if thinking.is_set():
            break
    else:
        raise AssertionError("no computer ever moved after Asha")
    moves = len(session.match.actions)
    ending = asyncio.create_task(fake.slash(ASHA, "table", "end"))
    await asyncio.sleep(0.2)
    release.set()  # the thought ends after the end was asked for: it is dropped
    ended = await ending
    assert "has ended" in ended.responses[-1]["data"]["content"]
    count = len(fake.channel_messages(channel))
    await asyncio.sleep(0.5)
    await env.bot.idle()
    assert len(session.match.actions) == moves  # the computer's move was not played
    assert len(fake.channel_messages(channel)) == count  # and nothing was posted


async def test_a_table_ended_during_the_computers_delay_or_a_timer_posts_nothing(
    flow_env: Env,
) -> None:
    env, fake = flow_env, flow_env.fake
    lobby, _ = await start_table(env, ASHA, "sedma", computers=3, players=4)
    channel = int(lobby["channel_id"])
    while whose_turn(fake) != ASHA:
        await asyncio.sleep(0.05)
    env.bot.computer_delay = 0.6
    env.bot.timer_scale = 0.4 / 180  # a timer armed for Asha's next turn runs out in 0.4 s
    from .helpers import play_first_move

    await play_first_move(fake, ASHA)
    ended = await fake.slash(ASHA, "table", "end")
    assert "has ended" in ended.responses[-1]["data"]["content"]
    before = {m["id"] for m in fake.channel_messages(channel)}
    assert not env.bot.timers
    await asyncio.sleep(1.5)
    await env.bot.idle()
    # (the move's table may still replace the one before it: a deletion is no new post)
    after = {m["id"] for m in fake.channel_messages(channel)}
    assert after <= before, "nothing is posted after the end"


# ----- 5. every interaction answered once --------------------------------------------------


async def test_the_fake_refuses_a_second_answer_with_40060(env: Env) -> None:
    fake = env.fake
    record = fake._base_interaction(3, ASHA, 1)
    url = f"{fake.api_base}/interactions/{record.id}/{record.token}/callback"
    async with aiohttp.ClientSession() as http:
        first = await http.post(url, json={"type": 6})
        second = await http.post(url, json={"type": 6})
        body = await second.json()
    assert first.status == 200 and second.status == 400
    assert body == {"message": "Interaction has already been acknowledged.", "code": 40060}
    assert fake.violations == [f"interaction {record.id} acknowledged twice"]
    fake.violations.clear()


async def test_season_cancel_and_pickers_are_answered_once(flow_env: Env) -> None:
    env, fake = flow_env, flow_env.fake
    season = await fake.slash(ASHA, "settings", "season", permissions=MANAGE_GUILD)
    confirm = fake.messages[season.message_id]
    cancelled = await fake.click(ASHA, season.message_id, button(fake, confirm, "Cancel"),
                                 permissions=MANAGE_GUILD)  # fmt: skip
    await asyncio.sleep(0.3)  # a second answer would come now
    assert len(cancelled.responses) == 1
    assert fake.messages[season.message_id]["content"] == "Nothing changed."
    await start_table(env, ASHA, "suipe", computers=1, players=2)
    table_id, hand = hand_button(fake)
    opened = await fake.click(ASHA, table_id, hand)
    picker = fake.messages[opened.message_id]
    choice = next(c for c in fake.components(picker) if c.get("type") == 3)
    step = await fake.click(ASHA, opened.message_id, choice["custom_id"],
                            [choice["options"][0]["value"]])  # fmt: skip
    await asyncio.sleep(0.3)
    assert len(step.responses) == 1
    await env.bot.idle()
    # fake.violations (checked by the fixture) would hold any 40060


# ----- 6. the queue for the next match ----------------------------------------------------


async def test_the_next_match_queue_seats_its_players_after_a_restart(flow_env: Env) -> None:
    env, fake = flow_env, flow_env.fake
    for user, name in ((DEV, "Dev"), (MIRA, "Mira"), (RAVI, "Ravi")):
        fake.add_member(user, name)
    lobby, session = await start_table(env, ASHA, "sheepshead", computers=2, players=3,
                                       sheepshead_hands=1)  # fmt: skip
    channel = int(lobby["channel_id"])
    table = latest_table(fake)
    queue = button(fake, table, "Next match")
    said = await fake.click(MIRA, int(table["id"]), queue)
    answer = said.responses[-1]["data"]
    assert answer["flags"] & EPHEMERAL and "number 1 in the queue" in answer["content"]
    await fake.click(RAVI, int(table["id"]), queue)
    left = await fake.click(RAVI, int(table["id"]), queue)  # one tap leaves
    assert "left the queue" in left.responses[-1]["data"]["content"]
    said = await fake.click(DEV, int(table["id"]), queue)
    assert "number 2 in the queue" in said.responses[-1]["data"]["content"]
    seated = await fake.click(ASHA, int(table["id"]), queue)
    assert "play at this table already" in seated.responses[-1]["data"]["content"]
    await restart(env)
    session = env.bot.tables.get(channel)
    assert [user for user, _ in session.next_match] == [MIRA, DEV]
    while not session.match.is_terminal:
        await act(fake, whose_turn(fake))
        await env.bot.idle()
    final = fake.channel_messages(channel)[-1]
    late = await fake.click(RAVI, int(table["id"]), queue)  # the match is over
    assert "match is over" in late.responses[-1]["data"]["content"]
    opened = await fake.click(ASHA, int(final["id"]), button(fake, final, "Rematch"))
    text = fake.messages[opened.message_id]["content"]
    assert f"<@{MIRA}> at seat 2" in text and f"<@{DEV}> at seat 3" in text
    again = env.bot.tables.get(channel)
    assert again.seats[1].user_id == MIRA and again.seats[2].user_id == DEV
    await fake.click(ASHA, opened.message_id, lobby_button(fake, fake.messages[opened.message_id],
                                                           "start"))  # fmt: skip
    await env.bot.idle()
    assert again.match is not None

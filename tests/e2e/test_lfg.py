"""The table finder, end to end: /lfg posts a seat card, members opted in with /lfg notify are
pinged (and nobody else), Join fills the table and it starts by itself, or computer players
take the seats left when the host's wait runs out (also across a restart); two presses for the
last seat give one seat; and every refusal is private."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from typing import Any

import pytest

from bot.lfg import TableFinder

from .conftest import Env, start_bot, stop_bot
from .fake_discord import (
    CHANNEL_ID,
    EPHEMERAL,
    READ_ONLY_CHANNEL_ID,
    THREADS_CHANNEL_ID,
    FakeDiscord,
)
from .helpers import MANAGE_GUILD
from .test_pseudo_locale import speak_pseudo, texts_of, unmarked

HOST, ASHA, DEV, KIRAN, MEERA = 701, 702, 703, 704, 705
LINK = re.compile(r"https://\S+?(?=⟦|\s|$)")


def answer(step: Any) -> str:
    return str((step.responses[-1].get("data") or {}).get("content") or "")


def private(step: Any) -> bool:
    return bool(int((step.responses[-1].get("data") or {}).get("flags") or 0) & EPHEMERAL)


def cards(fake: FakeDiscord, channel: int = THREADS_CHANNEL_ID) -> list[dict[str, Any]]:
    return [
        m for m in fake.channel_messages(channel)
        if m["embeds"] and "looking for players" in m["embeds"][0].get("title", "")
    ]  # fmt: skip


def card_button(fake: FakeDiscord, card: dict[str, Any], action: str) -> str:
    for component in fake.components(card):
        if str(component.get("custom_id", "")).endswith(f":{action}"):
            return str(component["custom_id"])
    raise AssertionError(f"no {action!r} button on the card")


def members(fake: FakeDiscord) -> None:
    for user, name in ((HOST, "Host"), (ASHA, "Asha"), (DEV, "Dev"), (KIRAN, "Kiran"),
                       (MEERA, "Meera")):  # fmt: skip
        fake.add_member(user, name)


def stored(env: Env, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(env.database)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


async def post(env: Env, game: str = "seep", channel: int = THREADS_CHANNEL_ID,
               **options: Any) -> tuple[Any, dict[str, Any]]:  # fmt: skip
    step = await env.fake.slash(HOST, "lfg", f"new {game}", channel_id=channel, **options)
    assert private(step), answer(step)
    found = cards(env.fake, channel)
    assert found, answer(step)
    return step, env.fake.messages[int(found[-1]["id"])]


async def test_a_card_filled_by_opted_in_members_starts_its_table(env: Env) -> None:
    fake = env.fake
    members(fake)
    for user in (HOST, ASHA, DEV):
        opted = await fake.slash(user, "lfg", "notify", channel_id=THREADS_CHANNEL_ID, game="seep")
        assert private(opted) and "pinged" in answer(opted)
    # someone who asked for another game's cards hears nothing of this one
    await fake.slash(MEERA, "lfg", "notify", channel_id=THREADS_CHANNEL_ID, game="suipe")
    step, card = await post(env, players=4)
    assert "Your card is up" in answer(step)
    # the host (opted in too) and Meera (for another game), nor anyone else: no ping
    assert sorted(fake.pings[int(card["id"])]) == [ASHA, DEV]
    sent = next(p for p in fake.sent if "looking for players" in (p.get("content") or ""))
    allowed = sent["allowed_mentions"]  # only they may be notified, whatever the text says
    assert allowed["parse"] == [] and sorted(map(int, allowed["users"])) == [ASHA, DEV]
    assert f"<@{HOST}>" in card["embeds"][0]["description"]
    assert "1 of 4" in card["embeds"][0]["description"]
    assert [f["name"] for f in card["embeds"][0]["fields"]][:2] == ["Seats", "Settings"]
    table_channel = next(iter(env.bot.tables.by_channel))
    assert table_channel in fake.threads  # the table plays in a thread of the card's channel
    join = card_button(fake, card, "join")
    for user in (ASHA, DEV):
        joined = await fake.click(user, int(card["id"]), join)
        assert joined.responses[-1]["type"] == 7  # the card itself is edited
    shown = fake.messages[int(card["id"])]
    assert "3 of 4" in shown["embeds"][0]["description"]
    assert f"<@{DEV}>" in shown["embeds"][0]["fields"][0]["value"]
    last = await fake.click(KIRAN, int(card["id"]), join)
    assert last.responses[-1]["type"] == 7
    await env.bot.idle()
    session = env.bot.tables.get(table_channel)
    assert session is not None and session.started
    assert {row.user_id for row in session.seats.values()} == {HOST, ASHA, DEV, KIRAN}
    shown = fake.messages[int(card["id"])]
    assert "has started" in shown["embeds"][0]["description"]
    assert not fake.components(shown)  # no more buttons
    assert not shown["content"]  # nor the ping line: nobody is looked for any more
    posted = fake.channel_messages(table_channel)
    told = [m for m in posted if "Every seat is taken" in m["content"]]
    assert len(told) == 1 and sorted(fake.pings[int(told[0]["id"])]) == sorted(
        [HOST, ASHA, DEV, KIRAN]
    )
    tables = [m for m in posted if any(c.get("label") == "My hand" for c in fake.components(m))]
    assert tables and int(told[0]["id"]) < int(tables[0]["id"])  # first the players hear


async def test_the_ping_goes_once_within_the_servers_minutes(env: Env) -> None:
    fake = env.fake
    members(fake)
    await fake.slash(ASHA, "lfg", "notify", channel_id=THREADS_CHANNEL_ID, game="suipe")
    _, first = await post(env, "suipe", players=2)
    assert fake.pings[int(first["id"])] == [ASHA]
    cancel = await fake.click(HOST, int(first["id"]), card_button(fake, first, "cancel"))
    assert cancel.responses[-1]["type"] == 7
    assert "cancelled" in fake.messages[int(first["id"])]["embeds"][0]["description"]
    # a second card within the 30 minutes pings nobody
    _, second = await post(env, "suipe", players=2)
    assert fake.pings[int(second["id"])] == []
    assert not fake.messages[int(second["id"])]["content"]
    # opting out: the next card (past the minutes) would not ping them
    out = await fake.slash(ASHA, "lfg", "notify", channel_id=THREADS_CHANNEL_ID, game="suipe")
    assert "not be pinged" in answer(out)
    assert stored(env, "SELECT count(*) FROM lfg_notify") == [(0,)]


async def test_an_admin_turns_pings_off_and_names_the_cards_channel(env: Env) -> None:
    fake = env.fake
    members(fake)
    refused = await fake.slash(ASHA, "settings", "lfg", permissions=0, pings=False)
    assert private(refused) and "Manage Server" in answer(refused)
    saved = await fake.slash(HOST, "settings", "lfg", channel_id=THREADS_CHANNEL_ID,
                             permissions=MANAGE_GUILD, pings=False, cards_here=True)  # fmt: skip
    assert "Saved" in answer(saved) and f"<#{THREADS_CHANNEL_ID}>" in answer(saved)
    shown = await fake.slash(HOST, "settings", "show", permissions=MANAGE_GUILD)
    assert "ping nobody" in answer(shown) and f"<#{THREADS_CHANNEL_ID}>" in answer(shown)
    opted = await fake.slash(ASHA, "lfg", "notify", game="seep")
    assert "turned off" in answer(opted)
    step = await fake.slash(HOST, "lfg", "new seep", channel_id=CHANNEL_ID, players=2)
    assert private(step) and "Your card is up" in answer(step)
    card = cards(fake, THREADS_CHANNEL_ID)[-1]  # posted in the cards' channel, not here
    assert not cards(fake, CHANNEL_ID)
    assert fake.pings[int(card["id"])] == []


async def test_computers_fill_the_seats_when_the_wait_runs_out(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = env.fake
    members(fake)
    monkeypatch.setattr(TableFinder, "minute", 1.0)  # a minute's wait lasts a second
    _, card = await post(env, players=4, fill_after=1, level="easy")
    assert "<t:" in card["embeds"][0]["description"]  # when, in the reader's own clock
    await fake.click(ASHA, int(card["id"]), card_button(fake, card, "join"))
    shown = await fake.wait_for_message(
        lambda m: m["id"] == card["id"] and "has started" in m["embeds"][0]["description"]
    )
    await env.bot.idle()
    session = next(iter(env.bot.tables.by_channel.values()))
    assert session.started
    computers = [row for row in session.seats.values() if row.is_computer]
    assert len(computers) == 2 and {row.computer_level for row in computers} == {"easy"}
    assert not fake.components(shown)


async def test_a_wait_goes_on_after_a_restart(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = env.fake
    members(fake)
    monkeypatch.setattr(TableFinder, "minute", 3.0)
    _, card = await post(env, "suipe", players=2, fill_after=1)
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    assert stored(env, "SELECT status FROM lfg_cards") == [("open",)]  # still waiting
    # the card's buttons work after the restart; then the wait runs out and a computer sits
    card = fake.messages[int(card["id"])]
    host_leaves = await fake.click(HOST, int(card["id"]), card_button(fake, card, "leave"))
    assert private(host_leaves) and "Cancel" in answer(host_leaves)
    await fake.wait_for_message(
        lambda m: m["id"] == card["id"] and "has started" in m["embeds"][0]["description"]
    )
    await env.bot.idle()
    session = next(iter(env.bot.tables.by_channel.values()))
    assert session.started and sum(row.is_computer for row in session.seats.values()) == 1
    assert stored(env, "SELECT status FROM lfg_cards") == [("started",)]


async def test_two_presses_for_the_last_seat_give_one_seat(env: Env) -> None:
    fake = env.fake
    members(fake)
    _, card = await post(env, "suipe", players=2)
    join = card_button(fake, card, "join")
    first, second = await asyncio.gather(
        fake.click(ASHA, int(card["id"]), join), fake.click(DEV, int(card["id"]), join)
    )
    seated = [step for step in (first, second) if step.responses[-1]["type"] == 7]
    refused = [step for step in (first, second) if private(step)]
    assert len(seated) == 1 and len(refused) == 1
    assert "full" in answer(refused[0])
    await env.bot.idle()
    session = next(iter(env.bot.tables.by_channel.values()))
    assert session.started and len(session.seats) == 2


async def test_refusals_are_private_and_plain(env: Env) -> None:
    fake = env.fake
    members(fake)
    _, card = await post(env, "seep", players=4)
    join, leave, cancel = (card_button(fake, card, a) for a in ("join", "leave", "cancel"))
    await fake.click(ASHA, int(card["id"]), join)
    twice = await fake.click(ASHA, int(card["id"]), join)
    assert private(twice) and "already" in answer(twice)
    not_seated = await fake.click(DEV, int(card["id"]), leave)
    assert private(not_seated) and "not at this table" in answer(not_seated)
    left = await fake.click(ASHA, int(card["id"]), leave)
    assert left.responses[-1]["type"] == 7
    not_host = await fake.click(DEV, int(card["id"]), cancel, permissions=0)
    assert private(not_host) and "Only the host" in answer(not_host)
    another = await fake.slash(HOST, "lfg", "new suipe", channel_id=THREADS_CHANNEL_ID)
    assert private(another) and "still open" in answer(another)
    await fake.click(HOST, int(card["id"]), cancel)
    assert "cancelled" in card["embeds"][0]["description"] and not fake.components(card)
    assert not env.bot.tables.by_channel  # the card's table ended with it
    # a flood of /lfg notify: private, with the wait
    answers = [await fake.slash(KIRAN, "lfg", "notify", game="seep") for _ in range(6)]
    assert all(private(step) for step in answers)
    assert "try again in" in answer(answers[-1])
    # the cards' channel where the bot may not post
    await fake.slash(HOST, "settings", "lfg", channel_id=READ_ONLY_CHANNEL_ID,
                     permissions=MANAGE_GUILD, cards_here=True)  # fmt: skip
    blocked = await fake.slash(MEERA, "lfg", "new seep", channel_id=THREADS_CHANNEL_ID)
    assert private(blocked) and "may not post" in answer(blocked)
    assert not env.bot.tables.by_channel


async def test_a_flood_of_cards_is_refused(env: Env) -> None:
    fake = env.fake
    members(fake)
    for _ in range(3):
        _, card = await post(env, "suipe", players=2)
        await fake.click(HOST, int(card["id"]), card_button(fake, card, "cancel"))
    flood = await fake.slash(HOST, "lfg", "new suipe", channel_id=THREADS_CHANNEL_ID)
    assert private(flood) and "wait" in answer(flood)


async def test_a_card_whose_table_ends_in_its_thread_is_closed(env: Env) -> None:
    fake = env.fake
    members(fake)
    _, card = await post(env, "seep", players=4)
    thread = next(iter(env.bot.tables.by_channel))
    ended = await fake.slash(HOST, "table", "end", channel_id=thread)
    assert "has ended" in answer(ended)
    await fake.wait_for_message(
        lambda m: m["id"] == card["id"] and "cancelled" in m["embeds"][0]["description"]
    )
    assert not fake.components(card)
    assert stored(env, "SELECT status FROM lfg_cards") == [("cancelled",)]


async def test_without_threads_the_table_plays_in_the_cards_channel(env: Env) -> None:
    fake = env.fake
    members(fake)
    step = await fake.slash(HOST, "lfg", "new suipe", channel_id=CHANNEL_ID, players=2)
    assert "plays in the card's channel" in answer(step)
    assert env.bot.tables.get(CHANNEL_ID) is not None
    busy = await fake.slash(ASHA, "lfg", "new suipe", channel_id=CHANNEL_ID, players=2)
    assert private(busy) and "already plays" in answer(busy)
    card = cards(fake, CHANNEL_ID)[-1]
    await fake.click(DEV, int(card["id"]), card_button(fake, card, "join"))
    await env.bot.idle()
    assert env.bot.tables.get(CHANNEL_ID).started
    assert len(cards(fake, CHANNEL_ID)) == 1


async def test_two_cards_at_once_by_one_host_post_one(env: Env) -> None:
    fake = env.fake
    members(fake)
    first, second = await asyncio.gather(
        fake.slash(HOST, "lfg", "new suipe", channel_id=THREADS_CHANNEL_ID, players=2),
        fake.slash(HOST, "lfg", "new seep", channel_id=THREADS_CHANNEL_ID, players=2),
    )
    assert sorted("still open" in answer(step) for step in (first, second)) == [False, True]
    assert len(cards(fake)) == 1 and len(env.bot.tables.by_channel) == 1


async def test_every_word_of_the_finder_comes_from_the_catalogues(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = env.fake
    speak_pseudo(monkeypatch)
    monkeypatch.setattr(TableFinder, "minute", 1.0)
    members(fake)
    await fake.slash(ASHA, "lfg", "notify", game="seep")
    await fake.slash(HOST, "settings", "lfg", channel_id=THREADS_CHANNEL_ID,
                     permissions=MANAGE_GUILD, cards_here=True)  # fmt: skip
    await fake.slash(HOST, "settings", "show", permissions=MANAGE_GUILD)
    await fake.slash(HOST, "lfg", "new seep", players=4, fill_after=1)
    card = [m for m in fake.channel_messages(THREADS_CHANNEL_ID) if m["embeds"]][-1]
    join, leave = card_button(fake, card, "join"), card_button(fake, card, "leave")
    await fake.click(ASHA, int(card["id"]), join)
    await fake.click(ASHA, int(card["id"]), join)  # twice
    await fake.click(HOST, int(card["id"]), leave)  # the host
    await fake.click(DEV, int(card["id"]), card_button(fake, card, "cancel"), permissions=0)
    await fake.slash(HOST, "lfg", "new suipe")  # a second card
    await fake.wait_for_message(lambda m: m["id"] == card["id"] and not fake.components(m))
    await env.bot.idle()
    await fake.slash(ASHA, "lfg", "notify", game="seep")
    commands = frozenset(command.name for command in env.bot.tree.walk_commands())
    names = ("Host", "Asha", "Dev", "Kiran", "Meera")
    found = {
        word: text
        for payload in fake.sent
        for text in texts_of(payload)
        for word in unmarked(LINK.sub(" ", text), names, commands)  # a link is no word
    }
    assert not found, "\n".join(f"{word!r} in {text!r}" for word, text in found.items())


async def test_a_wait_that_ran_out_while_the_bot_was_away_fills_at_the_start(env: Env) -> None:
    fake = env.fake
    members(fake)
    _, card = await post(env, "suipe", players=2, fill_after=30)
    await stop_bot(env.bot)
    db = sqlite3.connect(env.database)
    with db:  # half an hour later
        db.execute("UPDATE lfg_cards SET fill_at = fill_at - 1800")
    db.close()
    env.bot = await start_bot(fake, env.database)
    await fake.wait_for_message(
        lambda m: m["id"] == card["id"] and "has started" in m["embeds"][0]["description"]
    )
    await env.bot.idle()
    session = next(iter(env.bot.tables.by_channel.values()))
    assert session.started and sum(row.is_computer for row in session.seats.values()) == 1

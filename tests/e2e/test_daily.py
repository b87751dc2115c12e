"""The daily deal end to end: members play the server's deal of the day privately, against the
same computer players, and compare on the same cards; nothing of the day shows before one's
own attempt is over; an attempt survives a restart; when the day ends unfinished attempts
expire, finished ones become deal records (/replay, /verify) and the boards are posted with
them."""

from __future__ import annotations

import asyncio
import itertools
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from tests.postgres_server import LocalPostgres

from .conftest import Env, bot_env, start_bot, stop_bot
from .fake_discord import CHANNEL_ID, EPHEMERAL, GUILD_ID, FakeDiscord

ASHA, DEV, MIRA = 801, 802, 803
MANAGE_GUILD = 1 << 5
DAILY_GAMES = [spec.name for spec in registry.games() if spec.daily is not None]
DATABASES = itertools.count(1)  # each PostgreSQL test its own new database


@pytest.fixture(params=["sqlite", "postgres"])
async def daily_env(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[Env, str | Path]]:
    """The bot on SQLite or on PostgreSQL, against the fake Discord."""
    if request.param == "sqlite":
        location: str | Path = tmp_path / "bot.sqlite3"
    else:
        server: LocalPostgres = request.getfixturevalue("postgres")
        location = await server.create_database(f"daily_{os.getpid()}_{next(DATABASES)}")
    async with bot_env(location, tmp_path / "bot.sqlite3", monkeypatch) as env:
        yield env, location


def members_at_a_set_clock(env: Env, members: dict[int, str]) -> list[float]:
    """The members join and the daily deal's clock is set to 2025-11-24 16:00 UTC; the test
    moves the clock by changing the list's one value."""
    for user_id, name in members.items():
        env.fake.add_member(user_id, name)
    now = [1_764_000_000.0]
    cog_of(env).daily.clock = lambda: now[0]
    return now


def cog_of(env: Env) -> Any:
    """The daily cog (loaded as an extension: its own module object, so found by name)."""
    cog = env.bot.get_cog("DailyCommands")
    assert cog is not None and type(cog).__name__ == "DailyCommands"
    return cog


def text_of(message: dict[str, Any]) -> str:
    """Everything a member reads in a message: its words and its embeds'."""
    parts = [str(message.get("content") or "")]
    for embed in message.get("embeds") or []:
        parts += [str(embed.get("title", "")), str(embed.get("description", ""))]
        parts += [f"{f['name']} {f['value']}" for f in embed.get("fields", [])]
        parts.append(str(embed.get("footer", {}).get("text", "")))
    return "\n".join(parts)


def answer(record: Any) -> str:
    return str(record.responses[-1]["data"].get("content") or "")


async def daily(fake: FakeDiscord, user: int, game: str, **options: Any) -> dict[str, Any]:
    """/daily: the private message the member sees."""
    record = await fake.slash(user, "daily", game=game, **options)
    message = fake.messages[record.message_id]
    assert int(message.get("flags", 0)) & EPHEMERAL, "the daily deal is private"
    return message


async def one_move(fake: FakeDiscord, user: int, message: dict[str, Any]) -> None:
    """One tap in the picker: the first move offered (cards chosen together: the first ones)."""
    for component in fake.components(message):
        if component.get("type") == 3:
            count = int(component.get("min_values", 1))
            values = [o["value"] for o in component["options"][:count]]
            await fake.click(user, int(message["id"]), component["custom_id"], values)
            return
    for component in fake.components(message):
        if component.get("type") == 2 and not component.get("disabled"):
            await fake.click(user, int(message["id"]), component["custom_id"])
            return
    raise AssertionError(f"nothing to choose in {message.get('content')!r}")


async def play_out(
    fake: FakeDiscord, user: int, message: dict[str, Any], taps: int | None = None
) -> dict[str, Any]:
    """Tap the first offered choice until the deal is over (or `taps` taps)."""
    done = 0
    while fake.components(message) and (taps is None or done < taps):
        await one_move(fake, user, message)
        message = fake.messages[int(message["id"])]
        done += 1
        assert done < 400, "the daily deal never ended"
    return message


async def test_two_members_play_the_same_deal_and_compare_on_one_board(
    daily_env: tuple[Env, str | Path],
) -> None:
    env, location = daily_env
    fake = env.fake
    now = members_at_a_set_clock(env, {ASHA: "Asha", DEV: "Dev", MIRA: "Mira"})

    # The day's deal is committed: the commitment is shown, the secret nowhere.
    first = await daily(fake, ASHA, "seep")
    deal = await cog_of(env).daily.store.deal(GUILD_ID, "2025-11-24", "seep")
    assert deal is not None
    assert deal.commitment in first["content"] and deal.secret not in text_of(first)
    # in one image: two in one message would be cropped side by side into a square
    assert len(first["attachments"]) == 1, "the private table with the hand beneath"

    # Nothing of the day shows before one's own attempt is over.
    early = await fake.slash(DEV, "daily", game="seep", show="today's board")
    assert "once you have finished your own attempt" in answer(early)
    board = await fake.slash(DEV, "leaderboard", game="seep", by="daily deal")
    assert "once you have finished your own attempt" in answer(board)
    assert board.responses[-1]["data"]["flags"] & EPHEMERAL

    asha = await play_out(fake, ASHA, first)
    assert "The daily deal is over" in asha["content"]
    assert "Asha" in text_of(asha) and "Dev" not in text_of(asha)
    # Asha's deal is not among the records while the day lasts: its cards stay unseen
    assert "No finished deals yet" in answer(await fake.slash(DEV, "history", everyone=True))
    assert "no finished deal number 1" in answer(await fake.slash(DEV, "replay", deal=1))
    assert "no finished deal number 1" in answer(await fake.slash(DEV, "verify", deal=1))

    # Dev plays part of the same deal, the bot restarts, and Dev finishes it.
    dev = await play_out(fake, DEV, await daily(fake, DEV, "seep"), taps=3)
    before = await cog_of(env).daily.store.attempt(GUILD_ID, "2025-11-24", "seep", DEV)
    assert before is not None and not before.finished and before.actions
    assert "Asha" not in text_of(dev)  # Asha's result stays hidden from Dev
    await stop_bot(env.bot, wait_for_work=False)
    env.bot = await start_bot(fake, location)
    cog_of(env).daily.clock = lambda: now[0]
    resumed = await daily(fake, DEV, "seep")
    assert "Since your last turn" in resumed["content"] or resumed["components"]
    after = await cog_of(env).daily.store.attempt(GUILD_ID, "2025-11-24", "seep", DEV)
    assert after is not None and after.actions[: len(before.actions)] == before.actions
    dev = await play_out(fake, DEV, resumed)

    # Same cards, same computer answers, same moves: the same game and the same score.
    daily_store = cog_of(env).daily.store
    rows = await daily_store.finished(GUILD_ID, "2025-11-24", "seep")
    assert [r.user_id for r in rows] == [ASHA, DEV]
    assert rows[0].actions == rows[1].actions and rows[0].score == rows[1].score
    board_text = text_of(dev)
    assert "Asha" in board_text and "Dev" in board_text and "Matchpoints" in board_text
    assert "50%" in board_text  # a tie on the same cards

    # A second attempt is refused with the board; nothing is stored twice.
    again = await daily(fake, ASHA, "seep")
    assert "already played today's Seep deal" in text_of(again)
    assert not fake.components(again)
    assert len(await daily_store.finished(GUILD_ID, "2025-11-24", "seep")) == 2

    # The week board and the streak; /leaderboard's daily board after finishing.
    week = await daily(fake, DEV, "seep", show="this week's board")
    assert "Streak: 1" in text_of(week) and "Asha" in text_of(week)
    shown = await fake.slash(ASHA, "leaderboard", game="seep", by="daily deal")
    assert "Dev" in text_of(fake.messages[shown.message_id])

    # A game without a daily deal.
    refused = await fake.slash(MIRA, "daily", game="tinytricks")
    assert "has no daily deal" in answer(refused)

    # Mira starts but the day ends first: the attempt has expired.
    mira = await daily(fake, MIRA, "seep")
    saved = await fake.slash(ASHA, "settings", "daily", permissions=MANAGE_GUILD,
                             announce_here=True)  # fmt: skip
    assert "posted in <#" in answer(saved)
    now[0] += 86_400
    await one_move(fake, MIRA, mira)
    expired = [r for r in fake.interactions.values() if r.payload.get("type") == 3][-1]
    told = expired.responses[0]["data"]  # the deferred click's private follow-up
    assert "expired" in told["content"] and told["flags"] & EPHEMERAL

    # At the day's end the board is posted with the revealed secret and each finisher's
    # replay from the records; once only.
    assert await cog_of(env).announce_due() == 1
    posted = [m for m in fake.channel_messages(CHANNEL_ID) if "daily deal" in text_of(m)]
    assert len(posted) == 1 and deal.secret in text_of(posted[0])
    assert "Asha" in text_of(posted[0]) and "Mira" not in text_of(posted[0])
    replays = dict(re.findall(r"(\w+): `/replay deal:(\d+)`", text_of(posted[0])))
    assert set(replays) == {"Asha", "Dev"}
    assert await cog_of(env).announce_due() == 0
    yesterday = await daily(fake, MIRA, "seep", show="yesterday's board")
    assert deal.secret in text_of(yesterday) and "Dev" in text_of(yesterday)
    assert f"/replay deal:{replays['Dev']}" in text_of(yesterday)

    # Mira's unfinished attempt has expired; her next /daily says so once, with today's deal.
    lapsed = await cog_of(env).daily.store.attempt(GUILD_ID, "2025-11-24", "seep", MIRA)
    assert lapsed is not None and lapsed.status == "expired"
    today = await daily(fake, MIRA, "seep")
    assert "deal of 2025-11-24 expired unfinished" in today["content"]
    assert "daily deal of 2025-11-25" in today["content"] and fake.components(today)
    assert "expired" not in (await daily(fake, MIRA, "seep"))["content"]

    # The records: anyone here replays and verifies the day's deal as each finisher played it.
    shown = await fake.slash(MIRA, "replay", deal=int(replays["Asha"]))
    replay = fake.messages[shown.message_id]
    assert replay["flags"] & EPHEMERAL and "Deal 1 · Seep · move 0 of" in text_of(replay)
    verified = answer(await fake.slash(MIRA, "verify", deal=int(replays["Dev"])))
    assert "checks out" in verified
    # /verify shows the commitment /daily showed all day and the secret the board revealed,
    # and says that nobody cut
    shown_commitment = re.search(r"Commitment `([0-9a-f]{64})`", first["content"])
    revealed = re.search(r"Secret `([0-9a-f]{64})`", text_of(posted[0]))
    assert shown_commitment is not None and revealed is not None
    assert f"`{shown_commitment.group(1)}`" in verified
    assert f"`{revealed.group(1)}`" in verified
    assert "not cut" in verified
    assert "not finished a deal" not in answer(await fake.slash(DEV, "history"))
    stored = await env.bot.store.deal_record(int(replays["Dev"]))
    assert stored is not None and stored.players == (DEV,)
    assert len(await env.bot.store.deal_records(GUILD_ID, None, 10)) == 2  # nothing twice


async def test_a_picker_from_before_a_restart_resumes_or_tells_the_attempt_expired(
    daily_env: tuple[Env, str | Path],
) -> None:
    env, location = daily_env
    fake = env.fake
    now = members_at_a_set_clock(env, {ASHA: "Asha", DEV: "Dev"})
    asha = await play_out(fake, ASHA, await daily(fake, ASHA, "sedma"), taps=1)
    dev = await daily(fake, DEV, "sedma")
    store = cog_of(env).daily.store
    moves = {user: (await store.attempt(GUILD_ID, "2025-11-24", "sedma", user)).actions
             for user in (ASHA, DEV)}  # fmt: skip
    await stop_bot(env.bot, wait_for_work=False)
    env.bot = await start_bot(fake, location)
    cog_of(env).daily.clock = lambda: now[0]

    # Asha taps her old picker: the same table again, in a new private message.
    tapped = await fake.click(ASHA, int(asha["id"]), fake.components(asha)[0]["custom_id"])
    again = fake.messages[tapped.message_id]
    assert int(again["flags"]) & EPHEMERAL and "picker had expired" in again["content"]
    assert "daily deal of 2025-11-24" in again["content"] and fake.components(again)
    stored = await cog_of(env).daily.store.attempt(GUILD_ID, "2025-11-24", "sedma", ASHA)
    assert stored is not None and stored.actions == moves[ASHA]  # nothing played or lost

    # The day ends before Dev taps his: he is told it expired, and nothing is stored for it.
    now[0] += 86_400
    tapped = await fake.click(DEV, int(dev["id"]), fake.components(dev)[0]["custom_id"])
    told = fake.messages[tapped.message_id]
    assert int(told["flags"]) & EPHEMERAL
    assert "expired when its day (2025-11-24) ended" in told["content"]
    assert not fake.components(told)
    gone = await cog_of(env).daily.store.attempt(GUILD_ID, "2025-11-24", "sedma", DEV)
    assert gone is not None and gone.status == "expired" and gone.actions == moves[DEV]
    assert await cog_of(env).daily.store.attempt(GUILD_ID, "2025-11-25", "sedma", DEV) is None


@pytest.mark.parametrize("game", DAILY_GAMES)
async def test_every_game_has_a_daily_deal_two_members_compare(
    daily_env: tuple[Env, str | Path], game: str
) -> None:
    env, _location = daily_env
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    asha = await play_out(fake, ASHA, await daily(fake, ASHA, game))
    dev = await play_out(fake, DEV, await daily(fake, DEV, game))
    for message in (asha, dev):
        assert "The daily deal is over" in message["content"]
    assert "Asha" in text_of(dev) and "Dev" in text_of(dev)
    # the same moves on the same cards against the same computers: the same game
    day = await cog_of(env).daily.today(GUILD_ID)
    rows = await cog_of(env).daily.store.finished(GUILD_ID, day.local_day, game)
    assert len(rows) == 2 and rows[0].actions == rows[1].actions
    assert rows[0].score == rows[1].score
    # the day ends: each attempt is a deal record that replays and checks out
    daily_deals = cog_of(env).daily
    daily_deals.clock = lambda: day.ends_at + 60  # the day is closed a minute after it ends
    await cog_of(env).announce_due()
    for user in (ASHA, DEV):
        row = await daily_deals.store.attempt(GUILD_ID, day.local_day, game, user)
        assert row is not None and row.record_id is not None
        assert "checks out" in answer(await fake.slash(user, "verify", deal=row.record_id))
    await asyncio.sleep(0)


async def test_the_servers_time_zone_sets_the_day_and_a_day_under_way_keeps_it(
    daily_env: tuple[Env, str | Path],
) -> None:
    env, _location = daily_env
    fake = env.fake
    now = members_at_a_set_clock(env, {ASHA: "Asha"})  # 2025-11-24 16:00 UTC, 21:30 in Kolkata
    bad = await fake.slash(ASHA, "settings", "daily", permissions=MANAGE_GUILD,
                           zone="Mars/Olympus")  # fmt: skip
    assert "is not a time zone" in answer(bad) and bad.responses[-1]["data"]["flags"] & EPHEMERAL
    await fake.slash(ASHA, "settings", "daily", permissions=MANAGE_GUILD, zone="Asia/Kolkata",
                     start_hour=22)  # fmt: skip
    # days from 22:00 in Kolkata: it is still the 23rd's day, which ends at 16:30 UTC
    first = await daily(fake, ASHA, "sedma")
    assert "daily deal of 2025-11-23" in first["content"]
    assert "<t:1764001800:R>" in first["content"]
    # a new setting applies from the next day: the attempt under way keeps its day
    await fake.slash(ASHA, "settings", "daily", permissions=MANAGE_GUILD, zone="UTC",
                     start_hour=0)  # fmt: skip
    assert "daily deal of 2025-11-23" in (await daily(fake, ASHA, "sedma"))["content"]
    now[0] = 1_764_001_800.0 + 60
    # the next day begins where the last ended and ends at midnight UTC
    second = await daily(fake, ASHA, "sedma")
    assert "daily deal of 2025-11-24" in second["content"]
    assert "<t:1764028800:R>" in second["content"]
    assert "deal of 2025-11-23 expired unfinished" in second["content"]
    day = await cog_of(env).daily.store.day(GUILD_ID, "2025-11-24")
    assert day is not None and (day.zone, day.starts_at) == ("UTC", 1_764_001_800.0)

"""The table finder's runtime (bot.lfg) and store (bot.storage.lfg) on a real store: a game
pings once within its minutes (also when two cards come at once), opt-ins toggle, a card whose
table started or was cancelled takes nobody, a cancelled card ends its table, a member's
erasure takes their opt-ins and their name off their cards, and the flood guard counts."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.lfg import Cooldown, TableFinder, lfg_changes, lfg_settings
from bot.storage import Store
from bot.storage.erasure import FORGOTTEN_ID, forget_member
from bot.storage.lfg import CardStatus, LfgStore
from bot.table_options import TableOptions
from bot.tables import TableError, Tables

from .test_flow import flow_on

GUILD, CHANNEL, CARDS, HOST, ASHA, DEV = 1, 10, 20, 100, 200, 300


@pytest.fixture
async def store(store_location: str | Path):
    async with Store(store_location) as opened:
        yield opened


async def test_a_game_pings_once_within_its_minutes(store: Store) -> None:
    cards = LfgStore(store)
    now = time.time()
    first = await asyncio.gather(*(cards.claim_ping(GUILD, "seep", now, 1800) for _ in range(3)))
    assert sorted(first) == [False, False, True]  # two cards at once: one ping
    assert not await cards.claim_ping(GUILD, "seep", now + 1799, 1800)
    assert await cards.claim_ping(GUILD, "suipe", now + 1, 1800)  # another game's own
    assert await cards.claim_ping(GUILD + 1, "seep", now + 1, 1800)  # another server's own
    assert await cards.claim_ping(GUILD, "seep", now + 1800, 1800)


async def test_opting_in_and_out(store: Store) -> None:
    cards = LfgStore(store)
    assert await cards.toggle_notify(GUILD, "seep", ASHA)
    assert await cards.toggle_notify(GUILD, "seep", DEV)
    assert await cards.toggle_notify(GUILD, "suipe", HOST)
    assert await cards.listeners(GUILD, "seep", 10) == [ASHA, DEV]  # the earliest first
    assert not await cards.toggle_notify(GUILD, "seep", ASHA)
    assert await cards.listeners(GUILD, "seep", 10) == [DEV]
    assert await cards.listeners(GUILD + 1, "seep", 10) == []


async def test_a_started_or_cancelled_card_takes_nobody(store: Store) -> None:
    flow, _port, _clock = flow_on(store)
    finder = TableFinder(store, flow.tables, flow)
    session = await flow.tables.create(GUILD, CHANNEL, HOST, "tinytricks", {"players": 2},
                                       options=TableOptions(turn_timer=0))  # fmt: skip
    await session.join(HOST, "Sina")
    card = await finder.open(session, CARDS, None)
    with pytest.raises(TableError, match="host this table"):
        await finder.leave(card.id, HOST)
    joined, started = await finder.join(card.id, ASHA, "Asha")
    assert started and joined.started
    await flow.idle()
    assert (await finder.card(card.id)).status is CardStatus.STARTED
    with pytest.raises(TableError, match="full"):
        await finder.join(card.id, DEV, "Dev")

    other = await flow.tables.create(GUILD, CHANNEL + 1, HOST, "tinytricks", {"players": 2})
    await other.join(HOST, "Sina")
    second = await finder.open(other, CARDS, 5)
    assert second.id in finder.timers  # its wait runs
    with pytest.raises(TableError, match="Only the host"):
        await finder.cancel(second.id, ASHA, moderator=False)
    await finder.cancel(second.id, HOST, moderator=False)
    assert other.ended and second.id not in finder.timers
    with pytest.raises(TableError, match="cancelled"):
        await finder.join(second.id, DEV, "Dev")
    assert await finder.fill(second.id) is False  # a wait that ran out anyway does nothing
    await finder.close()


async def test_the_wait_fills_with_the_tables_level(store: Store) -> None:
    flow, _port, _clock = flow_on(store)
    finder = TableFinder(store, flow.tables, flow)
    options = TableOptions(turn_timer=0, computer_level="hard")
    session = await flow.tables.create(
        GUILD, CHANNEL, HOST, "tinytricks", {"players": 3}, options=options
    )
    await session.join(HOST, "Sina")
    card = await finder.open(session, CARDS, None)
    assert await finder.fill(card.id)
    await flow.idle()
    levels = [row.computer_level for row in session.seats.values() if row.is_computer]
    assert levels == ["hard", "hard"] and session.started


async def test_an_erased_member_hosts_no_card_and_hears_of_none(store: Store) -> None:
    flow, _port, _clock = flow_on(store)
    finder = TableFinder(store, flow.tables, flow)
    session = await flow.tables.create(GUILD, CHANNEL, HOST, "tinytricks", {"players": 2})
    await session.join(HOST, "Sina")
    card = await finder.open(session, CARDS, None)
    await finder.cancel(card.id, HOST, moderator=False)
    await finder.cards.toggle_notify(GUILD, "seep", HOST)
    await finder.cards.toggle_notify(GUILD, "seep", ASHA)
    await forget_member(store, HOST)
    assert (await finder.card(card.id)).host_id == FORGOTTEN_ID
    assert await finder.cards.listeners(GUILD, "seep", 10) == [ASHA]


def test_the_flood_guard_counts_within_its_window() -> None:
    now = [0.0]
    guard = Cooldown(2, 60.0, clock=lambda: now[0])
    assert guard.wait("a") == 0 and guard.wait("a") == 0
    now[0] = 10.0
    assert guard.wait("a") == pytest.approx(50.0)
    assert guard.wait("b") == 0  # someone else's own
    now[0] = 60.0
    assert guard.wait("a") == 0


def test_the_servers_settings_read_safely() -> None:
    assert lfg_settings({}) == lfg_settings({"lfg_pings": "yes", "lfg_ping_minutes": -3})
    chosen = lfg_changes(42, True, False, 15)
    assert lfg_settings(chosen).channel_id == 42
    assert not lfg_settings(chosen).pings and lfg_settings(chosen).ping_minutes == 15
    assert lfg_changes(42, False, None, None) == {"lfg_channel": None}  # back to "where used"


async def test_a_restart_settles_its_own_cards_and_leaves_another_shards(store: Store) -> None:
    flow, _port, _clock = flow_on(store)
    finder = TableFinder(store, flow.tables, flow)
    ours = await flow.tables.create(GUILD, CHANNEL, HOST, "tinytricks", {"players": 2})
    await ours.join(HOST, "Sina")
    ended = await finder.open(ours, CARDS, None)
    await flow.tables.end(CHANNEL)  # ended while the card was open (the bot was away)
    elsewhere = Tables(store)  # another process, serving another shard's servers
    theirs = await elsewhere.create(GUILD + 1, CHANNEL + 1, DEV, "tinytricks", {"players": 2})
    await theirs.join(DEV, "Dev")
    kept = await LfgStore(store).add_card(GUILD + 1, theirs.id, CARDS + 1, DEV, "tinytricks", 1.0)
    assert await finder.resume() == [ended.id]
    assert (await finder.card(ended.id)).status is CardStatus.CANCELLED
    assert (await finder.card(kept.id)).open and kept.id not in finder.timers

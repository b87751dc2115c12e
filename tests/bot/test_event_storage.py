"""The events' store (`bot.storage.tournaments`) behaves the same on both engines, a SQLite file
and a PostgreSQL database: what is stored comes back, and the steps that must happen once
(start, finish, an entry under a capacity, a pairing, its table, its result, a deal set, a
league's next event) happen once however many ask at the same moment."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.storage import SeatRow, Store
from bot.storage.tournaments import EventStore, PairingRow
from bot.table_options import TableOptions

GUILD, CHANNEL, CREATOR = 1_180_000_000_000_000_001, 1_180_000_000_000_000_002, 900_000_000_000_001
THREAD = 1_180_000_000_000_000_003


@pytest.fixture
async def events(store_location: str | Path):
    async with Store(store_location) as opened:
        yield EventStore(opened)


async def new_event(events: EventStore, starts_at: float = 2_000_000_000.0) -> int:
    return await events.create(
        GUILD, CHANNEL, CREATOR, "sheepshead", "sessions", {"players": 5, "hands": 15},
        {"format": {"rounds": 2, "dealer_sits_out": True}, "table": {"language": "de"}},
        starts_at,
    )  # fmt: skip


async def test_an_event_comes_back_as_stored_and_starts_and_finishes_once(
    events: EventStore,
) -> None:
    event_id = await new_event(events)
    await events.set_home(event_id, THREAD, None)
    row = await events.event(event_id)
    assert row is not None
    assert (row.guild_id, row.channel_id, row.thread_id, row.creator_id) == (
        GUILD, CHANNEL, THREAD, CREATOR
    )  # fmt: skip
    assert row.rules == {"players": 5, "hands": 15} and row.status == "open"
    assert row.options["format"]["dealer_sits_out"] is True
    assert [e.id for e in await events.unfinished()] == [event_id]
    # two presses of Start at once: one starts it
    started = await asyncio.gather(*(events.begin(event_id, 100.0) for _ in range(4)))
    assert sorted(started) == [False, False, False, True]
    assert await events.close_entries(event_id) is False  # running: nothing to close
    finished = await asyncio.gather(events.finish(event_id, 200.0), events.finish(event_id, 201.0))
    assert sorted(finished) == [False, True]
    row = await events.event(event_id)
    assert row is not None and (row.status, row.started_at) == ("finished", 100.0)
    assert await events.cancel(event_id) is False and await events.unfinished() == []


async def test_members_entering_at_once_count_once_each_under_the_capacity(
    events: EventStore,
) -> None:
    event_id = await new_event(events)
    users = [900_000_000_000_100 + n for n in range(8)]
    answers = await asyncio.gather(
        *(events.enter(event_id, user, f"Spieler {n}", 5) for n, user in enumerate(users)),
        *(events.enter(event_id, user, "again", 5) for user in users[:2]),
    )  # fmt: skip
    assert answers.count("entered") == 5
    assert set(answers) <= {"entered", "full", "already"}
    entrants = await events.entrants(event_id)
    assert len(entrants) == 5 and [e.entered for e in entrants] == [0, 1, 2, 3, 4]
    assert len({e.user_id for e in entrants}) == 5
    first = entrants[0]
    assert await events.enter(event_id, first.user_id, "x", 5) == "already"
    assert await events.leave(event_id, first.user_id) == "left"
    assert await events.leave(event_id, first.user_id) == "absent"
    await events.withdraw(event_id, entrants[1].user_id)
    assert next(e.withdrawn for e in await events.entrants(event_id)) is True
    assert await events.begin(event_id, 1.0)
    assert await events.enter(event_id, 900_000_000_000_999, "late", 0) == "closed"
    assert await events.leave(event_id, entrants[2].user_id) == "closed"


async def test_a_pairing_its_table_and_its_result_are_made_once(events: EventStore) -> None:
    event_id = await new_event(events)
    six = (-1, 900_000_000_000_101, -2, 900_000_000_000_102, -3, -4)
    paired = [(1, 1, six, None, six), (1, 2, (-5, -6, -7, -8, -9), None, ())]
    await asyncio.gather(*(events.add_pairings(event_id, paired) for _ in range(2)))
    pairings = await events.pairings(event_id)
    assert [(p.round, p.table_number, p.seats, p.sits_out) for p in pairings] == [
        (1, 1, six, six), (1, 2, (-5, -6, -7, -8, -9), ()),
    ]  # fmt: skip
    pairing = pairings[0]
    await events.set_pairing_thread(event_id, 1, 1, THREAD)
    await events.set_pairing_thread(event_id, 1, 1, THREAD + 1)  # the first thread stays
    seats = [SeatRow(n, u if u > 0 else None, f"P{n}", None if u > 0 else "normal")
             for n, u in enumerate(six)]  # fmt: skip

    def open_it(p: PairingRow) -> object:
        rules = {"players": 6, "dealer_out": True, "hands": 18}
        return events.open_table(p, GUILD, THREAD, CREATOR, "sheepshead", rules,
                                 TableOptions(event=event_id), seats)  # fmt: skip

    made = await asyncio.gather(open_it(pairing), open_it(pairing), open_it(pairing))
    assert len(set(made)) == 1
    table_id = made[0]
    (pairing,) = [p for p in await events.pairings(event_id) if p.table_number == 1]
    assert (pairing.thread_id, pairing.table_id) == (THREAD, table_id)
    table = await events.store.table(table_id)
    assert table is not None and table.rules["dealer_out"] is True
    assert [s.user_id for s in await events.store.seats(table_id)] == [
        None, six[1], None, six[3], None, None
    ]  # fmt: skip
    found = await events.event_of_table(table_id)
    assert found is not None and found[0].id == event_id and found[1].table_number == 1
    result = {"scores": [3.0, -1.0, 0.0, -2.0, 1.0, -1.0], "places": [1, 4, 3, 6, 2, 4]}
    written = await asyncio.gather(
        events.record_result(table_id, result), events.record_result(table_id, {"scores": []})
    )
    assert sorted(written) == [False, True]
    (pairing,) = [p for p in await events.pairings(event_id) if p.table_number == 1]
    assert pairing.result in (result, {"scores": []})
    assert json.dumps(pairing.result)  # one result, whole


async def test_a_deal_set_and_a_leagues_next_event_are_made_once(events: EventStore) -> None:
    event_id = await new_event(events)
    keys = await asyncio.gather(
        *(events.deal_set(event_id, 1, {"nonce": f"n{n}", "secrets": [n]}) for n in range(3))
    )
    assert len({json.dumps(k, sort_keys=True) for k in keys}) == 1  # every table deals alike
    assert await events.deal_set(event_id, 2, {"nonce": "other"}) == {"nonce": "other"}
    await events.set_league(event_id, "Freitag", 7, 900_000_000_000_777)
    event = await events.event(event_id)
    assert event is not None and event.league == "Freitag"
    assert event.options["champion_role"] == 900_000_000_000_777
    later = event.starts_at + 7 * 86400
    made = await asyncio.gather(*(events.next_of_league(event, later) for _ in range(3)))
    assert len(set(made)) == 1 and made[0] is not None and made[0] != event_id
    league = await events.league_events(GUILD, "Freitag")
    assert [e.id for e in league] == [event_id, made[0]]
    assert league[1].options == event.options and league[1].status == "open"

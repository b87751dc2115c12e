"""The tournaments' store: each event, its entrants, the tables its format paired and what
each gave (migration 16). The same SQL for SQLite and PostgreSQL.

What makes an event last: a pairing is stored before its table is made (its key, the round
and the table's number, lets no pairing be stored twice), its table is made and tied to it in
one transaction, and a finished table's result is written to its pairing once (`result IS
NULL`), so a restart that does it all again changes nothing twice.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from bot.storage.backends import (
    Connection,
    Database,
    integer,
    integer_or_none,
    json_text,
    real,
    real_or_none,
)
from bot.storage.store import SeatRow, Store, TableRow
from bot.table_options import TableOptions
from engine.registry import TableRules

EVENT_COLUMNS = (
    "id, guild_id, channel_id, thread_id, creator_id, game, format, rules, options,"
    " starts_at, status, standings_message, started_at, finished_at, league"
)
PAIRING_COLUMNS = (
    "event_id, round, table_number, seats, deal_set, sits_out, paired_at, thread_id,"
    " table_id, result"
)


class EventFormat(TypedDict, total=False):
    """An event's format's numbers, as stored (`tournaments.options`'s "format")."""

    rounds: int
    best_of: int
    hands: int
    duration: float  # seconds
    dealer_sits_out: bool


class EventOptions(TypedDict, total=False):
    """An event's options as stored (`tournaments.options`, a JSON object)."""

    table: dict[str, object]  # its tables' settings (`TableOptions.to_json()`)
    format: EventFormat
    capacity: int
    checkin: float  # seconds before the start that entrants check in
    every_days: int  # a league's: the next event this many days later
    champion_role: int | None  # a league's: the role its season's leaders hold


class ResultJson(TypedDict, total=False):
    """A finished table's result as its pairing stores it (`TableResult`)."""

    round: int
    table: int
    seats: list[int]
    scores: list[float]
    places: list[int]
    finished_at: float
    stood_in: list[int]


@dataclass(frozen=True, slots=True)
class EventRow:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    creator_id: int
    game: str
    format: str
    rules: TableRules
    options: EventOptions
    starts_at: float
    status: str  # open, closed (the check-in closed joining), running, finished
    standings_message: int | None
    started_at: float | None
    finished_at: float | None
    league: str | None = None

    @property
    def home_id(self) -> int:
        """Where the event speaks: its thread, else its channel."""
        return self.thread_id or self.channel_id


@dataclass(frozen=True, slots=True)
class EntrantRow:
    user_id: int
    name: str
    entered: int
    withdrawn: bool = False
    partner: int | None = None  # partnership games: the member they entered with

    @property
    def is_computer(self) -> bool:
        return self.user_id < 0


@dataclass(frozen=True, slots=True)
class PairingRow:
    event_id: int
    round: int
    table_number: int
    seats: tuple[int, ...]
    deal_set: int | None
    sits_out: tuple[int, ...]
    paired_at: float
    thread_id: int | None
    table_id: int | None
    result: ResultJson | None


class EventStore:
    """The events of every server, in the bot's store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def database(self) -> Database:
        return self.store.database

    # ----- events -------------------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        game: str,
        format_name: str,
        rules: TableRules,
        options: EventOptions,
        starts_at: float,
    ) -> int:
        row = await self.database.one(
            "INSERT INTO tournaments (guild_id, channel_id, creator_id, game, format, rules,"
            " options, starts_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, creator_id, game, format_name, json.dumps(rules),
             json.dumps(options), starts_at, time.time()),
        )  # fmt: skip
        assert row is not None
        return int(row[0])

    async def set_league(
        self, event_id: int, league: str, every_days: int, champion_role: int | None = None
    ) -> None:
        """The event is one of a league's, the next one `every_days` after it; the season's
        leader holds `champion_role`."""
        async with self.database.transaction() as tx:
            row = await tx.one("SELECT options FROM tournaments WHERE id = ?", (event_id,))
            assert row is not None
            options = {**json.loads(row[0]), "every_days": every_days,
                       "champion_role": champion_role}  # fmt: skip
            await tx.run(
                "UPDATE tournaments SET league = ?, options = ? WHERE id = ?",
                (league, json.dumps(options), event_id),
            )

    async def next_of_league(self, event: EventRow, starts_at: float) -> int | None:
        """The league's next event, like `event`, at `starts_at`: made once (its id, or the
        one made before; None if another event of the league already starts then)."""
        row = await self.database.one(
            "INSERT INTO tournaments (guild_id, channel_id, creator_id, game, format, rules,"
            " options, starts_at, created_at, league) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, league, starts_at) DO NOTHING RETURNING id",
            (event.guild_id, event.channel_id, event.creator_id, event.game, event.format,
             json.dumps(event.rules), json.dumps(event.options), starts_at, time.time(),
             event.league),
        )  # fmt: skip
        if row is not None:
            return int(row[0])
        found = await self.database.one(
            "SELECT id FROM tournaments WHERE guild_id = ? AND league = ? AND starts_at = ?",
            (event.guild_id, event.league, starts_at),
        )
        return None if found is None else int(found[0])

    async def league_events(self, guild_id: int, league: str) -> list[EventRow]:
        rows = await self.database.all(
            f"SELECT {EVENT_COLUMNS} FROM tournaments WHERE guild_id = ? AND league = ?"
            " ORDER BY starts_at",
            (guild_id, league),
        )
        return [_event_row(row) for row in rows]

    async def event(self, event_id: int) -> EventRow | None:
        row = await self.database.one(
            f"SELECT {EVENT_COLUMNS} FROM tournaments WHERE id = ?", (event_id,)
        )
        return _event_row(row) if row else None

    async def events_of(self, guild_id: int, limit: int = 25) -> list[EventRow]:
        """A server's events, newest first."""
        rows = await self.database.all(
            f"SELECT {EVENT_COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC"
            " LIMIT ?",
            (guild_id, limit),
        )
        return [_event_row(row) for row in rows]

    async def unfinished(self) -> list[EventRow]:
        rows = await self.database.all(
            f"SELECT {EVENT_COLUMNS} FROM tournaments WHERE status IN ('open', 'closed',"
            " 'running') ORDER BY id"
        )
        return [_event_row(row) for row in rows]

    async def event_of_table(self, table_id: int) -> tuple[EventRow, PairingRow] | None:
        row = await self.database.one(
            f"SELECT {PAIRING_COLUMNS} FROM tournament_pairings WHERE table_id = ?", (table_id,)
        )
        if row is None:
            return None
        pairing = _pairing_row(row)
        event = await self.event(pairing.event_id)
        return None if event is None else (event, pairing)

    async def set_home(self, event_id: int, thread_id: int | None, message_id: int | None) -> None:
        await self.database.run(
            "UPDATE tournaments SET thread_id = COALESCE(?, thread_id),"
            " standings_message = COALESCE(?, standings_message) WHERE id = ?",
            (thread_id, message_id, event_id),
        )

    async def set_standings_message(self, event_id: int, message_id: int) -> None:
        await self.database.run(
            "UPDATE tournaments SET standings_message = ? WHERE id = ?", (message_id, event_id)
        )

    async def close_entries(self, event_id: int) -> bool:
        """The check-in closes joining: True for the one call that closed it."""
        row = await self.database.one(
            "UPDATE tournaments SET status = 'closed' WHERE id = ? AND status = 'open'"
            " RETURNING id",
            (event_id,),
        )
        return row is not None

    async def begin(self, event_id: int, now: float) -> bool:
        """The event starts: True for the one call that started it (two presses of Start,
        or a press and the start time, start it once)."""
        row = await self.database.one(
            "UPDATE tournaments SET status = 'running', started_at = ? WHERE id = ?"
            " AND status IN ('open', 'closed') RETURNING id",
            (now, event_id),
        )
        return row is not None

    async def finish(self, event_id: int, now: float) -> bool:
        row = await self.database.one(
            "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ?"
            " AND status = 'running' RETURNING id",
            (now, event_id),
        )
        return row is not None

    async def cancel(self, event_id: int) -> bool:
        row = await self.database.one(
            "UPDATE tournaments SET status = 'cancelled', finished_at = ? WHERE id = ?"
            " AND status IN ('open', 'closed', 'running') RETURNING id",
            (time.time(), event_id),
        )
        return row is not None

    # ----- entrants -----------------------------------------------------------------------

    async def entrants(self, event_id: int) -> list[EntrantRow]:
        rows = await self.database.all(
            "SELECT user_id, name, entered, withdrawn, partner FROM tournament_entrants"
            " WHERE event_id = ? ORDER BY entered",
            (event_id,),
        )
        return [EntrantRow(int(u), str(n), int(e), bool(w), None if p is None else int(p))
                for u, n, e, w, p in rows]  # fmt: skip

    async def enter(
        self, event_id: int, user_id: int, name: str, capacity: int, partner: int | None = None
    ) -> str:
        """Enter a member: "entered", "already" (entered before), "full" or "closed". In one
        transaction with its checks, so two members entering at once both count once each,
        and the event never holds more than `capacity` (0: no limit)."""
        async with self.database.transaction() as tx:
            status = await _lock_event(tx, event_id)
            if status is None or status[0] != "open":
                return "closed"
            found = await tx.one(
                "SELECT 1 FROM tournament_entrants WHERE event_id = ? AND user_id = ?",
                (event_id, user_id),
            )
            if found is not None:
                return "already"
            counted = await tx.one(
                "SELECT COUNT(*), COALESCE(MAX(entered), -1) FROM tournament_entrants"
                " WHERE event_id = ?",
                (event_id,),
            )
            assert counted is not None
            count, last = counted
            if capacity and int(count) >= capacity:
                return "full"
            await tx.run(
                "INSERT INTO tournament_entrants (event_id, user_id, name, entered, partner)"
                " VALUES (?, ?, ?, ?, ?)",
                (event_id, user_id, name, int(last) + 1, partner),
            )
        return "entered"

    async def leave(self, event_id: int, user_id: int) -> str:
        """ "left", "absent" (not entered) or "closed" (the event has started)."""
        async with self.database.transaction() as tx:
            status = await _lock_event(tx, event_id)
            if status is None or status[0] not in ("open", "closed"):
                return "closed"
            found = await tx.one(
                "SELECT 1 FROM tournament_entrants WHERE event_id = ? AND user_id = ?",
                (event_id, user_id),
            )
            if found is None:
                return "absent"
            await tx.run(
                "DELETE FROM tournament_entrants WHERE event_id = ? AND user_id = ?",
                (event_id, user_id),
            )
        return "left"

    async def withdraw(self, event_id: int, user_id: int) -> None:
        await self.database.run(
            "UPDATE tournament_entrants SET withdrawn = 1 WHERE event_id = ? AND user_id = ?",
            (event_id, user_id),
        )

    # ----- pairings and their tables ----------------------------------------------------

    async def pairings(self, event_id: int) -> list[PairingRow]:
        rows = await self.database.all(
            f"SELECT {PAIRING_COLUMNS} FROM tournament_pairings WHERE event_id = ?"
            " ORDER BY round, table_number",
            (event_id,),
        )
        return [_pairing_row(row) for row in rows]

    async def add_pairings(
        self,
        event_id: int,
        pairings: Sequence[tuple[int, int, Sequence[int], int | None, Sequence[int]]],
    ) -> None:
        """Store what the format paired: (round, table, seats, deal set, sits out) each. A
        pairing stored already (the same round and table) stays as it was."""
        now = time.time()
        async with self.database.transaction() as tx:
            for round_, table, seats, deal_set, sits_out in pairings:
                await tx.run(
                    "INSERT INTO tournament_pairings (event_id, round, table_number, seats,"
                    " deal_set, sits_out, paired_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (event_id, round, table_number) DO NOTHING",
                    (event_id, round_, table, json.dumps(list(seats)), deal_set,
                     json.dumps(list(sits_out)), now),
                )  # fmt: skip

    async def set_pairing_thread(
        self, event_id: int, round_: int, table: int, thread_id: int
    ) -> None:
        await self.database.run(
            "UPDATE tournament_pairings SET thread_id = ? WHERE event_id = ? AND round = ?"
            " AND table_number = ? AND thread_id IS NULL",
            (thread_id, event_id, round_, table),
        )

    async def open_table(
        self,
        pairing: PairingRow,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        rules: TableRules,
        options: TableOptions,
        seats: Sequence[SeatRow],
    ) -> int:
        """The pairing's table, made with its seats and tied to the pairing in one
        transaction; the table's id (the one made before, when it was made already)."""
        now = time.time()
        async with self.database.transaction() as tx:
            # the pairing's row locked (PostgreSQL) for the transaction: a second call waits,
            # then reads the table the first made, instead of making one beside it
            found = await tx.one(
                "UPDATE tournament_pairings SET table_id = table_id WHERE event_id = ?"
                " AND round = ? AND table_number = ? RETURNING table_id",
                (pairing.event_id, pairing.round, pairing.table_number),
            )
            if found is not None and found[0] is not None:
                return int(found[0])
            row = await tx.one(
                "INSERT INTO game_tables (guild_id, channel_id, host_id, game, rules, seed,"
                " options, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " RETURNING id",
                (guild_id, channel_id, host_id, game, json.dumps(rules),
                 secrets.randbits(62), json.dumps(options.to_json()), now, now),
            )  # fmt: skip
            assert row is not None
            table_id = int(row[0])
            await tx.many(
                "INSERT INTO seats (table_id, seat, user_id, name, computer_level)"
                " VALUES (?, ?, ?, ?, ?)",
                [(table_id, s.seat, s.user_id, s.name, s.computer_level) for s in seats],
            )
            await tx.run(
                "UPDATE tournament_pairings SET table_id = ? WHERE event_id = ? AND round = ?"
                " AND table_number = ?",
                (table_id, pairing.event_id, pairing.round, pairing.table_number),
            )
        return table_id

    async def record_result(self, table_id: int, result: ResultJson) -> bool:
        """A finished table's result, written once: True for the call that wrote it."""
        row = await self.database.one(
            "UPDATE tournament_pairings SET result = ? WHERE table_id = ? AND result IS NULL"
            " RETURNING event_id",
            (json.dumps(result), table_id),
        )
        return row is not None

    async def tables(self, table_ids: Sequence[int]) -> dict[int, TableRow]:
        found = {}
        for table_id in table_ids:
            row = await self.store.table(table_id)
            if row is not None:
                found[table_id] = row
        return found

    # ----- the committed deals of a deal set ----------------------------------------------

    async def deal_set(
        self, event_id: int, deal_set: int, keys: dict[str, object]
    ) -> dict[str, object]:
        """The deal set's keys: those given, stored now, or those stored before (every table
        of the set deals the same)."""
        async with self.database.transaction() as tx:
            await tx.run(
                "INSERT INTO tournament_deal_sets (event_id, deal_set, deal_keys)"
                " VALUES (?, ?, ?) ON CONFLICT (event_id, deal_set) DO NOTHING",
                (event_id, deal_set, json.dumps(keys)),
            )
            row = await tx.one(
                "SELECT deal_keys FROM tournament_deal_sets WHERE event_id = ? AND deal_set = ?",
                (event_id, deal_set),
            )
        assert row is not None
        stored: dict[str, object] = json.loads(row[0])
        return stored


async def _lock_event(tx: Connection, event_id: int) -> Sequence[object] | None:
    """The event's (status,), its row locked for the transaction: on PostgreSQL two entries
    at once would otherwise count the entrants side by side (READ COMMITTED) and both take
    the next place in the entry order; SQLite runs one transaction at a time anyway."""
    row: Sequence[object] | None = await tx.one(
        "UPDATE tournaments SET status = status WHERE id = ? RETURNING status", (event_id,)
    )
    return row


def _event_row(row: Sequence[object]) -> EventRow:
    (id_, guild, channel, thread, creator, game, format_name, rules, options, starts_at,
     status, standings, started, finished, league) = row  # fmt: skip
    return EventRow(
        integer(id_), integer(guild), integer(channel), integer_or_none(thread),
        integer(creator), str(game), str(format_name), json.loads(json_text(rules)),
        json.loads(json_text(options)), real(starts_at), str(status),
        integer_or_none(standings), real_or_none(started), real_or_none(finished),
        None if league is None else str(league),
    )  # fmt: skip


def _pairing_row(row: Sequence[object]) -> PairingRow:
    event, round_, table, seats, deal_set, sits_out, paired_at, thread, table_id, result = row
    return PairingRow(
        integer(event), integer(round_), integer(table), tuple(json.loads(json_text(seats))),
        integer_or_none(deal_set), tuple(json.loads(json_text(sits_out))),
        real(paired_at), integer_or_none(thread),
        integer_or_none(table_id),
        None if result is None else json.loads(json_text(result)),
    )  # fmt: skip

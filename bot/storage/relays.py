"""The relays of tables outside servers that added the bot (migration 19; cogs/relay.py): the
interactions of a table's players it may still send through, and the messages they sent, so
that after a restart a table whose interactions still answer is shown at once.

An interaction's token is a secret (whoever holds it may speak as the app there for 15
minutes): it is kept only while it may be used, never logged, and `StoredRelay` does not show
it in its repr. The same SQL for SQLite and PostgreSQL.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.storage.backends import Database, integer, integer_or_none, real
from bot.storage.store import Store


@dataclass(frozen=True, slots=True)
class StoredRelay:
    number: int  # its number at the table (what its messages name it by)
    token: str = field(repr=False)
    expires_at: float  # wall-clock time after which it is not used any more
    follow_ups: int
    original: int | None  # the message it may edit and delete as "@original"
    lobby: bool = False  # the /table new that answered with the lobby


@dataclass(frozen=True, slots=True)
class StoredMessage:
    message_id: int
    relay: int | None  # the relay that sent it (None: the bot posted it in its own DM)
    shown: bool = False  # the table message as it stands
    calls: int | None = None  # the table message: the person it called to move


@dataclass(frozen=True, slots=True)
class RelayState:
    """What a table's relays are, as a restart needs them."""

    relays: tuple[StoredRelay, ...] = ()  # oldest first
    messages: tuple[StoredMessage, ...] = ()


class RelayStore:
    """The relays' tables of the bot's store (its connection and transactions)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def db(self) -> Database:
        return self.store.database

    async def save(self, table_id: int, state: RelayState, now: float | None = None) -> None:
        """The table's relays as `state` says, in one transaction; every table's relays past
        their time go (their tokens with them)."""
        now = time.time() if now is None else now
        live = [r for r in state.relays if r.expires_at > now]
        async with self.db.transaction() as tx:
            await tx.run("DELETE FROM table_relays WHERE table_id = ? OR expires_at <= ?",
                         (table_id, now))  # fmt: skip
            await tx.run("DELETE FROM relay_messages WHERE table_id = ?", (table_id,))
            await tx.many(
                "INSERT INTO table_relays (table_id, relay, token, expires_at, follow_ups,"
                " original, lobby) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.number, r.token, r.expires_at, r.follow_ups, r.original,
                  int(r.lobby)) for r in live],
            )  # fmt: skip
            await tx.many(
                "INSERT INTO relay_messages (table_id, message_id, relay, shown, calls)"
                " VALUES (?, ?, ?, ?, ?)",
                [(table_id, m.message_id, m.relay, int(m.shown), m.calls)
                 for m in state.messages],
            )  # fmt: skip

    async def load(self, table_id: int, now: float | None = None) -> RelayState:
        """The table's relays still in their time, and the messages of its relays."""
        now = time.time() if now is None else now
        relays = await self.db.all(
            "SELECT relay, token, expires_at, follow_ups, original, lobby FROM table_relays"
            " WHERE table_id = ? AND expires_at > ? ORDER BY relay",
            (table_id, now),
        )
        messages = await self.db.all(
            "SELECT message_id, relay, shown, calls FROM relay_messages WHERE table_id = ?"
            " ORDER BY message_id",
            (table_id,),
        )
        return RelayState(
            tuple(_relay(row) for row in relays), tuple(_message(row) for row in messages)
        )

    async def forget(self, table_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.run("DELETE FROM table_relays WHERE table_id = ?", (table_id,))
            await tx.run("DELETE FROM relay_messages WHERE table_id = ?", (table_id,))


def _relay(row: Sequence[object]) -> StoredRelay:
    return StoredRelay(
        integer(row[0]), str(row[1]), real(row[2]), integer(row[3]),
        integer_or_none(row[4]), bool(row[5]),
    )  # fmt: skip


def _message(row: Sequence[object]) -> StoredMessage:
    return StoredMessage(
        integer(row[0]), integer_or_none(row[1]), bool(row[2]),
        integer_or_none(row[3]),
    )  # fmt: skip

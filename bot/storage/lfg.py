"""The table finder's store: seat cards, who hears of a game's new cards, and when each game's
last ping went (migration 15; docs/lfg.md). The same SQL for SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.storage.backends import Database, integer, integer_or_none, real, real_or_none
from bot.storage.store import Store


class CardStatus(Enum):
    OPEN = "open"  # seats may be taken
    STARTED = "started"  # its table started: the card only shows where it plays
    CANCELLED = "cancelled"  # its host took it down (or its table ended before it started)


@dataclass(frozen=True, slots=True)
class CardRow:
    id: int
    guild_id: int
    table_id: int
    channel_id: int  # where the card is posted
    message_id: int | None
    host_id: int
    game: str
    fill_at: float | None  # when computers take the empty seats (None: never)
    status: CardStatus
    created_at: float

    @property
    def open(self) -> bool:
        return self.status is CardStatus.OPEN


CARD_COLUMNS = (
    "id, guild_id, table_id, channel_id, message_id, host_id, game, fill_at, status, created_at"
)


def _card(row: Sequence[object]) -> CardRow:
    return CardRow(
        integer(row[0]), integer(row[1]), integer(row[2]), integer(row[3]),
        integer_or_none(row[4]), integer(row[5]), str(row[6]),
        real_or_none(row[7]), CardStatus(str(row[8])), real(row[9]),
    )  # fmt: skip


class LfgStore:
    """The table finder's tables of the bot's store (its connection and transactions)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def db(self) -> Database:
        return self.store.database

    # ----- cards ------------------------------------------------------------------------

    async def add_card(
        self,
        guild_id: int,
        table_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        fill_at: float | None,
    ) -> CardRow:
        row = await self.db.one(
            "INSERT INTO lfg_cards (guild_id, table_id, channel_id, host_id, game, fill_at,"
            " status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?) RETURNING id",
            (guild_id, table_id, channel_id, host_id, game, fill_at, time.time()),
        )
        assert row is not None
        card = await self.card(int(row[0]))
        assert card is not None
        return card

    async def card(self, card_id: int) -> CardRow | None:
        row = await self.db.one(f"SELECT {CARD_COLUMNS} FROM lfg_cards WHERE id = ?", (card_id,))
        return _card(row) if row else None

    async def card_of_table(self, table_id: int) -> CardRow | None:
        row = await self.db.one(
            f"SELECT {CARD_COLUMNS} FROM lfg_cards WHERE table_id = ?", (table_id,)
        )
        return _card(row) if row else None

    async def open_cards(self) -> list[CardRow]:
        rows = await self.db.all(
            f"SELECT {CARD_COLUMNS} FROM lfg_cards WHERE status = 'open' ORDER BY id"
        )
        return [_card(row) for row in rows]

    async def open_card_of_host(self, guild_id: int, host_id: int) -> CardRow | None:
        row = await self.db.one(
            f"SELECT {CARD_COLUMNS} FROM lfg_cards WHERE status = 'open' AND guild_id = ?"
            " AND host_id = ? ORDER BY id DESC LIMIT 1",
            (guild_id, host_id),
        )
        return _card(row) if row else None

    async def set_message(self, card_id: int, message_id: int) -> None:
        await self.db.run("UPDATE lfg_cards SET message_id = ? WHERE id = ?", (message_id, card_id))

    async def close_card(self, card_id: int, status: CardStatus) -> bool:
        """An open card starts or is cancelled: False if it was not open any more."""
        row = await self.db.one(
            "UPDATE lfg_cards SET status = ? WHERE id = ? AND status = 'open' RETURNING id",
            (status.value, card_id),
        )
        return row is not None

    # ----- who hears of new cards ------------------------------------------------------

    async def toggle_notify(self, guild_id: int, game: str, user_id: int) -> bool:
        """Opt in to a game's new cards, or out if in already: True when now in."""
        async with self.db.transaction() as tx:
            row = await tx.one(
                "SELECT 1 FROM lfg_notify WHERE guild_id = ? AND game = ? AND user_id = ?",
                (guild_id, game, user_id),
            )
            if row is not None:
                await tx.run(
                    "DELETE FROM lfg_notify WHERE guild_id = ? AND game = ? AND user_id = ?",
                    (guild_id, game, user_id),
                )
                return False
            await tx.run(
                "INSERT INTO lfg_notify (guild_id, game, user_id, since) VALUES (?, ?, ?, ?)",
                (guild_id, game, user_id, time.time()),
            )
            return True

    async def listeners(self, guild_id: int, game: str, limit: int) -> list[int]:
        """The members who opted in to the game's new cards, the earliest first."""
        rows = await self.db.all(
            "SELECT user_id FROM lfg_notify WHERE guild_id = ? AND game = ?"
            " ORDER BY since, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        return [int(row[0]) for row in rows]

    async def claim_ping(self, guild_id: int, game: str, now: float, every: float) -> bool:
        """Take the game's ping for now: False if it pinged less than `every` seconds ago.
        One statement, so two cards at the same moment ping once."""
        row = await self.db.one(
            "INSERT INTO lfg_pings (guild_id, game, pinged_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, game) DO UPDATE SET pinged_at = excluded.pinged_at"
            " WHERE lfg_pings.pinged_at <= ? RETURNING pinged_at",
            (guild_id, game, now, now - every),
        )
        return row is not None

"""A member's data deleted on request (`/privacy forget-me`, or a server's admin's
`/privacy forget`): what the store keeps of one person is removed or made anonymous, in one
transaction (see docs/admin.md, "A member's data").

- their reports of computer players' moves are deleted (the reports' copies of records
  name no one);
- their preferences (language, auto-play) are deleted (everywhere only: they are not a
  server's);
- their results (leaderboards, ratings, stats) and daily attempts are deleted, and they are
  no one's partner any more;
- their links to deal records ("your deals") are deleted, and in each record of a table they
  sat at, their name (their seat's, and wherever the record's words use it) becomes
  FORGOTTEN_NAME; the deals themselves stay, so that the
  other players' records and `/verify` still work;
- their seats at finished and ended tables keep the seat (the match's moves need it) under
  FORGOTTEN_NAME and no user id, and they host none of them any more (nor their table
  cards, `/lfg`); their wishes to hear of new cards (`/lfg notify`) are deleted.

A member seated at an open table (in a lobby or playing) is refused: they leave it first.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.backends import Connection, integer
from bot.storage.store import Store

FORGOTTEN_NAME = "—"  # a name in no language: the seat of someone forgotten
FORGOTTEN_ID = 0  # no Discord user has it; NULL would mean a computer player
OPEN = "('lobby', 'playing')"


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What was removed or made anonymous (counts), or why nothing was."""

    open_tables: int = 0  # > 0: refused, nothing was changed
    preferences: int = 0
    results: int = 0
    daily_attempts: int = 0
    records: int = 0  # deal records whose seat name was made anonymous
    seats: int = 0

    @property
    def refused(self) -> bool:
        return self.open_tables > 0

    @property
    def anything(self) -> bool:
        return any((self.preferences, self.results, self.daily_attempts, self.records, self.seats))


async def forget_member(store: Store, user_id: int, guild_id: int | None = None) -> Forgotten:
    """Forget `user_id` everywhere (guild_id None: the member's own request, preferences
    included), or only in one server's tables, results and records (an admin's request)."""
    in_guild, guild_args = ("", ()) if guild_id is None else (" AND guild_id = ?", (guild_id,))
    async with store.database.transaction() as tx:
        row = await tx.one(
            "SELECT count(*) FROM seats JOIN game_tables ON game_tables.id = seats.table_id"
            f" WHERE seats.user_id = ? AND game_tables.status IN {OPEN}{in_guild}",
            (user_id, *guild_args),
        )
        open_tables = int(row[0]) if row else 0
        if open_tables:
            return Forgotten(open_tables=open_tables)
        seats = await tx.all(
            "SELECT seats.table_id, seats.seat, seats.name FROM seats JOIN game_tables"
            " ON game_tables.id = seats.table_id WHERE seats.user_id = ?" + in_guild,
            (user_id, *guild_args),
        )
        records = await _anonymise_table_records(tx, seats)
        records += await _anonymise_daily_records(tx, user_id, in_guild, guild_args)
        for table_id, _seat, name in seats:
            await _anonymise_results_json(tx, int(table_id), user_id, str(name))
        await tx.run(
            f"UPDATE seats SET user_id = ?, name = ? WHERE user_id = ? AND table_id IN"
            f" (SELECT id FROM game_tables WHERE 1 = 1{in_guild})",
            (FORGOTTEN_ID, FORGOTTEN_NAME, user_id, *guild_args),
        )
        await tx.run(
            f"UPDATE game_tables SET host_id = ? WHERE host_id = ?{in_guild}",
            (FORGOTTEN_ID, user_id, *guild_args),
        )
        # the table finder: their cards (of closed tables) host nobody, they hear of none
        await tx.run(
            f"UPDATE lfg_cards SET host_id = ? WHERE host_id = ?{in_guild}",
            (FORGOTTEN_ID, user_id, *guild_args),
        )
        await tx.run(f"DELETE FROM lfg_notify WHERE user_id = ?{in_guild}", (user_id, *guild_args))
        # the relays of their tables outside servers: the table message calls nobody
        await tx.run(
            "UPDATE relay_messages SET calls = NULL WHERE calls = ? AND table_id IN"
            f" (SELECT id FROM game_tables WHERE 1 = 1{in_guild})",
            (user_id, *guild_args),
        )
        results = await _count(tx, "player_results", user_id, in_guild, guild_args)
        await tx.run(
            f"DELETE FROM player_results WHERE user_id = ?{in_guild}", (user_id, *guild_args)
        )
        await tx.run(
            f"UPDATE player_results SET partner_id = NULL WHERE partner_id = ?{in_guild}",
            (user_id, *guild_args),
        )
        attempts = await _count(tx, "daily_attempts", user_id, in_guild, guild_args)
        await tx.run(
            f"DELETE FROM daily_attempts WHERE user_id = ?{in_guild}", (user_id, *guild_args)
        )
        await tx.run(
            "DELETE FROM puzzle_tries WHERE user_id = ? AND puzzle_id IN"
            f" (SELECT id FROM puzzles WHERE 1 = 1{in_guild})",
            (user_id, *guild_args),
        )
        await tx.run(
            f"DELETE FROM puzzle_ratings WHERE user_id = ?{in_guild}", (user_id, *guild_args)
        )
        await tx.run(
            "DELETE FROM deal_players WHERE user_id = ? AND deal_id IN"
            f" (SELECT id FROM deal_records WHERE 1 = 1{in_guild})",
            (user_id, *guild_args),
        )
        await tx.run(
            f"DELETE FROM move_reports WHERE reporter_id = ?{in_guild}", (user_id, *guild_args)
        )
        preferences = 0
        if guild_id is None:
            preferences = await _count(tx, "player_prefs", user_id, "", ())
            await tx.run("DELETE FROM player_prefs WHERE user_id = ?", (user_id,))
    return Forgotten(0, preferences, results, attempts, records, len(seats))


async def _count(
    tx: Connection, table: str, user_id: int, in_guild: str, guild_args: tuple[int, ...]
) -> int:
    row = await tx.one(f"SELECT count(*) FROM {table} WHERE user_id = ?{in_guild}",
                       (user_id, *guild_args))  # fmt: skip
    return int(row[0]) if row else 0


def seat_tag(seat: int) -> re.Pattern[str]:
    """A record's tag of the seat numbered `seat` in the store (records count from 1)."""
    return re.compile(rf'^\[Seat{seat + 1} "(?:[^"\\]|\\.)*"\]$', re.M)


def without_name(text: str, name: str) -> str:
    """`text` with `name`, where it stands as a whole, made FORGOTTEN_NAME."""
    if not name:
        return text
    return re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", FORGOTTEN_NAME, text)


async def _anonymise_table_records(tx: Connection, seats: Sequence[Sequence[object]]) -> int:
    changed = 0
    for table_id, seat, name in seats:
        rows = await tx.all(
            "SELECT id, result, record FROM deal_records WHERE table_id = ?", (integer(table_id),)
        )
        for deal_id, result, record in rows:
            tag = f'[Seat{integer(seat) + 1} "{FORGOTTEN_NAME}"]'
            anonymous = without_name(seat_tag(integer(seat)).sub(tag, record), str(name))
            await tx.run(
                "UPDATE deal_records SET result = ?, record = ? WHERE id = ?",
                (without_name(result, str(name)), anonymous, deal_id),
            )
            changed += 1
    return changed


async def _anonymise_daily_records(
    tx: Connection, user_id: int, in_guild: str, guild_args: tuple[int, ...]
) -> int:
    """A daily attempt's record: the member played it alone, under their name then."""
    rows = await tx.all(
        "SELECT d.id, d.result, d.record, a.name FROM daily_attempts AS a"
        " JOIN deal_records AS d ON d.id = a.record_id"
        f" WHERE a.user_id = ?{in_guild.replace('guild_id', 'a.guild_id')}",
        (user_id, *guild_args),
    )
    for deal_id, result, record, name in rows:
        escaped = str(name).replace("\\", "\\\\").replace('"', '\\"')
        anonymous = re.sub(
            rf'^(\[Seat\d+ )"{re.escape(escaped)}"\]$', rf'\1"{FORGOTTEN_NAME}"]', record,
            flags=re.M,
        )  # fmt: skip
        anonymous = without_name(anonymous, str(name))
        await tx.run(
            "UPDATE deal_records SET result = ?, record = ? WHERE id = ?",
            (without_name(result, str(name)), anonymous, deal_id),
        )
    return len(rows)


def _scrub(value: object, user_id: int, name: str) -> object:
    """A stored JSON value with the member's id and name taken out."""
    if isinstance(value, dict):
        return {key: _scrub(item, user_id, name) for key, item in value.items()}
    if isinstance(value, list):
        return [_scrub(item, user_id, name) for item in value]
    if isinstance(value, str) and value == name:
        return FORGOTTEN_NAME
    if isinstance(value, int) and not isinstance(value, bool) and value == user_id:
        return FORGOTTEN_ID
    return value


async def _anonymise_results_json(tx: Connection, table_id: int, user_id: int, name: str) -> None:
    row = await tx.one("SELECT result FROM match_results WHERE table_id = ?", (table_id,))
    if row is not None:
        scrubbed = json.dumps(_scrub(json.loads(row[0]), user_id, name))
        await tx.run(
            "UPDATE match_results SET result = ? WHERE table_id = ?", (scrubbed, table_id)
        )

"""Play on from here: a practice table started at a position of a finished deal.

A practice table is an ordinary table of the one play core (bot/tables.py, bot/flow.py), with
one policy: the table is opened already seated — the player at their own seat, computers at
the others at the levels they had (a person's seat gets the normal level) — and started from
the deal's own keys with its first moves replayed up to the chosen decision, so the cards are
the same and the player chooses again. It is unrated, and it keeps no deal record and no result
(`TableSession.practice`): nothing of it counts for ratings, boards or /history. Where it
plays (a private thread) is the Discord glue's choice (cogs/practice.py).
"""

from __future__ import annotations

from bot.i18n import _
from bot.players import DEFAULT_LEVEL, LEVELS
from bot.table_options import Practice, TableOptions
from bot.tables import TableError, Tables, TableSession
from engine.core import GameError
from engine.records import DealRecord, deal_seed


async def open_practice(
    tables: Tables,
    guild_id: int,
    channel_id: int,
    user_id: int,
    name: str,
    record: DealRecord,
    deal_id: int,
    step: int,
    seat: int,
) -> TableSession:
    """A practice table in `channel_id` at the record's move `step` (0 first), `user_id` at
    `seat`, started (the flow carries it on from there)."""
    try:
        seed = deal_seed(record)
    except GameError as error:
        raise TableError(str(error)) from None
    if not 0 <= step < len(record.actions):
        raise TableError(_("There is no such move in this deal."))
    options = TableOptions(practice=Practice(deal_id, step))
    session = await tables.create(guild_id, channel_id, user_id, record.game,
                                  dict(record.rules), options=options)  # fmt: skip
    await session.join(user_id, name, seat)
    for other in range(session.players):
        if other == seat:
            continue
        level = record.seats[other].level if other < len(record.seats) else DEFAULT_LEVEL
        await session.add_computer(user_id, level if level in LEVELS else DEFAULT_LEVEL, other)
    await session.start_from(seed, record.actions[:step])
    return session

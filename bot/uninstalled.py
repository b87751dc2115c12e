"""What the bot does with what it stored of a game that is no longer installed (its package
was uninstalled, or its registration removed: docs/adding-a-game.md, "Removing a game").

Everything stays stored: the finished matches' results, the deal records, the moves. A table
that was still open (a lobby or a match being played) cannot go on without its game, and would
keep its channel from opening another table: at start-up it is ended, as `/table end` ends a
table, with a warning line naming it; its moves stay stored. Reinstalling the game brings back
its leaderboard, its /stats and its deals' /replay, /verify and /review, not the tables ended."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.storage import Store
from engine import registry

log = logging.getLogger("seepbot")


async def end_tables_of_missing_games(
    store: Store, owns: Callable[[int], bool] | None = None
) -> list[int]:
    """End every open table of a game no registration knows (with `owns`, only in the guilds
    this process serves); the ids of the tables ended."""
    known = set(registry.names())
    ended = []
    for row in await store.unfinished_tables():
        if row.game in known or (owns is not None and not owns(row.guild_id)):
            continue
        await store.set_status(row.id, "ended")
        ended.append(row.id)
        log.warning(
            "table %s (channel %s) is of %r, a game no longer installed: ended, its moves kept",
            row.id, row.channel_id, row.game,
        )  # fmt: skip
    return ended

"""Where a table plays, as Discord tells an interaction: a server that added the bot, or a
place the bot reaches only as an app installed to a person's account (a DM with the bot, a
group DM, a server that has not added it).

The difference decides how the table reaches its players (see docs/anywhere.md): in a server
that added the bot, it posts in the channel; anywhere else it speaks only through the
interactions of the table's players, and its records belong to those players, not to a server.
"""

from __future__ import annotations

from enum import StrEnum


class TableContext(StrEnum):
    SERVER = "server"  # a channel of a server that added the bot: it posts there itself
    DM = "dm"  # the DM of one person with the bot
    GROUP_DM = "group_dm"  # a group DM (Discord's PRIVATE_CHANNEL context)
    APP_IN_SERVER = "app_in_server"  # a server that has not added the bot: used as an app


# Records and ratings of tables outside servers that added the bot are kept under this
# "server" id: the private tables of their players, in no server's leaderboard.
PRIVATE_SCOPE = 0


def relayed(context: TableContext) -> bool:
    """True where the table speaks only through its players' interactions."""
    return context is not TableContext.SERVER


def people_at_most(context: TableContext) -> int | None:
    """How many people can sit at a table here (None: no limit the place sets): a DM with the
    bot has one person in it, so every other seat is a computer player's."""
    return 1 if context is TableContext.DM else None

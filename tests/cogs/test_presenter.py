"""The table message and the deal summary are made from a table's snapshot alone: no session,
no store, nothing of the bot to call back into."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import discord

from bot.snapshot import TableSnapshot
from bot.storage.store import SeatRow, TableRow
from bot.table_options import TableOptions
from cogs.presenter import summary_message, table_message
from cogs.table_layout import text_of
from engine import registry

ROW = TableRow(7, 1, 10, 100, "tinytricks", {"players": 2, "hands": 1}, 3, "playing",
               TableOptions(language="en"), None, turn_deadline=1234.0)  # fmt: skip
SEATS = {0: SeatRow(0, 100, "Sina", None), 1: SeatRow(1, 200, "Tavita", None)}


def snapshot(moves: int, ping: bool = True) -> TableSnapshot:
    match = registry.game("tinytricks").new_match(3, dict(ROW.rules))
    for _ in range(moves):
        match.apply(match.legal_actions()[0])
    return TableSnapshot(ROW, MappingProxyType(SEATS), ("Sina", "Tavita"), match,
                         notice="Time's up.", ping=ping)  # fmt: skip


def custom_ids(view: Any) -> list[str]:
    return [str(item.custom_id) for item in view.walk_children() if hasattr(item, "custom_id")]


async def test_the_table_message_says_what_its_snapshot_shows() -> None:
    shown = snapshot(1)
    mover = shown.mention(shown.to_play or 0)
    made = await table_message(shown, None, nonce="t7.1")
    said = text_of(made["view"])
    assert "table 7" in said and "Time's up." in said
    assert f"{mover}, your turn." in said and "<t:1234:R>" in said
    assert "hand:7:1" in custom_ids(made["view"])
    assert made["nonce"] == "t7.1" and made["allowed_mentions"].users is True
    quiet = await table_message(snapshot(1, ping=False), None)
    assert quiet["allowed_mentions"].users is False


async def test_the_summary_at_the_match_end_comes_from_its_snapshot() -> None:
    shown = snapshot(0)
    match = shown.match
    while not match.is_terminal:
        match.apply(match.legal_actions()[0])
    made = await summary_message(shown, None, "s7.1")
    said = text_of(made["view"])
    assert "Match over" in said and "Sina" in said
    assert "rematch:7" in custom_ids(made["view"]) and made["nonce"] == "s7.1"
    assert all(isinstance(file, discord.File) for file in made["files"])

"""What a table's messages are made from: the table as it stood at one moment, frozen.

The session takes a snapshot under its lock (`TableSession.snapshot`) and hands it to the
output port; the cogs build the table message, the deal summary and the lobby message from it
alone. A snapshot never changes once taken: its match is a copy, its rows, options and seats are
frozen values, and the session moving on (a move, a rejoin, a new deadline) leaves it as it
was. Nothing here reads the store or the session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.storage.store import SeatRow, TableRow
from engine import registry
from engine.core import AnyGame
from engine.registry import GameSpec

if TYPE_CHECKING:
    from bot.tables import Play


@dataclass(frozen=True, slots=True)
class LobbySnapshot:
    """The table's seating and settings: what the lobby message shows."""

    row: TableRow  # its ids, game, rules, options, host, status and the turn's deadline
    seats: Mapping[int, SeatRow]  # by seat (a read-only copy)
    names: tuple[str, ...]  # by seat, as they were said when the snapshot was taken

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def spec(self) -> GameSpec:
        return registry.game(self.row.game)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def language(self) -> str:
        """The language of the table's public messages."""
        return self.row.options.language

    @property
    def lobby_message(self) -> tuple[int, int] | None:
        """(channel id, message id) of the lobby message, when it is known."""
        return self.row.options.lobby

    def name_of(self, seat: int) -> str:
        return self.names[seat]

    def mention(self, seat: int) -> str:
        """A person's mention, a computer's name."""
        row = self.seats.get(seat)
        if row is None or row.user_id is None:
            return self.names[seat]
        return f"<@{row.user_id}>"

    @property
    def computers(self) -> bool:
        """Computer players sit at the table."""
        return any(row.is_computer for row in self.seats.values())


@dataclass(frozen=True, slots=True)
class TableSnapshot(LobbySnapshot):
    """A table in play: what its table message, a deal summary and its result show."""

    match: AnyGame  # a copy: the session's match moves on without it
    plays: tuple[Play, ...] = ()  # the plays remembered since the last table message
    notice: str = ""  # said above whose turn it is (the turn timer's "time's up")
    ping: bool = True  # the table message pings the player to move

    @property
    def turn_number(self) -> int:
        return len(self.match.actions)

    @property
    def to_play(self) -> int | None:
        return self.match.current_player

    @property
    def turn_deadline(self) -> float | None:
        return self.row.turn_deadline

    def plays_of_deal(self, deal: int) -> tuple[Play, ...]:
        """The plays since the last table message of deal `deal` (counted from 0)."""
        return tuple(play for play in self.plays if play.deal == deal)

    @property
    def person_to_move(self) -> int | None:
        """The user id of the person the table calls to move (None: a computer, nobody)."""
        match = self.match
        if match.is_terminal or match.current_player is None:
            return None
        row = self.seats.get(match.current_player)
        return None if row is None or row.plays_itself else row.user_id

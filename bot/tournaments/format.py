"""What every tournament format is: pure rules of pairing and scoring, no Discord, no store.

A format sees an event as it stands (`EventState`: who entered, what each finished table
gave) and answers two questions: which tables to open now (`pairings`), and who stands where
(`standings`). Round formats (Swiss, knockout, sessions, duplicate) pair the next round only
once every table of the current one has finished; the arena pairs a player again as soon as
they are free. The runtime (`bot.tournaments.runtime`) opens each pairing as a table of the
one play core, with the event's policy, and feeds each finished table back as a `TableResult`.

Everything here is deterministic from its inputs (ties broken by entry order, never by
chance), so a restart that rebuilds the state from the store pairs exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class FormatName(StrEnum):
    ARENA = "arena"
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    SESSIONS = "sessions"
    DUPLICATE = "duplicate"


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    entered: int  # the order of entry (0 first): the last tie-break, never chance
    partner: int | None = None  # partnership games: the user id this entrant entered with
    rating: float | None = None  # knockout seeding, where the server rates the game


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table to open: `round` (1 first; the arena counts its pairings), `table` (1 first
    within the round), the entrants' user ids in seat order (partners sit as the game seats
    them), and `deal_set`: tables with the same deal set play the same committed deals
    (duplicate); None for deals of their own."""

    round: int
    table: int
    seats: tuple[int, ...]
    deal_set: int | None = None
    sits_out: tuple[int, ...] = ()  # entrants of this table who sit out a hand in turn


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished table, as the event scores it: each seat's score in the game's own unit
    (points, baazis, the sheet's units), its place at the table (1 best, equal for a tie),
    and the seats a computer played for a missing player (their result counts, unrated)."""

    round: int
    table: int
    seats: tuple[int, ...]
    scores: tuple[float, ...]
    places: tuple[int, ...]
    finished_at: float  # seconds since the epoch
    stood_in: frozenset[int] = frozenset()  # user ids whose seat a computer played


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    rank: int  # 1 first; equal ranks for a tie the tie-breaks do not split
    score: float  # the format's score (match points, sheet units, matchpoints %)
    tiebreaks: tuple[float, ...] = ()  # in the order `Format.tiebreak_names` names them
    played: int = 0
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class EventSettings:
    """The format's own numbers; each format reads those it needs."""

    seats: int  # players at each table
    rounds: int = 0  # Swiss rounds; sessions; duplicate rounds
    best_of: int = 1  # knockout: matches a pairing plays
    hands_per_session: int = 0  # sessions: hands (deals) each table plays
    duration: float = 0.0  # arena: seconds from the start
    partnerships: bool = False  # seats 0/2 and 1/3 are partners (4-player Seep, Sedma, Hola)
    dealer_sits_out: bool = False  # Sheepshead at six: the dealer sits each hand out
    # sessions and duplicate: the table sizes the game allows (empty: `seats` alone)
    table_sizes: tuple[int, ...] = ()

    def sizes(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.table_sizes) | {self.seats}))


@dataclass(frozen=True, slots=True)
class EventState:
    entrants: tuple[Entrant, ...]
    settings: EventSettings
    started_at: float
    pairings: tuple[Pairing, ...] = ()  # every table opened so far, in order
    results: tuple[TableResult, ...] = ()  # every table finished so far, in order
    withdrawn: frozenset[int] = frozenset()
    extra: Mapping[str, object] = field(default_factory=dict)  # a format's own memo


class FormatError(ValueError):
    """The format cannot run this event (too few entrants, a game it does not fit…); the
    message is a catalogue id the runtime translates."""


class Format(Protocol):
    name: FormatName
    tiebreak_names: tuple[str, ...]  # catalogue ids of the tie-breaks, in order

    def fits(self, seats: int, partnerships: bool) -> bool:
        """Whether the format suits a game played at `seats` seats."""
        ...

    def pairings(
        self, state: EventState, free: Sequence[int], now: float
    ) -> list[Pairing]:
        """The tables to open now, given the entrants not at a table (`free`, in entry order).
        Empty: nothing to open yet (a round still playing, or the event over)."""
        ...

    def finished(self, state: EventState, now: float) -> bool:
        """Whether the event is over (no more pairings will come)."""
        ...

    def standings(self, state: EventState) -> list[Standing]:
        ...

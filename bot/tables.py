"""Table sessions: who sits where, whose turn it is, and every move stored as it is played.

One session per channel, each with its own lock, so two clicks at the same moment apply exactly
one move. A session's game is rebuilt from (rules, seed, actions) when the bot starts, so
unfinished tables continue after a restart.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from bot.i18n import N_, _, ngettext, slash, speaking
from bot.players import DEFAULT_LEVEL, LEVELS, TAKEOVER_LEVEL, think
from bot.results import player_results
from bot.retention import records_kept_after
from bot.snapshot import LobbySnapshot, TableSnapshot
from bot.step import owed_by_move
from bot.storage import Conflict, Owed, SeatRow, Store, TableRow
from bot.storage.store import DealRecordRow, OwedKind, PlayerResult
from bot.table_options import TableOptions
from engine import registry
from engine.ai import suggest
from engine.core import Action, AnyGame, GameError
from engine.daily import computer_rng
from engine.fairness import Cut, DealKeys
from engine.records import SeatEntry, deal_spans, make_record
from engine.registry import GameSpec, Hint, TableRules
from engine.words import Told

log = logging.getLogger("seepbot.tables")


class TableError(Exception):
    """Something a user did that the table refuses; the message is shown to them privately."""


class TableBusy(TableError):
    """The bot could not take the move soon enough (overload); nothing was applied."""


BUSY = N_("The table is busy: try again in a moment.")


@dataclass(frozen=True, slots=True)
class MoveResult:
    player: int
    text: str  # the move as it happened, in the mover's language: "Asha threw 5♦"


@dataclass(frozen=True, slots=True)
class Play:
    number: int  # the move's number in the match (0 first)
    player: int
    record: Told  # the play as it happened, said when shown: "Asha captured 9♠ with 9♥"
    deal: int = 0  # the deals finished before it: plays of one deal share it

    def told(self, names: Sequence[str]) -> str:
        """The play in the language spoken now (a table's, or a reader's), of its player."""
        return self.record.told(names[self.player])


EARLIER_TURN = N_("That was an earlier turn: use the latest table message.")
# A typed move's time is Discord's (its snowflake, to the millisecond), the turn's start the
# bot's clock: a move sent this little before the turn began is taken as sent in it, so that
# neither the rounding nor two clocks a little apart refuse a move sent right after the last.
TYPED_MOVE_GRACE = 0.25
ALREADY_OPEN = N_("There is already a table in this channel: join it or end it first.")
PLAYS_KEPT = 60  # the recent plays a session remembers (for the table and the picker)
ASK_FOR_CUT = True  # the cutter chooses the cut; off, every cut is the default one (tests)


def computer_name(seat: int, level: str | None) -> str:
    """A computer seat's name in the language spoken now, with its level when not the usual."""
    name = _("Computer {number}", number=seat + 1)
    if level is None or level == DEFAULT_LEVEL:
        return name
    return _("{name} ({level})", name=name, level=_(level))


@dataclass
class TableSession:
    """The table in a channel for its whole life (one per channel: `Tables`): its seats and
    settings, its lock, the plays it remembers, what its channel is owed and the state of its
    messages. What players do belongs to its phase: before the start to the lobby (`Lobby`:
    seats, settings, the start), from then on to the table in play (`TableInPlay`: turns,
    each move applied and stored, the computers' moves); the session passes each action on
    to its phase, and the other phase refuses it as before. The output port never sees the
    session: it is given snapshots (`snapshot`, `lobby_snapshot`)."""

    store: Store
    row: TableRow
    seats: dict[int, SeatRow] = field(default_factory=dict)
    playing: TableInPlay | None = None  # the table in play, from the start on (None: a lobby)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    plays: list[Play] = field(default_factory=list)  # recent plays in words, since the start
    shown_moves: int = 0  # moves the latest table message covers
    # what the channel is still owed (the outbox's entries, as stored): kept with every move,
    # read from the store at a restart, and taken off as each is delivered
    owed: list[Owed] = field(default_factory=list)
    # Held while a message for the table is made and sent: ending the table takes it, so
    # once an end is accepted nothing more is posted.
    posting: asyncio.Lock = field(default_factory=asyncio.Lock)
    ending: bool = False  # an end is on its way: a computer's thought in progress is dropped
    # When the present turn began (time.time()): a move typed before then was meant for an
    # earlier turn.
    turn_began: float = field(default_factory=time.time)
    # messages deleted since the last table message was recorded (the store forgets them
    # as stale with the next one)
    deleted: list[int] = field(default_factory=list)
    # after a restart: the table's messages after this one that show the table are swept
    # away once the next table message is posted (a crash may have left one unrecorded)
    sweep_after: int | None = None
    # the latest person's move here came through this (the output port's handle on their
    # interaction): what follows it may reach the channel through it while it is valid
    reply: object | None = None
    # a line the next table message carries above whose turn it is (the turn timer's "time's
    # up"): said with the table instead of in a message of its own; gone once it is posted
    notice: str = ""

    # ----- in either phase: facts, seats, snapshots, what the channel is owed ----------

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def spec(self) -> GameSpec:
        return registry.game(self.row.game)

    @property
    def players(self) -> int:
        return self.spec.players_of(self.row.rules)

    def seat_of(self, user_id: int) -> int | None:
        for seat, row in self.seats.items():
            if row.user_id == user_id:
                return seat
        return None

    def name_of(self, seat: int) -> str:
        """A seat's name as its reader says it: a player's own, a computer's in the language
        spoken now ("Computer 2", "कंप्यूटर 2"; the stored name is never shown)."""
        row = self.seats.get(seat)
        if row is None:
            return _("Seat {number}", number=seat + 1)
        if row.is_computer:
            # an event's computer keeps its number in the event ("Computer 3") at any seat
            numbers = self.row.options.computer_numbers
            return computer_name(numbers.get(seat, seat + 1) - 1, row.computer_level)
        return row.name

    def names(self) -> list[str]:
        return [self.name_of(seat) for seat in range(self.players)]

    def _frozen_row(self) -> TableRow:
        """The row with a copy of its rules (a snapshot keeps them as they are; the options
        are a frozen value already)."""
        return replace(self.row, rules=dict(self.row.rules))

    def lobby_snapshot(self) -> LobbySnapshot:
        """The seating and settings as they stand, the names in the table's language (the
        lobby message is the same for everyone at the table)."""
        with speaking(self.language):
            names = tuple(self.names())
        return LobbySnapshot(self._frozen_row(), MappingProxyType(dict(self.seats)), names)

    def snapshot(self, *, ping: bool = True, after: int | None = None) -> TableSnapshot:
        """The table in play as it stands (as after its first `after` moves, when given:
        what a deal summary owed since then shows), frozen for the output port, the names
        in the language spoken now; `ping`: its table message pings the player to move.
        Taken under the table's lock, it shows a stored state."""
        if self.match is None:
            raise TableError(_("The game has not started yet."))
        if after is None or after == self.turn_number:
            match = self.match.clone()
        else:
            data = self.match.to_dict()
            match = registry.restore({**data, "actions": data["actions"][:after]})
        return TableSnapshot(
            self._frozen_row(),
            MappingProxyType(dict(self.seats)),
            tuple(self.names()),
            match,
            tuple(self.plays_since(self.shown_moves)),
            self.notice,
            ping,
        )

    @property
    def ended(self) -> bool:
        """Ended by the host or a moderator: nothing more is played here."""
        return self.row.status == "ended"

    @property
    def next_match(self) -> list[tuple[int, str]]:
        """Who asked to sit in at the next match, in the order they asked: (user id, name)."""
        return list(self.row.options.next_match)

    async def toggle_next_match(self, user_id: int, name: str) -> bool:
        """Join the queue for the next match, or leave it if already in: True when joined.
        Kept in the table's stored options, so it survives a restart."""
        async with self.lock:
            if self.ended or self.row.status != "playing":
                raise TableError(_("This table's match is over: the queue is closed."))
            if self.seat_of(user_id) is not None:
                raise TableError(_("You play at this table already: the host's rematch asks you."))
            queue = self.next_match
            joined = all(entry[0] != user_id for entry in queue)
            if joined:
                queue.append((user_id, name))
            else:
                queue = [entry for entry in queue if entry[0] != user_id]
            options = replace(self.row.options, next_match=tuple(queue))
            await self.store.set_options(self.id, options)
            self.row = replace(self.row, options=options)
            return joined

    @property
    def practice(self) -> bool:
        """A practice table (bot/practice.py): played on from a finished deal's position,
        privately; nothing of it counts (no deal records, no results, no ratings)."""
        return self.row.options.practice is not None

    async def remember_lobby(self, message_id: int, channel_id: int) -> None:
        """Where the lobby message is, so the end of the table can be shown on it."""
        async with self.lock:
            options = replace(self.row.options, lobby=(channel_id, message_id))
            await self.store.set_options(self.id, options)
            self.row = replace(self.row, options=options)

    @property
    def lobby_message(self) -> tuple[int, int] | None:
        """(channel id, message id) of the lobby message, when it is known."""
        return self.row.options.lobby

    async def _set_missed(self, seat: int, count: int) -> None:
        await self.store.set_missed_turns(self.id, seat, count)
        self.seats[seat] = replace(self.seats[seat], missed_turns=count)

    @property
    def shares_deals(self) -> bool:
        """The table plays an event's deal set: other tables play the very same deals."""
        return self.row.options.shares_deals

    @property
    def language(self) -> str:
        """The language of the table's public messages: the server's when it opened, else its
        opener's."""
        return self.row.options.language

    @property
    def hints_on(self) -> bool:
        return self.row.options.hints

    async def rejoin(self, user_id: int) -> int:
        async with self.lock:
            seat = self.seat_of(user_id)
            if seat is None:
                raise TableError(_("You are not at this table."))
            if not self.seats[seat].away:
                raise TableError(_("You are still playing your seat."))
            await self._set_missed(seat, 0)
            return seat

    async def kick(self, user_id: int) -> int:
        """Remove a player: before the game the seat is freed, during it a computer takes it."""
        async with self.lock:
            seat = self.seat_of(user_id)
            if seat is None:
                raise TableError(_("That player is not at this table."))
            if not self.started:
                await self.store.clear_seat(self.id, seat)
                del self.seats[seat]
                return seat
            name = f"Computer {seat + 1}"
            await self.store.set_seat(self.id, seat, None, name, "normal")
            self.seats[seat] = SeatRow(seat, None, name, "normal")
            return seat

    def due_cut(self, match: AnyGame) -> tuple[int, Cut] | None:
        """The cut to make now for a cutter who is not asked (a computer seat, an away player,
        or every seat when the table does not ask): the default cut."""
        pending = match.pending_cut
        if pending is None or match.is_terminal:
            return None
        row = self.seats.get(pending.cutter)
        if ASK_FOR_CUT and row is not None and not row.plays_itself:
            return None
        return pending.cutter, Cut(pending.default)

    def owes(self, kind: OwedKind, number: int | None = None) -> bool:
        """Whether the channel is still owed something of `kind` (numbered `number`)."""
        return any(o.kind is kind and number in (None, o.number) for o in self.owed)

    def delivered(self, kind: OwedKind, number: int) -> None:
        """What is owed of `kind` up to `number` has been delivered (as the store records)."""
        self.owed = [o for o in self.owed if not (o.kind is kind and o.number <= number)]

    def owe_table(self) -> None:
        """A table message is owed now without a move (a rejoin, a kick): kept in memory only
        (a restart posts none for it; the table's timer runs on from its stored deadline)."""
        moves = self.turn_number
        self.owed.append(Owed(OwedKind.TABLE, moves, moves))

    def plays_since(self, moves: int, deal: int | None = None) -> list[Play]:
        """The remembered plays from move number `moves` on (of deal `deal`, counted from 0,
        when given)."""
        return [
            play
            for play in self.plays
            if play.number >= moves and (deal is None or play.deal == deal)
        ]

    def since_own_turn(self, seat: int) -> list[Play]:
        """What the others played since `seat` last moved (everything remembered if never)."""
        own = [play.number for play in self.plays if play.player == seat]
        return self.plays_since(own[-1] + 1 if own else 0)

    # ----- the phases -------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.playing is not None

    @property
    def match(self) -> AnyGame | None:
        """The match in play (None in the lobby)."""
        return None if self.playing is None else self.playing.match

    @match.setter
    def match(self, match: AnyGame) -> None:
        """The table is in play with `match` (restored from the store)."""
        self.playing = TableInPlay(self, match)

    @property
    def turn_number(self) -> int:
        """Counts the moves made; buttons carry it so a click from an earlier turn is refused."""
        return 0 if self.playing is None else self.playing.turn_number

    @property
    def to_play(self) -> int | None:
        return None if self.playing is None else self.playing.match.current_player

    @property
    def lobby(self) -> Lobby:
        """The lobby's actions (each refused once the game has started)."""
        return Lobby(self)

    @property
    def in_play(self) -> TableInPlay:
        """The table in play; before the start, a TableError."""
        if self.playing is None:
            raise self._not_in_play()
        return self.playing

    def _not_in_play(self) -> TableError:
        """What an action of a table in play is told before the start."""
        if self.ended:
            return TableError(_("This table has ended."))
        return TableError(_("The game has not started yet."))

    # ----- actions, passed on to the phase ----------------------------------------------

    async def set_up(
        self,
        user_id: int,
        rules: TableRules,
        changed: Callable[[TableOptions], TableOptions] = lambda options: options,
    ) -> None:
        await self.lobby.set_up(user_id, rules, changed)

    async def join(self, user_id: int, name: str, seat: int | None = None) -> int:
        return await self.lobby.join(user_id, name, seat)

    async def leave(self, user_id: int) -> int:
        return await self.lobby.leave(user_id)

    async def add_computer(
        self, user_id: int, level: str = DEFAULT_LEVEL, seat: int | None = None
    ) -> int:
        return await self.lobby.add_computer(user_id, level, seat)

    async def start(self, user_id: int, keys: DealKeys | None = None) -> None:
        await self.lobby.start(user_id, keys)

    async def start_from(self, seed: dict[str, object], actions: Sequence[str]) -> None:
        await self.lobby.start_from(seed, actions)

    def check_turn(self, user_id: int, turn_number: int | None = None) -> int:
        return self.in_play.check_turn(user_id, turn_number)

    async def play(
        self,
        user_id: int,
        move: Action | str,
        turn_number: int | None = None,
        answer_by: float | None = None,
        asked_at: float | None = None,
    ) -> MoveResult:
        if self.playing is None:
            async with self.lock:  # a start under way may make it a table in play
                if answer_by is not None and time.time() > answer_by:
                    raise TableBusy(_(BUSY))
                if self.playing is None:
                    raise self._not_in_play()
        return await self.in_play.play(user_id, move, turn_number, answer_by, asked_at)

    async def play_forced(self) -> MoveResult | None:
        return None if self.playing is None else await self.playing.play_forced()

    async def take_over(self, turn_number: int) -> tuple[MoveResult, bool] | None:
        return None if self.playing is None else await self.playing.take_over(turn_number)

    async def hint(self, user_id: int, turn_number: int) -> Hint:
        if self.playing is None:
            if not self.hints_on:
                raise TableError(_("Hints are off at this table."))
            raise self._not_in_play()
        return await self.playing.hint(user_id, turn_number)

    async def play_computers(self, limit: int | None = None) -> list[MoveResult]:
        return [] if self.playing is None else await self.playing.play_computers(limit)



class Lobby:
    """A table before its start: seats taken, left and given to computer players, the
    settings changed, and the start, which puts the table in play. Each action takes the
    table's lock and is refused once the game has started."""

    def __init__(self, table: TableSession) -> None:
        self.table = table

    async def set_up(
        self,
        user_id: int,
        rules: TableRules,
        changed: Callable[[TableOptions], TableOptions] = lambda options: options,
    ) -> None:
        """The host changes the table's rules and settings before the start (`rules` replace
        the stored ones whole; `changed` makes the new settings of the stored ones)."""
        table = self.table
        async with table.lock:
            if user_id != table.row.host_id:
                raise TableError(_("Only the host can change the table's settings."))
            if table.started or table.ended:
                raise TableError(_("The game has started: its settings stay as they are."))
            Tables.validate(table.row.game, rules)
            options = changed(table.row.options)
            await table.store.set_rules(table.id, rules, options)
            table.row = replace(table.row, rules=rules, options=options)

    async def join(self, user_id: int, name: str, seat: int | None = None) -> int:
        table = self.table
        async with table.lock:
            if table.started:
                raise TableError(_("This game has already started."))
            if table.seat_of(user_id) is not None:
                raise TableError(_("You are already at this table."))
            free = [s for s in range(table.players) if s not in table.seats]
            if not free:
                raise TableError(_("This table is full."))
            if seat is not None:
                if not 0 <= seat < table.players:
                    raise TableError(_("Choose a seat from 1 to {count}.", count=table.players))
                if seat not in free:
                    raise TableError(_("Seat {number} is taken.", number=seat + 1))
            chosen = free[0] if seat is None else seat
            await table.store.set_seat(table.id, chosen, user_id, name)
            table.seats[chosen] = SeatRow(chosen, user_id, name, None)
            return chosen

    async def leave(self, user_id: int) -> int:
        table = self.table
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError(_("You are not at this table."))
            if table.started:
                raise TableError(
                    _("The game has started: ask the host to end it, or keep playing.")
                )
            await table.store.clear_seat(table.id, seat)
            del table.seats[seat]
            return seat

    async def add_computer(
        self, user_id: int, level: str = DEFAULT_LEVEL, seat: int | None = None
    ) -> int:
        table = self.table
        if level not in LEVELS:
            raise TableError(_("Choose a level: {levels}.", levels=", ".join(LEVELS)))
        async with table.lock:
            if user_id != table.row.host_id:
                raise TableError(_("Only the host adds computer players."))
            if table.started:
                raise TableError(_("This game has already started."))
            free = [s for s in range(table.players) if s not in table.seats]
            if not free:
                raise TableError(_("This table is full."))
            seat = seat if seat in free else free[0]
            name = f"Computer {seat + 1}" + ("" if level == DEFAULT_LEVEL else f" ({level})")
            await table.store.set_seat(table.id, seat, None, name, level)
            table.seats[seat] = SeatRow(seat, None, name, level)
            return seat

    async def start(self, user_id: int, keys: DealKeys | None = None) -> None:
        """Start the match (the host), its deals drawn fresh, or from `keys` (an event's
        deal set: the same committed deals at each of its tables)."""
        table = self.table
        async with table.lock:
            if user_id != table.row.host_id:
                raise TableError(_("Only the host can start the game."))
            if table.started:
                raise TableError(_("The game has already started."))
            if len(table.seats) < table.players:
                missing = table.players - len(table.seats)
                raise TableError(
                    ngettext(
                        "{count} seat is still empty: wait for players or add computer players.",
                        "{count} seats are still empty: wait for players or add computer players.",
                        missing,
                    )
                )
            keys = keys or DealKeys.fresh()  # the deals' secrets, apart from the computers' seed
            match = table.spec.new_match(keys, table.row.rules)
            first: list[tuple[int, str]] = []
            cut = table.due_cut(match)
            if cut is not None:  # a computer (or, not asking, the bot) cuts at once
                first.append((cut[0], cut[1].notation))
                match.apply(cut[1], cut[0])
            settings = await table.store.guild_settings(table.row.guild_id)
            options = replace(table.row.options, rated=self.decide_rated(settings.settings))
            owed = owed_by_move(len(first), [], final=False)
            # one transaction: the options, the deal's secret, the status, the cut and the
            # first table message owed
            await table.store.start_table(table.id, options, keys.to_dict(), first, owed)
            table.owed.extend(owed)
            table.row = replace(
                table.row, options=options, status="playing", deal_keys=keys.to_dict()
            )
            table.playing = TableInPlay(table, match)

    async def start_from(self, seed: dict[str, object], actions: Sequence[str]) -> None:
        """Start a seated practice table at a position: the match dealt from `seed` (a
        finished deal's keys) and its first `actions` replayed and stored as the table's
        first moves; then it goes on as any table."""
        table = self.table
        async with table.lock:
            if table.started:
                raise TableError(_("The game has already started."))
            match = registry.restore({"game": table.row.game, "rules": table.row.rules,
                                      "seed": seed, "actions": []})  # fmt: skip
            first: list[tuple[int, str]] = []
            for notation in actions:
                cut = match.pending_cut
                player = match.current_player
                mover = player if player is not None else (cut.cutter if cut else 0)
                match.apply(notation)
                first.append((mover, notation))
            options = replace(table.row.options, rated=False)
            owed = owed_by_move(len(first), [], final=False)
            await table.store.start_table(table.id, options, seed, first, owed)
            table.owed.extend(owed)
            table.row = replace(table.row, options=options, status="playing", deal_keys=seed)
            table.playing = TableInPlay(table, match)

    def decide_rated(self, settings: Mapping[str, object]) -> bool:
        """Games between humans are rated; with computer players only if the server says so;
        tables with hints never (a learner's game)."""
        table = self.table
        if table.hints_on:
            return False
        if table.row.options.event is not None and not settings.get("rate_tournaments"):
            return False  # an event's table counts for ratings only where the server says so
        if any(row.is_computer for row in table.seats.values()):
            return bool(settings.get("rate_computer_games", False))
        return True


class TableInPlay:
    """A table in play: its match (there always is one), whose turn it is, each move checked,
    applied and stored with everything that follows from it, and the computers' moves. Its
    lock is its table's: one move at a time."""

    def __init__(self, table: TableSession, match: AnyGame) -> None:
        self.table = table
        self.match = match

    @property
    def turn_number(self) -> int:
        """Counts the moves made; buttons carry it so a click from an earlier turn is refused."""
        return len(self.match.actions)

    def check_turn(self, user_id: int, turn_number: int | None = None) -> int:
        """The player number of `user_id` if they may act now; else a TableError."""
        table = self.table
        if table.ended:
            raise TableError(_("This table has ended."))
        if self.match.is_terminal:
            raise TableError(_("This game is over."))
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(_("You are not at this table."))
        if turn_number is not None and turn_number != self.turn_number:
            raise TableError(_(EARLIER_TURN))
        if table.seats[seat].away:
            raise TableError(
                _(
                    "A computer player took over your seat after you missed turns: come back "
                    "with {command}.",
                    command=slash("table rejoin"),
                )
            )
        current = self.match.current_player
        if seat != current:
            raise TableError(_("It's {name}'s turn.", name=table.name_of(current or 0)))
        return seat

    async def play(
        self,
        user_id: int,
        move: Action | str,
        turn_number: int | None = None,
        answer_by: float | None = None,
        asked_at: float | None = None,
    ) -> MoveResult:
        """Apply a player's move. With `answer_by` (a time.time()), a move that only gets its
        turn at the table after that moment is refused as busy instead of applied: under
        overload the player hears at once rather than waiting without bound. A move without
        its turn's number (typed, not chosen from the offered ones) is bound to the turn of
        `asked_at`, when the player sent it: sent before the present turn began, it is
        refused as an earlier turn's."""
        table = self.table
        async with table.lock:
            if answer_by is not None and time.time() > answer_by:
                raise TableBusy(_(BUSY))
            player = self.check_turn(user_id, turn_number)
            if (turn_number is None and asked_at is not None
                    and asked_at < table.turn_began - TYPED_MOVE_GRACE):
                raise TableError(_(EARLIER_TURN))
            missed = 0 if table.seats[player].missed_turns else None
            return await self._apply(player, move, missed)

    async def play_forced(self) -> MoveResult | None:
        """The player to move has one legal move: play it for them (their auto-play choice).
        None when they have a real choice."""
        async with self.table.lock:
            match = self.match
            if match.is_terminal or self.table.ended:
                return None
            legal = match.legal_actions()
            if len(legal) != 1:
                return None
            seat = match.current_player
            assert seat is not None
            return await self._apply(seat, legal[0])

    async def take_over(self, turn_number: int) -> tuple[MoveResult, bool] | None:
        """The turn timer ran out: a computer plays this turn for the player. Returns the move
        and whether the player now counts as away (too many missed turns in a row)."""
        table = self.table
        async with table.lock:
            match = self.match
            if match.is_terminal or turn_number != self.turn_number:
                return None
            if table.ended:
                return None
            seat = match.current_player
            assert seat is not None
            cutting = match.pending_cut is not None
            move = await think(match, seat, self._computer_rng(), TAKEOVER_LEVEL,
                               table.shares_deals)  # fmt: skip
            # cutting is the cutter's right, not a turn they owe: nothing missed
            missed = None if cutting else table.seats[seat].missed_turns + 1
            result = await self._apply(seat, move, missed)
            return result, not cutting and table.seats[seat].away

    async def hint(self, user_id: int, turn_number: int) -> Hint:
        """A suggested move with its reason, for the player to move at a table with hints."""
        table = self.table
        if not table.hints_on:
            raise TableError(_("Hints are off at this table."))
        async with table.lock:
            seat = self.check_turn(user_id, turn_number)
            seed = f"{table.row.seed}:{turn_number}:hint"
            return await asyncio.to_thread(suggest, self.match, seat, seed)

    async def play_computers(self, limit: int | None = None) -> list[MoveResult]:
        """Let computer seats move until a human is to play, the game ends, or `limit` moves."""
        table = self.table
        results: list[MoveResult] = []
        async with table.lock:
            while not self.match.is_terminal and not table.ended:
                if limit is not None and len(results) >= limit:
                    break
                seat = self.match.current_player
                assert seat is not None
                row = table.seats.get(seat)
                if row is None or not row.plays_itself:
                    break
                level = row.computer_level or TAKEOVER_LEVEL  # an away player: normal
                move = await think(self.match, seat, self._computer_rng(), level,
                                   table.shares_deals)  # fmt: skip
                if table.ending:  # the table is being ended: the thought is dropped
                    break
                results.append(await self._apply(seat, move))
        return results

    def _computer_rng(self) -> random.Random:
        """The generator of a computer's next decision. At a table that shares its deals, it
        comes from the deal set and the moves so far (as the daily deal's): at every table of
        the set, a computer in the same position chooses the same; else from the table's seed
        and the turn."""
        table = self.table
        if table.shares_deals:
            options = table.row.options
            shared = f"event {options.event} deal set {options.deal_set}"
            return computer_rng(shared, [a.notation for a in self.match.actions])
        return random.Random(f"{table.row.seed}:{self.turn_number}")

    async def _apply(
        self, player: int, move: Action | str, missed: int | None = None
    ) -> MoveResult:
        """Apply a move and store it, with everything that follows from it at once, in one
        transaction: the deals it finished (records, results, the retention that prunes
        older records), the match's result, the next deal's cut when its cutter is not asked,
        the mover's missed turns (`missed`, when they change) and what the channel is owed.
        Either all of it is stored or none of it: the move is made on a copy of the match,
        which becomes the table's match only once stored (a refused write leaves the game as
        the store has it, the next deal's secret undrawn)."""
        table = self.table
        match = self.match.clone()
        deals_before = match.deals_finished
        keys = match.deal_keys
        keys_before = keys.to_dict() if keys is not None else None
        try:
            record = match.apply(move, player)  # a refusal speaks the mover's language
        except GameError as error:
            raise TableError(str(error)) from None
        number = len(match.actions) - 1
        names = table.names()
        deal_rows = [
            (n, match.deal_report(n, names).record)
            for n in range(deals_before + 1, match.deals_finished + 1)
        ]
        counted = not table.practice  # a practice table keeps no record and no result
        records = self.deal_records(match, deals_before) if deal_rows and counted else []
        result = _match_json(table, match) if match.is_terminal else None
        standings = self._standings(match) if match.is_terminal and counted else []
        cut = table.due_cut(match)
        followed: list[tuple[int, int, str]] = []
        cut_record: Told | None = None
        if cut is not None:  # the next deal's cut, made for a cutter who is not asked
            cut_record = match.apply(cut[1], cut[0])
            followed.append((number + 1, cut[0], match.actions[-1].notation))
        # A move that starts a new deal draws its secret, a cut is kept: stored with the move.
        new_keys = keys.to_dict() if keys is not None else None
        if new_keys == keys_before:
            new_keys = None
        owed = owed_by_move(len(match.actions), [n for n, _ in deal_rows], match.is_terminal)
        # kept as the game's record: said in the language of whoever reads it
        plays = [Play(number, player, record, deals_before)]
        if cut is not None and cut_record is not None and ASK_FOR_CUT:
            plays.append(Play(number + 1, cut[0], cut_record, match.deals_finished))
        prune_before = await self._records_kept_after() if records else None
        write = asyncio.ensure_future(
            table.store.record_move(
                table.id,
                number,
                player,
                match.actions[number].notation,
                deal_rows,
                result,
                table.row.guild_id,
                table.row.game,
                standings,
                new_keys,
                records,
                followed=followed,
                missed=None if missed is None else (player, missed),
                prune_before=prune_before,
                owed=owed,
            )
        )
        try:
            await asyncio.shield(write)
        except asyncio.CancelledError:
            # A cancelled caller (shutdown, a timer) does not stop the write half-way: once
            # it is done, the table follows what it stored; then the cancellation goes on.
            await asyncio.wait([write])
            if not write.cancelled() and write.exception() is None:
                self._stored(match, player, owed, new_keys, missed, plays)
            raise
        self._stored(match, player, owed, new_keys, missed, plays)
        return MoveResult(player, record.told(names[player]))

    def _stored(
        self,
        match: AnyGame,
        player: int,
        owed: list[Owed],
        new_keys: dict[str, object] | None,
        missed: int | None,
        plays: list[Play],
    ) -> None:
        """A move is stored: the copy of the match it was made on is the table's match from
        now, with what the move left the channel owed, the row and seat it changed and the
        plays it made (with the cut that followed it)."""
        table = self.table
        self.match = match
        table.plays.extend(plays)
        del table.plays[:-PLAYS_KEPT]
        table.owed.extend(owed)
        if new_keys is not None:
            table.row = replace(table.row, deal_keys=new_keys)
        if missed is not None:
            table.seats[player] = replace(table.seats[player], missed_turns=missed)
        if match.is_terminal:
            table.row = replace(table.row, status="finished")  # the channel is free again
        table.turn_began = time.time()

    def _standings(self, match: AnyGame) -> list[PlayerResult]:
        """Each person's result of the finished match, as leaderboards and ratings read it.
        At an event's table, a player a computer stood in for keeps their result, unrated."""
        table = self.table
        results = player_results(
            match,
            table.seats,
            table_id=table.id,
            guild_id=table.row.guild_id,
            game=table.row.game,
            rated=table.row.options.rated,
        )
        if table.row.options.event is None:
            return results
        away = {row.user_id for row in table.seats.values() if row.away}
        return [replace(r, rated=False) if r.user_id in away else r for r in results]

    async def _records_kept_after(self) -> float | None:
        """The server's retention setting: deal records finished before this go as new ones
        come (None: kept for ever)."""
        settings = await self.table.store.guild_settings(self.table.row.guild_id)
        return records_kept_after(settings.settings, time.time())

    def deal_records(self, match: AnyGame, deals_before: int) -> list[DealRecordRow]:
        """The records of the deals the last move finished (names as seated, English result).
        The plays and the computers' names are in words as the table read them."""
        table = self.table
        with speaking(table.language):
            seats = [
                SeatEntry(
                    table.name_of(seat),
                    "human" if row is None or row.user_id is not None
                    else (row.computer_level or DEFAULT_LEVEL),
                )
                for seat in range(table.players)
                for row in [table.seats.get(seat)]
            ]  # fmt: skip
            replayed = deal_spans(match.to_dict(), [seat.name for seat in seats])
        players = tuple(
            row.user_id for row in table.seats.values() if row.user_id is not None
        )
        date = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        rows = []
        for number in range(deals_before + 1, match.deals_finished + 1):
            made = make_record(match, number, seats, date, replayed)
            rows.append(
                DealRecordRow(number, made.fair, made.result, made.to_text(), players)
            )
        return rows


def stored_seed(row: TableRow) -> dict[str, object] | int:
    """What a stored table's match is seeded with: its deal secrets, or for a table stored
    before secret deals, its seed (its deals come out as they always did)."""
    return row.deal_keys if row.deal_keys is not None else row.seed


def _match_json(session: TableSession, match: AnyGame) -> dict[str, object]:
    outcome = match.outcome()
    return {
        "seats": [
            {"seat": s.seat, "user_id": s.user_id, "name": s.name, "computer": s.is_computer}
            for s in session.seats.values()
        ],
        "returns": list(match.returns()),
        "sides": [list(players) for players in outcome.sides],
        "scores": list(outcome.scores),
        "result": outcome.describe(session.names()),
    }


class Tables:
    """Every session, by channel; created, found and restored here."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.by_channel: dict[int, TableSession] = {}
        self.finished_owed: list[TableSession] = []  # restored only to post their result
        self._opening: dict[int, asyncio.Lock] = {}  # by channel: one table opens at a time

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        return self._opening.setdefault(channel_id, asyncio.Lock())

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        rules: TableRules,
        seed: int | None = None,
        options: TableOptions | None = None,
    ) -> TableSession:
        async with self._channel_lock(channel_id):
            return await self._create(guild_id, channel_id, host_id, game, rules, seed, options)

    async def _create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        rules: TableRules,
        seed: int | None = None,
        options: TableOptions | None = None,
    ) -> TableSession:
        """Under the channel's lock; the store keeps one open table per channel as well."""
        existing = self.by_channel.get(channel_id)
        if existing is not None and existing.row.status in ("lobby", "playing"):
            raise TableError(_(ALREADY_OPEN))
        self.validate(game, rules)
        # The computer players' and hints' seed; the deals have secrets of their own.
        seed = seed if seed is not None else secrets.randbits(62)
        try:
            table_id = await self.store.create_table(
                guild_id, channel_id, host_id, game, rules, seed, options
            )
        except Conflict:
            raise TableError(_(ALREADY_OPEN)) from None
        row = await self.store.table(table_id)
        assert row is not None
        session = TableSession(self.store, row)
        self.by_channel[channel_id] = session
        return session

    async def rematch(
        self, table_id: int, user_id: int, name: str
    ) -> tuple[TableSession, list[int], list[tuple[int, str, int]]]:
        """A new table like a finished one: its game, options and channel, the host in their
        seat, the players queued for the next match in the computers' seats (in the order they
        asked) and the computer players in the rest. The other players join it themselves:
        their ids come back with the new table, and the queue's (user, name, seat)."""
        old = await self.store.table(table_id)
        if old is None:
            raise TableError(_("That table is gone."))
        async with self._channel_lock(old.channel_id):  # a double tap opens one table
            return await self._rematch(old, user_id, name)

    async def _rematch(
        self, old: TableRow, user_id: int, name: str
    ) -> tuple[TableSession, list[int], list[tuple[int, str, int]]]:
        if old.status != "finished":
            raise TableError(_("A rematch is offered once the match is over."))
        if user_id != old.host_id:
            raise TableError(
                _("Only the host, {host}, starts the rematch.", host=f"<@{old.host_id}>")
            )
        current = self.by_channel.get(old.channel_id)
        if current is not None and current.row.status in ("lobby", "playing"):
            raise TableError(_("A new table is already open here: join it."))
        options = replace(old.options, lobby=None, rated=False, next_match=(), rematch_of=old.id)
        session = await self._create(
            old.guild_id, old.channel_id, user_id, old.game, dict(old.rules), options=options
        )
        seats = await self.store.seats(old.id)
        for row in sorted(seats, key=lambda r: r.seat):
            if row.user_id == user_id:
                await session.join(user_id, name, row.seat)
        seated: list[tuple[int, str, int]] = []  # the queue's players: (user, name, seat)
        queue = [
            (queued, queued_name)
            for queued, queued_name in TableSession(self.store, old).next_match
            if queued != user_id
        ]
        for row in sorted(seats, key=lambda r: r.seat):
            if row.is_computer:
                if queue:  # the first in the queue takes the computer's seat
                    queued, queued_name = queue.pop(0)
                    await session.join(queued, queued_name, row.seat)
                    seated.append((queued, queued_name, row.seat))
                    continue
                await session.add_computer(user_id, row.computer_level or DEFAULT_LEVEL, row.seat)
        others = [row.user_id for row in seats if row.user_id and row.user_id != user_id]
        return session, others, seated

    @staticmethod
    def validate(game: str, rules: TableRules) -> None:
        """Refuse options the game does not accept (a TableError with the engine's words)."""
        try:
            registry.game(game).new_match(0, rules)
        except (ValueError, TypeError) as error:
            raise TableError(str(error)) from None

    def get(self, channel_id: int) -> TableSession | None:
        return self.by_channel.get(channel_id)

    async def end(self, channel_id: int) -> TableSession:
        session = self.by_channel.get(channel_id)
        if session is None or session.ended:
            raise TableError(_("There is no table in this channel."))
        if session.row.status == "finished":
            raise TableError(
                _(
                    "This table's match is over: the channel is free for {command}.",
                    command=slash("table new"),
                )
            )
        session.ending = True  # a computer still thinking drops its move
        try:
            await self._end(session)
        finally:
            session.ending = False
        del self.by_channel[channel_id]
        return session

    async def _end(self, session: TableSession) -> None:
        # A message being posted is sent first; a move in progress is stored first; then
        # nothing more.
        async with session.posting, session.lock:
            if session.row.status == "finished":  # that move finished the match
                raise TableError(
                    _(
                        "This table's match is over: the channel is free for {command}.",
                        command=slash("table new"),
                    )
                )
            await self.store.set_status(session.id, "ended")
            session.row = replace(session.row, status="ended")

    async def restore(self, owns: Callable[[int], bool] | None = None) -> int:
        """Rebuild every unfinished table from the store (after a restart or a crash); with
        `owns`, only the tables of the guilds it accepts (this process's shards). A table of a
        game this bot no longer offers stays stored, untouched, and is left out."""
        count = 0
        known = set(registry.names())
        unfinished = await self.store.unfinished_tables()
        for row in unfinished + await self.store.tables_owed():
            if owns is not None and not owns(row.guild_id):
                continue  # another process's shard serves it
            if row.game not in known:
                log.warning("table %s is of an unknown game %r: not restored", row.id, row.game)
                continue
            session = TableSession(self.store, row)
            session.seats = {s.seat: s for s in await self.store.seats(row.id)}
            if row.status != "lobby":
                actions = await self.store.actions(row.id)
                session.match = registry.restore(
                    {"game": row.game, "rules": row.rules, "seed": stored_seed(row),
                     "actions": actions}
                )  # fmt: skip
                session.owed = await self.store.owed(row.id)
                # a typed move is bound to the turn it was sent in: this one began with the
                # latest stored move (or at the start), not when this process came up
                session.turn_began = await self.store.last_move_at(row.id) or 0.0
            if row.status == "finished":
                self.finished_owed.append(session)  # its channel is free: only owed its result
            else:
                self.by_channel[row.channel_id] = session
                count += 1
        return count

    def restored(self) -> list[TableSession]:
        """Every table restored at start-up, for the turn loop to resume."""
        return [*self.by_channel.values(), *self.finished_owed]

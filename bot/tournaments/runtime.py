"""An event's life: entries, the start, the tables its format pairs, their results, the
standings, the end.

The format (`bot.tournaments.format.Format`) decides who plays whom and who stands where;
this module carries it out. Each pairing opens a table of the one play core (`Tables`,
`TableFlow`) with the event's policy: its seats as paired, its deals committed before play
(for a deal set, the same committed deals at every table of the set), a computer playing a
missing player's seat once their turn timer runs out. The flow tells the event when a
table's match is over (`TableFlow.on_match_end`); its result goes into the event, the
standings message is edited, and the format is asked for the next pairings.

Lasting: the state of an event is rebuilt from the store each time it moves on (`advance`),
and every step of it is idempotent: a pairing is stored once (by its round and table), its
table is made and tied to it in one transaction, a result is written once, a table made and
not started is started at the next `advance`, a finished table whose result was not yet
taken (a crash in between) is taken then. One lock per event in the process, and the store's
conditional updates across processes, make two presses of Start or Join count once.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from bot.i18n import _, ngettext, speaking
from bot.storage import SeatRow, Store, StoreFault
from bot.storage.store import MISSED_TURNS_LIMIT
from bot.storage.tournaments import (
    EntrantRow,
    EventOptions,
    EventRow,
    EventStore,
    PairingRow,
    ResultJson,
)
from bot.table_options import TableOptions
from bot.tables import TableError, Tables, TableSession
from bot.tournaments.format import (
    Entrant,
    EventSettings,
    EventState,
    Format,
    FormatError,
    FormatName,
    Pairing,
    Standing,
    TableResult,
)
from bot.tournaments.sessions import hands_sitting_out
from bot.tournaments.words import TITLES
from engine import registry
from engine.fairness import NONCE_BYTES, SECRET_BYTES, UncutKeys, token_bytes
from engine.registry import OptionValue, SideRule, TableRules

if TYPE_CHECKING:
    from bot.flow import TableFlow

log = logging.getLogger("seepbot.tournaments")

WITHDRAW_AFTER = 2  # tables in a row that a computer played for a player: they are withdrawn
DEAL_SET_SHUFFLES = 64  # the shuffles committed for a deal set (its hands and any redeals)
RETRY_PAUSE = 1.0  # seconds before an event that could not move on (the store, Discord) tries again


class EventError(TableError):
    """Something a member asked of an event that it refuses; shown to them privately (as a
    table's refusal is)."""


class EventOutput(Protocol):
    """How an event reaches Discord; the tournament cog implements it."""

    async def hand_role(
        self, event: EventRow, role_id: int, give: set[int], take: set[int]
    ) -> bool:
        """Give the role to `give`, take it from `take`; False where the bot may not."""

    async def event_thread(self, event: EventRow) -> int:
        """A new thread of the event's channel for the event itself; its id."""

    async def table_thread(self, event: EventRow, title: str) -> int:
        """A new thread for one of the event's tables (beside the event's own); its id.
        EventError when none can be made."""

    async def table_opened(
        self, event: EventRow, session: TableSession, pairing: PairingRow
    ) -> None:
        """Tell the table's players, in its thread, that their match is there."""

    async def show_standings(self, event: EventRow, view: EventView) -> int | None:
        """Post the event's standings message, or edit it when it exists; its id."""

    async def announce(self, event: EventRow, text: str) -> None:
        """A line in the event's thread (the start, a withdrawal)."""

    async def final_results(self, event: EventRow, view: EventView, text: str) -> None:
        """The event is over: `text` (its winner) and its final results (pictures) in its
        thread."""


@dataclass(frozen=True, slots=True)
class EventView:
    """An event as its standings message shows it."""

    event: EventRow
    entrants: tuple[EntrantRow, ...]
    standings: tuple[Standing, ...]
    pairings: tuple[PairingRow, ...]
    tiebreak_names: tuple[str, ...]
    state: EventState | None = None  # what the format saw (the pictures read it)
    format: Format | None = None

    def name_of(self, user_id: int) -> str:
        for entrant in self.entrants:
            if entrant.user_id == user_id:
                return entrant_name(entrant)
        return str(user_id)


def entrant_name(entrant: EntrantRow) -> str:
    """An entrant's name as the reader says it (a computer's in the language spoken now)."""
    if entrant.is_computer:
        return _("Computer {number}", number=-entrant.user_id)
    return entrant.name


def event_table_options(event: EventRow) -> TableOptions:
    """The settings of the event's tables, as the event was created with them."""
    return TableOptions.from_json(event.options.get("table", {}))


def event_language(event: EventRow) -> str:
    """The language the event's public messages speak (the server's, else its creator's)."""
    return event_table_options(event).language


def event_settings(event: EventRow) -> EventSettings:
    numbers = event.options.get("format", {})
    spec = registry.game(event.game)
    seats = spec.players_of(event.rules)
    return EventSettings(
        seats=seats,
        rounds=int(numbers.get("rounds", 0)),
        best_of=int(numbers.get("best_of", 1)),
        hands_per_session=int(numbers.get("hands", 0)),
        duration=float(numbers.get("duration", 0.0)),
        partnerships=spec.side_rule(event.rules) is SideRule.PARTNERS,
        dealer_sits_out=bool(numbers.get("dealer_sits_out", False)),
        table_sizes=spec.allowed_seats,
    )


def table_rules(rules: Mapping[str, OptionValue], pairing: PairingRow) -> TableRules:
    """The rules of a pairing's table: the event's at its number of seats; where its seats sit
    out in turn, with the dealer out of each hand and enough hands for each player to play
    as many as at a full table (`sessions.hands_sitting_out`)."""
    seats = len(pairing.seats)
    made = {**rules, "players": seats}
    if pairing.sits_out:
        made["dealer_out"] = True
        hands = int(made.get("hands", 0) or 0)
        if hands:
            made["hands"] = hands_sitting_out(hands, seats)
    return made


def table_result(session: TableSession, pairing: PairingRow, now: float) -> TableResult:
    """A finished table as the event scores it: each seat's side's score and place, and the
    players a computer stood in for (their seat away at the end)."""
    match = session.in_play.match
    assert match.is_terminal
    outcome = match.outcome()
    seats = range(len(pairing.seats))
    scores = tuple(float(outcome.scores[outcome.side_of(seat)]) for seat in seats)
    places = tuple(outcome.place_of(seat) for seat in seats)
    stood_in = frozenset(
        row.user_id
        for row in session.seats.values()
        if row.user_id is not None and row.missed_turns >= MISSED_TURNS_LIMIT
    )
    return TableResult(
        pairing.round, pairing.table_number, pairing.seats, scores, places, now, stood_in
    )


def result_to_json(result: TableResult) -> ResultJson:
    return {
        "round": result.round, "table": result.table, "seats": list(result.seats),
        "scores": list(result.scores), "places": list(result.places),
        "finished_at": result.finished_at, "stood_in": sorted(result.stood_in),
    }  # fmt: skip


def result_of_json(data: ResultJson) -> TableResult:
    return TableResult(
        int(data["round"]), int(data["table"]), tuple(int(s) for s in data["seats"]),
        tuple(float(s) for s in data["scores"]), tuple(int(p) for p in data["places"]),
        float(data["finished_at"]), frozenset(int(u) for u in data.get("stood_in", [])),
    )  # fmt: skip


class Tournaments:
    """Every event of this process's servers, moved on from the store."""

    def __init__(
        self,
        store: Store,
        tables: Tables,
        flow: TableFlow,
        formats: Mapping[str, Format] | None = None,
    ) -> None:
        self.store = store
        self.events = EventStore(store)
        self.tables = tables
        self.flow = flow  # bot.flow.TableFlow: schedules work, tells us when a match ends
        self.formats = dict(formats if formats is not None else known_formats())
        self.output: EventOutput | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        self._refreshing: dict[int, bool] = {}  # events whose standings edit is on its way
        self.timers: dict[int, asyncio.Task[object]] = {}  # an event's start (or end) time
        flow.on_match_end.append(self.match_ended)

    def lock(self, event_id: int) -> asyncio.Lock:
        return self._locks.setdefault(event_id, asyncio.Lock())

    @property
    def port(self) -> EventOutput:
        if self.output is None:
            raise RuntimeError("no event output attached (the tournament cog sets it up)")
        return self.output

    def format_of(self, event: EventRow) -> Format:
        found = self.formats.get(event.format)
        if found is None:
            raise EventError(_("This bot no longer runs that format."))
        return found

    # ----- making an event ----------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        game: str,
        format_name: str,
        rules: TableRules,
        options: EventOptions,
        starts_at: float,
        computers: int = 0,
    ) -> EventRow:
        """A new event, open for entries until it starts; `computers` computer entrants."""
        now = time.time()
        if starts_at < now - 5:
            raise EventError(_("That start time has passed: choose a time to come."))
        found = self.formats.get(format_name)
        if found is None:
            raise EventError(_("Choose one of the formats offered."))
        spec = registry.game(game)
        Tables.validate(game, rules)
        seats = spec.players_of(rules)
        draft = EventRow(0, guild_id, channel_id, None, creator_id, game, format_name, rules,
                         options, starts_at, "open", None, None, None)  # fmt: skip
        settings = event_settings(draft)
        if not found.fits(seats, settings.partnerships):
            raise EventError(
                ngettext("The {format} format does not fit {game} at {count} seat.",
                         "The {format} format does not fit {game} at {count} seats.", seats,
                         format=_(format_label(format_name)),
                         game=registry.display_name(game))
            )  # fmt: skip
        event_id = await self.events.create(
            guild_id, channel_id, creator_id, game, format_name, rules, options, starts_at
        )
        for number in range(1, computers + 1):
            await self.events.enter(event_id, -number, f"Computer {number}", 0)
        event = await self.events.event(event_id)
        assert event is not None
        self.keep_time(event)
        return event

    async def attach_home(self, event: EventRow, thread_id: int | None) -> EventRow:
        await self.events.set_home(event.id, thread_id, None)
        found = await self.events.event(event.id)
        assert found is not None
        return found

    async def get(self, event_id: int) -> EventRow:
        event = await self.events.event(event_id)
        if event is None:
            raise EventError(_("There is no event numbered {number}.", number=event_id))
        return event

    # ----- entries --------------------------------------------------------------------------

    async def join(
        self, event_id: int, user_id: int, name: str, partner: int | None = None
    ) -> EventRow:
        """Enter a member; in a partnership game, `partner` names the member they play with
        (named by one of the two, or by both)."""
        async with self.lock(event_id):
            event = await self.get(event_id)
            if partner is not None and not event_settings(event).partnerships:
                raise EventError(_("This event's game has no partners: enter alone."))
            if partner == user_id:
                raise EventError(_("Choose someone else as your partner."))
            capacity = int(event.options.get("capacity", 0))
            answer = await self.events.enter(event_id, user_id, name, capacity, partner)
        if answer == "already":
            raise EventError(_("You have entered this event already."))
        if answer == "full":
            raise EventError(_("This event is full."))
        if answer == "closed":
            raise EventError(
                _("Entries to this event are closed.")
                if event.status == "closed"
                else _("This event has started: entries are closed.")
            )
        self.refresh_soon(event_id)
        return event

    async def leave(self, event_id: int, user_id: int) -> None:
        async with self.lock(event_id):
            answer = await self.events.leave(event_id, user_id)
        if answer == "absent":
            raise EventError(_("You have not entered this event."))
        if answer == "closed":
            raise EventError(_("This event has started: you can no longer leave it."))
        self.refresh_soon(event_id)

    # ----- the start ------------------------------------------------------------------------

    async def start(self, event_id: int, user_id: int | None, manager: bool = False) -> bool:
        """Start the event (its creator or a manager; `user_id` None: its start time came).
        True for the call that started it; a second press says it has started already."""
        event = await self.get(event_id)
        if user_id is not None and user_id != event.creator_id and not manager:
            raise EventError(_("Only the event's creator starts it early."))
        entrants = await self.events.entrants(event_id)
        format_ = self.format_of(event)
        async with self.lock(event_id):
            if event.status in ("running", "finished", "cancelled"):
                if user_id is None:
                    return False
                raise EventError(_("This event has already started."))
            try:
                probe = self._state(event, entrants, [], time.time())
                format_.pairings(probe, [e.user_id for e in entrants], time.time())
            except FormatError as error:
                if user_id is None:  # its start time came with too few entrants: it waits
                    await self.port.announce(event, _(str(error)))
                    return False
                raise EventError(_(str(error))) from None
            started = await self.events.begin(event_id, time.time())
        if not started:
            if user_id is None:
                return False
            raise EventError(_("This event has already started."))
        self.cancel_timer(event_id)
        event = await self.get(event_id)
        self.keep_time(event)
        # after the answer: the start is said, then the first tables open
        self.flow.schedule(self._started(event, len(entrants)))
        return True

    async def _started(self, event: EventRow, count: int) -> None:
        with speaking(event_language(event)):
            text = ngettext("The event has started: {count} player.",
                            "The event has started: {count} players.", count)  # fmt: skip
        await self.port.announce(event, text)
        await self.advance(event.id)

    async def close_entries(self, event_id: int) -> None:
        if await self.events.close_entries(event_id):
            event = await self.get(event_id)
            with speaking(event_language(event)):
                text = _("Entries are closed: the event starts soon.")
            await self.port.announce(event, text)
            self.refresh_soon(event_id)

    # ----- moving on ------------------------------------------------------------------------

    def _state(
        self,
        event: EventRow,
        entrants: Sequence[EntrantRow],
        pairings: Sequence[PairingRow],
        now: float,
    ) -> EventState:
        results = [result_of_json(p.result) for p in pairings if p.result is not None]
        results.sort(key=lambda r: (r.finished_at, r.round, r.table))
        return EventState(
            entrants=tuple(Entrant(e.user_id, e.name, e.entered, e.partner) for e in entrants),
            settings=event_settings(event),
            started_at=event.started_at or now,
            pairings=tuple(
                Pairing(p.round, p.table_number, p.seats, p.deal_set, p.sits_out)
                for p in pairings
            ),
            results=tuple(results),
            withdrawn=frozenset(e.user_id for e in entrants if e.withdrawn),
        )

    async def advance(self, event_id: int) -> None:
        """Bring a running event up to date: take the results of its finished tables, pair
        what the format pairs now, open (and start) the tables of its pairings, end it when
        the format says it is over, and show the standings. Safe to repeat at any time."""
        while True:
            try:
                await self._advance(event_id)
                return
            except StoreFault as error:
                log.warning("event %s waits for the store: %s", event_id, error)
                await self.flow.sleep(RETRY_PAUSE)

    async def _advance(self, event_id: int) -> None:
        async with self.lock(event_id):
            event = await self.get(event_id)
            if event.status != "running":
                return
            with speaking(event_language(event)):  # the event's messages: its language
                await self._advance_running(event)

    async def _advance_running(self, event: EventRow) -> None:
        event_id = event.id
        format_ = self.format_of(event)
        pairings = await self.events.pairings(event_id)
        await self._take_results(event, pairings)
        entrants = await self.events.entrants(event_id)
        pairings = await self.events.pairings(event_id)
        now = time.time()
        state = self._state(event, entrants, pairings, now)
        if not format_.finished(state, now):
            busy = {u for p in pairings if p.result is None for u in p.seats}
            free = [
                e.user_id for e in entrants if not e.withdrawn and e.user_id not in busy
            ]
            try:
                new = format_.pairings(state, free, now)
            except FormatError as error:
                log.warning("event %s: the format cannot pair: %s", event_id, error)
                new = []
            if new:
                await self.events.add_pairings(
                    event_id,
                    [(p.round, p.table, p.seats, p.deal_set, p.sits_out) for p in new],
                )
                pairings = await self.events.pairings(event_id)
                state = self._state(event, entrants, pairings, now)
        for pairing in pairings:
            if pairing.result is None:
                await self._open(event, pairing, entrants)
        over = format_.finished(state, now) and all(p.result is not None for p in pairings)
        if over and await self.events.finish(event_id, now):
            self.cancel_timer(event_id)
            event = await self.get(event_id)
            view = await self._show(event, format_, entrants, pairings, state)
            winners = [s for s in format_.standings(state) if s.rank == 1]
            names = ", ".join(
                entrant_name(e) for w in winners for e in entrants if e.user_id == w.user_id
            )
            text = _("The event is over. Winner: {names}.", names=names or "—")
            await self.port.final_results(event, view, text)
            if event.league is not None:
                self.flow.schedule(self.next_in_league(event))
            return
        await self._show(event, format_, entrants, pairings, state)

    async def _take_results(self, event: EventRow, pairings: Sequence[PairingRow]) -> None:
        """The results of the event's finished tables not yet taken (live, one at a time as
        each match ends; after a restart, all that a crash left)."""
        for pairing in pairings:
            if pairing.result is not None or pairing.table_id is None:
                continue
            session = self._session(pairing.table_id)
            if session is None or session.match is None or not session.match.is_terminal:
                row = await self.store.table(pairing.table_id)
                if row is None or row.status != "finished":
                    continue
                session = await self._load(row.id)
            result = table_result(session, pairing, time.time())
            if await self.events.record_result(pairing.table_id, result_to_json(result)):
                await self._withdraw_absent(event, result)

    async def _withdraw_absent(self, event: EventRow, result: TableResult) -> None:
        """A player a computer stood in for at WITHDRAW_AFTER tables in a row is withdrawn."""
        if not result.stood_in:
            return
        pairings = await self.events.pairings(event.id)
        done = sorted(
            (result_of_json(p.result) for p in pairings if p.result is not None),
            key=lambda r: r.finished_at,
        )
        for user_id in result.stood_in:
            theirs = [r for r in done if user_id in r.seats][-WITHDRAW_AFTER:]
            if len(theirs) >= WITHDRAW_AFTER and all(user_id in r.stood_in for r in theirs):
                await self.events.withdraw(event.id, user_id)
                await self.port.announce(
                    event,
                    ngettext("<@{user}> missed their last {count} match and is withdrawn "
                             "from the event.",
                             "<@{user}> missed their last {count} matches and is withdrawn "
                             "from the event.", WITHDRAW_AFTER, user=user_id),
                )  # fmt: skip

    def _session(self, table_id: int) -> TableSession | None:
        for session in self.tables.by_channel.values():
            if session.id == table_id:
                return session
        return None

    async def _load(self, table_id: int) -> TableSession:
        """A finished table rebuilt from the store (its result was not taken before a stop)."""
        row = await self.store.table(table_id)
        assert row is not None
        session = TableSession(self.store, row)
        session.seats = {s.seat: s for s in await self.store.seats(row.id)}
        actions = await self.store.actions(row.id)
        session.match = registry.restore(
            {"game": row.game, "rules": row.rules,
             "seed": row.deal_keys if row.deal_keys is not None else row.seed,
             "actions": actions}
        )  # fmt: skip
        return session

    async def _open(
        self, event: EventRow, pairing: PairingRow, entrants: Sequence[EntrantRow]
    ) -> None:
        """The pairing's table: its thread (made once, remembered), the table tied to the
        pairing in one transaction, then started with its committed deals."""
        if pairing.table_id is not None:
            session = self._session(pairing.table_id)
            if session is not None and not session.started and not session.ended:
                await self._start_table(event, pairing, session)
            return
        thread_id = pairing.thread_id
        if thread_id is None:
            title = _("Event {event}: round {round}, table {table}", event=event.id,
                      round=pairing.round, table=pairing.table_number)  # fmt: skip
            thread_id = await self.port.table_thread(event, title)
            await self.events.set_pairing_thread(
                event.id, pairing.round, pairing.table_number, thread_id
            )
        names = {e.user_id: e.name for e in entrants}
        level = event_table_options(event).computer_level
        seats = [
            SeatRow(seat, user_id, names.get(user_id, str(user_id)), None)
            if user_id >= 0
            else SeatRow(seat, None, names.get(user_id, "Computer"), level)
            for seat, user_id in enumerate(pairing.seats)
        ]
        options = replace(
            event_table_options(event),
            event=event.id,
            event_round=pairing.round,
            event_table=pairing.table_number,
            deal_set=pairing.deal_set,  # None, or the set whose deals other tables play too
            parent_channel_id=event.channel_id,
            # its computers named as the event names them, whatever seat they take
            computer_numbers={
                seat: -user_id for seat, user_id in enumerate(pairing.seats) if user_id < 0
            },
        )
        table_id = await self.events.open_table(
            pairing, event.guild_id, thread_id, event.creator_id, event.game,
            table_rules(event.rules, pairing), options, seats,
        )  # fmt: skip
        row = await self.store.table(table_id)
        assert row is not None
        session = TableSession(self.store, row)
        session.seats = {s.seat: s for s in await self.store.seats(table_id)}
        self.tables.by_channel[row.channel_id] = session
        await self._start_table(event, replace(pairing, table_id=table_id), session)

    async def _start_table(
        self, event: EventRow, pairing: PairingRow, session: TableSession
    ) -> None:
        keys = None
        if pairing.deal_set is not None:
            fresh = UncutKeys(
                nonce=token_bytes(NONCE_BYTES),
                first_dealer=0,
                secrets=[token_bytes(SECRET_BYTES) for _ in range(DEAL_SET_SHUFFLES)],
            )
            keys = UncutKeys.from_dict(
                await self.events.deal_set(event.id, pairing.deal_set, fresh.to_dict())
            )
        # told before the start, with its nonce: a crash between the two tells them again
        # as the same message, and a table started is never told twice
        await self.port.table_opened(event, session, pairing)
        try:
            await session.start(event.creator_id, keys=keys)
        except TableError:  # started meanwhile
            return
        self.flow.schedule(self.flow.advance(session))

    # ----- the flow's word that a match is over --------------------------------------------

    async def match_ended(self, session: TableSession) -> None:
        """A table's match is over (its result delivered): its event moves on, as work of
        its own (a restart that comes first finds the result untaken and takes it)."""
        event_id = session.row.options.event
        if event_id is not None:
            self.flow.schedule(self.advance(event_id))

    # ----- the standings --------------------------------------------------------------------

    async def view(self, event_id: int) -> EventView:
        event = await self.get(event_id)
        entrants = await self.events.entrants(event_id)
        pairings = await self.events.pairings(event_id)
        format_ = self.format_of(event)
        state = self._state(event, entrants, pairings, time.time())
        standings = (
            tuple(format_.standings(state)) if event.status in ("running", "finished") else ()
        )
        return EventView(
            event, tuple(entrants), standings, tuple(pairings), tuple(format_.tiebreak_names),
            state, format_,
        )  # fmt: skip

    def refresh_soon(self, event_id: int) -> None:
        """Edit the standings message after answering (entries come in bursts: edits that
        pile up while one is on its way become one)."""
        if event_id in self._refreshing:
            self._refreshing[event_id] = True
            return
        self._refreshing[event_id] = False
        self.flow.schedule(self._refresh_while_asked(event_id))

    async def _refresh_while_asked(self, event_id: int) -> None:
        try:
            while True:
                await self.refresh(event_id)
                if not self._refreshing.get(event_id):
                    return
                self._refreshing[event_id] = False
        finally:
            self._refreshing.pop(event_id, None)

    async def refresh(self, event_id: int) -> None:
        """Edit the standings message to show the event as it stands."""
        view = await self.view(event_id)
        message = await self.port.show_standings(view.event, view)
        if message is not None and message != view.event.standings_message:
            await self.events.set_standings_message(event_id, message)

    async def _show(
        self,
        event: EventRow,
        format_: Format,
        entrants: Sequence[EntrantRow],
        pairings: Sequence[PairingRow],
        state: EventState,
    ) -> EventView:
        view = EventView(
            event, tuple(entrants), tuple(format_.standings(state)), tuple(pairings),
            tuple(format_.tiebreak_names), state, format_,
        )  # fmt: skip
        message = await self.port.show_standings(event, view)
        if message is not None and message != event.standings_message:
            await self.events.set_standings_message(event.id, message)
        return view

    # ----- time: the start, the check-in, the arena's end ------------------------------------

    def keep_time(self, event: EventRow) -> None:
        """The event's next moment: its check-in (joining closes), its start, or for a timed
        format its end."""
        self.cancel_timer(event.id)
        if self.flow.closing:
            return
        self.timers[event.id] = asyncio.create_task(self._timer(event))

    def cancel_timer(self, event_id: int) -> None:
        timer = self.timers.pop(event_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _timer(self, event: EventRow) -> None:
        scale = self.flow.timer_scale
        checkin = float(event.options.get("checkin", 0.0))
        if event.status == "open" and checkin > 0:
            await asyncio.sleep(max(0.0, event.starts_at - checkin - time.time()))
            self.flow.schedule(self.close_entries(event.id))
        if event.status in ("open", "closed"):
            await asyncio.sleep(max(0.0, event.starts_at - time.time()))
            self.timers.pop(event.id, None)
            self.flow.schedule(self._start_due(event.id))
            return
        duration = float(event.options.get("format", {}).get("duration", 0.0)) * scale
        if event.status == "running" and duration > 0 and event.started_at is not None:
            await asyncio.sleep(max(0.0, event.started_at + duration - time.time()) + 0.5)
            self.timers.pop(event.id, None)
            self.flow.schedule(self.advance(event.id))

    async def _start_due(self, event_id: int) -> None:
        with contextlib.suppress(EventError):
            await self.start(event_id, None)

    # ----- leagues: a season of recurring events --------------------------------------------

    async def make_league(
        self, event_id: int, name: str, every_days: int, champion_role: int | None = None
    ) -> EventRow:
        event = await self.get(event_id)
        if event.status in ("finished", "cancelled"):
            raise EventError(_("This event is over: make the league with an event to come."))
        await self.events.set_league(event_id, name, every_days, champion_role)
        return await self.get(event_id)

    async def crown(self, event: EventRow) -> None:
        """The season's best-placed members (computers hold no roles) hold the league's
        champion role, and only they: given and taken by the bot where it may manage it."""
        role = event.options.get("champion_role")
        if role is None or event.league is None:
            return
        _counted, table = await self.season(event.guild_id, event.league)
        best = max((points for user, _n, points, _p in table if user > 0), default=None)
        leaders = {user for user, _n, points, _p in table if user > 0 and points == best}
        settings = (await self.store.guild_settings(event.guild_id)).settings
        stored = settings.get("league_champions")
        champions: dict[str, list[int]] = dict(stored) if isinstance(stored, dict) else {}
        holders = set(champions.get(event.league, []))
        if not await self.port.hand_role(event, int(role), leaders - holders, holders - leaders):
            return
        champions[event.league] = sorted(leaders)
        await self.store.update_guild_settings(event.guild_id, {"league_champions": champions})

    async def next_in_league(self, event: EventRow) -> None:
        """The league's next event, `every_days` after this one (the first such time to
        come), made once however often this is asked; its thread and standings opened."""
        every = 86400.0 * int(event.options.get("every_days", 7))
        starts = event.starts_at + every
        while starts < time.time():
            starts += every
        await self.crown(event)
        made = await self.events.next_of_league(event, starts)
        if made is None:
            return
        for entrant in await self.events.entrants(event.id):
            if entrant.is_computer:  # the event's computer entrants come back each time
                await self.events.enter(made, entrant.user_id, entrant.name, 0)
        await self.open_home(made)
        with speaking(event_language(event)):
            text = _("The next event of {league}: event {number}, {time} ({relative}).",
                     league=event.league, number=made, time=f"<t:{int(starts)}:F>",
                     relative=f"<t:{int(starts)}:R>")  # fmt: skip
        await self.port.announce(event, text)

    async def open_home(self, event_id: int) -> None:
        """A league's new event gets its thread (once) and its standings message."""
        async with self.lock(event_id):
            event = await self.get(event_id)
            if event.thread_id is None:
                event = await self.attach_home(event, await self.port.event_thread(event))
        self.keep_time(event)
        await self.refresh(event_id)

    async def season(
        self, guild_id: int, league: str
    ) -> tuple[int, list[tuple[int, str, int, int]]]:
        """A league's season table: the finished events counted, and each entrant's (user
        id, name, points, events played), best first. An event gives each entrant as many
        points as the entrants they finished above, plus one."""
        table: dict[int, tuple[str, int, int]] = {}  # user id: (name, points, events)
        counted = 0
        for event in await self.events.league_events(guild_id, league):
            if event.status != "finished":
                continue
            counted += 1
            view = await self.view(event.id)
            names = {e.user_id: entrant_name(e) for e in view.entrants}
            for standing in view.standings:
                name, points, played = table.get(
                    standing.user_id, (names.get(standing.user_id, "?"), 0, 0)
                )
                points += len(view.standings) - standing.rank + 1
                table[standing.user_id] = (name, points, played + 1)
        ranked = sorted(table.items(), key=lambda item: (-item[1][1], -item[1][2], item[1][0]))
        return counted, [(user, n, p, e) for user, (n, p, e) in ranked]

    # ----- after a restart ------------------------------------------------------------------

    async def restore(self, owns: Callable[[int], bool] | None = None) -> int:
        """Every unfinished event moves on again: its timers run on, and a running one is
        brought up to date (results a crash left untaken, tables made and not started)."""
        count = 0
        for event in await self.events.unfinished():
            if owns is not None and not owns(event.guild_id):
                continue
            count += 1
            if event.thread_id is None and event.league is not None:  # made, home not yet
                self.flow.schedule(self.open_home(event.id))
                continue
            self.keep_time(event)
            if event.status == "running":
                self.flow.schedule(self.advance(event.id))
        return count

    async def close(self) -> None:
        timers = list(self.timers.values())
        self.timers.clear()
        for timer in timers:
            timer.cancel()
        await asyncio.gather(*timers, return_exceptions=True)


def format_label(name: str) -> str:
    """The catalogue id of a format's name."""
    try:
        return TITLES[FormatName(name)]
    except ValueError:
        return name


def known_formats() -> dict[str, Format]:
    """The formats this bot runs (`bot.tournaments.formats.FORMATS`), by name."""
    try:
        module = importlib.import_module("bot.tournaments.formats")
    except ImportError:
        return {}
    return {str(name): format_ for name, format_ in module.FORMATS.items()}

"""A table's flow after every move: deal summaries, computer seats, the new table message and
the turn timer (a reminder, then a computer plays for an absent player).

This is the bot's turn loop, the same for every game. It speaks to Discord only through a
`TableOutput` port, which the cogs implement; bot/ never imports cogs/.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from bot.i18n import N_, _, ngettext, slash, use_language
from bot.pacing import waited_since
from bot.preferences import Preferences
from bot.snapshot import LobbySnapshot, TableSnapshot
from bot.step import (
    ComputerToMove,
    EndPractice,
    PlayForced,
    PostResult,
    PostSummary,
    PostTable,
    TableFacts,
    WaitFor,
    next_step,
)
from bot.storage import Store, StoreFault
from bot.storage.store import OwedKind
from bot.tables import MoveResult, TableError, Tables, TableSession
from engine.words import sentence

log = logging.getLogger("seepbot.flow")
T = TypeVar("T")
CUT_SECONDS = 30.0  # how long a deal waits for its cutter before the middle cut is made
# Background work that the store could not write is tried again after RETRY_FIRST seconds,
# then with pauses that double up to RETRY_LONGEST: once the store answers again, a table
# (computer players included) moves on within about a second.
RETRY_FIRST = 0.25
RETRY_LONGEST = 1.0
WAITING = N_(
    "Table {number} is waiting: moves can't be saved right now. It goes on by itself as soon "
    "as they can."
)
CRASH_AT = "SEEPBOT_CRASH_AT"  # tests only: see `crash_point`
_reached: dict[str, int] = {}


def crash_point(name: str) -> None:
    """A test hook: with SEEPBOT_CRASH_AT=<name> (or <name>:<n>) in the environment, the
    process dies at once, as by kill -9, without any cleanup, the first (n-th) time it
    reaches the point `name`: "table" (a table message made and about to be posted),
    "posted" (posted, not yet recorded), "recorded" (recorded, the one it replaces not yet
    deleted), "summary" and "summary posted" (a deal summary about to be posted, and posted
    but not yet recorded as delivered). The crash tests stop the bot in exactly the windows a
    real crash may hit this way. Unset, it costs one dictionary look-up."""
    wanted = os.environ.get(CRASH_AT)
    if not wanted:
        return
    point, _colon, count = wanted.partition(":")
    if point == name:
        _reached[name] = _reached.get(name, 0) + 1
        if _reached[name] >= int(count or 1):
            os._exit(70)


class ChannelGone(Exception):
    """The table's channel (or thread) no longer exists: the table cannot go on there."""


class Unreachable(Exception):
    """The table cannot reach its channel now: where the bot is not a member (a group DM, a
    server that has not added it) it speaks only through its players' interactions, and none
    of them can answer any more (each lasts 15 minutes and carries at most 5 follow-ups).
    Nothing is lost: what the table owes stays owed, its turn timer waits, and the next press
    of one of its buttons (its Continue) delivers it."""


class SendFault(Exception):
    """Discord could not take a message now (it answered 429 or 5xx more often than the
    client retries, asked for a longer wait than the client holds a request, or could not be
    reached): nothing is lost, it is sent again later (after `retry_after` seconds when
    Discord said how long)."""

    def __init__(self, why: str, retry_after: float | None = None) -> None:
        super().__init__(why)
        self.retry_after = retry_after


SEND_RETRY_FIRST = 1.0  # seconds before a message Discord could not take is sent again
SEND_RETRY_LONGEST = 30.0


def table_nonce(table_id: int, moves: int) -> str:
    """The nonce of the table message that shows a table after `moves` moves: posted again
    with it (after a crash, or a lost answer), Discord answers with the first message
    instead of making a second (at most 25 characters)."""
    return f"t{table_id}.{moves}"


def summary_nonce(table_id: int, deal: int) -> str:
    """The nonce of the summary of a table's deal `deal` (see `table_nonce`)."""
    return f"s{table_id}.{deal}"


class TableOutput(Protocol):
    """What the turn loop posts; the cogs implement it with Discord messages. A message is
    made from a snapshot of the table (`bot.snapshot`), taken under the table's lock: it
    shows a stored state, and making it reads nothing else of the bot. It is sent with the
    session, whose live handles (the latest player's interaction) it may go through."""

    async def table_message(self, table: TableSnapshot, nonce: str | None = None) -> object:
        """The table message, ready to send (image or text; the player to move mentioned,
        and pinged when the snapshot says so), sent with `nonce` when given (Discord keeps
        one message per nonce)."""

    async def post_table(self, session: TableSession, message: object) -> int:
        """Send a table message made by `table_message`; its id. SendFault: not now. While
        the latest person's move at the table (`session.reply`) can still answer, it goes
        as that interaction's follow-up (outside the bot's global rate limit)."""

    async def posted_since(self, session: TableSession, after: int) -> list[tuple[int, int]]:
        """The table messages of the table posted after message `after`: (id, the moves
        each shows); a restart finds one it posted and did not record this way."""

    async def delete_message(self, session: TableSession, message_id: int) -> bool:
        """Remove an earlier message (quietly, if it is already gone); False if Discord
        could not be asked now."""


    async def deal_summary(self, table: TableSnapshot, nonce: str | None = None) -> object:
        """The summary of the deal that just finished (and the match result, if over), ready
        to send (with `nonce`, as for `table_message`)."""

    async def post_deal_summary(self, session: TableSession, summary: object) -> None:
        """Send a summary made by `deal_summary`."""

    async def post_notice(self, session: TableSession, text: str, mention: int | None) -> int:
        """A line of text in the table's channel, mentioning `mention` if given; its id."""

    async def thinking(self, session: TableSession) -> None:
        """Show the channel that the bot is at work (computer seats thinking)."""

    async def close_lobby(self, table: LobbySnapshot, text: str) -> None:
        """Show on the lobby message that the table is over (finished or ended)."""


# ----- what a player does at a table: each enters the flow through `TableFlow.play` ---------


@dataclass(frozen=True, slots=True)
class Move:
    """A move, offered for turn `turn` (None: the present turn)."""

    user_id: int
    notation: str
    turn: int | None = None
    asked_at: float | None = None  # when the player asked (Discord's time.time()), if known
    taken_at: float | None = None  # when the bot took it on and acknowledged it (time.time())
    # the player's interaction, through which what follows the move may reach the channel
    # (the output port's own handle: see `TableOutput.post_table`)
    reply: object | None = None


@dataclass(frozen=True, slots=True)
class Start:
    user_id: int


@dataclass(frozen=True, slots=True)
class Rejoin:
    user_id: int


@dataclass(frozen=True, slots=True)
class Kick:
    """`user_id` leaves the table; a computer player takes a started seat."""

    user_id: int


@dataclass(frozen=True, slots=True)
class ShowTable:
    """Post the table again (someone asked to see it)."""


@dataclass(frozen=True, slots=True)
class End:
    """The host or a moderator ends the table; `closing` goes on its lobby message."""

    channel_id: int
    closing: str


@dataclass(frozen=True, slots=True)
class Continue:
    """A player brings back a table that could not reach its players (see `Unreachable`):
    its table is shown again where the press came from, and it carries on where it stood."""


Action = Move | Start | Rejoin | Kick | ShowTable | End | Continue


def describe_seconds(seconds: float) -> str:
    if seconds >= 3600:
        return ngettext("{count} hour", "{count} hours", round(seconds / 3600))
    if seconds >= 60:
        return ngettext("{count} minute", "{count} minutes", round(seconds / 60))
    return ngettext("{count} second", "{count} seconds", max(1, round(seconds)))


class TableFlow:
    computer_delay = 1.2  # seconds before a computer player moves: feels natural
    timer_scale = 1.0  # tests shrink every turn timer with this
    # A move that gets its turn at the table later than this after the bot took it on is
    # refused as busy (it was acknowledged at once, so the player reads the refusal instead
    # of staring at "thinking…"): inside Discord's 3 seconds for a first answer.
    busy_after = 2.5
    # Moves taken on and not yet answered, oldest first: while the oldest has waited longer
    # than this, new moves are refused at once (a cheap reply) until the backlog drains.
    # Under overload the moves taken on are then answered within seconds, instead of every
    # move queueing behind every other one without bound.
    shed_after = 3.0
    # While more tables than this wait for Discord to take their messages (the REST backlog),
    # new moves are refused at once as well: each would owe one more.
    shed_unsent = 200
    # Table messages and deal summaries being made (drawn) at once. Moves go first: a move is
    # applied, stored and answered while the messages queue here, and the event loop does
    # not take every table's drawing on at the same time. Sending is outside the slots: a
    # table that Discord holds back (a long retry_after) holds up no other.
    posting_at_once = 16

    def __init__(
        self, store: Store, tables: Tables, preferences: Preferences | None = None
    ) -> None:
        self.store = store
        self.tables = tables
        self.preferences = preferences or Preferences(store)
        self.output: TableOutput | None = None
        self.background: set[asyncio.Task[object]] = set()
        self.timers: dict[int, asyncio.Task[object]] = {}  # turn timers, by table id
        # notices (reminders, "time's up") by table: [message id, table posts it outlives]
        self.notices: dict[int, list[list[int]]] = {}
        self._answering: dict[int, float] = {}  # moves taken on: key → time.monotonic()
        # tables whose owed message Discord has not taken: since when (time.monotonic())
        self._unsent: dict[int, float] = {}
        self.closing = False  # set by close(): no new background work or timers from then
        # taken while a table's message is made (under its `posting` lock), never while one
        # is sent
        self.posting_slots = asyncio.Semaphore(self.posting_at_once)
        # told of each match whose result has been delivered (an event takes its result)
        self.on_match_end: list[Callable[[TableSession], Awaitable[None]]] = []

    async def sleep(self, seconds: float) -> None:
        """The flow's pauses (a computer's, the turn timer's, between retries): tests give
        the flow a clock of their own here."""
        await asyncio.sleep(seconds)  # the one real pause

    def attach(self, output: TableOutput) -> None:
        self.output = output

    @property
    def port(self) -> TableOutput:
        if self.output is None:
            raise RuntimeError("no table output attached (the tables cog sets it up)")
        return self.output

    # ----- background work --------------------------------------------------------------

    def schedule(self, coro: Coroutine[object, object, object]) -> None:
        """Run work after answering an interaction; kept so tests and shutdown can wait.
        Once the flow is closing, new work is dropped: what it would store is stored by the
        next start instead (a restored table resumes its computers and timers)."""
        if self.closing:
            coro.close()
            return
        task = asyncio.create_task(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)
        task.add_done_callback(_log_failure)

    async def idle(self) -> None:
        """Wait until the scheduled work has finished (used by tests)."""
        while self.background:
            await asyncio.gather(*list(self.background), return_exceptions=True)

    async def close(self, grace: float) -> None:
        """Stop the timers, give moves in progress `grace` seconds to finish."""
        self.closing = True
        timers = list(self.timers.values())
        self.timers.clear()
        for timer in timers:
            timer.cancel()
        await asyncio.gather(*timers, return_exceptions=True)
        pending = [task for task in self.background if task is not asyncio.current_task()]
        if pending:
            _, unfinished = await asyncio.wait(pending, timeout=grace)
            for task in unfinished:
                task.cancel()
            await asyncio.gather(*unfinished, return_exceptions=True)

    # ----- how much this process has taken on ------------------------------------------

    def overloaded(self) -> bool:
        """True while a move taken on has waited longer than `shed_after` for its answer, or
        while more tables than `shed_unsent` owe their channel a message Discord has not yet
        taken (the REST backlog: rate limits, an outage): a new move would only add to it."""
        oldest = next(iter(self._answering.values()), None)
        if oldest is not None and time.monotonic() - oldest > self.shed_after:
            return True
        return self.unsent() > self.shed_unsent

    def unsent(self) -> int:
        """The tables whose owed table message or summary is being sent or waits to be sent
        again (Discord held it back)."""
        return len(self._unsent)

    @contextlib.contextmanager
    def sending(self, session: TableSession) -> Iterator[None]:
        """Count the table as owing a message that Discord has not taken yet; a SendFault
        leaves it counted until the message goes. Its requests take their turn on the global
        bucket as of when it began to wait (bot/pacing.py: the longest wait goes first)."""
        since = self._unsent.setdefault(session.id, time.monotonic())
        try:
            with waited_since(since):
                yield
        except SendFault:
            raise  # still owed: sent again after the wait
        except BaseException:
            self._unsent.pop(session.id, None)  # nothing more is sent (the channel is gone)
            raise
        self._unsent.pop(session.id, None)

    def longest_wait(self) -> float:
        """How long the oldest move taken on has waited for its answer, in seconds (0: none)."""
        oldest = next(iter(self._answering.values()), None)
        return 0.0 if oldest is None else time.monotonic() - oldest

    @contextlib.contextmanager
    def answering(self, key: int) -> Iterator[None]:
        """Count a move as taken on until its player has their answer."""
        self._answering[key] = time.monotonic()
        try:
            yield
        finally:
            self._answering.pop(key, None)

    # ----- the one way into play ---------------------------------------------------------

    async def play(self, session: TableSession, action: Action) -> MoveResult | int | None:
        """Everything a player does at a table comes in here: the session applies it (a
        TableError says why not), and the flow alone schedules what follows (computer moves,
        the table message, the timer, summaries and the result). Returns the move's result
        for a move, the seat for a rejoin or kick, None otherwise."""
        outcome: MoveResult | int | None = None
        if isinstance(action, Move):
            answer_by = None if action.taken_at is None else action.taken_at + self.busy_after
            outcome = await session.play(
                action.user_id, action.notation, action.turn, answer_by, action.asked_at
            )
            assert isinstance(outcome, MoveResult)
            if action.reply is not None:
                session.reply = action.reply
            self.schedule(self.advance(session))
        elif isinstance(action, Start):
            await session.start(action.user_id)
            self.schedule(self.advance(session))
        elif isinstance(action, Rejoin):
            outcome = await session.rejoin(action.user_id)
            session.owe_table()  # the player to move is pinged again (or the computer moves)
            self.schedule(self.advance(session))
        elif isinstance(action, Kick):
            outcome = await session.kick(action.user_id)
            if session.started:
                session.owe_table()
                self.schedule(self.advance(session))
        elif isinstance(action, ShowTable):
            if session.match is None or session.match.is_terminal:
                raise TableError(_("This game is over."))
            self.schedule(self.post_table(session, repost=True))
        elif isinstance(action, Continue):
            if session.match is None or session.match.is_terminal:
                raise TableError(_("This game is over."))
            if not session.owes(OwedKind.TABLE):
                session.owe_table()
            self.schedule(self.advance(session))
        elif isinstance(action, End):
            await self.tables.end(action.channel_id)
            self.cancel_timer(session)
            self.schedule(self.port.close_lobby(session.lobby_snapshot(), action.closing))
        return outcome

    # ----- after a move -----------------------------------------------------------------

    async def advance(self, session: TableSession) -> None:
        """After a move (a start, a rejoin, a kick) and after a restart alike: carry out what
        follows, one step at a time (`bot.step.next_step`), until a person is to move or the
        match is over and nothing more is owed."""
        use_language(session.language)  # this task posts to the table's channel
        try:
            await self.carry_on(session)
        except ChannelGone:
            await self.retire(session)
        except Unreachable:
            self.asleep(session)

    def asleep(self, session: TableSession) -> None:
        """No interaction of the table answers any more: its timer stops (nobody could be told
        that a computer played for them); a press that brings the table back starts it again."""
        log.info("table %s waits for a press: no interaction of it answers", session.id)
        if self.timers.get(session.id) is not asyncio.current_task():
            self.cancel_timer(session)

    async def retire(self, session: TableSession) -> None:
        """The table's channel was deleted: the table ends (quietly: there is nowhere to say
        it), its timer stops, and it is not restored."""
        if self.timers.get(session.id) is asyncio.current_task():
            del self.timers[session.id]  # the timer itself found the channel gone: it ends here
        else:
            self.cancel_timer(session)
        if session.ended:
            return
        log.info("table %s: its channel is gone, so it ends", session.id)
        with contextlib.suppress(TableError):  # finished or ended meanwhile
            await self.tables.end(session.row.channel_id)

    async def facts(self, session: TableSession) -> TableFacts:
        """The table as the next step reads it (whether the player to move has forced moves
        played for them is their own choice, `/autoplay`)."""
        match = session.match
        forced = False
        if match is not None and not match.is_terminal and match.current_player is not None:
            row = session.seats.get(match.current_player)
            if row is not None and row.user_id is not None and not row.plays_itself:
                with contextlib.suppress(StoreFault):  # unknown now: the person plays it
                    forced = (await self.preferences.of(row.user_id)).auto_play
        return TableFacts(match, session.seats, tuple(session.owed), session.ended, forced,
                          session.practice)  # fmt: skip

    async def carry_on(self, session: TableSession) -> None:
        """The step interpreter: each step the table's state calls for, carried out, until it
        calls for none (a person is to move, or nothing is owed)."""
        thinking = False  # shown once: Discord keeps the sign up ~10 s or until a message
        while True:
            step = next_step(await self.facts(session))
            if isinstance(step, PostSummary):
                post = functools.partial(self.post_summary, session, step.deal, step.moves)
                await self.until_stored(session, post)
                thinking = False  # a message ends the sign
            elif isinstance(step, PostTable):
                await self.until_stored(session, lambda: self._post_table(session, repost=False))
                thinking = False
            elif isinstance(step, PostResult):
                await self.post_result(session)
            elif isinstance(step, ComputerToMove):
                if not thinking:
                    await self.port.thinking(session)
                    thinking = True
                await self.sleep(self.computer_delay)
                played = await self.until_stored(session, lambda: session.play_computers(limit=1))
                if not played:
                    return  # the seat is no longer a computer's, or the table is ending
            elif isinstance(step, PlayForced):
                if await self.until_stored(session, session.play_forced) is None:
                    return
            elif isinstance(step, EndPractice):
                await self.end_practice(session)
                return
            elif isinstance(step, WaitFor):
                if session.id not in self.timers:  # after a restart: runs on from its deadline
                    self.start_timer(session, session.row.turn_deadline)
                return
            else:
                return

    async def end_practice(self, session: TableSession) -> None:
        """A practice table's deal is over: the table ends, and says so."""
        with contextlib.suppress(TableError):  # ended meanwhile
            await self.tables.end(session.row.channel_id)
        self.cancel_timer(session)
        text = _("The practice deal is over, and so is this table: play on again from any of "
                 "your decisions with {command}.", command=slash("review"))  # fmt: skip
        with contextlib.suppress(SendFault):
            await self.port.post_notice(session, text, None)

    async def until_stored(
        self, session: TableSession, work: Callable[[], Awaitable[T]]
    ) -> T:
        """Background work that writes to the store (a computer's move, the timer's, marking
        what was posted) or sends to Discord: while the store cannot write, it is tried again
        with growing pauses, and the table's players are told once that it waits; while
        Discord cannot take a message, it is sent again, with longer pauses. It never dies
        silently."""
        pause, send_pause = RETRY_FIRST, SEND_RETRY_FIRST
        told = False
        while True:
            try:
                result = await work()
            except SendFault as error:
                log.warning("table %s: Discord could not take a message now: %s",
                            session.id, error)  # fmt: skip
                wait = send_pause if error.retry_after is None else error.retry_after
                await self.sleep(wait)
                send_pause = min(send_pause * 2, SEND_RETRY_LONGEST)
                continue
            except StoreFault as error:
                log.warning("table %s waits for the store: %s", session.id, error)
                if not told and not session.ended:
                    told = True
                    await self._remind(session, _(WAITING, number=session.id), None, 1)
                await self.sleep(pause)
                pause = min(pause * 2, RETRY_LONGEST)
                continue
            if told:
                log.info("table %s: the store writes again", session.id)
            return result

    async def post_table(self, session: TableSession, *, repost: bool = False) -> None:
        """Post the table and remove the previous table message; restart the turn timer. A
        repost (someone asked to see the table) neither pings nor touches the timer."""
        try:
            await self.until_stored(session, lambda: self._post_table(session, repost))
        except ChannelGone:
            await self.retire(session)
        except Unreachable:
            self.asleep(session)

    async def _post_table(self, session: TableSession, repost: bool) -> int | None:
        """Post the table (see `post_table`); the new message's id, None if none was posted.
        A table message owed because of moves goes with the nonce of what it shows, so that
        posting it again after a crash (or a lost answer) gives the same message: one ping
        for one turn. The message it replaces is recorded as stale with it, and deleted."""
        async with session.posting:
            # an end waits for `posting`; after an end, nothing is posted
            if session.ended:
                return None
            # Made under a slot (drawing is the costly part) and under the table's lock: a
            # move is applied and stored under it, so the message never shows a move the
            # store does not hold yet (a crash would lose it). Sent without the slot: a table
            # that Discord holds back never holds up another table's messages.
            async with self.posting_slots, session.lock:
                if repost:
                    deadline = session.row.turn_deadline
                else:
                    seconds = self.turn_seconds(session)
                    deadline = time.time() + seconds if seconds > 0 else None
                # the message shows the mover's deadline (a clock that ticks in every client)
                session.row = replace(session.row, turn_deadline=deadline)
                covered = len(session.match.actions) if session.match is not None else 0
                if not repost and not session.owes(OwedKind.TABLE):
                    return None  # posted meanwhile (two moves' steps at once)
                owed = not repost and (
                    covered > session.shown_moves or session.row.message_id is None
                )
                nonce = table_nonce(session.id, covered) if owed else None
                shown = session.snapshot(ping=not repost)
                message = await self.port.table_message(shown, nonce=nonce)
                carried = session.notice  # said in this message (a "time's up")
            crash_point("table")
            old = session.row.message_id
            left_behind: list[tuple[int, int]] = []
            if session.sweep_after is not None:  # after a restart: posted, and not recorded?
                after, session.sweep_after = session.sweep_after, None
                left_behind = await self.until_stored(
                    session, lambda: self.port.posted_since(session, after)
                )
            same = [found for found, moves in left_behind if moves == covered and not repost]
            if same:  # it shows this very table: kept, and its player is not pinged again
                message_id = same[-1]
            else:
                # A SendFault leaves here, and with it the posting slot: the caller sends the
                # table again after Discord's wait, as it stands then (only its latest state)
                with self.sending(session):
                    message_id = await self.port.post_table(session, message)
            crash_point("posted")
            # Recorded before `posting` is let go: another step of the same table (a move's
            # and a restart's at once) finds the table delivered, and posts nothing twice.
            session.shown_moves = max(session.shown_moves, covered)
            session.row = replace(session.row, message_id=message_id)
            stale = [m for m in [old, *(f for f, _ in left_behind)] if m and m != message_id]
            gone = session.deleted[:]
            await self.until_stored(
                session,
                lambda: self.store.table_posted(
                    session.id, message_id, covered, deadline, stale, gone
                ),
            )
            del session.deleted[: len(gone)]
            session.delivered(OwedKind.TABLE, covered)
            crash_point("recorded")
            if not repost and session.notice == carried:
                session.notice = ""  # said (one set meanwhile comes with the next message)
        for message in stale:
            if await self.port.delete_message(session, message):
                session.deleted.append(message)
        if not repost:
            await self._clear_notices(session)
            self.start_timer(session, deadline)
        return message_id

    async def _clear_notices(self, session: TableSession) -> None:
        """A reminder goes once its turn has passed; a "time's up" one table message later."""
        kept = []
        for entry in self.notices.pop(session.id, []):
            entry[1] -= 1
            if entry[1] > 0:
                kept.append(entry)
            elif await self.port.delete_message(session, entry[0]):
                session.deleted.append(entry[0])
        if kept:
            self.notices[session.id] = kept

    async def post_summary(self, session: TableSession, deal: int, moves: int) -> None:
        """The summary of deal `deal`, showing the table after move `moves` (the move that
        ended it, and a cut made at once), with its nonce: once however often it is asked."""
        async with session.posting:
            if session.ended or not session.owes(OwedKind.SUMMARY, deal):
                return
            async with self.posting_slots, session.lock:  # made under a slot, sent without
                shown = session.snapshot(after=moves)
                summary = await self.port.deal_summary(shown, summary_nonce(session.id, deal))
            crash_point("summary")
            with self.sending(session):
                await self.port.post_deal_summary(session, summary)  # a SendFault: sent again
            crash_point("summary posted")
            await self.until_stored(
                session, lambda: self.store.delivered(session.id, OwedKind.SUMMARY, deal)
            )
            session.delivered(OwedKind.SUMMARY, deal)

    async def post_result(self, session: TableSession) -> None:
        """The match is over: its lobby message says so; the result is delivered."""
        match = session.in_play.match
        async with session.posting:  # two steps of the table at once: the result comes once
            if not session.owes(OwedKind.RESULT, 0):
                return
            result = match.outcome().describe(session.names())
            closing = _("The match is over: {result}", result=result)
            await self.port.close_lobby(session.lobby_snapshot(), closing)
            await self.until_stored(
                session, lambda: self.store.delivered(session.id, OwedKind.RESULT, 0)
            )
            session.delivered(OwedKind.RESULT, 0)
        for listener in self.on_match_end:
            await listener(session)

    def resume(self, session: TableSession) -> None:
        """A table restored after a restart: what its channel is owed is posted (once), then
        it plays on: a computer seat to move moves, a human's turn timer runs on from its
        stored deadline."""
        self.schedule(self._resume(session))

    async def _resume(self, session: TableSession) -> None:
        use_language(session.language)
        try:
            if session.match is None:
                return
            await self._delete_stale(session)
            if session.owes(OwedKind.TABLE):
                # a table message may have been posted and not recorded: after the next one
                # is posted (the same message, by its nonce, if it showed the same), any
                # other goes
                lobby = session.lobby_message
                session.sweep_after = session.row.message_id or (lobby[1] if lobby else None)
            await self.carry_on(session)  # what a move would have led to, as if live
        except ChannelGone:
            await self.retire(session)
        except Unreachable:
            self.asleep(session)

    async def _delete_stale(self, session: TableSession) -> None:
        """After a restart: the messages recorded as out of date go (a crash may have come
        before they were deleted)."""
        stale = await self.until_stored(session, lambda: self.store.stale_messages(session.id))
        gone = [m for m in stale if await self.port.delete_message(session, m)]
        await self.until_stored(session, lambda: self.store.forget_stale(session.id, gone))

    # ----- the turn timer ---------------------------------------------------------------

    def cancel_timer(self, session: TableSession) -> None:
        old = self.timers.pop(session.id, None)
        if old is not None:
            old.cancel()

    def turn_seconds(self, session: TableSession) -> float:
        """The turn timer's length for the player to move (0: no timer)."""
        match = session.match
        if match is None or match.is_terminal:
            return 0.0
        row = session.seats.get(match.current_player or 0)
        if row is None or row.plays_itself:
            return 0.0
        seconds = session.row.options.turn_timer
        if match.pending_cut is not None:
            # a cut is a tap the cutter may make: the table waits for it briefly, timer or not
            seconds = min(seconds, CUT_SECONDS) if seconds > 0 else CUT_SECONDS
        return max(0.0, seconds * self.timer_scale)

    def start_timer(self, session: TableSession, deadline: float | None = None) -> None:
        """Start the turn timer for the player to move (one reminder, then a computer plays),
        to run out at `deadline` (a time stored before a restart) or after the full time."""
        self.cancel_timer(session)
        seconds = self.turn_seconds(session)
        if seconds <= 0 or session.ended or session.ending or self.closing:
            return
        row = session.seats[session.in_play.match.current_player or 0]
        left = seconds if deadline is None else max(0.0, deadline - time.time())
        task = asyncio.create_task(self._turn_timer(session, row.user_id, seconds, left))
        self.timers[session.id] = task
        task.add_done_callback(_log_failure)

    async def _turn_timer(
        self, session: TableSession, user_id: int | None, seconds: float, left: float
    ) -> None:
        """Sleeps and reminds; a move that arrives in the meantime cancels it. When the time
        is up the computer's move runs as background work, never cancelled half-way."""
        use_language(session.language)
        turn = session.turn_number
        if left > seconds / 3:  # the reminder is still to come
            await self.sleep(left - seconds / 3)
            if session.turn_number != turn or session.ended:
                return
            reminded = await self._remind(
                session,
                _(
                    "{player}, it's your turn: {time} left before a computer player moves for"
                    " you.",
                    player=f"<@{user_id}>",
                    time=describe_seconds(seconds / 3),
                ),
                user_id,
                table_posts=1,
            )
            if not reminded:
                return
            left = seconds / 3
        await self.sleep(left)
        if self.timers.get(session.id) is asyncio.current_task():
            del self.timers[session.id]
        self.schedule(self._time_up(session, turn))

    async def _remind(
        self, session: TableSession, text: str, user_id: int | None, table_posts: int
    ) -> bool:
        """Post a notice that is removed after `table_posts` more table messages."""
        try:
            async with session.posting:
                if session.ended:
                    return False
                message_id = await self.port.post_notice(session, text, user_id)
        except ChannelGone:
            await self.retire(session)
            return False
        except Unreachable:  # nobody can be told: the timer waits for the table's next press
            self.asleep(session)
            return False
        except SendFault as error:  # a notice is a courtesy: not sent again
            log.warning("table %s: a notice could not be sent: %s", session.id, error)
            return True
        self.notices.setdefault(session.id, []).append([message_id, table_posts])
        # deleted with a later table message, or at a restart should the process stop first
        with contextlib.suppress(StoreFault):
            await self.store.add_stale(session.id, [message_id])
        return True

    async def _time_up(self, session: TableSession, turn: int) -> None:
        use_language(session.language)
        outcome = await self.until_stored(session, lambda: session.take_over(turn))
        if outcome is None:
            return
        result, away = outcome
        name = session.name_of(result.player)
        text = sentence(
            _("Time's up: a computer player played for {name} — {move}", name=name,
              move=result.text)
        )  # fmt: skip
        if away:
            text += " " + _(
                "{name} missed several turns in a row, so a computer player keeps the seat "
                "until they come back with {command}.",
                name=name,
                command=slash("table rejoin"),
            )
        if away:  # computers play the seat from now: no table may come for a while
            if await self._remind(session, text, None, table_posts=2):
                await self.advance(session)
            return
        # said with the next table message (two requests fewer: no notice, nothing to delete)
        session.notice = text
        await self.advance(session)


def _log_failure(task: asyncio.Task[object]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background work failed", exc_info=task.exception())

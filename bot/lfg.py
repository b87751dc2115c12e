"""The table finder (`/lfg`, docs/lfg.md): a seat card for an ordinary table of the one play
core. The table is made (`Tables.create`) when the card is posted and sits in its lobby; the
card's Join and Leave seat people at it, and when every seat is taken it starts as `/table
start` starts one, or, when the host chose a wait, the empty seats get computer players when the
wait runs out. The card's state is in the store (a restart resumes its wait); one lock per card
makes two presses for the last seat give one seat."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping
from dataclasses import dataclass

from bot.flow import End, Start, TableFlow
from bot.i18n import N_, _, ngettext, speaking
from bot.storage import Store
from bot.storage.lfg import CardRow, CardStatus, LfgStore
from bot.tables import TableError, Tables, TableSession

log = logging.getLogger("seepbot.lfg")

# The server's settings (stored with its others, `/settings lfg`).
CHANNEL_KEY = "lfg_channel"  # the channel for the cards (absent: where /lfg is used)
PINGS_KEY = "lfg_pings"  # False: no card pings anyone in this server
PING_MINUTES_KEY = "lfg_ping_minutes"  # a game pings at most once in this many minutes
DEFAULT_PING_MINUTES = 30
MENTIONS_AT_MOST = 40  # members one card pings (the earliest to opt in): a message's room
FILL_MINUTES_AT_MOST = 60

GONE = N_("That card is gone.")
CANCELLED = N_("This card was cancelled: its table is closed.")
STARTED_FULL = N_("This table is full: its game has started. Watch for the next card.")
FULL = N_("This table is full.")


@dataclass(frozen=True, slots=True)
class LfgSettings:
    channel_id: int | None
    pings: bool
    ping_minutes: int


def lfg_settings(settings: Mapping[str, object]) -> LfgSettings:
    """The table finder's settings of a server (a stored value of the wrong kind is left out)."""
    channel = settings.get(CHANNEL_KEY)
    pings = settings.get(PINGS_KEY)
    minutes = settings.get(PING_MINUTES_KEY)
    return LfgSettings(
        channel if type(channel) is int else None,
        pings if isinstance(pings, bool) else True,
        minutes if type(minutes) is int and minutes > 0 else DEFAULT_PING_MINUTES,
    )


def lfg_changes(
    channel_id: int | None, cards_here: bool | None, pings: bool | None, ping_every: int | None
) -> dict[str, object]:
    """What `/settings lfg` stores (a None value removes a setting: its default applies)."""
    changes: dict[str, object] = {}
    if cards_here is not None:
        changes[CHANNEL_KEY] = channel_id if cards_here else None
    if pings is not None:
        changes[PINGS_KEY] = pings
    if ping_every is not None:
        changes[PING_MINUTES_KEY] = ping_every
    return changes


def describe_lfg(settings: Mapping[str, object]) -> str:
    found = lfg_settings(settings)
    lines = [
        _("Table cards are posted in <#{channel}>", channel=found.channel_id)
        if found.channel_id is not None
        else _("Table cards are posted in the channel where each is asked for"),
        ngettext(
            "New cards ping the members who asked for them, at most once in {count} minute "
            "per game",
            "New cards ping the members who asked for them, at most once every {count} "
            "minutes per game",
            found.ping_minutes,
        )
        if found.pings
        else _("New cards ping nobody in this server"),
    ]  # fmt: skip
    return "\n".join(lines)


class Cooldown:
    """At most `times` uses within `seconds` per key (in memory: a restart forgives)."""

    def __init__(self, times: int, seconds: float, clock: Callable[[], float] = time.monotonic):
        self.times, self.seconds, self.clock = times, seconds, clock
        self.used: dict[Hashable, list[float]] = {}

    def wait(self, key: Hashable) -> float:
        """Seconds until `key` may use it again (0: now, and this use is counted)."""
        now = self.clock()
        recent = [at for at in self.used.get(key, []) if now - at < self.seconds]
        if len(recent) >= self.times:
            self.used[key] = recent
            return recent[0] + self.seconds - now
        self.used[key] = [*recent, now]
        return 0.0


Changed = Callable[[int], Awaitable[None]]


class TableFinder:
    """The open cards: their locks, their wait timers, and what each press does."""

    minute = 60.0  # seconds in a wait's minute (tests shrink it)

    def __init__(self, store: Store, tables: Tables, flow: TableFlow) -> None:
        self.cards = LfgStore(store)
        self.tables = tables
        self.flow = flow
        self.locks: dict[int, asyncio.Lock] = {}
        self.timers: dict[int, asyncio.Task[None]] = {}
        self.by_channel: dict[int, int] = {}  # an open card's table channel → the card
        # told of each card that changed by itself (its wait ran out, its table ended)
        self.changed: Changed | None = None
        # told as a card's table is about to start (its players hear of it first)
        self.starting: Callable[[TableSession], None] | None = None

    def lock(self, card_id: int) -> asyncio.Lock:
        return self.locks.setdefault(card_id, asyncio.Lock())

    def session_of(self, card: CardRow) -> TableSession | None:
        for session in self.tables.by_channel.values():
            if session.id == card.table_id:
                return session
        return None

    async def card(self, card_id: int) -> CardRow:
        card = await self.cards.card(card_id)
        if card is None:
            raise TableError(_(GONE))
        return card

    # ----- a new card -------------------------------------------------------------------

    async def open(
        self, session: TableSession, channel_id: int, fill_minutes: int | None
    ) -> CardRow:
        """The card of a new table (its host seated), posted in `channel_id`."""
        fill_at = None if not fill_minutes else time.time() + fill_minutes * self.minute
        card = await self.cards.add_card(
            session.row.guild_id, session.id, channel_id, session.row.host_id,
            session.row.game, fill_at,
        )  # fmt: skip
        self.by_channel[session.row.channel_id] = card.id
        self.arm(card)
        return card

    async def pings_for(self, card: CardRow, settings: Mapping[str, object]) -> list[int]:
        """Whom the new card pings: the members who opted in to its game (never its host),
        unless the server turned pings off or the game pinged within the server's minutes."""
        chosen = lfg_settings(settings)
        if not chosen.pings:
            return []
        listeners = await self.cards.listeners(card.guild_id, card.game, MENTIONS_AT_MOST + 1)
        listeners = [user for user in listeners if user != card.host_id][:MENTIONS_AT_MOST]
        if not listeners:
            return []
        every = chosen.ping_minutes * 60.0
        if not await self.cards.claim_ping(card.guild_id, card.game, time.time(), every):
            return []
        return listeners

    async def withdraw(self, card: CardRow, session: TableSession) -> None:
        """A card that could not be posted: it and its table go."""
        self.disarm(card.id)
        await self.cards.close_card(card.id, CardStatus.CANCELLED)
        with contextlib.suppress(TableError):
            await self.flow.play(session, End(session.row.channel_id, ""))

    # ----- presses ----------------------------------------------------------------------

    def _open_session(self, card: CardRow) -> TableSession:
        """The card's table if seats may still be taken; else why not."""
        session = self.session_of(card)
        if card.status is CardStatus.STARTED or (session is not None and session.started):
            raise TableError(_(STARTED_FULL))
        if card.status is CardStatus.CANCELLED or session is None or session.ended:
            raise TableError(_(CANCELLED))
        return session

    async def join(self, card_id: int, user_id: int, name: str) -> tuple[TableSession, bool]:
        """Seat `user_id`; the table starts when they took the last seat (then True)."""
        async with self.lock(card_id):
            card = await self.card(card_id)
            session = self._open_session(card)
            if session.seat_of(user_id) is not None:
                raise TableError(_("You have a seat at this table already."))
            if len(session.seats) >= session.players:
                raise TableError(_(FULL))
            await session.join(user_id, name)
            return session, await self._start_if_full(card, session)

    async def leave(self, card_id: int, user_id: int) -> TableSession:
        async with self.lock(card_id):
            card = await self.card(card_id)
            session = self._open_session(card)
            if user_id == card.host_id:
                raise TableError(
                    _("You host this table: press Cancel to take the card down instead.")
                )
            await session.leave(user_id)
            return session

    async def cancel(self, card_id: int, user_id: int, moderator: bool) -> TableSession:
        """The host (or a moderator) takes the card down, and its table ends."""
        async with self.lock(card_id):
            card = await self.card(card_id)
            if user_id != card.host_id and not moderator:
                raise TableError(
                    _("Only the host (or someone who manages channels) can cancel this card.")
                )
            session = self._open_session(card)
            self.disarm(card_id)
            await self.cards.close_card(card_id, CardStatus.CANCELLED)
            self.by_channel.pop(session.row.channel_id, None)
            with speaking(session.language):
                closing = _(CANCELLED)
            with contextlib.suppress(TableError):  # ended meanwhile
                await self.flow.play(session, End(session.row.channel_id, closing))
            return session

    async def settle(self, card_id: int) -> bool:
        """Bring a card in line with its table after something changed it elsewhere (a
        `/table` command in its channel, a restart): closed if its table started or ended,
        started if its seats are all taken. True if the card changed."""
        async with self.lock(card_id):
            card = await self.cards.card(card_id)
            if card is None or not card.open:
                return False
            session = self.session_of(card)
            if session is None or session.ended:
                await self._close(card, CardStatus.CANCELLED)
                return True
            if session.started:
                await self._close(card, CardStatus.STARTED)
                return True
            return await self._start_if_full(card, session)

    async def fill(self, card_id: int) -> bool:
        """The wait ran out: computer players take the empty seats and the table starts."""
        async with self.lock(card_id):
            card = await self.cards.card(card_id)
            if card is None or not card.open:
                return False
            session = self.session_of(card)
            if session is None or session.ended or session.started:
                status = CardStatus.STARTED if session and session.started else CardStatus.CANCELLED
                await self._close(card, status)
                return True
            level = session.row.options.computer_level
            while len(session.seats) < session.players:
                await session.add_computer(card.host_id, level)
            return await self._start_if_full(card, session)

    async def _start_if_full(self, card: CardRow, session: TableSession) -> bool:
        if len(session.seats) < session.players:
            return False
        if self.starting is not None:
            self.starting(session)
        await self.flow.play(session, Start(card.host_id))
        await self._close(card, CardStatus.STARTED)
        return True

    async def _close(self, card: CardRow, status: CardStatus) -> None:
        if self.timers.get(card.id) is not asyncio.current_task():
            self.disarm(card.id)
        await self.cards.close_card(card.id, status)
        self.by_channel = {k: v for k, v in self.by_channel.items() if v != card.id}

    # ----- the wait ---------------------------------------------------------------------

    def arm(self, card: CardRow) -> None:
        if card.fill_at is None or card.id in self.timers or self.flow.closing:
            return
        self.timers[card.id] = asyncio.create_task(self._wait(card.id, card.fill_at))

    def disarm(self, card_id: int) -> None:
        timer = self.timers.pop(card_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _wait(self, card_id: int, fill_at: float) -> None:
        await asyncio.sleep(max(0.0, fill_at - time.time()))
        try:
            changed = await self.fill(card_id)
        except Exception:
            log.warning("card %s: its wait ran out, and its seats could not be filled",
                        card_id, exc_info=True)  # fmt: skip
            return
        finally:
            self.timers.pop(card_id, None)
        if changed and self.changed is not None:
            await self.changed(card_id)

    async def resume(self) -> list[int]:
        """After a start: every open card's wait goes on (one run out meanwhile fills at
        once) and a card whose table changed while the bot was away is settled. The cards
        that changed."""
        changed = []
        for card in await self.cards.open_cards():
            session = self.session_of(card)
            if session is not None:
                self.by_channel[session.row.channel_id] = card.id
            else:
                table = await self.cards.store.table(card.table_id)
                if table is not None and table.status in ("lobby", "playing"):
                    continue  # a table of another process's shards: that process keeps it
            if await self.settle(card.id):
                changed.append(card.id)
                continue
            self.arm(card)
        return changed

    async def close(self) -> None:
        timers = list(self.timers.values())
        self.timers.clear()
        for timer in timers:
            timer.cancel()
        await asyncio.gather(*timers, return_exceptions=True)

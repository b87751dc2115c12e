"""The table's output where the bot is not a member (a group DM, a server that has not added
it) or plays as an app in a DM: everything goes through its players' interactions.

There the bot may not post, read or open threads: a table reaches its players only as the
answer to an interaction, that interaction's follow-ups (at most 5 each) and edits of them,
while its token answers (15 minutes). So every press at such a table (a move, "My hand", a
lobby button, "Continue") is offered here as a *relay*, and each message goes out through the
best one:

- a newer relay than the one that posted the table message posts the new table message as a
  follow-up (its player to move is notified, as in a channel), and the old one is deleted;
- otherwise the table message is edited in place through the relay that posted it (computer
  moves cost no follow-up);
- when no relay answers any more, `Unreachable`: nothing is sent and nothing is lost, what is
  owed stays owed (the flow keeps it), and the table's Continue button, which every table
  message carries with a line saying so, brings it back with the next press.

Each table's relays are kept in the store as they change (bot/storage/relays.py), read back
at a table's first message after a restart: a table whose interactions still answer is shown
through them at once.

See docs/anywhere.md for what a player sees in each place.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import discord
from aiohttp import BytesPayload

from bot.contexts import TableContext, relayed
from bot.flow import ChannelGone, Continue, SendFault, TableOutput, Unreachable
from bot.i18n import N_, _, current, speaking
from bot.snapshot import LobbySnapshot, TableSnapshot
from bot.storage.backends import Conflict, StoreFault
from bot.storage.relays import RelayState, RelayStore, StoredMessage, StoredRelay
from bot.tables import TableError, TableSession
from cogs.common import TableButton, bot_of, guarded, session_for
from cogs.lobby import lobby_embed
from cogs.output import channel_gone_on_discord_errors
from cogs.presenter import summary_message, table_message
from cogs.replies import ANSWER_FIRST, REPLY_SECONDS, InteractionReply
from cogs.table_layout import EditedInPlace
from cogs.ui_types import MessageParts
from cogs.wire import EncodedMessage, encode_message

if TYPE_CHECKING:
    from bot.client import SeepBot

log = logging.getLogger("seepbot.relay")
FOLLOW_UPS = 5  # Discord: follow-ups of one interaction where the app is not in the server
# Discord: "This interaction has hit the maximum number of follow up messages"
MAX_FOLLOW_UPS = 40094
EXPIRED = (50027, 10015)  # Discord: Invalid Webhook Token, Unknown Webhook
RELAYS_KEPT = 6  # the latest relays of a table kept (older ones are superseded)
RESPONDED = (
    discord.InteractionResponseType.channel_message,
    discord.InteractionResponseType.deferred_message_update,
    discord.InteractionResponseType.message_update,
)
WOKEN = N_(
    "This table had been quiet for more than 15 minutes, and Discord then lets me show nothing "
    "new there. It carries on now, from where it stood."
)
CONTINUE_NOTE = N_(
    "Quiet for 15 minutes or more? Discord then lets me show nothing new here: press "
    "Continue and the table carries on where it stood."
)


@dataclass(eq=False)
class Relay:
    """One interaction of a table's player, through which the table may be sent."""

    token: str
    made: float  # time.monotonic() when it came in
    ready: Callable[[], Awaitable[bool]]  # waits until its own answer has gone first
    answer: int | None = None  # its own answer's message (a command's), when public
    follow_ups: int = 0
    dead: bool = False  # Discord refused its token: expired
    # a press on a public message: while it answers by updating that message (a deferred
    # update or an edit), that message is its own answer ("@original")
    interaction: discord.Interaction | None = None
    number: int = 0  # its number at the table (how the store names it: not its token)
    expires_at: float = 0.0  # wall-clock time when it stops being used (what the store keeps)

    def __post_init__(self) -> None:
        if not self.expires_at:
            self.expires_at = time.time() + self.made + REPLY_SECONDS - time.monotonic()

    @property
    def original(self) -> int | None:
        """The message its own answer is, which it may edit and delete as "@original"."""
        press = self.interaction
        if press is None or press.message is None or press.message.flags.ephemeral:
            return self.answer
        updates = (discord.InteractionResponseType.deferred_message_update,
                   discord.InteractionResponseType.message_update)  # fmt: skip
        return press.message.id if press.response.type in updates else None

    @property
    def valid(self) -> bool:
        return not self.dead and time.monotonic() < self.made + REPLY_SECONDS

    @property
    def can_follow_up(self) -> bool:
        return self.valid and self.follow_ups < FOLLOW_UPS


def _answered_by(interaction: discord.Interaction) -> Callable[[], Awaitable[bool]]:
    async def ready() -> bool:
        """The interaction's own answer sent (not a deferred "thinking…", which the first
        follow-up would replace)."""
        deadline = time.monotonic() + ANSWER_FIRST
        while time.monotonic() < deadline:
            if interaction.response.is_done():
                return interaction.response.type in RESPONDED
            await asyncio.sleep(0.05)
        return False

    return ready


async def _answered_before() -> bool:
    """A relay kept from before a restart: its own answer went long ago."""
    return True


def _answered_reply(reply: InteractionReply) -> Callable[[], Awaitable[bool]]:
    async def ready() -> bool:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(reply.answered.wait(), ANSWER_FIRST)
        return reply.answered.is_set()

    return ready


@dataclass(frozen=True, slots=True)
class TableMessage:
    """A table message made for a relay, and the person it calls to move (None: a computer,
    or no ping): when that person changes, the table goes as a new follow-up, which notifies
    them, instead of an edit, which would not."""

    encoded: EncodedMessage
    calls: int | None


@dataclass
class _Table:
    relays: list[Relay] = field(default_factory=list)  # oldest first
    # the table message and the relay that posted it (None: the bot posted it in its DM)
    shown: tuple[int, Relay | None] | None = None
    posted: set[int] = field(default_factory=set)  # posted in the bot's DM by the bot itself
    owners: dict[int, Relay] = field(default_factory=dict)  # messages sent, by id
    lobby: Relay | None = None  # the /table new that answered with the lobby
    calling: int | None = None  # the person the table message calls to move
    numbered: int = 0  # the relays numbered so far
    loaded: bool = False  # what the store kept of it (before a restart) is read in
    saving: asyncio.Lock = field(default_factory=asyncio.Lock)
    saved: RelayState | None = None  # what the store holds of it

    def state(self) -> RelayState:
        """What a restart needs: the relays that may still be used, the messages they sent
        (and the bot's in its DM), the table message and the person it calls to move."""
        relays = [r for r in self.relays if r.valid]
        if self.lobby is not None and self.lobby.valid and self.lobby not in relays:
            relays.insert(0, self.lobby)
        live = {id(r) for r in relays}
        kept = tuple(StoredRelay(r.number, r.token, r.expires_at, r.follow_ups, r.original,
                                 r is self.lobby) for r in relays)  # fmt: skip
        messages: dict[int, StoredMessage] = {
            message_id: StoredMessage(message_id, relay.number)
            for message_id, relay in self.owners.items() if id(relay) in live
        }  # fmt: skip
        if self.shown is not None:
            message_id, relay = self.shown
            if relay is None or id(relay) in live:
                number = None if relay is None else relay.number
                messages[message_id] = StoredMessage(message_id, number, True, self.calling)
        return RelayState(kept, tuple(messages[key] for key in sorted(messages)))

    def restore(self, state: RelayState) -> None:
        """What the store kept, merged with the relays offered since the start (which come
        after it, renumbered)."""
        known = {r.token: r for r in self.relays}
        by_number: dict[int, Relay] = {}
        earlier: list[Relay] = []
        for kept in state.relays:
            relay = known.get(kept.token)
            if relay is None:
                made = time.monotonic() - (time.time() - (kept.expires_at - REPLY_SECONDS))
                relay = Relay(kept.token, made, _answered_before, kept.original,
                              kept.follow_ups, number=kept.number,
                              expires_at=kept.expires_at)  # fmt: skip
                earlier.append(relay)
            relay.number = kept.number
            by_number[kept.number] = relay
            if kept.lobby and self.lobby is None:
                self.lobby = relay
        self.numbered = max([self.numbered, *by_number])
        for relay in self.relays:
            if relay not in by_number.values():
                self.numbered += 1
                relay.number = self.numbered
        self.relays[:0] = earlier
        del self.relays[:-RELAYS_KEPT]
        for message in state.messages:
            owner = None if message.relay is None else by_number.get(message.relay)
            if message.relay is not None and owner is None:
                continue  # its relay is gone: it can be neither edited nor deleted
            if owner is not None:
                self.owners.setdefault(message.message_id, owner)
            if message.shown and self.shown is None:
                self.shown = (message.message_id, owner)
                self.calling = message.calls


class RelayTableOutput:
    """`TableOutput` through the interactions of a table's players (see the module)."""

    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        self.tables: dict[int, _Table] = {}
        self.asleep: set[int] = set()  # tables that could reach nobody: the next press wakes

    def _of(self, session: TableSession | LobbySnapshot) -> _Table:
        return self.tables.setdefault(session.id, _Table())

    # ----- what a restart keeps -------------------------------------------------------

    @property
    def store(self) -> RelayStore:
        return RelayStore(self.bot.store)

    async def _loaded(self, session: TableSession | LobbySnapshot) -> _Table:
        """The table's relays, with what the store kept of them before a restart (read once
        per process: a restored table may send through the interactions it had)."""
        table = self._of(session)
        if table.loaded:
            return table
        async with table.saving:
            if not table.loaded:
                try:
                    state = await self.store.load(session.id)
                except StoreFault as error:  # it waits for a press instead, as before a restart
                    log.warning("table %s: its relays could not be read: %s", session.id, error)
                    state = RelayState()
                table.restore(state)
                table.saved = state
                table.loaded = True
        return table

    async def _save(self, session: TableSession | LobbySnapshot) -> None:
        """The table's relays as they are now, stored for a restart (when they changed)."""
        table = await self._loaded(session)
        async with table.saving:
            state = table.state()
            if state == table.saved:
                return
            try:
                await self.store.save(session.id, state)
            except (StoreFault, Conflict) as error:  # a restart then waits for a press
                log.warning("table %s: its relays could not be stored: %s", session.id, error)
            else:
                table.saved = state

    def _save_later(self, session: TableSession) -> None:
        self.bot.flow.schedule(self._save(session))

    # ----- relays offered --------------------------------------------------------------

    def offer(
        self, session: TableSession, interaction: discord.Interaction, lobby: bool = False
    ) -> Relay:
        """A press (or command) at the table: it may carry what the table shows next."""
        table = self._of(session)
        for known in table.relays:
            if known.token == interaction.token:
                return known
        relay = Relay(interaction.token, time.monotonic(), _answered_by(interaction))
        relay.interaction = interaction
        if lobby:
            table.lobby = relay
        self._keep(table, relay)
        self._save_later(session)
        if session.id in self.asleep and not lobby:
            self.asleep.discard(session.id)
            if not _is_continue(interaction):  # Continue shows the table itself
                self._wake(session, relay)
        return relay

    def _wake(self, session: TableSession, relay: Relay) -> None:
        """A press at a table that could reach nobody: the presser hears why the table was
        still (privately), and the table carries on from where it stood."""
        language = current()  # the presser's, as their press's handling speaks it

        async def wake() -> None:
            if await relay.ready():
                with speaking(language):
                    text = _(WOKEN)
                private = discord.MessageFlags(ephemeral=True)
                encoded = encode_message({"content": text, "flags": private}, None)
                assert isinstance(encoded, EncodedMessage)
                payload = BytesPayload(encoded.body, content_type=encoded.content_type)
                with contextlib.suppress(Unreachable, SendFault, discord.HTTPException):
                    await self._request(relay, self._route("POST", relay), data=payload,
                                        params={"wait": "true"})  # fmt: skip
                    relay.follow_ups += 1
                await self._save(session)
            match = session.match
            if match is not None and not match.is_terminal and not session.ended:
                await self.bot.flow.play(session, Continue())

        self.bot.flow.schedule(wake())  # background work of the flow: waited for, logged

    def _keep(self, table: _Table, relay: Relay) -> None:
        table.numbered += 1
        relay.number = table.numbered
        table.relays.append(relay)
        del table.relays[:-RELAYS_KEPT]

    def _absorb(self, session: TableSession) -> None:
        """The latest move's interaction (picker moves hand it to the flow)."""
        reply = session.reply
        if not isinstance(reply, InteractionReply):
            return
        table = self._of(session)
        for known in table.relays:
            if known.token == reply.token:  # offered when it came in: its answer goes first
                known.ready = _answered_reply(reply)
                return
        made = reply.expires - REPLY_SECONDS
        self._keep(table, Relay(reply.token, made, _answered_reply(reply)))

    async def _fresh(self, session: TableSession) -> Relay | None:
        """The newest relay that can still post a follow-up, its own answer sent."""
        await self._loaded(session)
        self._absorb(session)
        for relay in reversed(self._of(session).relays):
            if relay.can_follow_up:
                if await relay.ready():
                    return relay
                relay.dead = True  # deferred, or never answered: its follow-up would answer it
        return None

    # ----- Discord's webhook routes of an interaction --------------------------------

    def _route(self, method: str, relay: Relay, target: str = "") -> discord.http.Route:
        path = "/webhooks/{webhook_id}/{webhook_token}" + (
            "/messages/{message_id}" if target else ""
        )
        webhook, token = self.bot.application_id, relay.token
        if target:
            return discord.http.Route(
                method, path, webhook_id=webhook, webhook_token=token, message_id=target
            )
        return discord.http.Route(method, path, webhook_id=webhook, webhook_token=token)

    def _target(self, relay: Relay, message_id: int) -> str:
        return "@original" if message_id == relay.original else str(message_id)

    def _owner(self, session: TableSession, message_id: int) -> Relay | None:
        """The relay that may edit or delete a message: the one that sent it, or a later
        press that answered by updating it (a Continue on it)."""
        table = self._of(session)
        owner = table.owners.get(message_id)
        if owner is not None and owner.valid:
            return owner
        return next((r for r in reversed(table.relays)
                     if r.valid and r.original == message_id), None)  # fmt: skip

    async def _request(self, relay: Relay, route: discord.http.Route, **kwargs: Any) -> Any:
        """A request through a relay; an expired token marks it dead (and says Unreachable
        for this relay: the caller tries another)."""
        try:
            return await self.bot.http.request(route, **kwargs)
        except discord.HTTPException as error:
            if error.status == 429 or error.status >= 500:
                raise SendFault(f"{error.status}: {error.text}") from None
            if error.code == MAX_FOLLOW_UPS:
                relay.follow_ups = FOLLOW_UPS
            elif error.status == 401 or error.code in EXPIRED:  # it no longer answers
                relay.dead = True
            else:
                raise  # about the message (10008: gone already) or the request itself
            log.info("a relay of a table was refused (%s %s)", error.status, error.code)
            raise Unreachable from None

    async def _send(self, session: TableSession, message: EncodedMessage) -> int:
        """`message` as a follow-up of the freshest relay; in a DM with the bot, when none
        can, posted in the DM (the bot may post there); elsewhere Unreachable."""
        while (relay := await self._fresh(session)) is not None:
            payload = BytesPayload(message.body, content_type=message.content_type)
            with contextlib.suppress(Unreachable):
                sent = await self._request(
                    relay, self._route("POST", relay), data=payload, params={"wait": "true"}
                )
                relay.follow_ups += 1
                message_id = int(sent["id"])
                self._of(session).owners[message_id] = relay
                return message_id
        if session.row.options.context is not TableContext.DM:
            self.asleep.add(session.id)  # the next press brings it back
            raise Unreachable
        with channel_gone_on_discord_errors():
            message_id = await message.post(self.bot.http, session.row.channel_id)
        self._of(session).posted.add(message_id)
        return message_id

    async def _in_dm(self, session: TableSession, method: str, message_id: int,
                     message: EncodedMessage | None = None) -> None:  # fmt: skip
        """Edit or delete a message the bot posted in its DM itself."""
        route = discord.http.Route(method, "/channels/{channel_id}/messages/{message_id}",
                                   channel_id=session.row.channel_id,
                                   message_id=message_id)  # fmt: skip
        data = None if message is None else BytesPayload(message.body,
                                                          content_type=message.content_type)
        with channel_gone_on_discord_errors():
            await self.bot.http.request(route, data=data)

    async def _edit(self, relay: Relay, message_id: int, message: EncodedMessage) -> None:
        payload = BytesPayload(message.body, content_type=message.content_type)
        await self._request(relay, self._route("PATCH", relay, self._target(relay, message_id)),
                            data=payload)  # fmt: skip

    # ----- the port -------------------------------------------------------------------

    async def table_message(self, table: TableSnapshot, nonce: str | None = None) -> object:
        allowed = self.bot.allowed_mentions
        in_place = (
            EditedInPlace()  # over: nothing to bring back
            if table.match.is_terminal
            else EditedInPlace(lambda: [ContinueButton(table.id)], _(CONTINUE_NOTE))
        )
        encoded = await table_message(
            table, None, lambda kwargs: _follow_up(kwargs, allowed), nonce, in_place
        )
        assert isinstance(encoded, EncodedMessage)  # as `_follow_up` made it
        return TableMessage(encoded, table.person_to_move if table.ping else None)

    async def post_table(self, session: TableSession, message: object) -> int:
        """A newer relay posts the table as a follow-up (the old message goes); else the
        table message is edited through the relay that posted it; else Unreachable."""
        assert isinstance(message, TableMessage)
        table = await self._loaded(session)
        try:
            return await self._post_table(session, table, message)
        finally:
            await self._save(session)

    async def _post_table(self, session: TableSession, table: _Table, message: TableMessage) -> int:
        calls = message.calls
        turn_passed = calls is not None and calls != table.calling  # an edit notifies nobody
        table.calling = calls
        fresh = await self._fresh(session)
        if fresh is not None and (
            turn_passed or table.shown is None or table.shown[1] is not fresh
        ):
            with contextlib.suppress(Unreachable):
                return await self._show(session, message.encoded)
        return await self._update(session, message.encoded)

    async def _update(self, session: TableSession, message: EncodedMessage) -> int:
        """The table message edited in place (through the relay that posted it, or in the
        bot's own DM); a follow-up when it cannot be."""
        table = self._of(session)
        shown = table.shown
        owner = None if shown is None else shown[1]
        if shown is not None and owner is None:  # posted in the bot's DM: edited there
            with contextlib.suppress(discord.NotFound):
                await self._in_dm(session, "PATCH", shown[0], message)
                return shown[0]
        elif shown is not None and owner is not None and owner.valid:
            with contextlib.suppress(Unreachable, discord.NotFound):
                await self._edit(owner, shown[0], message)
                return shown[0]
        return await self._show(session, message)  # a follow-up, if any relay is left

    async def _show(self, session: TableSession, message: EncodedMessage) -> int:
        table = self._of(session)
        message_id = await self._send(session, message)
        table.shown = (message_id, table.owners.get(message_id))
        return message_id

    async def show_on(self, session: TableSession, relay: Relay) -> None:
        """A press of Continue on a message: the table shows there next (edited in place)."""
        if relay.original is not None:
            table = await self._loaded(session)
            table.shown = (relay.original, relay)
            # shown there: its players are looking
            table.calling = session.snapshot().person_to_move if session.started else None
            await self._save(session)

    async def posted_since(self, session: TableSession, after: int) -> list[tuple[int, int]]:
        return []  # the bot may not read the channel here

    async def delete_message(self, session: TableSession, message_id: int) -> bool:
        """Through the relay that sent it while it answers; in the bot's DM by the bot
        itself; elsewhere it stays (nothing can remove it) and is forgotten."""
        table = await self._loaded(session)
        relay = self._owner(session, message_id)
        table.owners.pop(message_id, None)
        try:
            return await self._delete(session, table, relay, message_id)
        finally:
            await self._save(session)

    async def _delete(
        self, session: TableSession, table: _Table, relay: Relay | None, message_id: int
    ) -> bool:
        try:
            if relay is not None and relay.valid:
                target = self._target(relay, message_id)
                with contextlib.suppress(Unreachable):
                    await self._request(relay, self._route("DELETE", relay, target))
                    return True
            if session.row.options.context is TableContext.DM:
                # the bot's own message in its own DM: it may delete it there
                table.posted.discard(message_id)
                await self._in_dm(session, "DELETE", message_id)
        except discord.NotFound:
            pass  # gone already
        except (Unreachable, SendFault, ChannelGone, discord.HTTPException) as error:
            log.info("could not delete message %s of table %s: %s", message_id, session.id,
                     error)  # fmt: skip
        return True

    async def deal_summary(self, table: TableSnapshot, nonce: str | None = None) -> object:
        # a follow-up of a deferred press is an edit of its answer: in the form edited in place
        summary = await summary_message(table, None, nonce, in_place=True)
        files = summary.pop("files", None) or (
            [summary.pop("file")] if "file" in summary else []
        )
        summary["images"] = [(file.fp.read(), file.filename) for file in files]
        return summary

    async def post_deal_summary(self, session: TableSession, summary: object) -> None:
        assert isinstance(summary, dict)
        kwargs = cast("MessageParts", {k: v for k, v in summary.items() if k != "images"})
        images = summary.get("images") or []
        if images:
            kwargs["files"] = [discord.File(io.BytesIO(d), filename=n) for d, n in images]
        encoded = encode_message(kwargs, self.bot.allowed_mentions)
        assert isinstance(encoded, EncodedMessage)  # its buttons are all DynamicItems
        table = await self._loaded(session)
        try:
            await self._send(session, encoded)
            # the table message is above the summary now: the next one goes below it
            table.shown = None
        finally:
            await self._save(session)

    async def post_notice(self, session: TableSession, text: str, mention: int | None) -> int:
        mentions = discord.AllowedMentions(users=mention is not None)
        encoded = encode_message({"content": text, "allowed_mentions": mentions}, mentions)
        assert isinstance(encoded, EncodedMessage)
        try:
            return await self._send(session, encoded)
        finally:
            await self._save(session)

    async def thinking(self, session: TableSession) -> None:
        return  # no typing sign where the bot is not a member

    async def close_lobby(self, table: LobbySnapshot, text: str) -> None:
        relay = (await self._loaded(table)).lobby
        # (when its /table new no longer answers, the lobby stays as it was)
        if relay is not None and relay.valid and relay.original is not None:
            embed = lobby_embed(table)
            embed.description = text
            encoded = encode_message({"embed": embed, "view": None}, self.bot.allowed_mentions)
            assert isinstance(encoded, EncodedMessage)
            with contextlib.suppress(Unreachable, SendFault):
                await self._edit(relay, relay.original, encoded)
        await self._save(table)
        self._forget(table.id)

    def _forget(self, table_id: int) -> None:
        """A table that is over leaves the process's memory once the store holds all of it
        (what is sent after this, a tournament's notice say, reads it back as a restart
        would): a bot that runs for months keeps only the tables in play."""
        kept = self.tables.get(table_id)
        if kept is not None and kept.saved == kept.state():
            del self.tables[table_id]
            self.asleep.discard(table_id)


def _follow_up(kwargs: MessageParts, allowed: discord.AllowedMentions | None) -> EncodedMessage:
    """The table message encoded as a follow-up (in the worker thread that drew it)."""
    kwargs.pop("nonce", None)  # a follow-up has no nonce: the relay keeps one message itself
    encoded = encode_message(kwargs, allowed)
    assert isinstance(encoded, EncodedMessage)
    return encoded


class ContinueButton(TableButton, kind="continue", label=N_("Continue")):
    """On a table message where the bot plays through interactions: any seated player brings
    the table back after it went quiet (the table shows, in place, where it stood)."""

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        session = session_for(interaction, self.table_id)  # offers this press as a relay
        if session.seat_of(interaction.user.id) is None:
            raise TableError(_("Only the players at this table can bring it back."))
        if session.match is None or session.match.is_terminal:
            raise TableError(_("This game is over."))
        output = relay_output(bot)
        await interaction.response.defer()  # the table is shown on this message, edited
        if output is not None:
            relay = output.offer(session, interaction)
            await output.show_on(session, relay)
        await bot.flow.play(session, Continue())


def _is_continue(interaction: discord.Interaction) -> bool:
    return str(interaction.data.get("custom_id", "") if interaction.data else "").startswith(
        "continue:"
    )


def relay_output(bot: SeepBot) -> RelayTableOutput | None:
    output = bot.flow.output
    found = getattr(output, "relay", None)
    return found if isinstance(found, RelayTableOutput) else None


class RoutedTableOutput:
    """The one port the flow talks to: each table's messages go the way its context allows
    (a channel, or the relays of its players)."""

    def __init__(self, channel: TableOutput, relay: RelayTableOutput) -> None:
        self.channel = channel
        self.relay = relay

    def _for(self, table: TableSession | LobbySnapshot) -> TableOutput:
        return self.relay if relayed(table.row.options.context) else self.channel

    async def table_message(self, table: TableSnapshot, nonce: str | None = None) -> object:
        return await self._for(table).table_message(table, nonce)

    async def post_table(self, session: TableSession, message: object) -> int:
        return await self._for(session).post_table(session, message)

    async def posted_since(self, session: TableSession, after: int) -> list[tuple[int, int]]:
        return await self._for(session).posted_since(session, after)

    async def delete_message(self, session: TableSession, message_id: int) -> bool:
        return await self._for(session).delete_message(session, message_id)

    async def deal_summary(self, table: TableSnapshot, nonce: str | None = None) -> object:
        return await self._for(table).deal_summary(table, nonce)

    async def post_deal_summary(self, session: TableSession, summary: object) -> None:
        await self._for(session).post_deal_summary(session, summary)

    async def post_notice(self, session: TableSession, text: str, mention: int | None) -> int:
        return await self._for(session).post_notice(session, text, mention)

    async def thinking(self, session: TableSession) -> None:
        await self._for(session).thinking(session)

    async def close_lobby(self, table: LobbySnapshot, text: str) -> None:
        await self._for(table).close_lobby(table, text)

    def offer_press(self, interaction: discord.Interaction, session: TableSession) -> None:
        """Every press or command at a table outside servers may carry its next message
        (cogs/common.py's `session_for` hands each one here)."""
        kinds = (discord.InteractionType.component, discord.InteractionType.application_command)
        if interaction.type in kinds and relayed(session.row.options.context):
            self.relay.offer(session, interaction)

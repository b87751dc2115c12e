"""The turn loop's output on Discord: table messages, deal summaries and notices in the
table's channel (or its thread)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.flow import ChannelGone, SendFault
from bot.snapshot import LobbySnapshot, TableSnapshot
from bot.tables import TableSession
from cogs.common import channel_of
from cogs.lobby import lobby_embed
from cogs.presenter import summary_message, table_message
from cogs.replies import ANSWER_FIRST, InteractionReply, reply_of
from cogs.wire import EncodedMessage, encode_message

if TYPE_CHECKING:
    from bot.client import SeepBot

log = logging.getLogger("seepbot.output")
UNKNOWN_CHANNEL = 10003  # Discord: the channel (or thread) does not exist
LOCKED_THREAD = 50083  # Discord: the thread is archived and locked (no one may post)
SWEPT = 50  # the messages after the last recorded one that a restart looks through


@contextmanager
def channel_gone_on_discord_errors() -> Iterator[None]:
    """Discord's "no such channel" or "thread locked" become ChannelGone: the table ends.
    Anything that may pass (a 5xx or 429 past the client's retries, another 404, the
    network) is a SendFault: the message is sent again later, and the table goes on."""
    try:
        yield
    except discord.NotFound as error:
        if error.code == UNKNOWN_CHANNEL:
            raise ChannelGone from None
        raise SendFault(f"{error.status} {error.code}: {error.text}") from None
    except discord.HTTPException as error:
        if error.code == LOCKED_THREAD:
            raise ChannelGone from None  # a moderator locked the table's thread
        if error.status == 429 or error.status >= 500:
            raise SendFault(f"{error.status}: {error.text}") from None
        raise
    except discord.RateLimited as error:  # a longer wait than the client holds a request
        raise SendFault(repr(error), retry_after=error.retry_after) from None
    except (TimeoutError, aiohttp.ClientError) as error:
        raise SendFault(repr(error)) from None


def moves_shown(message: Mapping[str, object], table_id: int) -> int | None:
    """The moves a table message of the table shows (its "My hand" button says), or None
    for any other message."""
    prefix = f"hand:{table_id}:"
    for item in components_in(message.get("components")):
        custom_id = str(item.get("custom_id", ""))
        if custom_id.startswith(prefix) and custom_id[len(prefix):].isdigit():
            return int(custom_id[len(prefix):])
    return None


def components_in(components: object) -> Iterator[Mapping[str, object]]:
    """Every component of a message's list (as Discord sends it), those inside containers,
    sections and action rows included (a layout message nests them)."""
    for component in components if isinstance(components, list) else []:
        if not isinstance(component, dict):
            continue
        yield component
        yield from components_in(component.get("components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict) and accessory:
            yield accessory


class DiscordTableOutput:
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        # messages posted as follow-ups: the interaction that can delete them, by id
        self.followed_up: dict[int, InteractionReply] = {}

    async def channel(self, table: TableSession | TableSnapshot) -> Any:
        with channel_gone_on_discord_errors():
            return await channel_of(self.bot, table.row.channel_id)

    async def table_message(self, table: TableSnapshot, nonce: str | None = None) -> object:
        """Encoded for posting where its image is drawn (see cogs/wire.py): the message
        discord.py would build from Discord's answer is never read either."""
        channel = await self.channel(table)
        allowed = self.bot.allowed_mentions
        return await table_message(
            table,
            channel,
            finish=lambda message: encode_message(message, allowed),
            nonce=nonce,
        )

    async def post_table(self, session: TableSession, message: object) -> int:
        reply = reply_of(session)
        if reply is not None and isinstance(message, EncodedMessage):
            posted = await self._follow_up(session, reply, message)
            if posted is not None:
                return posted
        channel = await self.channel(session)
        with channel_gone_on_discord_errors():
            if isinstance(message, EncodedMessage):
                return await message.post(self.bot.http, channel.id)
            return int((await channel.send(**message)).id)  # type: ignore[arg-type]

    async def _follow_up(
        self, session: TableSession, reply: InteractionReply, message: EncodedMessage
    ) -> int | None:
        """`message` as a follow-up of the player's interaction, after their own answer;
        None when Discord refuses it (the token no longer answers): then it goes to the
        channel instead."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(reply.answered.wait(), ANSWER_FIRST)
        application = self.bot.application_id
        if application is None:
            return None
        try:
            with channel_gone_on_discord_errors():
                message_id = await message.follow_up(self.bot.http, application, reply.token)
        except (discord.Forbidden, discord.NotFound, discord.HTTPException) as error:
            if getattr(error, "status", 0) >= 500:
                raise SendFault(str(error)) from None
            log.info("table %s: a follow-up was refused (%s): posted in the channel",
                     session.id, error)  # fmt: skip
            session.reply = None
            return None
        # (a reply past its time deletes nothing: its messages are deleted in the channel)
        for old in [key for key, kept in self.followed_up.items() if not kept.valid]:
            del self.followed_up[old]
        self.followed_up[message_id] = reply
        return message_id

    async def posted_since(self, session: TableSession, after: int) -> list[tuple[int, int]]:
        channel = await self.channel(session)
        try:
            with channel_gone_on_discord_errors():
                found = await self.bot.http.logs_from(channel.id, SWEPT, after=after)
        except (SendFault, discord.HTTPException) as error:  # no history to read: left alone
            log.info("table %s: could not look for messages left behind: %s", session.id, error)
            return []
        tables = []
        for message in found:
            author = int((message.get("author") or {}).get("id") or 0)
            moves = moves_shown(dict(message), session.id)
            if author == self.bot.application_id and moves is not None:
                tables.append((int(message["id"]), moves))
        return sorted(tables)

    async def delete_message(self, session: TableSession, message_id: int) -> bool:
        reply = self.followed_up.pop(message_id, None)
        if reply is not None and reply.valid and self.bot.application_id is not None:
            # through the interaction that posted it: outside the global rate limit
            route = discord.http.Route(
                "DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                webhook_id=self.bot.application_id, webhook_token=reply.token,
                message_id=message_id,
            )  # fmt: skip
            try:
                await self.bot.http.request(route)
                return True
            except discord.NotFound:
                return True  # gone already
            except discord.HTTPException as error:  # the token no longer answers
                log.info("could not delete message %s as a follow-up: %s", message_id, error)
        try:
            channel = await self.channel(session)
            await channel.get_partial_message(message_id).delete()
        except discord.NotFound:
            return True  # gone already
        except (ChannelGone, SendFault, discord.HTTPException) as error:
            log.info("could not delete the message %s now: %s", message_id, error)
            return False
        return True

    async def deal_summary(self, table: TableSnapshot, nonce: str | None = None) -> object:
        """Its files kept as bytes, so that it can be sent again after a SendFault (discord.py
        closes the files it sent)."""
        channel = await self.channel(table)
        summary = await summary_message(table, channel, nonce)
        files = summary.pop("files", None) or (
            [summary.pop("file")] if "file" in summary else []
        )
        summary["images"] = [(file.fp.read(), file.filename) for file in files]
        return summary

    async def post_deal_summary(self, session: TableSession, summary: object) -> None:
        channel = await self.channel(session)
        assert isinstance(summary, dict)  # made by deal_summary
        kwargs = {key: value for key, value in summary.items() if key != "images"}
        images = summary.get("images") or []
        if images:
            kwargs["files"] = [
                discord.File(io.BytesIO(data), filename=name) for data, name in images
            ]
        # In the channel, with its nonce, not as a follow-up: posted again after a crash it
        # is the same message (a deal's end is rare; a second Rematch button is not)
        with channel_gone_on_discord_errors():
            await channel.send(**kwargs)

    async def close_lobby(self, table: LobbySnapshot, text: str) -> None:
        where = table.lobby_message
        if where is None:
            return
        embed = lobby_embed(table)
        embed.description = text
        try:
            channel = await channel_of(self.bot, where[0])
            await channel.get_partial_message(where[1]).edit(embed=embed, view=None)
        except discord.HTTPException:
            log.info("could not update the lobby message of table %s", table.id)

    async def post_notice(self, session: TableSession, text: str, mention: int | None) -> int:
        channel = await self.channel(session)
        mentions = discord.AllowedMentions(users=mention is not None)
        with channel_gone_on_discord_errors():
            sent = await channel.send(text, allowed_mentions=mentions)
        return int(sent.id)

    async def thinking(self, session: TableSession) -> None:
        """Only a sign: a channel not at hand (shutting down) or an error is passed over.
        Not shown after a person's move (they have their answer, and the table follows
        through their interaction): a request fewer on the bot's global rate limit."""
        if reply_of(session) is not None:
            return
        channel = self.bot.get_channel(session.row.channel_id)
        if channel is None or self.bot.is_closed():
            return
        try:
            await channel.typing()  # type: ignore[union-attr]  # shown until the next message
        except discord.HTTPException:
            log.info("could not show typing at table %s", session.id)

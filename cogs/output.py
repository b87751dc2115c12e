"""The turn loop's output on Discord: table messages, deal summaries and notices in the
table's channel (or its thread)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import discord

from bot.flow import ChannelGone
from bot.tables import TableSession
from cogs.common import channel_of
from cogs.lobby import lobby_embed
from cogs.presenter import summary_message, table_message
from cogs.wire import EncodedMessage, encode_message

if TYPE_CHECKING:
    from bot.client import SeepBot

log = logging.getLogger("seepbot.output")
LOCKED_THREAD = 50083  # Discord: the thread is archived and locked (no one may post)


@contextmanager
def channel_gone_on_discord_errors() -> Iterator[None]:
    """Discord's "no such channel" or "thread locked" become ChannelGone: the table ends."""
    try:
        yield
    except discord.NotFound:
        raise ChannelGone from None
    except discord.HTTPException as error:
        if error.code == LOCKED_THREAD:
            raise ChannelGone from None  # a moderator locked the table's thread
        raise


class DiscordTableOutput:
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    async def channel(self, session: TableSession) -> Any:
        with channel_gone_on_discord_errors():
            return await channel_of(self.bot, session.row.channel_id)

    async def table_message(self, session: TableSession, ping: bool = True) -> object:
        """Encoded for posting where its image is drawn (see cogs/wire.py): the message
        discord.py would build from Discord's answer is never read either."""
        channel = await self.channel(session)
        allowed = self.bot.allowed_mentions
        return await table_message(
            session, channel, ping, finish=lambda message: encode_message(message, allowed)
        )

    async def post_table(self, session: TableSession, message: object) -> int:
        channel = await self.channel(session)
        with channel_gone_on_discord_errors():
            if isinstance(message, EncodedMessage):
                return await message.post(self.bot.http, channel.id)
            return int((await channel.send(**message)).id)  # type: ignore[arg-type]

    async def delete_message(self, session: TableSession, message_id: int) -> None:
        channel = await self.channel(session)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("could not delete the previous table message %s", message_id)

    async def deal_summary(self, session: TableSession) -> object:
        channel = await self.channel(session)
        return await summary_message(session, channel)

    async def post_deal_summary(self, session: TableSession, summary: object) -> None:
        channel = await self.channel(session)
        with channel_gone_on_discord_errors():
            await channel.send(**summary)  # type: ignore[arg-type]  # made by deal_summary

    async def close_lobby(self, session: TableSession, text: str) -> None:
        where = session.lobby_message
        if where is None:
            return
        embed = lobby_embed(session)
        embed.description = text
        try:
            channel = await channel_of(self.bot, where[0])
            await channel.get_partial_message(where[1]).edit(embed=embed, view=None)
        except discord.HTTPException:
            log.info("could not update the lobby message of table %s", session.id)

    async def post_notice(self, session: TableSession, text: str, mention: int | None) -> int:
        channel = await self.channel(session)
        mentions = discord.AllowedMentions(users=mention is not None)
        with channel_gone_on_discord_errors():
            sent = await channel.send(text, allowed_mentions=mentions)
        return int(sent.id)

    async def thinking(self, session: TableSession) -> None:
        """Only a sign: a channel not at hand (shutting down) or an error is passed over."""
        channel = self.bot.get_channel(session.row.channel_id)
        if channel is None or self.bot.is_closed():
            return
        try:
            await channel.typing()  # type: ignore[union-attr]  # shown until the next message
        except discord.HTTPException:
            log.info("could not show typing at table %s", session.id)

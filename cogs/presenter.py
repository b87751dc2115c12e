"""What the bot posts (the Discord side of the turn loop's output): the table message, deal
summaries and the match result.

Images come from the renderers (in a worker thread); when the bot may not attach files in a
channel, the same information goes out as text. Nothing here reads a hidden hand: only public
views are used for channel messages.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import _
from cogs.common import can_attach, plays_text
from cogs.lobby import RematchButton
from cogs.picker import HandButton
from cogs.rules import TableRulesButton
from engine.core import PUBLIC
from engine.pictures import TablePicture
from engine.registry import display_name
from renderers import summary, table

if TYPE_CHECKING:
    from bot.tables import TableSession

log = logging.getLogger("seepbot.presenter")


def mention(session: TableSession, seat: int) -> str:
    row = session.seats.get(seat)
    if row is None or row.user_id is None:
        return session.name_of(seat)
    return f"<@{row.user_id}>"


def table_embed(session: TableSession, picture: TablePicture) -> discord.Embed:
    match = session.match
    assert match is not None
    title = _("{game} · table {number}", game=display_name(session.row.game), number=session.id)
    embed = discord.Embed(title=title, colour=discord.Colour.dark_green())
    if picture.played:
        embed.add_field(name=_("Last play"), value=picture.played, inline=False)
    recent = session.plays_since(session.shown_moves)
    if len(recent) > 1:  # several seats played since the last table: list every play
        embed.add_field(name=_("Since the last table"), value=plays_text(recent), inline=False)
    if match.is_terminal:
        embed.description = _("The match is over.")
    else:
        seat = match.current_player or 0
        embed.description = _("{name} to play.", name=session.name_of(seat))
    return embed


async def table_message(session: TableSession, channel: Any, ping: bool = True) -> dict[str, Any]:
    """Keyword arguments for `send`: content (mention), embed, and the image or the text."""
    match = session.match
    assert match is not None
    picture = match.view(PUBLIC).picture(session.names())
    embed = table_embed(session, picture)
    kwargs: dict[str, Any] = {"embed": embed}
    if not match.is_terminal:
        kwargs["content"] = _(
            "{player}, your turn.", player=mention(session, match.current_player or 0)
        )
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(session.id))
        view.add_item(TableRulesButton(session.id))
        kwargs["view"] = view
    if can_attach(channel):
        png = await asyncio.to_thread(table.render_picture_png, picture)
        kwargs["file"] = discord.File(io.BytesIO(png), filename="table.png")
        embed.set_image(url="attachment://table.png")
    else:
        embed.add_field(name=_("Table"), value=picture.text()[:1024], inline=False)
        embed.set_footer(text=_("I may not attach images here, so the table comes as text."))
    kwargs["allowed_mentions"] = discord.AllowedMentions(users=ping)
    return kwargs


async def summary_message(session: TableSession, channel: Any) -> dict[str, Any]:
    match = session.match
    assert match is not None
    names = session.names()
    report = match.deal_report(match.deals_finished, names)
    embed = discord.Embed(title=report.title, description=report.totals)
    for name, value in report.fields:
        embed.add_field(name=name, value=value, inline=False)
    kwargs: dict[str, Any] = {"embed": embed}
    if match.is_terminal:
        embed.add_field(name=_("Match over"), value=match_result_text(session), inline=False)
        embed.add_field(
            name=_("What next"),
            value=_(
                "Your figures: {command} · the host may start a rematch with the same seats "
                "and options.",
                command=f"`/stats {session.row.game}`",
            ),
            inline=False,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(session.id))
        kwargs["view"] = view
    if can_attach(channel):
        png = await asyncio.to_thread(summary.render_png, match.view(PUBLIC), names)
        kwargs["file"] = discord.File(io.BytesIO(png), filename="summary.png")
        embed.set_image(url="attachment://summary.png")
    return kwargs


def match_result_text(session: TableSession) -> str:
    match = session.match
    assert match is not None
    return match.outcome().describe(session.names())

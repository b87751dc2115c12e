"""What the bot posts (the Discord side of the turn loop's output): the table message, deal
summaries and the match result.

Images come from the renderers (in a worker thread); when the bot may not attach files in a
channel, the same information goes out as text. Nothing here reads a hidden hand: only public
views are used for channel messages.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.drawing import drawn
from bot.i18n import _
from cogs.common import can_attach, plays_text
from cogs.lobby import NextMatchButton, RematchButton
from cogs.picker import HandButton, LastTrickButton
from cogs.rules import TableRulesButton
from engine.core import PUBLIC
from engine.pictures import TablePicture, TrickTable
from engine.registry import display_name

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
    # this deal's plays only (the last deal's at the match's end): a finished deal's last
    # plays are in its summary
    deal = match.deals_finished - 1 if match.is_terminal else match.deals_finished
    recent = session.plays_since(session.shown_moves, deal)
    if len(recent) > 1:  # several seats played since the last table: list every play
        value = plays_text(recent, session.names())
        embed.add_field(name=_("Since the last table"), value=value, inline=False)
    if match.is_terminal:
        embed.description = _("The match is over.")
    elif match.pending_cut is not None:
        pending = match.pending_cut
        embed.description = _(
            "{name} cuts the deck (a card from {low} to {high}) before the next deal.",
            name=session.name_of(pending.cutter),
            low=pending.low,
            high=pending.high,
        )
    else:
        seat = match.current_player or 0
        embed.description = _("{name} to play.", name=session.name_of(seat))
    shown = commitment_of(match)
    if shown is not None:
        embed.add_field(
            name=_("Deal commitment"),
            value=_(
                "`{commitment}` — SHA-256 of this deal's secret and the table's nonce; the "
                "secret is in the deal's record once it is over (`/verify`).",
                commitment=shown[:COMMITMENT_SHOWN],
            ),
            inline=False,
        )
    return embed


COMMITMENT_SHOWN = 16  # hex digits of the commitment the table message shows


def commitment_of(match: Any) -> str | None:
    """The commitment to the secret of the deal being cut or played (None without one)."""
    if match.is_terminal:
        return None
    if match.pending_cut is not None:
        return str(match.pending_cut.commitment)
    shuffles = getattr(match, "shuffles", None)
    made = shuffles.commitment() if shuffles is not None else None
    return None if made is None else str(made)


def clock(session: TableSession) -> str:
    """The mover's deadline at a timed table, as a Discord timestamp that every client shows
    counting down by itself ("in 2 minutes"); "" at an untimed table."""
    deadline = session.row.turn_deadline
    if deadline is None:
        return ""
    return " " + _("Time runs out {when}.", when=f"<t:{int(deadline)}:R>")


async def table_message(
    session: TableSession,
    channel: Any,
    ping: bool = True,
    finish: Callable[[dict[str, Any]], Any] | None = None,
    nonce: str | None = None,
) -> Any:
    """Keyword arguments for `send`: content (mention), embed, buttons, and the image or the
    text; with `finish`, what it makes of them. The image, the buttons and `finish` are made
    in a worker thread (nothing there reads the table)."""
    match = session.match
    assert match is not None
    picture = match.view(PUBLIC).picture(session.names())
    embed = table_embed(session, picture)
    kwargs: dict[str, Any] = {"embed": embed}
    if nonce is not None:
        kwargs["nonce"] = nonce
    buttons: Callable[[], discord.ui.View] | None = None
    if not match.is_terminal:
        kwargs["content"] = _(
            "{player}, your turn.", player=mention(session, match.current_player or 0)
        ) + clock(session)
        last_trick = isinstance(picture, TrickTable) and bool(picture.last_trick)
        buttons = partial(table_buttons, session.id, last_trick, len(match.actions))
    kwargs["allowed_mentions"] = discord.AllowedMentions(users=ping)
    if match.pending_cut is not None:
        pass  # the deck is being cut: no deal to show yet (nothing may depend on its secret)
    elif can_attach(channel):
        embed.set_image(url="attachment://table.png")
        return await drawn(_finished, kwargs, buttons, finish, picture)
    else:
        embed.add_field(name=_("Table"), value=picture.text()[:1024], inline=False)
        embed.set_footer(text=_("I may not attach images here, so the table comes as text."))
    return _finished(kwargs, buttons, finish)


def table_buttons(table_id: int, last_trick: bool, moves: int | None = None) -> discord.ui.View:
    """The table message's buttons; `moves`: the moves it shows (marked on "My hand")."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table_id, moves))
    if last_trick:
        view.add_item(LastTrickButton(table_id))
    view.add_item(TableRulesButton(table_id))
    view.add_item(NextMatchButton(table_id))
    return view


def _finished(
    kwargs: dict[str, Any],
    buttons: Callable[[], discord.ui.View] | None,
    finish: Callable[[dict[str, Any]], Any] | None,
    picture: TablePicture | None = None,
) -> Any:
    """The table message's buttons and its image (when `picture`) added, then `finish`."""
    if buttons is not None:
        kwargs["view"] = buttons()
    if picture is not None:
        from renderers import table  # imported at the first table: see prepare_drawing

        png = table.render_picture_png(picture)
        kwargs["file"] = discord.File(io.BytesIO(png), filename="table.png")
    return kwargs if finish is None else finish(kwargs)


async def summary_message(
    session: TableSession, channel: Any, nonce: str | None = None
) -> dict[str, Any]:
    from renderers import recap, summary

    match = session.match
    assert match is not None
    names = session.names()
    report = match.deal_report(match.deals_finished, names)
    embed = discord.Embed(title=report.title, description=report.totals)
    for name, value in report.fields:
        embed.add_field(name=name, value=value, inline=False)
    kwargs: dict[str, Any] = {"embed": embed}
    if nonce is not None:
        kwargs["nonce"] = nonce
    from cogs.review import ReviewButton  # the deal reviewed privately by its players

    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(session.id, match.deals_finished))
    kwargs["view"] = view
    last = session.plays_since(session.shown_moves, match.deals_finished - 1)
    if last:  # the deal's plays since its last table message
        value = plays_text(last, session.names())
        embed.add_field(name=_("Since the last table"), value=value, inline=False)
    if match.is_terminal:
        embed.add_field(name=_("Match over"), value=match_result_text(session), inline=False)
        embed.add_field(name=_("Match recap"), value=recap_text(session), inline=False)
        event = session.row.options.get("event")
        if event is not None:  # an event's table: its result goes into the event, no rematch
            after = _(
                "Your figures: {command} · this table's result is in the standings of event "
                "{number}.",
                command=f"`/stats {session.row.game}`",
                number=event,
            )
        else:
            after = _(
                "Your figures: {command} · the host may start a rematch with the same seats "
                "and options.",
                command=f"`/stats {session.row.game}`",
            )
        embed.add_field(name=_("What next"), value=after, inline=False)
        if event is None:
            view.add_item(RematchButton(session.id))
    if can_attach(channel):
        png = await drawn(summary.render_png, match.view(PUBLIC), names)
        kwargs["file"] = discord.File(io.BytesIO(png), filename="summary.png")
        embed.set_image(url="attachment://summary.png")
        recap_of = getattr(match.view(PUBLIC), "recap_picture", None)  # optional for a game
        if match.is_terminal and recap_of is not None:  # the match deal by deal, beside it
            recap_image = await drawn(recap.render_recap_png, recap_of(names))
            kwargs["files"] = [
                kwargs.pop("file"),
                discord.File(io.BytesIO(recap_image), filename="recap.png"),
            ]
    return kwargs


def match_result_text(session: TableSession) -> str:
    match = session.match
    assert match is not None
    return match.outcome().describe(session.names())


def recap_text(session: TableSession, limit: int = 1024) -> str:
    """The match deal by deal: each deal's title and its totals, the latest kept when they do
    not all fit."""
    match = session.match
    assert match is not None
    names = session.names()
    lines = []
    for number in range(1, match.deals_finished + 1):
        report = match.deal_report(number, names)
        lines.append(f"**{report.title}** · {report.totals}" if report.totals else report.title)
    while len("\n".join(lines)) > limit and len(lines) > 1:
        lines.pop(0)
    return "\n".join(lines)[:limit] or match_result_text(session)[:limit]

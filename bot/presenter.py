"""What the bot posts: the table message, deal summaries and the match result.

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

from engine.cards import pretty_cards
from engine.core import PUBLIC
from engine.games import GAME_NAMES
from engine.seep.describe import house_name
from engine.seep.view import SeepView
from renderers import summary, table

if TYPE_CHECKING:
    from bot.tables import TableSession

log = logging.getLogger("seepbot.presenter")


def mention(session: TableSession, seat: int) -> str:
    row = session.seats.get(seat)
    if row is None or row.user_id is None:
        return session.name_of(seat)
    return f"<@{row.user_id}>"


def cannot_post(channel: Any) -> str | None:
    """Why the bot cannot run a table in this channel, in words for the players; None if it can."""
    permissions = getattr(channel, "permissions_for", None)
    guild = getattr(channel, "guild", None)
    if permissions is None or guild is None or guild.me is None:
        return None
    allowed = channel.permissions_for(guild.me)
    if not allowed.send_messages:
        return (
            "I may not post messages in this channel, so I cannot keep a table here. Ask a "
            "moderator to give me Send Messages here, or open the table in another channel."
        )
    return None


def can_attach(channel: Any) -> bool:
    permissions = getattr(channel, "permissions_for", None)
    guild = getattr(channel, "guild", None)
    if permissions is None or guild is None or guild.me is None:
        return True
    return channel.permissions_for(guild.me).attach_files


def table_text(session: TableSession) -> str:
    """The table in words (the fallback when images are not allowed)."""
    match = session.match
    assert match is not None
    view = match.view(PUBLIC)
    lines = [f"Floor: {pretty_cards(view.loose) or '(empty)'}"]
    if isinstance(view, SeepView):
        if view.face_down_floor:
            lines[0] = f"Floor: {view.face_down_floor} cards face down"
        for house in view.houses:
            owners = ", ".join(session.name_of(o) for o in house.owners)
            kind = "cemented " if house.cemented else ""
            lines.append(
                f"{kind}{house_name(house.value)} of {owners}: {pretty_cards(house.cards)}"
            )
        for side in view.sides:
            names = " & ".join(session.name_of(p) for p in side.players)
            lines.append(
                f"{names}: {side.card_points + side.sweep_points} points this deal, "
                f"{side.sweeps} sweeps, {side.baazis} baazis"
            )
    else:
        for build in view.builds:
            kind = "multiple" if build.multiple else "single"
            lines.append(f"{build.value}-build ({kind}): {pretty_cards(build.cards)}")
        for side in view.sides:
            names = " & ".join(session.name_of(p) for p in side.players)
            lines.append(f"{names}: {side.match_points} match points, {side.suipes} Suipes")
    return "\n".join(lines)


def table_embed(session: TableSession) -> discord.Embed:
    match = session.match
    assert match is not None
    view = match.view(PUBLIC)
    title = f"{GAME_NAMES.get(session.row.game, session.row.game)} · table {session.id}"
    embed = discord.Embed(title=title, colour=discord.Colour.dark_green())
    if view.last_play and view.last_player is not None:
        embed.add_field(
            name="Last play",
            value=f"{session.name_of(view.last_player)}: {view.last_play}",
            inline=False,
        )
    if match.is_terminal:
        embed.description = "The match is over."
    else:
        seat = match.current_player or 0
        embed.description = f"{session.name_of(seat)} to play."
    return embed


async def table_message(session: TableSession, channel: Any) -> dict[str, Any]:
    """Keyword arguments for `send`: content (mention), embed, and the image or the text."""
    from cogs._ui import HandButton  # the buttons are Discord glue, kept with the other views
    from cogs.rules import TableRulesButton

    match = session.match
    assert match is not None
    embed = table_embed(session)
    kwargs: dict[str, Any] = {"embed": embed}
    if not match.is_terminal:
        kwargs["content"] = f"{mention(session, match.current_player or 0)}, your turn."
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(session.id))
        view.add_item(TableRulesButton(session.id))
        kwargs["view"] = view
    if can_attach(channel):
        png = await table.render_png_async(match.view(PUBLIC), session.names())
        kwargs["file"] = discord.File(io.BytesIO(png), filename="table.png")
        embed.set_image(url="attachment://table.png")
    else:
        embed.add_field(name="Table", value=table_text(session)[:1024], inline=False)
        embed.set_footer(text="I may not attach images here, so the table comes as text.")
    kwargs["allowed_mentions"] = discord.AllowedMentions(users=True)
    return kwargs


async def summary_message(session: TableSession, channel: Any) -> dict[str, Any]:
    match = session.match
    assert match is not None
    view = match.view(PUBLIC)
    outcome = view.deals[-1]
    totals = " · ".join(
        f"{' & '.join(session.name_of(p) for p in view.sides[s].players)} {side.total}"
        for s, side in enumerate(outcome.score.sides)
    )
    embed = discord.Embed(title=f"Deal {outcome.number} is over", description=totals)
    baazi = getattr(outcome, "baazi_side", None)
    if baazi is not None:
        winners = " & ".join(session.name_of(p) for p in view.sides[baazi].players)
        embed.add_field(name="Baazi!", value=f"{winners} win a baazi.", inline=False)
    elif isinstance(view, SeepView):
        embed.add_field(name="Running total", value=str(outcome.running_total))
    if match.is_terminal:
        embed.add_field(name="Match over", value=match_result_text(session), inline=False)
    kwargs: dict[str, Any] = {"embed": embed}
    if can_attach(channel):
        png = await asyncio.to_thread(summary.render_png, view, session.names())
        kwargs["file"] = discord.File(io.BytesIO(png), filename="summary.png")
        embed.set_image(url="attachment://summary.png")
    return kwargs


def match_result_text(session: TableSession) -> str:
    match = session.match
    assert match is not None
    baazis = getattr(match, "baazis", None)
    view = match.view(PUBLIC)
    names = [" & ".join(session.name_of(p) for p in side.players) for side in view.sides]
    if baazis is not None:
        return " · ".join(f"{names[s]}: {baazis[s]} baazi(s)" for s in range(len(names)))
    totals = match.totals  # type: ignore[attr-defined]
    winner = match.winner  # type: ignore[attr-defined]
    text = " · ".join(f"{names[s]} {totals[s]}" for s in range(len(names)))
    return text + (f" — {names[winner]} win!" if winner is not None else " — a draw.")

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
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import discord

from bot.drawing import drawn
from bot.i18n import _
from cogs.common import can_attach, plays_text
from cogs.lobby import NextMatchButton, RematchButton
from cogs.picker import HandButton, LastTrickButton
from cogs.rules import TableRulesButton
from cogs.table_layout import (
    NEUTRAL,
    RECAP_IMAGE,
    SUMMARY_IMAGE,
    TABLE_IMAGE,
    EditedInPlace,
    SummaryWords,
    TableWords,
    block,
    summary_form,
    table_form,
)
from cogs.ui_types import MessageParts, ViewItem
from engine.core import PUBLIC, AnyGame
from engine.pictures import TablePicture, TrickTable
from engine.registry import display_name, spec_of

if TYPE_CHECKING:
    from bot.snapshot import TableSnapshot

log = logging.getLogger("seepbot.presenter")


def table_words(table: TableSnapshot, picture: TablePicture) -> TableWords:
    """What the table message says: the game, the score, the last play, whose turn it is with
    its deadline, the deal's commitment in short; the table in words (the picture's alt text)."""
    match = table.match
    heading = _("{game} · table {number}", game=display_name(table.row.game), number=table.id)
    played = ""
    if picture.played:
        played = "**" + _("Last play") + "** · " + picture.played
    # this deal's plays only (the last deal's at the match's end): a finished deal's last
    # plays are in its summary
    deal = match.deals_finished - 1 if match.is_terminal else match.deals_finished
    recent = table.plays_of_deal(deal)
    if len(recent) > 1:  # several seats played since the last table: list every play
        since = plays_text(recent, table.names)
        played = "\n".join(part for part in (played, "**" + _("Since the last table") + "**",
                                             since) if part)  # fmt: skip
    accent = NEUTRAL
    if match.is_terminal:
        turn = _("The match is over.")
    elif match.pending_cut is not None:
        pending = match.pending_cut
        turn = _(
            "{name} cuts the deck (a card from {low} to {high}) before the next deal.",
            name=table.name_of(pending.cutter),
            low=pending.low,
            high=pending.high,
        )
    else:
        seat = match.current_player or 0
        turn = _("{player}, your turn.", player=table.mention(seat)) + clock(table)
        accent = side_colour(picture, seat)
    turn = block(table.notice, turn)  # the turn timer's "time's up", said with the table
    shown = commitment_of(match)
    commitment = ""
    if shown is not None:
        commitment = "-# " + _(
            "Deal commitment `{commitment}` · `/verify`", commitment=shown[:COMMITMENT_SHOWN]
        )
    return TableWords(
        heading=heading,
        score=tuple(picture.score_lines),
        played=played,
        turn=turn,
        commitment=commitment,
        alt=picture.text(),
        no_picture=_("I may not attach images here, so the table comes as text."),
        accent=accent,
    )


def side_colour(picture: TablePicture, seat: int) -> int:
    """The colour the pictures give the side of `seat` (0xRRGGBB), neutral while its side is
    not known to everyone."""
    from renderers.theme import DEFAULT_THEME

    seats = picture.seats
    side = seats[seat].side if 0 <= seat < len(seats) else None
    if side is None:
        return NEUTRAL
    red, green, blue = DEFAULT_THEME.sides[side % len(DEFAULT_THEME.sides)]
    return (red << 16) | (green << 8) | blue


COMMITMENT_SHOWN = 16  # hex digits of the commitment the table message shows


def commitment_of(match: AnyGame) -> str | None:
    """The commitment to the secret of the deal being cut or played (None without one)."""
    if match.is_terminal:
        return None
    if match.pending_cut is not None:
        return str(match.pending_cut.commitment)
    made = spec_of(match).capabilities.commitment(match)
    return None if made is None else str(made)


def clock(table: TableSnapshot) -> str:
    """The mover's deadline at a timed table, as a Discord timestamp that every client shows
    counting down by itself ("in 2 minutes"); "" at an untimed table."""
    deadline = table.turn_deadline
    if deadline is None:
        return ""
    return " " + _("Time runs out {when}.", when=f"<t:{int(deadline)}:R>")


async def table_message(
    table: TableSnapshot,
    channel: object,
    finish: Callable[[MessageParts], object] | None = None,
    nonce: str | None = None,
    in_place: EditedInPlace | None = None,
) -> object:
    """Keyword arguments for `send`: the layout view (`cogs.table_layout`) and the picture's
    file, or the table in words where the bot may not attach files; the player to move
    pinged when the snapshot says so; with `in_place`, in the form edited in place through an
    interaction; with `finish`, what it makes of them. Made from the snapshot alone; the
    image, the view and `finish` in a worker thread."""
    match = table.match
    picture = match.view(PUBLIC).picture(table.names)
    words = table_words(table, picture)
    kwargs: MessageParts = {"allowed_mentions": discord.AllowedMentions(users=table.ping)}
    if nonce is not None:
        kwargs["nonce"] = nonce
    buttons: Callable[[], list[ViewItem]] = list
    if not match.is_terminal:
        last_trick = isinstance(picture, TrickTable) and bool(picture.last_trick)
        buttons = partial(
            table_buttons, table.id, last_trick, len(match.actions), table.computers
        )
    if match.pending_cut is not None:
        # the deck is being cut: no deal to show yet (nothing may depend on its secret)
        words = replace(words, alt="")
    elif can_attach(channel):
        return await drawn(_finished, kwargs, words, buttons, finish, in_place, picture)
    return _finished(kwargs, words, buttons, finish, in_place)


def table_buttons(
    table_id: int, last_trick: bool, moves: int | None = None, computers: bool = True
) -> list[ViewItem]:
    """The table message's buttons; `moves`: the moves it shows (marked on "My hand");
    `computers`: computer players sit at the table, so the next match has seats for people
    who queue (the rematch seats them in their place)."""
    buttons: list[ViewItem] = [HandButton(table_id, moves)]
    if last_trick:
        buttons.append(LastTrickButton(table_id))
    buttons.append(TableRulesButton(table_id))
    if computers:
        buttons.append(NextMatchButton(table_id))
    return buttons


def _finished(
    kwargs: MessageParts,
    words: TableWords,
    buttons: Callable[[], list[ViewItem]],
    finish: Callable[[MessageParts], object] | None,
    in_place: EditedInPlace | None,
    picture: TablePicture | None = None,
) -> object:
    """The table message's view (or its form edited in place) and its image (when
    `picture`) added, then `finish`."""
    kwargs.update(table_form(words, buttons(), picture is not None, in_place))
    if picture is not None:
        from renderers import table  # imported at the first table: see prepare_drawing

        png = table.render_cards_png(picture)
        kwargs["file"] = discord.File(io.BytesIO(png), filename=TABLE_IMAGE)
    return kwargs if finish is None else finish(kwargs)


async def summary_message(
    table: TableSnapshot, channel: object, nonce: str | None = None, in_place: bool = False
) -> MessageParts:
    """Keyword arguments for `send`: the deal summary's layout view (`cogs.table_layout`; with
    `in_place`, its form edited in place) and its pictures (the deal's; at the match's end the
    recap's too), made from the snapshot alone."""
    from renderers import recap, summary

    match = table.match
    names = table.names
    report = match.deal_report(match.deals_finished, names)
    sections = list(report.fields)
    last = table.plays_of_deal(match.deals_finished - 1)
    if last:  # the deal's plays since its last table message
        sections.append((_("Since the last table"), plays_text(last, names)))
    closing: list[tuple[str, str]] = []
    from cogs.review import ReviewButton  # the deal reviewed privately by its players

    buttons: list[ViewItem] = [ReviewButton(table.id, match.deals_finished)]
    if match.is_terminal:
        event = table.row.options.event
        if event is not None:  # an event's table: its result goes into the event, no rematch
            after = _(
                "Your figures: {command} · this table's result is in the standings of event "
                "{number}.",
                command=f"`/stats {table.row.game}`",
                number=event,
            )
        else:
            after = _(
                "Your figures: {command} · the host may start a rematch with the same seats "
                "and options.",
                command=f"`/stats {table.row.game}`",
            )
        closing = [
            (_("Match over"), match_result_text(table)),
            (_("Match recap"), recap_text(table)),
            (_("What next"), after),
        ]
        if event is None:
            buttons.append(RematchButton(table.id))
    files: list[discord.File] = []
    recap_picture = None
    if can_attach(channel):
        png = await drawn(summary.render_png, match.view(PUBLIC), names)
        files.append(discord.File(io.BytesIO(png), filename=SUMMARY_IMAGE))
        if match.is_terminal:  # the match deal by deal, where its game draws it
            recap_picture = spec_of(match).capabilities.recap(match, names)
        if recap_picture is not None:
            recap_image = await drawn(recap.render_recap_png, recap_picture)
            files.append(discord.File(io.BytesIO(recap_image), filename=RECAP_IMAGE))
    words = SummaryWords(
        title=report.title,
        totals=report.totals,
        sections=sections,
        summary_alt=block(report.title, report.totals),
        closing=closing,
        recap_alt=recap_picture.text() if recap_picture is not None else "",
    )
    kwargs = summary_form(words, buttons, bool(files), recap_picture is not None, in_place)
    kwargs["files"] = files
    if nonce is not None:
        kwargs["nonce"] = nonce
    return kwargs


def match_result_text(table: TableSnapshot) -> str:
    return table.match.outcome().describe(table.names)


def recap_text(table: TableSnapshot, limit: int = 1024) -> str:
    """The match deal by deal: each deal's title and its totals, the latest kept when they do
    not all fit."""
    match = table.match
    names = table.names
    lines = []
    for number in range(1, match.deals_finished + 1):
        report = match.deal_report(number, names)
        lines.append(f"**{report.title}** · {report.totals}" if report.totals else report.title)
    while len("\n".join(lines)) > limit and len(lines) > 1:
        lines.pop(0)
    return "\n".join(lines)[:limit] or match_result_text(table)[:limit]

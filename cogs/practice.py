"""The review's "Play on from here": a decision of a finished deal chosen, a practice table
(bot/practice.py) opens in a private thread for the player, and plays on as any table does.
Thin glue: the thread, the permission (as /review's) and the answer."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Self

import discord

from bot.i18n import N_, _, slash
from bot.practice import open_practice
from bot.tables import TableError
from cogs.common import guarded, tell
from cogs.ui_types import ViewItem, ViewSelect, values_of
from engine.core import GameError
from engine.records import DealRecord, state_at
from engine.review import DealReview

if TYPE_CHECKING:
    from bot.client import SeepBot

PLAY_ON = N_("Play on from here: choose a move")
OFFERED = 25  # a select menu's most


def play_on_view(deal: int, review: DealReview) -> discord.ui.View | None:
    """The review's menu of the asker's decisions to play on from (the flagged ones first,
    then the latest), or None when there is none."""
    decisions = list(review.decisions)
    if not decisions:
        return None
    flagged = [d for d in decisions if d.significant]
    rest = [d for d in reversed(decisions) if d not in flagged]
    chosen = sorted((flagged + rest)[:OFFERED], key=lambda d: d.step)
    options = [(_("Move {step}: {move}", step=d.step, move=d.played.words), str(d.step - 1))
               for d in chosen]  # fmt: skip
    view = discord.ui.View(timeout=None)
    view.add_item(PlayOnSelect(deal, options))
    return view


class PlayOnSelect(
    discord.ui.DynamicItem[ViewSelect],
    template=r"playon:(?P<deal>\d+)",
):
    """A decision of the review's deal: a practice table from there, privately."""

    def __init__(self, deal: int, options: list[tuple[str, str]] | None = None) -> None:
        self.deal = deal
        choices = [discord.SelectOption(label=label[:100], value=value)
                   for label, value in options or [("-", "0")]]  # fmt: skip
        select: ViewSelect = discord.ui.Select(
            custom_id=f"playon:{deal}", placeholder=_(PLAY_ON)[:150], options=choices
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> Self:
        return cls(int(match["deal"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: SeepBot = interaction.client  # type: ignore[assignment]
        values = values_of(interaction)
        row = await bot.store.deal_record(self.deal)
        if row is None or not values or not str(values[0]).isdigit():
            await tell(interaction, _("That deal's record is no longer kept."))
            return
        if interaction.guild_id is None or row.guild_id != interaction.guild_id:
            await tell(interaction, _("Deal {deal} was played in another server: only its "
                                      "members may look at it.", deal=self.deal))  # fmt: skip
            return
        step = int(values[0])
        try:
            record = DealRecord.from_text(row.record)
            position = state_at(record, step) if step < len(record.actions) else None
        except GameError as error:
            await tell(interaction, _("That deal's record does not check out: {why}",
                                      why=str(error)))  # fmt: skip
            return
        cog = bot.get_cog("ReviewCommands")
        seat_of = getattr(cog, "seat_of", None)
        seat = None if seat_of is None else await seat_of(row, record, interaction.user.id)
        if seat is None or position is None or position.current_player != seat:
            await tell(interaction, _(
                "Only the players of deal {deal} may play on from its moves (and every member, "
                "a daily deal once its day is over).", deal=self.deal))  # fmt: skip
            return
        thread = await self.private_thread(interaction)
        if thread is None:
            return
        user = interaction.user
        try:
            session = await open_practice(
                bot.tables, row.guild_id, thread.id, user.id, user.display_name, record,
                self.deal, step, seat,
            )
        except TableError as error:
            await tell(interaction, str(error))
            return
        await thread.send(_(
            "{player}: deal {deal} goes on from move {move} with the same cards, the computers "
            "at the levels they had. Nothing here counts for ratings or boards; end it with "
            "{command}.", player=user.mention, deal=self.deal, move=step + 1,
            command=slash("table end")))  # fmt: skip
        bot.flow.schedule(bot.flow.advance(session))
        await tell(interaction, _("Your practice table is ready: {thread}.", thread=thread.mention))

    async def private_thread(self, interaction: discord.Interaction) -> discord.Thread | None:
        """A private thread for the practice, under the channel asked in (or its thread's);
        None, the player told why, when it cannot be made."""
        channel = interaction.channel
        parent = getattr(channel, "parent", None) or channel
        if not isinstance(parent, discord.TextChannel):
            await tell(interaction, _("A practice table needs a text channel: ask there."))
            return None
        try:
            return await parent.create_thread(
                name=_("Practice · deal {deal}", deal=self.deal)[:100],
                type=discord.ChannelType.private_thread, invitable=False,
            )  # fmt: skip
        except discord.HTTPException:
            await tell(interaction, _(
                "I may not open a private thread in this channel for a practice table: ask in "
                "a channel where I may (Create Private Threads)."))  # fmt: skip
            return None


async def setup(bot: SeepBot) -> None:
    bot.add_dynamic_items(PlayOnSelect)

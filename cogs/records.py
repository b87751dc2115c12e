"""/history, /replay and /verify: looking back at finished deals (docs/records.md).

Thin glue: the records come from the store, are checked and replayed by engine.records and
drawn by renderers. A deal is shown only to members of the server it was played in, and only
once it is over (a record exists only for a finished deal)."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.contexts import PRIVATE_SCOPE
from bot.i18n import N_, _, slash
from bot.reports import computer_move_at
from cogs.common import OwnView, find_deal, tell
from cogs.places import everywhere, records_scope
from cogs.ui_types import MessageParts, ViewButton, ViewSelect, called
from engine import registry
from engine.core import PUBLIC, AnyGame
from engine.pictures import TablePicture
from engine.records import DealRecord, RecordError, check, dealt_hands, state_at, walk
from engine.registry import display_name

if TYPE_CHECKING:
    from bot.client import SeepBot
    from bot.storage.store import DealRecordRow

HISTORY_SHOWN = 10


def record_file(row: DealRecordRow) -> discord.File:
    return discord.File(
        io.BytesIO(row.record.encode()), filename=f"deal-{row.id}-{row.game}.txt"
    )


def _steps(record: DealRecord) -> list[tuple[int, TablePicture]]:
    """Each step of the deal after its cut, with its public table."""
    return [
        (step, match.view(PUBLIC).picture(record.names))
        for step, match in walk(record)
        if match.pending_cut is None
    ]


def _hands_text(match: AnyGame, names: list[str]) -> str:
    lines = []
    for player in range(match.num_players):
        cards = match.view(player).hand or ()
        shown = " ".join(card.shown(match.pack) for card in cards) or "—"
        lines.append(f"**{names[player]}**: {shown}")
    return "\n".join(lines)


class ReplayView(OwnView):
    """A finished deal step by step, privately: Previous / Next, a jump to each trick or
    capture, the animated image to post, and the record file."""

    def __init__(self, row: DealRecordRow, record: DealRecord, steps: list[int],
                 points: list[int]) -> None:  # fmt: skip
        super().__init__(timeout=900)
        self.row, self.record, self.steps, self.points = row, record, steps, points
        self.index = 0
        self.previous.label = _("Previous")
        self.next.label = _("Next")
        self.post.label = _("Post the animation")
        self.download.label = _("Record file")
        self.review.label = _("Review")
        if points:
            options = [
                discord.SelectOption(
                    label=_("Trick or capture {number} (move {move})", number=n + 1,
                            move=steps[at]),
                    value=str(at),
                )
                for n, at in enumerate(points[:25])
            ]  # fmt: skip
            jump = cast("ViewSelect", self.jump)
            jump.options = options
            jump.placeholder = _("Jump to a trick or capture")
        else:
            self.remove_item(self.jump)
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= len(self.steps) - 1
        # beside a computer player's move: "Report this move"
        from cogs.reports import ReportMoveButton

        for item in [i for i in self.children if isinstance(i, ReportMoveButton)]:
            self.remove_item(item)
        step = self.steps[self.index] if self.steps else 0
        if computer_move_at(self.record, step) is not None:
            self.add_item(ReportMoveButton(self.row.id, step))

    def page(self) -> MessageParts:
        step = self.steps[self.index]
        match = state_at(self.record, step)
        picture = match.view(PUBLIC).picture(self.record.names)
        told = self.record.told[step - 1] if 0 < step <= len(self.record.told) else ""
        title = _("Deal {deal} · {game} · move {step} of {steps}", deal=self.row.id,
                  game=display_name(self.record.game), step=step,
                  steps=len(self.record.actions))  # fmt: skip
        embed = discord.Embed(title=title, description=told or None)
        embed.add_field(name=_("Hands"), value=_hands_text(match, self.record.names)[:1024])
        embed.set_image(url="attachment://step.png")
        from renderers.replay import render_step_png  # Pillow and the renderers: on first use

        png = render_step_png(picture)
        return {
            "embed": embed,
            "attachments": [discord.File(io.BytesIO(png), filename="step.png")],
            "view": self,
        }

    async def show(self, interaction: discord.Interaction) -> None:
        self._update_buttons()
        page = await asyncio.to_thread(self.page)
        await called(interaction.response.edit_message, page)

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(
        self, interaction: discord.Interaction, button: ViewButton
    ) -> None:
        self.index = max(0, self.index - 1)
        await self.show(interaction)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: ViewButton) -> None:
        self.index = min(len(self.steps) - 1, self.index + 1)
        await self.show(interaction)

    @discord.ui.select(placeholder="Jump", options=[discord.SelectOption(label="-")])
    async def jump(
        self, interaction: discord.Interaction, select: ViewSelect
    ) -> None:
        self.index = int(select.values[0])
        await self.show(interaction)

    @discord.ui.button(label="Post the animation", style=discord.ButtonStyle.primary)
    async def post(self, interaction: discord.Interaction, button: ViewButton) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        pictures = [picture for _, picture in await asyncio.to_thread(_steps, self.record)]
        from renderers.replay import render_animation

        data = await asyncio.to_thread(render_animation, pictures)
        channel = interaction.channel
        text = _("Deal {deal} of {game}, move by move: {result}", deal=self.row.id,
                 game=display_name(self.record.game), result=self.record.result)  # fmt: skip
        if channel is None or not hasattr(channel, "send"):
            await interaction.followup.send(_("I cannot post in this channel."), ephemeral=True)
            return
        await channel.send(text, file=discord.File(io.BytesIO(data), filename="replay.gif"))
        await interaction.followup.send(_("Posted."), ephemeral=True)

    @discord.ui.button(label="Record file", style=discord.ButtonStyle.secondary)
    async def download(
        self, interaction: discord.Interaction, button: ViewButton
    ) -> None:
        await interaction.response.send_message(
            _("The record of deal {deal}: check it with `python -m engine replay FILE`.",
              deal=self.row.id),
            file=record_file(self.row),
            ephemeral=True,
        )  # fmt: skip

    @discord.ui.button(label="Review", style=discord.ButtonStyle.secondary)
    async def review(
        self, interaction: discord.Interaction, button: ViewButton
    ) -> None:
        """The deal reviewed privately (as `/review deal:<id>`; only for its players)."""
        bot: SeepBot = interaction.client  # type: ignore[assignment]
        cog = bot.get_cog("ReviewCommands")
        run = getattr(cog, "run", None)
        if run is None:
            await tell(interaction, _("Deals of this game cannot be reviewed yet."))
            return
        await run(interaction, self.row.id)


class RecordCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    @app_commands.command(name="history", description=N_("Your recent deals, or this server's"))
    @app_commands.describe(everyone=N_("Show the server's recent deals instead of yours"))
    @everywhere
    async def history(self, interaction: discord.Interaction, everyone: bool = False) -> None:
        guild = records_scope(interaction)
        private = guild == PRIVATE_SCOPE
        if private and everyone:  # private tables are their players' own, no one else's
            await tell(interaction, _(
                "Outside a server that added me, {command} shows your own deals only: those of "
                "your tables in DMs, group DMs and servers where you use me as an app.",
                command=slash("history")))  # fmt: skip
            return
        user = None if everyone else interaction.user.id
        rows = await self.bot.store.deal_records(guild, user, HISTORY_SHOWN)
        if not rows:
            if everyone:
                text = _("No finished deals yet.")
            elif private:
                text = _("You have not finished a deal at a table outside servers yet.")
            else:
                text = _("You have not finished a deal in this server yet.")
            await tell(interaction, text)
            return
        lines = [
            _("**Deal {deal}** · {game} · <t:{when}:d> · {result}{fair}", deal=row.id,
              game=registry.stored_display_name(row.game), when=int(row.finished_at),
              result=row.result,
              fair="" if row.fair else " · " + _("not provably fair"))
            for row in rows
        ]  # fmt: skip
        heading = _("This server's recent deals:") if everyone else _("Your recent deals:")
        footer = _("See one with `/replay deal:<number>`; check one with `/verify deal:<number>`.")
        await tell(interaction, "\n".join([heading, *lines, footer]))

    @app_commands.command(name="replay", description=N_("A finished deal, step by step"))
    @app_commands.describe(deal=N_("The deal's number (see /history)"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, deal: int) -> None:
        row = await find_deal(interaction, deal)
        if row is None:
            return
        try:
            record = DealRecord.from_text(row.record)
            steps_and_pictures = await asyncio.to_thread(_steps, record)
        except RecordError as error:
            await tell(interaction, _("That deal's record does not check out: {why}",
                                      why=str(error)))  # fmt: skip
            return
        steps = [step for step, _ in steps_and_pictures]
        from renderers.replay import turning_points

        points = turning_points([picture for _, picture in steps_and_pictures])
        view = ReplayView(row, record, steps, points)
        page = await asyncio.to_thread(view.page)
        files = page.pop("attachments")
        await called(interaction.response.send_message, page, files=files, ephemeral=True)

    @app_commands.command(name="verify", description=N_("Check that a finished deal was fair"))
    @app_commands.describe(deal=N_("The deal's number (see /history)"))
    @app_commands.guild_only()
    async def verify(self, interaction: discord.Interaction, deal: int) -> None:
        row = await find_deal(interaction, deal)
        if row is None:
            return
        try:
            record = DealRecord.from_text(row.record)
            await asyncio.to_thread(check, record)
            hands = await asyncio.to_thread(dealt_hands, record) if record.fair else []
        except RecordError as error:
            await tell(interaction, _("Deal {deal} does not check out: {why}", deal=deal,
                                      why=str(error)))  # fmt: skip
            return
        if not record.fair:
            await tell(interaction, _(
                "Deal {deal} was dealt before secret deals: it is not provably fair. Its moves "
                "replay and give its result: {result}", deal=deal, result=record.result))
            return
        if record.shuffle is not None:  # a daily deal: the day's commitment and secret
            checked = _(
                "Deal {deal} checks out. It is a daily deal: SHA-256 of the day's secret and "
                "the nonce is the commitment `{commitment}` that {command} showed all day, "
                "and the day's secret, revealed on that day's board, deals these cards (the "
                "day's shuffle {shuffle}). A daily deal is not cut: every member gets the "
                "same cards.",
                deal=deal, commitment=record.commitment, command=slash("daily"),
                shuffle=record.shuffle + 1,
            )  # fmt: skip
            secret = _("The day's secret: `{secret}` · nonce: `{nonce}`",
                       secret=record.secret, nonce=record.nonce)  # fmt: skip
        else:
            checked = _(
                "Deal {deal} checks out: SHA-256 of its secret and the nonce is the commitment "
                "`{commitment}` shown before the cut, and the secret, nonce and cut {cut} deal "
                "these cards:", deal=deal, commitment=(record.commitment or "")[:16],
                cut=record.cut)  # fmt: skip
            secret = _("Secret: `{secret}` · nonce: `{nonce}`",
                       secret=record.secret, nonce=record.nonce)  # fmt: skip
        lines = [
            checked,
            *(f"**{name}**: {cards or '—'}" for name, cards in hands),
            secret,
            _("Check it yourself: docs/fairness.md, or `python -m engine verify FILE` with the "
              "record file."),
        ]  # fmt: skip
        await interaction.response.send_message(
            "\n".join(lines)[:2000], file=record_file(row), ephemeral=True
        )


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(RecordCommands(bot))

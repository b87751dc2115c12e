"""/leaderboard and /stats: the server's boards (an image with paging buttons) and a player's
record."""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.leaderboards import Board, BoardPage, Period, board_page, stats_for
from bot.presenter import GAME_NAMES, can_attach
from cogs._ui import page_button, send_page, tell
from renderers import leaderboard as board_image

if TYPE_CHECKING:
    from bot.client import SeepBot


def board_model(page: BoardPage) -> board_image.BoardModel:
    def row(standing: Any) -> board_image.BoardRow:
        return board_image.BoardRow(
            standing.place,
            standing.name,
            standing.figure,
            standing.detail,
            standing.user_id == page.viewer,
        )

    return board_image.BoardModel(
        page.title,
        page.subtitle,
        tuple(row(s) for s in page.rows),
        row(page.own) if page.own is not None else None,
        f"page {page.page + 1} of {page.pages}",
    )


async def board_message(
    interaction: discord.Interaction, game: str, board: Board, period: Period, page: int
) -> dict[str, Any]:
    bot: SeepBot = interaction.client  # type: ignore[assignment]
    shown = await board_page(
        bot.store, interaction.guild_id or 0, game, board, period, page, interaction.user.id
    )
    embed = discord.Embed(title=shown.title, colour=discord.Colour.gold())
    embed.set_footer(text=f"{shown.subtitle} · page {shown.page + 1} of {shown.pages}")
    kwargs: dict[str, Any] = {"embed": embed, "attachments": []}
    if can_attach(interaction.channel):
        png = await asyncio.to_thread(board_image.render_png, board_model(shown))
        kwargs["attachments"] = [discord.File(io.BytesIO(png), filename="leaderboard.png")]
        embed.set_image(url="attachment://leaderboard.png")
    else:
        embed.description = shown.text()
    view = discord.ui.View(timeout=None)
    for step in ("prev", "next"):
        view.add_item(PageButton(game, board, period, shown.page, step, shown.pages))
    kwargs["view"] = view
    return kwargs


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"board:(?P<game>\w+):(?P<board>\w+):(?P<period>\w+):(?P<page>\d+):(?P<step>prev|next)",
):
    """Previous/Next on a leaderboard; works on any board message, also after a restart."""

    def __init__(
        self, game: str, board: Board, period: Period, page: int, step: str, pages: int = 0
    ) -> None:
        self.game, self.board, self.period, self.page, self.step = game, board, period, page, step
        custom_id = f"board:{game}:{board.name}:{period.name}:{page}:{step}"
        super().__init__(page_button(custom_id, step, page, pages))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PageButton:
        return cls(
            match["game"],
            Board[match["board"]],
            Period[match["period"]],
            int(match["page"]),
            match["step"],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        page = self.page + (1 if self.step == "next" else -1)
        kwargs = await board_message(interaction, self.game, self.board, self.period, page)
        await interaction.response.edit_message(**kwargs)


class LeaderboardCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="This server's best players")
    @app_commands.describe(game="which game", by="what to rank by", period="which results count")
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: Literal["seep", "seep30", "suipe"],
        by: Literal["baazis", "rating", "win rate"] = "baazis",
        period: Literal["all time", "this month", "this week"] = "all time",
    ) -> None:
        await send_page(
            interaction, await board_message(interaction, game, Board(by), Period(period), 0)
        )

    @app_commands.command(name="stats", description="A player's record, rating and partners")
    @app_commands.describe(member="whose stats (you, if left empty)", game="which game")
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        game: Literal["seep", "seep30", "suipe"] | None = None,
    ) -> None:
        who = member or interaction.user
        stats = await stats_for(self.bot.store, interaction.guild_id or 0, who.id, game)
        if stats is None:
            where = f" of {GAME_NAMES[game]}" if game else ""
            await tell(interaction, f"{who.display_name} has no finished matches{where} here yet.")
            return
        embed = discord.Embed(
            title=f"{who.display_name} · {GAME_NAMES.get(stats.game, stats.game)}",
            colour=discord.Colour.gold(),
        )
        record = f"{stats.wins} won · {stats.losses} lost"
        if stats.draws:
            record += f" · {stats.draws} drawn"
        embed.add_field(name="Matches", value=f"{stats.matches}: {record}")
        if stats.game != "suipe":
            embed.add_field(
                name="Baazis", value=f"{stats.baazis_won} won · {stats.baazis_lost} lost"
            )
        sweeps = "Suipes" if stats.game == "suipe" else "Sweeps"
        embed.add_field(name="Deals", value=f"{stats.deals} · best deal {stats.best_deal} points")
        embed.add_field(name=sweeps, value=str(stats.sweeps))
        rating = "not rated yet" if stats.rating is None else f"{stats.rating} (#{stats.place})"
        embed.add_field(name="Rating", value=rating)
        if stats.favourite_partner is not None:
            name, together, wins = stats.favourite_partner
            embed.add_field(
                name="Favourite partner", value=f"{name}: {together} matches, {wins} won"
            )
        recent = " ".join({"win": "W", "loss": "L", "draw": "D"}[o] for o, _ in stats.recent)
        kwargs: dict[str, Any] = {"embed": embed}
        if can_attach(interaction.channel):
            png = await asyncio.to_thread(
                board_image.render_chart_png, stats.recent, f"Last {len(stats.recent)} matches"
            )
            kwargs["file"] = discord.File(io.BytesIO(png), filename="recent.png")
            embed.set_image(url="attachment://recent.png")
        embed.add_field(name="Recent (oldest first)", value=recent, inline=False)
        await interaction.response.send_message(**kwargs)


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(LeaderboardCommands(bot))
    bot.add_dynamic_items(PageButton)

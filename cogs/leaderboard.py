"""/leaderboard and /stats: the server's boards (an image with paging buttons) and a player's
record."""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import DAILY_BOARDS
from bot.drawing import drawn
from bot.i18n import N_, _
from bot.leaderboards import (
    Board,
    BoardPage,
    Period,
    Standing,
    board_choices,
    board_page,
    stats_for,
)
from bot.translator import said
from cogs.common import bot_of, can_attach, guarded, page_button, send_page, tell
from cogs.options import Option, choice_of, game_option, per_game, with_options
from cogs.places import EVERYWHERE, USER_OR_SERVER, records_scope
from cogs.ui_types import MessageParts, ViewButton, ViewItem, called
from engine import registry

if TYPE_CHECKING:
    from bot.client import SeepBot
    from renderers import leaderboard as board_image


def board_model(page: BoardPage) -> board_image.BoardModel:
    from renderers import leaderboard as board_image  # Pillow and the renderers: on first use

    def row(standing: Standing) -> board_image.BoardRow:
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
        _("page {page} of {pages}", page=page.page + 1, pages=page.pages),
    )


async def board_message(
    interaction: discord.Interaction, game: str, board: Board, period: Period, page: int
) -> MessageParts:
    bot = bot_of(interaction)
    shown = await board_page(
        bot.store, interaction.guild_id or 0, game, board, period, page, interaction.user.id
    )
    embed = discord.Embed(title=shown.title, colour=discord.Colour.gold())
    pages = _("page {page} of {pages}", page=shown.page + 1, pages=shown.pages)
    embed.set_footer(text=f"{shown.subtitle} · {pages}")
    kwargs: MessageParts = {"embed": embed, "attachments": []}
    if can_attach(interaction.channel):
        from renderers import leaderboard as board_image

        png = await drawn(board_image.render_png, board_model(shown))
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
    discord.ui.DynamicItem[ViewButton],
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
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> PageButton:
        return cls(
            match["game"],
            Board.__members__.get(match["board"], Board.HEADLINE),
            Period.__members__.get(match["period"], Period.ALL),
            int(match["page"]),
            match["step"],
        )

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        page = self.page + (1 if self.step == "next" else -1)
        kwargs = await board_message(interaction, self.game, self.board, self.period, page)
        await called(interaction.response.edit_message, kwargs)


SUBCOMMANDS = 25  # Discord's limit of subcommands in a group


def member_option() -> Option:
    return Option(
        "member", discord.Member | None, said(N_("whose stats (you, if left empty)")), None
    )


class LeaderboardCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    @with_options(
        [
            game_option(),
            Option(
                "by",
                choice_of([*board_choices(), *DAILY_BOARDS], optional=True),
                N_("what to rank by"),
                None,
            ),
            Option(
                "period",
                choice_of([p.value for p in Period], optional=True),
                N_("which results count"),
                None,
            ),
        ]
    )
    async def _leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        by: str | None = None,
        period: str | None = None,
    ) -> None:
        if by in DAILY_BOARDS:  # the daily deal's boards (cogs/daily.py)
            daily = self.bot.get_cog("DailyCommands")
            if daily is not None:
                await daily.leaderboard(interaction, game, by)  # type: ignore[attr-defined]
                return
        board = Board.choice(by or registry.game(game).headline.board)
        chosen = Period(period or Period.ALL.value)
        await send_page(interaction, await board_message(interaction, game, board, chosen, 0))

    leaderboard: app_commands.Command[LeaderboardCommands, ..., None] = app_commands.guild_only()(
        app_commands.command(name="leaderboard", description=N_("This server's best players"))(
            _leaderboard
        )
    )

    async def show_stats(
        self,
        interaction: discord.Interaction,
        game: str | None,
        member: discord.Member | None = None,
    ) -> None:
        who = member or interaction.user
        # a server's records where it added the bot; elsewhere the player's private tables
        stats = await stats_for(self.bot.store, records_scope(interaction), who.id, game)
        if stats is None:
            if game:
                text = _(
                    "{name} has no finished matches of {game} here yet.",
                    name=who.display_name,
                    game=registry.display_name(game),
                )
            else:
                text = _("{name} has no finished matches here yet.", name=who.display_name)
            await tell(interaction, text)
            return
        embed = discord.Embed(
            title=f"{who.display_name} · {registry.display_name(stats.game)}",
            colour=discord.Colour.gold(),
        )
        record = _("{won} won · {lost} lost", won=stats.wins, lost=stats.losses)
        if stats.draws:
            record = _("{record} · {count} drawn", record=record, count=stats.draws)
        embed.add_field(name=_("Matches"), value=f"{stats.matches}: {record}")
        figures = registry.game(stats.game).stats
        for figure in figures:
            if figure.lost_key:
                won, lost = stats.totals.get(figure.key, 0), stats.totals.get(figure.lost_key, 0)
                embed.add_field(
                    name=_(figure.label), value=_("{won} won · {lost} lost", won=won, lost=lost)
                )
        embed.add_field(
            name=_("Deals"),
            value=_(
                "{count} · best deal {points} points", count=stats.deals, points=stats.best_deal
            ),
        )
        for figure in figures:
            if not figure.lost_key:
                embed.add_field(name=_(figure.label), value=str(stats.totals.get(figure.key, 0)))
        rated = stats.rating is not None
        rating = f"{stats.rating} (#{stats.place})" if rated else _("not rated yet")
        embed.add_field(name=_("Rating"), value=rating)
        if stats.favourite_partner is not None:
            name, together, wins = stats.favourite_partner
            embed.add_field(
                name=_("Favourite partner"),
                value=_("{name}: {count} matches, {won} won", name=name, count=together, won=wins),
            )
        letters = {"win": _("W"), "loss": _("L"), "draw": _("D")}
        recent = " ".join(letters[outcome] for outcome, _points in stats.recent)
        kwargs: MessageParts = {"embed": embed}
        if can_attach(interaction.channel):
            from renderers import leaderboard as board_image

            png = await drawn(
                board_image.render_chart_png,
                stats.recent,
                _("Last {count} matches", count=len(stats.recent)),
            )
            kwargs["file"] = discord.File(io.BytesIO(png), filename="recent.png")
            embed.set_image(url="attachment://recent.png")
        embed.add_field(name=_("Recent (oldest first)"), value=recent, inline=False)
        await called(interaction.response.send_message, kwargs)

    stats = app_commands.Group(
        name="stats",
        description=N_("A player's record, rating and partners"),
        allowed_contexts=EVERYWHERE,
        allowed_installs=USER_OR_SERVER,
    )

    @with_options([member_option()])
    async def _all(self, interaction: discord.Interaction, **values: Any) -> None:
        await self.show_stats(interaction, None, **values)

    # Discord allows 25 subcommands: "all" gives way to a 25th game
    if len(registry.games()) < SUBCOMMANDS:
        stats.add_command(
            app_commands.Command(
                name="all", description=said(N_("Every game together")), callback=_all
            )
        )
    for _command in per_game(
        registry.games(),
        lambda spec: said(N_("{game} only"), game=spec.display_name),
        lambda spec: [member_option()],
        show_stats,
    ):
        stats.add_command(_command)
    del _command  # not a command of the cog itself


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(LeaderboardCommands(bot))
    bot.add_dynamic_items(PageButton)

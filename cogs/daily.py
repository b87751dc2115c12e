"""/daily: the server's deal of the day, played privately (one message that the picker edits
in place), its boards, and the board posted when the day ends (docs/daily.md)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import (
    DAY_BOARD,
    WEEK_BOARD,
    Daily,
    DailyAttempt,
    DailyError,
    Told,
    already_played,
    board_explained,
    earlier_turn,
    expired,
    lapsed_note,
    reveal_text,
    spec_with_daily,
)
from bot.daily_puzzle import board_puzzles, board_text
from bot.drawing import drawn
from bot.i18n import N_, _, ngettext, speaking
from bot.leaderboards import BoardPage
from bot.localised import localise
from bot.puzzles import PuzzleStore
from bot.storage import StoreFault
from bot.storage.daily import DayRow, DealRow
from cogs.common import TAKEN, answer_unexpected, can_attach, channel_of, tell
from cogs.leaderboard import board_model
from cogs.options import Option, choice_of, game_option, with_options
from cogs.picker import EXPIRED, STALE_PICKERS, Picker, hand_files
from cogs.ui_types import MessageParts, called, custom_id_of
from engine import registry

if TYPE_CHECKING:
    from bot.client import SeepBot

log = logging.getLogger("seepbot.daily")
TODAY = N_("today's board")
YESTERDAY = N_("yesterday's board")
WEEK = N_("this week's board")
SHOWN = (TODAY, YESTERDAY, WEEK)
ANNOUNCE_SECONDS = 60.0  # how often the bot looks for days that have ended
# a day is closed this long after it ends: a move made just before the end is stored first
CLOSE_GRACE_SECONDS = 60.0


class DailyPicker(Picker):
    """The move picker of a member's daily deal: the same choices as at a table; a move is
    answered at once with the computers' replies, in the same private message."""

    tag = "daily"

    def __init__(self, cog: DailyCommands, attempt: DailyAttempt, user_id: int) -> None:
        self.cog = cog
        self.attempt = attempt
        self.tag = f"{DailyPicker.tag}:{attempt.row.game}"  # a stale click knows its game
        super().__init__(attempt, user_id)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        interaction.extras[TAKEN] = True
        await localise(interaction)
        if interaction.user.id != self.user_id:
            await tell(interaction, _("This is not your hand."))
            return False
        if self.attempt.turn_number != self.turn or self.attempt.finished:
            await tell(interaction, earlier_turn())
            return False
        return True

    async def submit(self, interaction: discord.Interaction, notation: str) -> None:
        await self.cog.play(interaction, self, notation)


def board_embed(page: BoardPage, extra: str = "") -> discord.Embed:
    embed = discord.Embed(title=page.title, colour=discord.Colour.gold())
    embed.description = (f"{extra}\n\n" if extra else "") + board_explained()
    embed.set_footer(text=page.subtitle)
    return embed


async def board_parts(
    page: BoardPage, attach: bool, extra: str = "", replays: str = "", puzzle: str = ""
) -> MessageParts:
    """An embed (with the board's image, or its lines where images cannot be attached), how
    to replay each finisher's deal once the day is over, and the day's puzzle with who solved
    it."""
    embed = board_embed(page, extra)
    parts: MessageParts = {"embed": embed, "attachments": []}
    # the lines in words too: the board is short, and read at once on a phone
    lines = page.text() if page.rows else _("Nobody has finished this deal yet.")
    embed.add_field(name=_("Board"), value=lines[:1024], inline=False)
    if replays:
        embed.add_field(name=_("Replays of the day's deal"), value=replays[:1024], inline=False)
    if puzzle:
        embed.add_field(name=_("Puzzle of the day"), value=puzzle[:1024], inline=False)
    if attach and page.rows:
        from renderers import leaderboard as board_image  # Pillow and the renderers: on first use

        png = await drawn(board_image.render_png, board_model(page))
        parts["attachments"] = [discord.File(io.BytesIO(png), filename="daily.png")]
        embed.set_image(url="attachment://daily.png")
    return parts


class DailyCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        self.daily = Daily(bot.store)
        self.announce_seconds = ANNOUNCE_SECONDS
        self._announcer: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        STALE_PICKERS[DailyPicker.tag] = self.stale_click
        if self.bot.serving:
            self._announcer = asyncio.create_task(self._announce_loop())

    async def cog_unload(self) -> None:
        STALE_PICKERS.pop(DailyPicker.tag, None)
        if self._announcer is not None:
            self._announcer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._announcer

    # ----- /daily -----------------------------------------------------------------------

    @with_options(
        [
            game_option(N_("which game's deal of the day")),
            Option(
                "show", choice_of(SHOWN, optional=True), N_("a board instead of your game"), None
            ),
        ]
    )
    async def _daily(
        self, interaction: discord.Interaction, game: str, show: str | None = None
    ) -> None:
        guild = interaction.guild_id or 0
        user = interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if show is not None:
                await self.show_board(interaction, game, show)
                return
            spec_with_daily(game)
            day = await self.daily.today(guild)
            own = await self.daily.store.attempt(guild, day.local_day, game, user.id)
            if own is not None and own.finished:  # a second attempt: the board instead
                page, _day, _deal = await self.daily.day_board(guild, game, user.id)
                note = already_played(day, game)
                parts = await board_parts(page, can_attach(interaction.channel), note,
                                          puzzle=await self.puzzle_text(day, game))  # fmt: skip
                await called(interaction.edit_original_response, parts, content=None)
                return
            lapsed = await self.daily.lapsed(guild, game, user.id)
            attempt = await self.daily.begin(guild, user.id, user.display_name, game)
            note = lapsed_note(lapsed) + "\n" if lapsed is not None else ""
            await self.show_attempt(interaction, attempt, note)
        except DailyError as error:
            await interaction.edit_original_response(content=str(error))
        except StoreFault as error:
            await answer_unexpected(interaction, error)

    daily_command: app_commands.Command[DailyCommands, ..., None] = app_commands.guild_only()(
        app_commands.command(
            name="daily", description=N_("Today's deal: the same cards for everyone")
        )(_daily)
    )

    async def show_board(self, interaction: discord.Interaction, game: str, show: str) -> None:
        guild, viewer = interaction.guild_id or 0, interaction.user.id
        attach = can_attach(interaction.channel)
        if show == WEEK:
            page = await self.daily.week_board(guild, game, viewer)
            extra = _("Streak: {count}", count=await self.daily.streak_of(guild, viewer))
            parts = await board_parts(page, attach, extra)
        else:
            local_day = None
            if show == YESTERDAY:
                previous = await self.daily.previous_day(guild)
                if previous is None:
                    raise DailyError(_("There was no daily deal here that day."))
                local_day = previous.local_day
            page, day, deal = await self.daily.day_board(guild, game, viewer, local_day)
            extra, replays = "", ""
            if day.over(self.daily.clock()) and deal is not None:
                extra = reveal_text(deal)
                replays = await self.daily.replays(guild, day.local_day, game)
            parts = await board_parts(page, attach, extra, replays,
                                      await self.puzzle_text(day, game))  # fmt: skip
        await called(interaction.edit_original_response, parts, content=None)

    async def leaderboard(self, interaction: discord.Interaction, game: str, board: str) -> None:
        """/leaderboard's daily boards: privately, as today's results may not be seen before
        one's own attempt is over."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.show_board(interaction, game, WEEK if board == WEEK_BOARD else TODAY)
        except DailyError as error:
            await interaction.edit_original_response(content=str(error))

    async def puzzle_text(self, day: DayRow, game: str) -> str:
        """The day's puzzle of `game` and who solved it on the first try, for its board."""
        now = self.daily.clock()
        shown = await board_puzzles(PuzzleStore(self.bot.store), day, game, now)
        return board_text(shown, day.over(now))

    # ----- playing ----------------------------------------------------------------------

    async def stale_click(self, interaction: discord.Interaction) -> None:
        """A click on a daily picker that no longer listens (it timed out, or the bot
        restarted): the attempt again in a new private message, or why not."""
        parts = custom_id_of(interaction).split(":")
        game = parts[1] if len(parts) > 1 else ""
        guild, user = interaction.guild_id or 0, interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if game not in registry.names():  # a game this bot no longer offers
                raise DailyError(earlier_turn())
            spec_with_daily(game)
            lapsed = await self.daily.lapsed(guild, game, user.id)
            if lapsed is not None:
                raise DailyError(expired(lapsed.local_day))
            day = await self.daily.today(guild)
            own = await self.daily.store.attempt(guild, day.local_day, game, user.id)
            if own is None:  # the picker was of an earlier day's attempt, since finished
                raise DailyError(earlier_turn())
            if own.finished:
                raise DailyError(_("You have finished this daily deal."))
            attempt = await self.daily.begin(guild, user.id, user.display_name, game)
            await self.show_attempt(interaction, attempt, _(EXPIRED) + "\n")
        except DailyError as error:
            await interaction.edit_original_response(content=str(error))
        except StoreFault as error:
            await answer_unexpected(interaction, error)

    def heading(self, attempt: DailyAttempt) -> str:
        day, deal = attempt.day, attempt.deal
        return _(
            "**{game} · daily deal of {day}** (ends <t:{end}:R>)\nCommitment `{commitment}`: "
            "everyone here gets these cards today; the secret is shown when the day ends.",
            game=registry.display_name(deal.game),
            day=day.local_day,
            end=int(day.ends_at),
            commitment=deal.commitment,
        )

    async def show_attempt(
        self, interaction: discord.Interaction, attempt: DailyAttempt, note: str
    ) -> None:
        """The member's table, hand and picker in the interaction's message."""
        recent = told_lines(attempt.since_own_turn())
        text = self.heading(attempt) + "\n" + note
        if recent:
            text += _("Since your last turn:") + "\n" + recent + "\n"
        picker = DailyPicker(self, attempt, attempt.row.user_id)
        files = await hand_files(attempt, 0, table=True)
        await interaction.edit_original_response(
            content=(text + picker.prompt())[:2000], attachments=files, view=picker, embed=None
        )

    async def play(
        self, interaction: discord.Interaction, picker: DailyPicker, notation: str
    ) -> None:
        attempt = picker.attempt
        await interaction.response.defer()
        try:
            told = await self.daily.play(attempt, interaction.user.id, notation, picker.turn)
        except DailyError as error:
            await interaction.followup.send(str(error), ephemeral=True)
            return
        picker.stop()
        done = _("Your move: {play}", play=told) + "\n"
        if not attempt.finished:
            await self.show_attempt(interaction, attempt, done)
            return
        await self.show_finished(interaction, attempt, done)

    async def show_finished(
        self, interaction: discord.Interaction, attempt: DailyAttempt, note: str
    ) -> None:
        row = attempt.row
        page, day, _deal = await self.daily.day_board(row.guild_id, row.game, row.user_id)
        mine = next((s for s in page.rows if s.user_id == row.user_id), page.own)
        recent = told_lines(attempt.since_own_turn())
        text = note + (recent + "\n" if recent else "")
        text += ngettext(
            "The daily deal is over: you scored {count} point.",
            "The daily deal is over: you scored {count} points.",
            row.score or 0,
        )
        if mine is not None:
            text += " " + _(
                "Your place today: {place} ({percent}).", place=mine.place, percent=mine.figure
            )
        streak = await self.daily.streak_of(row.guild_id, row.user_id)
        text += " " + ngettext("Streak: {count} day.", "Streak: {count} days.", streak)
        parts = await board_parts(page, can_attach(interaction.channel),
                                  puzzle=await self.puzzle_text(day, row.game))  # fmt: skip
        await called(interaction.edit_original_response, parts, content=text[:2000], view=None)

    # ----- the day's end ----------------------------------------------------------------

    async def _announce_loop(self) -> None:
        while True:
            await asyncio.sleep(self.announce_seconds)
            try:
                await self.announce_due()
            except Exception as error:  # a database hiccup: the next round tries again
                log.warning("the daily boards could not be announced: %s", error)

    async def announce_due(self) -> int:
        """Close the days that have ended (their unfinished attempts expire, their finished
        ones become deal records) and post their boards where a server asked for it; returns
        how many boards were posted."""
        posted = 0
        for day in await self.daily.store.days_due(self.daily.clock() - CLOSE_GRACE_SECONDS):
            if self.bot.get_guild(day.guild_id) is None:
                continue  # another process's server (or one the bot has left)
            settings = (await self.bot.store.guild_settings(day.guild_id)).settings
            language = settings.get("daily_language")
            # the records (their computers' names) speak as the posted boards do
            with speaking(language if isinstance(language, str) else None):
                if await self.daily.close(day) is None:
                    continue  # another process closed it
            channel_id = settings.get("daily_channel")
            if not isinstance(channel_id, int):
                continue
            for deal in await self.daily.store.deals(day.guild_id, day.local_day):
                if deal.game not in registry.names():
                    continue  # a game no longer installed has no board to show
                with speaking(language if isinstance(language, str) else None):
                    posted += await self._post_board(channel_id, day.local_day, deal)
        return posted

    async def _post_board(self, channel_id: int, local_day: str, deal: DealRow) -> int:
        page, day, _deal = await self.daily.day_board(deal.guild_id, deal.game, 0, local_day)
        if not page.rows:
            return 0
        replays = await self.daily.replays(deal.guild_id, local_day, deal.game)
        puzzle = await self.puzzle_text(day, deal.game)
        try:
            channel = await channel_of(self.bot, channel_id)
            parts = await board_parts(page, can_attach(channel), reveal_text(deal), replays,
                                      puzzle)  # fmt: skip
            files = parts.pop("attachments")
            await called(channel.send, parts, files=files)
        except discord.HTTPException as error:
            log.warning("the daily board could not be posted in %s: %s", channel_id, error)
            return 0
        return 1


def told_lines(plays: list[Told], limit: int = 900) -> str:
    """One line per play, the latest kept when they do not all fit."""
    lines = [f"• {play.text}" for play in plays]
    while len("\n".join(lines)) > limit and len(lines) > 1:
        lines.pop(0)
    return "\n".join(lines)[:limit]


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(DailyCommands(bot))


__all__ = ["DAY_BOARD", "WEEK_BOARD", "DailyCommands", "DailyPicker"]

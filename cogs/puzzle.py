"""/puzzle and /puzzles: a position from this server's finished deals, posed privately as its
mover saw it, the answer checked and explained with the review's figures, and the members'
puzzle ratings (docs/review.md, "Puzzles"). Thin glue: bot.puzzles finds, stores and rates;
engine.puzzles says what a puzzle is."""

from __future__ import annotations

import asyncio
import io
import random
import re
from typing import TYPE_CHECKING, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import Daily
from bot.daily_puzzle import day_puzzle
from bot.i18n import N_, _, slash
from bot.localised import fit
from bot.puzzles import (
    HARVEST_AT_ONCE,
    HARVEST_SECONDS,
    PuzzleRow,
    PuzzleStore,
    harvest_deal,
    pick_for,
)
from cogs.common import guarded, tell
from cogs.options import Option, game_option, with_options
from cogs.review import number
from cogs.ui_types import ViewItem, ViewSelect, values_of
from engine.core import Action, AnyGame, GameError
from engine.puzzles import START_RATING, has_pick_or_pass
from engine.records import DealRecord, state_at
from engine.registry import display_name
from engine.review import model_for
from engine.words import say

if TYPE_CHECKING:
    from bot.client import SeepBot

SHOWN_CHOICES = 25  # a select menu's most
EXPLAINED = 5  # the figures listed under an answer


def puzzle_page(
    puzzle: PuzzleRow, match: AnyGame, names: list[str]
) -> tuple[str, list[tuple[str, str]], bytes]:
    """The puzzle as its mover saw it, in the reader's language: the question, the moves to
    choose from (their words and notations, in the game's own order: nothing of the answer)
    and the position's picture. Only the mover's view and their own moves are read."""
    from bot.review_pictures import position_png  # Pillow and the renderers: on first use

    player = puzzle.player
    title = _("Puzzle {number} · {game}", number=puzzle.id, game=display_name(puzzle.game))
    if puzzle.kind == "pick":
        question = _("Pick or pass? You sit in {name}'s seat.", name=names[player])
    else:
        question = _("Find the best move. You sit in {name}'s seat.", name=names[player])
    lines = [f"**{title}** · " + _("rated {rating}", rating=round(puzzle.rating)), question]
    legal = list(match.legal_actions())
    # More moves than a menu holds (a three-hand Sheepshead bury has 66): the answer and the
    # reviewed moves nearest it are kept, and shown in the game's own order
    rank = {notation: place for place, (notation, _) in enumerate(puzzle.choices)}
    nearest = sorted(legal, key=lambda a: rank.get(str(a), len(rank)))
    kept = {str(a) for a in nearest[:SHOWN_CHOICES]}
    shown = [a for a in legal if str(a) in kept]
    options = [(_describe(match, action, names), str(action)) for action in shown]
    png = position_png(match, player, names, title)
    return "\n".join(lines), options, png


def _describe(match: AnyGame, action: Action, names: list[str]) -> str:
    try:
        return match.describe(action, names)
    except (GameError, ValueError):
        return str(action)


def explanation(
    puzzle: PuzzleRow, match: AnyGame, names: list[str], answer: str,
    rating: tuple[bool, float, float] | None,
) -> str:  # fmt: skip
    """The answer checked and explained from the mover's knowledge (the review's figures)."""
    words = {str(a): _describe(match, a, names) for a in match.legal_actions()}
    model = model_for(puzzle.game)
    best = words.get(puzzle.best, puzzle.best)
    yours = words.get(answer, answer)
    if answer == puzzle.best:
        lines = [_("✅ Right! The best move here: {best}", best=best)]
    else:
        # the moves on their own (a move's words are a sentence of their own in some games)
        lines = [_("❌ Not this time. The best move here: {best}\nYou chose: {yours}",
                   best=best, yours=yours)]  # fmt: skip
    if puzzle.kind == "pick":
        lines.append(_("The computer's estimate, from the cards you held:"))
    else:
        lines.append(_("Each move's figure, from what {name} could see then:",
                       name=names[puzzle.player]))  # fmt: skip
    for notation, value in puzzle.choices[:EXPLAINED]:
        figure = number(value, model.digits)
        lines.append(f"· {words.get(notation, notation)}: {figure}")
    lines.append(say(model.unit))
    if rating is None:
        lines.append(_("Not rated: you have tried this puzzle before."))
    else:
        _solved, before, after = rating
        lines.append(_("Your puzzle rating: {before} → {after}.", before=round(before),
                       after=round(after)))  # fmt: skip
    return "\n".join(lines)


def daily_deals(bot: SeepBot) -> Daily:
    """The daily deals' runtime (its days and clock): the daily cog's where it is loaded."""
    for cog_name in ("DailyCommands", "PuzzleCommands"):
        found = getattr(bot.get_cog(cog_name), "daily", None)
        if isinstance(found, Daily):
            return found
    return Daily(bot.store)


async def position_of(bot: SeepBot, puzzle: PuzzleRow) -> tuple[AnyGame, list[str]] | None:
    """The puzzle's position, rebuilt from its deal's record (None: the record is gone, or
    no longer replays)."""
    row = await bot.store.deal_record(puzzle.deal_id)
    if row is None:
        return None
    try:
        record = DealRecord.from_text(row.record)
        match = await asyncio.to_thread(state_at, record, puzzle.step)
    except GameError:
        return None
    if match.current_player != puzzle.player:
        return None
    return match, list(record.names)


class PuzzleCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        self.puzzles = PuzzleStore(bot.store)
        self.rng = random.Random()
        self.daily = Daily(bot.store)  # the days, where the daily cog is not loaded
        # worlds per decision when harvesting (None: the time budget, HARVEST_SECONDS); a
        # fixed count makes a deal's puzzles the same on every machine (the tests set it)
        self.harvest_samples: int | None = None

    def working(self) -> asyncio.Lock:
        """The process's one review at a time (shared with /review)."""
        cog = self.bot.get_cog("ReviewCommands")
        lock = getattr(cog, "working", None)
        if isinstance(lock, asyncio.Lock):
            return lock
        if not hasattr(self, "_lock"):
            self._lock = asyncio.Lock()
        return self._lock

    async def harvest(self, guild_id: int, game: str) -> None:
        """Look at a few of the server's finished deals not yet looked at, for puzzles."""
        clear = model_for(game).thresholds.clear
        for deal_id, text in await self.puzzles.unharvested(guild_id, game, HARVEST_AT_ONCE):
            async with self.working():
                finds = await asyncio.to_thread(harvest_deal, text, HARVEST_SECONDS,
                                                self.harvest_samples)  # fmt: skip
            await self.puzzles.add(guild_id, game, deal_id, finds, clear)

    async def choose(self, guild_id: int, game: str, kind: str, user_id: int,
                     daily: bool) -> PuzzleRow | None:  # fmt: skip
        if daily:  # the daily deal's day (the server's time zone and hour)
            day = await daily_deals(self.bot).today(guild_id)
            return await day_puzzle(self.puzzles, day, game, kind,
                                    lambda: self.harvest(guild_id, game))  # fmt: skip
        fresh = await self.puzzles.untried(guild_id, game, kind, user_id)
        if not fresh:
            await self.harvest(guild_id, game)
            fresh = await self.puzzles.untried(guild_id, game, kind, user_id)
        if not fresh:
            return None
        mine = await self.puzzles.rating(guild_id, user_id)
        return pick_for(fresh, mine.rating if mine else START_RATING, self.rng)

    @with_options([
        game_option(N_("which game's puzzle")),
        Option("daily", bool, N_("the server's puzzle of the day instead"), False),
        Option("pick_or_pass", bool, N_("Sheepshead: your hand, pick or pass"), False),
    ])  # fmt: skip
    async def _puzzle(self, interaction: discord.Interaction, game: str, daily: bool = False,
                      pick_or_pass: bool = False) -> None:  # fmt: skip
        try:
            model_for(game)
        except GameError as error:
            await tell(interaction, str(error))
            return
        if pick_or_pass and not has_pick_or_pass(game):
            await tell(interaction, _("Only Sheepshead has pick or pass."))
            return
        kind = "pick" if pick_or_pass else "best"
        await interaction.response.send_message(_("Looking for a puzzle…"), ephemeral=True)
        guild = interaction.guild_id or 0
        puzzle = await self.choose(guild, game, kind, interaction.user.id, daily)
        if puzzle is None:
            await interaction.edit_original_response(content=_(
                "No new puzzle of {game} here yet: puzzles come from this server's finished "
                "deals. Play some and ask again.", game=display_name(game)))  # fmt: skip
            return
        await self.pose(interaction, puzzle)

    puzzle: app_commands.Command[PuzzleCommands, ..., None] = app_commands.guild_only()(
        app_commands.command(name="puzzle", description=N_(
            "A position from this server's finished deals: find the best move"))(_puzzle)
    )  # fmt: skip

    async def pose(self, interaction: discord.Interaction, puzzle: PuzzleRow) -> None:
        found = await position_of(self.bot, puzzle)
        if found is None:
            await interaction.edit_original_response(
                content=_("That puzzle's deal is no longer kept."))
            return
        match, names = found
        text, options, png = await asyncio.to_thread(puzzle_page, puzzle, match, names)
        view = discord.ui.View(timeout=None)
        view.add_item(PuzzleAnswer(puzzle.id, options))
        await interaction.edit_original_response(
            content=fit(text), view=view,
            attachments=[discord.File(io.BytesIO(png), filename=f"puzzle-{puzzle.id}.png")],
        )  # fmt: skip

    async def _board(self, interaction: discord.Interaction) -> None:
        rows = await self.puzzles.board(interaction.guild_id or 0)
        if not rows:
            await tell(interaction, _("Nobody here has tried a puzzle yet: {command}.",
                                      command=slash("puzzle")))  # fmt: skip
            return
        lines = [_("**Puzzle ratings in this server**")]
        lines += [
            _("{place}. {name} · {rating} · solved {solved} of {tries}", place=place,
              name=row.name, rating=round(row.rating), solved=row.solved, tries=row.tries)
            for place, row in enumerate(rows, 1)
        ]  # fmt: skip
        await tell(interaction, "\n".join(lines))

    puzzles_board: app_commands.Command[PuzzleCommands, ..., None] = app_commands.guild_only()(
        app_commands.command(name="puzzles", description=N_(
            "This server's puzzle ratings"))(_board)
    )  # fmt: skip


class PuzzleAnswer(
    discord.ui.DynamicItem[ViewSelect],
    template=r"puzzle:(?P<puzzle>\d+)",
):
    """A puzzle's moves: the one chosen is checked and explained (privately)."""

    def __init__(self, puzzle_id: int, options: list[tuple[str, str]] | None = None) -> None:
        self.puzzle_id = puzzle_id
        choices = [discord.SelectOption(label=fit(label, 100), value=value)
                   for label, value in options or [("-", "-")]]  # fmt: skip
        super().__init__(
            discord.ui.Select(
                custom_id=f"puzzle:{puzzle_id}",
                placeholder=_("Your move"),
                options=choices,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> Self:
        return cls(int(match["puzzle"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: SeepBot = interaction.client  # type: ignore[assignment]
        store = PuzzleStore(bot.store)
        puzzle = await store.puzzle(self.puzzle_id)
        values = values_of(interaction)
        if puzzle is None or not values:
            await tell(interaction, _("That puzzle is no longer kept."))
            return
        answer = str(values[0])
        found = await position_of(bot, puzzle)
        if found is None:
            await tell(interaction, _("That puzzle's deal is no longer kept."))
            return
        match, names = found
        if answer not in {str(a) for a in match.legal_actions()}:
            await tell(interaction, _("That is not one of this puzzle's moves."))
            return
        name = getattr(interaction.user, "display_name", "") or interaction.user.name
        now = daily_deals(bot).clock()  # the daily deal's clock: the day's board counts it
        rating = await store.answer(puzzle, interaction.user.id, name, answer, now)
        text = explanation(puzzle, match, names, answer, rating)
        await interaction.response.edit_message(content=fit(text), view=None)


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(PuzzleCommands(bot))
    bot.add_dynamic_items(PuzzleAnswer)

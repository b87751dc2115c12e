"""/hand and /play: the private hand with its picker, and the keyboard fast path."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import TableError
from cogs.common import session_for, tell
from cogs.picker import HandButton, answer_unhandled_component, play_move, show_hand

if TYPE_CHECKING:
    from bot.client import SeepBot


class PlayCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unhandled_component(interaction)

    @app_commands.command(name="hand", description="See your hand and choose a move")
    async def hand(self, interaction: discord.Interaction) -> None:
        try:
            session = session_for(interaction)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await show_hand(interaction, session)

    @app_commands.command(name="play", description="Play a move (type to search your moves)")
    @app_commands.describe(move="the move, as offered while you type")
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        try:
            session = session_for(interaction)
        except TableError as error:
            await tell(interaction, str(error))
            return
        # Discord allows 6,000 characters here; no move is longer than 100, and a refusal
        # quotes what was typed
        await play_move(interaction, session, move[:100], None)

    @play.autocomplete("move")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            session = session_for(interaction)
            session.check_turn(interaction.user.id)
        except TableError:
            return []
        match = session.match
        assert match is not None
        wanted = current.lower().strip()
        names = session.names()
        choices = []
        for action in match.legal_actions():
            text = match.describe(action, names)
            if wanted in text.lower() or wanted in action.notation.lower():
                choices.append(app_commands.Choice(name=text[:100], value=action.notation))
            if len(choices) == 25:
                break
        return choices


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(PlayCommands(bot))
    bot.add_dynamic_items(HandButton)

"""/hand and /play: the private hand with its picker, and the keyboard fast path."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_
from bot.tables import TableError
from cogs.common import session_for
from cogs.picker import (
    HandButton,
    LastTrickButton,
    answer_unhandled_component,
    play_move,
    show_hand,
)
from cogs.places import everywhere

if TYPE_CHECKING:
    from bot.client import SeepBot


# A move offered while typing carries the turn it was offered for ("9Hx9S#12"), as the
# picker's buttons do: sent after that turn has passed (a picker click got there first), it is
# refused as an earlier turn instead of being played on the player's next turn. A move typed
# without choosing from the list carries no turn and is played as the present one.
TURN_MARK = "#"


def move_and_turn(value: str) -> tuple[str, int | None]:
    notation, mark, turn = value.rpartition(TURN_MARK)
    if mark and turn.isdigit():
        return notation, int(turn)
    return value, None


class PlayCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unhandled_component(interaction)

    @everywhere
    @app_commands.command(name="hand", description=N_("See your hand and choose a move"))
    async def hand(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction)
        await show_hand(interaction, session)

    @everywhere
    @app_commands.command(name="play", description=N_("Play a move (type to search your moves)"))
    @app_commands.describe(move=N_("the move, as offered while you type"))
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        session = session_for(interaction)
        # Discord allows 6,000 characters here; no move is longer than 100, and a refusal
        # quotes what was typed
        notation, turn = move_and_turn(move[:100])
        await play_move(interaction, session, notation, turn)

    @play.autocomplete("move")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            session = session_for(interaction)
            session.check_turn(interaction.user.id)
        except TableError:
            return []
        match = session.in_play.match  # a turn was checked: the table is in play
        wanted = current.lower().strip()
        names = session.names()
        choices = []
        turn = session.turn_number
        for action in match.legal_actions():
            text = match.describe(action, names)
            if wanted in text.lower() or wanted in action.notation.lower():
                value = f"{action.notation}{TURN_MARK}{turn}"
                choices.append(app_commands.Choice(name=text[:100], value=value))
            if len(choices) == 25:
                break
        return choices


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(PlayCommands(bot))
    bot.add_dynamic_items(HandButton, LastTrickButton)

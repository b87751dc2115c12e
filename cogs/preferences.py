"""/language and /autoplay: each player's own choices, kept wherever they play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LANGUAGES, N_, OWN_NAMES, _, current, language_of, use_language
from cogs.common import tell
from cogs.places import everywhere

if TYPE_CHECKING:
    from bot.client import SeepBot

DISCORD_LANGUAGE = "discord"


class PreferenceCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot

    @everywhere  # a person's own choices: wherever they play
    @app_commands.command(name="language", description=N_("The language the bot speaks to you in"))
    @app_commands.describe(language=N_("Your language, or the one your Discord app uses"))
    @app_commands.choices(
        language=[
            *(app_commands.Choice(name=label, value=code) for code, label in LANGUAGES.items()),
            app_commands.Choice(name=N_("My Discord app's language"), value=DISCORD_LANGUAGE),
        ]
    )
    async def language(
        self, interaction: discord.Interaction, language: app_commands.Choice[str]
    ) -> None:
        chosen = None if language.value == DISCORD_LANGUAGE else language.value
        await self.bot.preferences.set_language(interaction.user.id, chosen)
        use_language(language_of(chosen, str(interaction.locale)))
        await tell(
            interaction,
            _(
                "From now on I speak {language} to you: your hand, your moves, the rules and my "
                "answers. A table's own messages speak the server's language.",
                language=OWN_NAMES[current()],
            ),
        )

    @everywhere
    @app_commands.command(
        name="autoplay", description=N_("Play your move at once when it is your only legal one")
    )
    @app_commands.describe(on=N_("On: a forced move is played for you; off: you are asked"))
    async def autoplay(self, interaction: discord.Interaction, on: bool) -> None:
        await self.bot.preferences.set_auto_play(interaction.user.id, on)
        if on:
            text = _("When you have only one legal move, I play it for you at once.")
        else:
            text = _("I ask you for every move, even when you have only one.")
        await tell(interaction, text)


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(PreferenceCommands(bot))

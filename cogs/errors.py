"""One answer for anything unexpected in a slash command: private and plain, never a
traceback for the user, and a warning (not an error) in the log. A table's refusal (a
TableError) is answered here too, privately in its own words, so commands just raise it.

A command that became a group of per-game subcommands (`/table new`, `/rules`, `/stats`) may
still be used in its old form by a client that has not seen the new commands yet: discord.py
finds a group where a command was expected, and the player is pointed to the new form."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import _
from bot.localised import OUTDATED, fit, quoted
from bot.tables import TableError
from cogs.common import answer_unexpected, tell
from cogs.ui_types import interaction_data
from engine import registry

if TYPE_CHECKING:
    from bot.client import SeepBot


def chosen_game(options: object) -> str | None:
    """The `game` option of an old-form command, wherever it sits."""
    for option in options if isinstance(options, list) else []:
        if not isinstance(option, dict):
            continue
        value = option.get("value")
        if option.get("name") == "game" and isinstance(value, str):
            return value
        found = chosen_game(option.get("options") or [])
        if found:
            return found
    return None


def moved_to(group: app_commands.Group, interaction: discord.Interaction) -> str:
    """Where an old-form command moved: the game now follows the command's name."""
    names = [child.name for child in group.commands]
    game = chosen_game(interaction_data(interaction).get("options"))
    if game not in names:
        game = next((name for name in registry.names() if name in names), names[0])
    return _(
        "This command has changed: the game now comes first, as {example}. Your Discord app "
        "shows the new form once it has loaded the bot's commands again.",
        example=f"`/{group.qualified_name} {game}`",
    )


def no_such_game(error: app_commands.CommandNotFound, interaction: discord.Interaction) -> str:
    """A subcommand this version does not have (a game no longer installed): the choices."""
    tree = interaction.client.tree  # type: ignore[attr-defined]  # the client is our bot
    group: object = tree.get_command(error.parents[0]) if error.parents else None
    for name in error.parents[1:]:
        group = group.get_command(name) if isinstance(group, app_commands.Group) else None
    names = [c.name for c in group.commands] if isinstance(group, app_commands.Group) else []
    problem = _(
        "{value} is not one of the choices for {name} ({offered}).",
        value=quoted(error.name),
        name="game",
        offered=fit(", ".join(names), 500),
    )
    return _(OUTDATED, command=" ".join(error.parents), problem=problem)


async def on_command_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    if isinstance(error, app_commands.CommandSignatureMismatch) and isinstance(
        error.command, app_commands.Group
    ):
        await tell(interaction, moved_to(error.command, interaction))
        return
    if isinstance(error, app_commands.CommandNotFound) and error.parents:
        await tell(interaction, no_such_game(error, interaction))
        return
    if isinstance(error, app_commands.CheckFailure):
        message = _("You can't use that command here.")
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
        return
    original = getattr(error, "original", error)
    if isinstance(original, TableError):  # a table's refusal, told only to whoever asked
        await tell(interaction, str(original))
        return
    await answer_unexpected(interaction, original)


async def setup(bot: SeepBot) -> None:
    bot.tree.on_error = on_command_error  # type: ignore[method-assign]  # the tree's one handler

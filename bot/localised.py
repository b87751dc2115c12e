"""Every interaction speaks its player's language: the command tree sets it before a slash
command's handler runs (the components' handlers set it themselves, through `localise`), and
holds a command's options to what this version declares."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import logs
from bot.i18n import N_, _, language_of, speaks_locale, use_language

if TYPE_CHECKING:
    from bot.client import SeepBot

MESSAGE_LIMIT = 2000  # Discord's limit of a message's text
QUOTED = 100  # characters of a player's input that a refusal quotes
OUTDATED = N_(
    "Your Discord app shows an older version of /{command}: {problem} Reopen the command and "
    "choose again."
)
log = logging.getLogger("seepbot.errors")


async def localise(interaction: discord.Interaction) -> str:
    """Speak the player's language for the rest of this interaction's handling: their
    `/language` choice, else their Discord client's language when it is one of ours, else
    the server's, else English. (The log names the interaction from here on.) A choice that
    cannot be read counts as none: the player is still answered."""
    logs.set_interaction(logs.describe_interaction(interaction))
    client: SeepBot = interaction.client  # type: ignore[assignment]  # always our bot
    locale = str(interaction.locale)
    preference = server = None
    try:
        preference = (await client.preferences.of(interaction.user.id)).language
        if preference is None and not speaks_locale(locale):
            server = await client.preferences.server_language(interaction.guild_id)
    except Exception as error:
        log.warning("the language choice cannot be read", exc_info=error)
    code = language_of(preference, locale, server)
    use_language(code)
    return code


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """Text that fits in a Discord message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object) -> str:
    """A player's input as a refusal may quote it: short, on one line."""
    text = " ".join(str(value).split())
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


class LocalisedTree(app_commands.CommandTree["SeepBot"]):
    """Every slash command's handler speaks the player's language (set before it runs, in the
    same task). Before a handler runs, the options are held to what the command declares: a
    registration Discord still shows from an older version may offer values this one does
    not take, and those are refused here instead of reaching a handler (or the store)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await localise(interaction)
        command = interaction.command
        options = leaf_options(dict(interaction.data or {}))
        if interaction.type is discord.InteractionType.autocomplete:
            focused = next((o["name"] for o in options if o.get("focused")), None)
            declared = command.parameters if isinstance(command, app_commands.Command) else []
            param = next((p for p in declared if p.display_name == focused), None)
            if param is None or not param.autocomplete:
                # an option that offers nothing while typing (an older registration)
                await interaction.response.autocomplete([])
                return False
            return True
        if not isinstance(command, app_commands.Command):
            return True
        params = {p.display_name: p for p in command.parameters}
        problem = option_problem(options, params)
        if problem:
            text = fit(_(OUTDATED, command=command.qualified_name, problem=problem))
            await interaction.response.send_message(text, ephemeral=True)
            return False
        return True


def leaf_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the subcommand an interaction names."""
    options = list(data.get("options") or [])
    while options and options[0].get("type") in (1, 2):  # a subcommand group, a subcommand
        options = list(options[0].get("options") or [])
    return options


def option_problem(options: list[dict[str, Any]], params: dict[str, Any]) -> str:
    """What in the options sent is not what the command declares, in the player's words;
    "" when everything is."""
    for option in options:
        param = params.get(str(option.get("name")))
        value = option.get("value")
        if param is None:
            return _("it has an option {name} that no longer exists.", name=quoted(option["name"]))
        kind = _wrong_kind(param.type, value)
        if kind:
            return _(
                "{name} takes {kind}, not {value}.",
                name=param.display_name,
                kind=kind,
                value=quoted(value),
            )
        if param.choices and value not in [choice.value for choice in param.choices]:
            offered = ", ".join(str(choice.value) for choice in param.choices)
            return _(
                "{value} is not one of the choices for {name} ({offered}).",
                value=quoted(value),
                name=param.display_name,
                offered=fit(offered, 500),
            )
        if isinstance(value, int | float) and not isinstance(value, bool):
            low, high = param.min_value, param.max_value
            if (low is not None and value < low) or (high is not None and value > high):
                return _(
                    "{name} must be from {low} to {high}, not {value}.",
                    name=param.display_name,
                    low=low,
                    high=high,
                    value=quoted(value),
                )
    return ""


def _wrong_kind(kind: discord.AppCommandOptionType, value: object) -> str:
    """What an option of `kind` takes, in the player's words, when `value` is not that (a
    client may send anything); "" when it is."""
    types = discord.AppCommandOptionType
    if kind is types.boolean and not isinstance(value, bool):
        return _("yes or no")
    if kind is types.integer and (isinstance(value, bool) or not isinstance(value, int)):
        return _("a whole number")
    if kind is types.number and (isinstance(value, bool) or not isinstance(value, int | float)):
        return _("a number")
    if kind is types.string and not isinstance(value, str):
        return _("text")
    return ""

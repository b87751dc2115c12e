"""Small helpers every cog uses: private answers, paging buttons, finding the table."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands

from bot import logs
from bot.i18n import N_, _, language_of, use_language
from bot.storage import StoreFault
from bot.tables import TableError, TableSession

if TYPE_CHECKING:
    from bot.client import SeepBot

PAGE = 25  # Discord's limit of options in one select
MESSAGE_LIMIT = 2000  # Discord's limit of a message's text
QUOTED = 100  # characters of a player's input that a refusal quotes
UNEXPECTED = N_("That choice isn't available any more. Try the command again.")
NOT_SAVED = N_("That can't be saved right now: try again in a moment.")
MOVE_NOT_SAVED = N_("Moves can't be saved right now: try again in a moment.")
OUTDATED = N_(
    "Your Discord app shows an older version of /{command}: {problem} Reopen the command and "
    "choose again."
)
log = logging.getLogger("seepbot.errors")
Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])


def bot_of(interaction: discord.Interaction) -> SeepBot:
    return interaction.client  # type: ignore[return-value]  # the client is always our bot


async def localise(interaction: discord.Interaction) -> str:
    """Speak the player's language for the rest of this interaction's handling: their
    `/language` choice, else their Discord client's language. (The log names the interaction
    from here on.) A choice that cannot be read counts as none: the player is still answered."""
    logs.set_interaction(logs.describe_interaction(interaction))
    try:
        preference = (await bot_of(interaction).preferences.of(interaction.user.id)).language
    except Exception as error:
        log.warning("the language choice cannot be read", exc_info=error)
        preference = None
    code = language_of(preference, str(interaction.locale))
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
        options = leaf_options(interaction.data or {})
        if interaction.type is discord.InteractionType.autocomplete:
            focused = next((o["name"] for o in options if o.get("focused")), None)
            params = command.parameters if isinstance(command, app_commands.Command) else []
            param = next((p for p in params if p.display_name == focused), None)
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
            await tell(interaction, _(OUTDATED, command=command.qualified_name, problem=problem))
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


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was answered already."""
    text = fit(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def page_button(
    custom_id: str, step: str, page: int, pages: int, row: int | None = None
) -> discord.ui.Button[Any]:
    """Previous or Next on a paged message, disabled at either end (when `pages` is known:
    a button rebuilt from its custom_id only needs to act)."""
    at_end = (step == "prev" and page == 0) or (step == "next" and page >= pages - 1)
    return discord.ui.Button(
        label=_("Previous") if step == "prev" else _("Next"),
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id,
        disabled=at_end and pages > 0,
        row=row,
    )


async def send_page(interaction: discord.Interaction, page: dict[str, Any], **extra: Any) -> None:
    """Answer with a new message built for editing (its `attachments` become `files`)."""
    files = page.pop("attachments")
    await interaction.response.send_message(**page, files=files, **extra)


def session_for(interaction: discord.Interaction, table_id: int | None = None) -> TableSession:
    """The table an interaction is about (and the log names it from here on)."""
    session = _session_for(interaction, table_id)
    logs.set_table(session.id)
    return session


def _session_for(interaction: discord.Interaction, table_id: int | None = None) -> TableSession:
    bot = bot_of(interaction)
    if table_id is None:
        channel_id = interaction.channel_id or 0
        session = bot.tables.get(channel_id)
        if session is None:
            threads = [
                f"<#{s.row.channel_id}>"
                for s in bot.tables.by_channel.values()
                if s.row.options.get("parent_channel_id") == channel_id
            ]
            if threads:
                raise TableError(
                    _(
                        "The tables of this channel play in their own threads: {threads}. "
                        "Use the commands there.",
                        threads=", ".join(threads),
                    )
                )
            raise TableError(_("There is no table in this channel: start one with /table new."))
        return session
    for session in bot.tables.by_channel.values():
        if session.id == table_id:
            return session
    raise TableError(_("That table has ended."))


async def channel_of(bot: SeepBot, channel_id: int) -> Any:
    channel = bot.get_channel(channel_id)
    if channel is None:
        channel = await bot.fetch_channel(channel_id)
    return channel


async def answer_unexpected(interaction: discord.Interaction, error: BaseException) -> None:
    """The one answer to anything unexpected: private and plain; a warning in the log, not an
    error (a stale button or an odd value is the user's world, not a bug of ours). When the
    store cannot write, the answer says so: nothing was changed, and a moment later it can.
    The log never quotes the interaction's values: they may be cards."""
    if isinstance(error, StoreFault):
        log.warning("the store failed: %s", error)
        text = _(NOT_SAVED)
    else:
        log.warning("unexpected input", exc_info=error)
        text = _(UNEXPECTED)
    try:
        await tell(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


def guarded(callback: Handler) -> Handler:
    """A component's callback that answers privately whatever goes wrong inside it."""

    @functools.wraps(callback)
    async def run(self: Any, interaction: discord.Interaction, *args: Any) -> None:
        try:
            await localise(interaction)
            await callback(self, interaction, *args)
        except TableError as error:
            await tell(interaction, str(error))
        except Exception as error:
            await answer_unexpected(interaction, error)

    return run  # type: ignore[return-value]  # same signature as the wrapped callback

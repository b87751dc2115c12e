"""Small helpers every cog uses: private answers, paging buttons, finding the table."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Self, TypeVar

import discord

from bot import logs
from bot.i18n import N_, _, slash
from bot.localised import fit, localise
from bot.storage import StoreFault
from bot.tables import TableError, TableSession
from cogs.ui_types import MessageParts, ViewButton, ViewItem, called
from engine import registry

if TYPE_CHECKING:
    from bot.client import SeepBot
    from bot.storage.store import DealRecordRow
    from bot.tables import Play

PAGE = 25  # Discord's limit of options in one select
UNEXPECTED = N_("That choice isn't available any more. Try the command again.")
NOT_SAVED = N_("That can't be saved right now: try again in a moment.")
MOVE_NOT_SAVED = N_("Moves can't be saved right now: try again in a moment.")
log = logging.getLogger("seepbot.errors")
Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])


def bot_of(interaction: discord.Interaction) -> SeepBot:
    return interaction.client  # type: ignore[return-value]  # the client is always our bot


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was answered already."""
    text = fit(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


TAKEN = "seepbot.taken"  # in an interaction's extras: a live view of ours has it


class OwnView(discord.ui.View):
    """A view that marks each click as its own the moment it receives it, before anything
    else: the catch-all for clicks nobody answers (cogs/play.py) then leaves it alone even
    when the view stops itself (leaving discord.py's store) before the catch-all looks."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        interaction.extras[TAKEN] = True
        return True


class TableButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"(?P<kind>[a-z]+):(?P<table>\d+)(?::(?P<moves>\d+))?",
):
    """A button on one table's message; its custom id is "<kind>:<table id>", so a press
    finds its table after a restart (with ":<moves>" on a table message's "My hand": the
    moves it shows, so that a restart recognises a message it posted and did not record).
    A subclass says its kind, label (marked with `N_`, shown in the language spoken when the
    message is made) and style:
    `class HandButton(TableButton, kind="hand", label=N_("My hand"))`."""

    kind: str
    label: str
    style: discord.ButtonStyle

    def __init_subclass__(
        cls,
        *,
        kind: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init_subclass__(template=rf"{kind}:(?P<table>\d+)(?::(?P<moves>\d+))?")
        cls.kind, cls.label, cls.style = kind, label, style

    def __init__(self, table_id: int, moves: int | None = None) -> None:
        self.table_id = table_id
        custom_id = f"{self.kind}:{table_id}" + ("" if moves is None else f":{moves}")
        super().__init__(
            discord.ui.Button(label=_(self.label), style=self.style, custom_id=custom_id)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> Self:
        moves = match["moves"]
        return cls(int(match["table"]), None if moves is None else int(moves))


def page_button(
    custom_id: str, step: str, page: int, pages: int, row: int | None = None
) -> ViewButton:
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


async def send_page(interaction: discord.Interaction, page: MessageParts, **extra: object) -> None:
    """Answer with a new message built for editing (its `attachments` become `files`)."""
    files = page.pop("attachments")
    await called(interaction.response.send_message, page, files=files, **extra)


def session_for(interaction: discord.Interaction, table_id: int | None = None) -> TableSession:
    """The table an interaction is about (and the log names it from here on)."""
    session = _session_for(interaction, table_id)
    logs.set_table(session.id)
    # a press at a table outside servers may carry its next message (cogs/relay.py)
    offer = getattr(bot_of(interaction).flow.output, "offer_press", None)
    if offer is not None:
        offer(interaction, session)
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
                if s.row.options.parent_channel_id == channel_id
            ]
            if threads:
                raise TableError(
                    _(
                        "The tables of this channel play in their own threads: {threads}. "
                        "Use the commands there.",
                        threads=", ".join(threads),
                    )
                )
            raise TableError(
                _(
                    "There is no table in this channel: start one with {command}.",
                    command=slash("table new"),
                )
            )
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


UNKNOWN_INTERACTION = 10062  # Discord's code: the interaction's token has expired


async def answer_unexpected(interaction: discord.Interaction, error: BaseException) -> None:
    """The one answer to anything unexpected: private and plain; a warning in the log, not an
    error (a stale button or an odd value is the user's world, not a bug of ours). When the
    store cannot write, the answer says so: nothing was changed, and a moment later it can.
    The log never quotes the interaction's values: they may be cards."""
    cause = error  # a command's error wraps what it raised
    if isinstance(error, discord.app_commands.CommandInvokeError):
        cause = error.original
    if isinstance(cause, discord.NotFound) and cause.code == UNKNOWN_INTERACTION:
        # Too late: Discord no longer takes an answer to it (nothing else went wrong)
        log.warning("interaction %s expired before it could be answered", interaction.id)
        return
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
    async def run(self: object, interaction: discord.Interaction, *args: object) -> None:
        try:
            await localise(interaction)
            await callback(self, interaction, *args)
        except TableError as error:
            await tell(interaction, str(error))
        except Exception as error:
            await answer_unexpected(interaction, error)

    return run  # type: ignore[return-value]  # same signature as the wrapped callback


def cannot_post(channel: object) -> str | None:
    """Why the bot cannot run a table in this channel, in words for the players; None if it can."""
    permissions = getattr(channel, "permissions_for", None)
    guild = getattr(channel, "guild", None)
    if permissions is None or guild is None or guild.me is None:
        return None
    allowed = permissions(guild.me)
    if not allowed.send_messages:
        return _(
            "I may not post messages in this channel, so I cannot keep a table here. Ask a "
            "moderator to give me Send Messages here, or open the table in another channel."
        )
    if not allowed.embed_links:
        return _(
            "I may not embed links in this channel, and the table is shown in an embed. Ask a "
            "moderator to give me Embed Links here, or open the table in another channel."
        )
    return None


def can_attach(channel: object) -> bool:
    permissions = getattr(channel, "permissions_for", None)
    guild = getattr(channel, "guild", None)
    if permissions is None or guild is None or guild.me is None:
        return True
    return bool(permissions(guild.me).attach_files)


def plays_text(plays: Sequence[Play], names: Sequence[str], limit: int = 1024) -> str:
    """One line per play in the language spoken now, the latest kept when they do not all
    fit."""
    lines = [f"• {play.told(names)}" for play in plays]
    while len("\n".join(lines)) > limit and len(lines) > 1:
        lines.pop(0)
    return "\n".join(lines)[:limit]


async def find_deal(interaction: discord.Interaction, deal: int) -> DealRecordRow | None:
    """The deal `deal` if the asker may see it; otherwise they are told why and None."""
    bot: SeepBot = interaction.client  # type: ignore[assignment]
    row = await bot.store.deal_record(deal)
    if row is None:
        await tell(interaction, _("There is no finished deal number {deal}.", deal=deal))
        return None
    if interaction.guild_id is None or row.guild_id != interaction.guild_id:
        await tell(
            interaction,
            _("Deal {deal} was played in another server: only its members may look at it.",
              deal=deal),
        )  # fmt: skip
        return None
    if row.game not in registry.names():
        await tell(interaction, _(
            "Deal {deal} is a deal of {game}, a game this bot no longer offers: its record is "
            "kept, but it cannot be shown or checked until the game is installed again.",
            deal=deal, game=row.game))  # fmt: skip
        return None
    return row

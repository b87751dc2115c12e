"""/lfg: the table finder's seat cards (bot/lfg.py does what a press does; docs/lfg.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Coroutine, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import logs
from bot import settings as server
from bot.client import prepare_drawing
from bot.i18n import N_, _, current, ngettext, slash, speaking
from bot.lfg import FILL_MINUTES_AT_MOST, Cooldown, TableFinder, lfg_settings
from bot.storage.lfg import CardRow, CardStatus
from bot.table_options import TableOptions
from bot.tables import TableError, TableSession
from bot.translator import said
from cogs.common import bot_of, cannot_post, channel_of, guarded, tell
from cogs.lobby import lobby_embed
from cogs.options import Option, game_option, per_game, with_options
from cogs.tables import new_table_options, open_thread
from cogs.ui_types import MessageParts, ViewButton, ViewItem, called
from engine import registry
from engine.registry import GameSpec, TableRules, display_name

if TYPE_CHECKING:
    from bot.client import SeepBot

log = logging.getLogger("seepbot.lfg")


def cards_at_once(seconds: float) -> str:
    count = max(1, round(seconds))
    return ngettext(
        "You posted several cards a moment ago: wait {count} second before the next one.",
        "You posted several cards a moment ago: wait {count} seconds before the next one.",
        count,
    )


def notify_at_once(seconds: float) -> str:
    count = max(1, round(seconds))
    return ngettext(
        "You changed that several times a moment ago: try again in {count} second.",
        "You changed that several times a moment ago: try again in {count} seconds.",
        count,
    )


def fill_option() -> Option:
    annotation = app_commands.Range[int, 1, FILL_MINUTES_AT_MOST] | None
    return Option(
        "fill_after",
        annotation,
        N_("after this many minutes, computer players take the empty seats and the game starts"),
        None,
    )


def lfg_options(spec: GameSpec) -> list[Option]:
    """/lfg <game>'s options: those of /table new <game>, and the wait for computers."""
    return [*new_table_options(spec), fill_option()]


def lfg_description(spec: GameSpec) -> app_commands.locale_str:
    return said(N_("Find players for a table of {game}"), game=spec.display_name)


def card_embed(card: CardRow, session: TableSession | None) -> discord.Embed:
    """The card, in its table's language: the game, the host, the seats taken and open, the
    house rules (the lobby's fields) and what happens next."""
    language = session.language if session is not None else current()
    with speaking(language):
        if session is None:
            embed = discord.Embed(colour=discord.Colour.dark_grey())
        else:
            embed = lobby_embed(session.lobby_snapshot())
        embed.title = _("{game}: looking for players", game=display_name(card.game))
        lines = [_("Host: {host}", host=f"<@{card.host_id}>")]
        if session is not None:
            lines.append(
                _(
                    "Seats taken: {taken} of {count}",
                    taken=len(session.seats),
                    count=session.players,
                )
            )
        if card.status is CardStatus.OPEN:
            lines.append(
                _("Press Join to take a seat: the game starts by itself when every seat is taken.")
            )
            if card.fill_at is not None:
                lines.append(
                    _(
                        "Seats still empty {when} get computer players, and the game starts.",
                        when=f"<t:{int(card.fill_at)}:R>",
                    )
                )
        elif card.status is CardStatus.STARTED and session is not None:
            place = f"<#{session.row.channel_id}>"
            lines.append(_("The game has started: it plays in {place}.", place=place))
        else:
            lines.append(_("This card was cancelled: its table is closed."))
            embed.colour = discord.Colour.dark_grey()
        embed.description = "\n".join(lines)
        return embed


def card_view(card: CardRow, language: str) -> discord.ui.View | None:
    if card.status is not CardStatus.OPEN:
        return None
    view = discord.ui.View(timeout=None)
    with speaking(language):
        for action in ("join", "leave", "cancel"):
            view.add_item(CardButton(card.id, action))
    return view


def closed_text(card: CardRow) -> MessageParts:
    """A closed card's edit takes its ping line away ("…: a table of Seep is looking for
    players" no more); an open card's keeps it."""
    return {} if card.status is CardStatus.OPEN else {"content": ""}


def finder_of(interaction: discord.Interaction) -> LfgCommands:
    cog = bot_of(interaction).get_cog("LfgCommands")
    if not isinstance(cog, LfgCommands):
        raise TableError(_("The table finder is not available right now."))
    return cog


class CardButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"lfg:(?P<card>\d+):(?P<action>join|leave|cancel)",
):
    LABELS: ClassVar[dict[str, str]] = {
        "join": N_("Join"), "leave": N_("Leave"), "cancel": N_("Cancel"),
    }  # fmt: skip
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "cancel": discord.ButtonStyle.danger,
    }  # fmt: skip

    def __init__(self, card_id: int, action: str) -> None:
        self.card_id, self.action = card_id, action
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS[action]),
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"lfg:{card_id}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> CardButton:
        return cls(int(match["card"]), match["action"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        cog = finder_of(interaction)
        finder = cog.finder
        user = interaction.user
        if self.action == "join":
            session, _started = await finder.join(self.card_id, user.id, user.display_name)
        elif self.action == "leave":
            session = await finder.leave(self.card_id, user.id)
        else:
            moderator = interaction.permissions.manage_channels
            session = await finder.cancel(self.card_id, user.id, moderator)
            if session.row.options.parent_channel_id is not None:  # its thread hears why
                with speaking(session.language):
                    note = _("This table's card was cancelled, so the table is closed.")
                cog.schedule(cog.tell_table(session, note))
        card = await finder.card(self.card_id)
        await called(
            interaction.response.edit_message,
            closed_text(card),
            embed=card_embed(card, session),
            view=card_view(card, session.language),
        )


async def card_thread(
    target: object, game: str, options: TableOptions
) -> tuple[discord.Thread | None, TableOptions]:
    """The card's table's own thread under a text channel (the channel noted in the options
    returned), named in the table's language; None where the table plays in the card's
    channel."""
    if not isinstance(target, discord.TextChannel):
        return None, options
    with speaking(options.language):
        title = _("{game} table", game=registry.display_name(registry.game(game).name))
    thread, _note = await open_thread(target, title)
    if thread is not None:
        options = replace(options, parent_channel_id=target.id)
    return thread, options


def card_posted_text(message: discord.Message, in_thread: bool, game: str, pinged: bool) -> str:
    """The poster's private word that the card is up, where its table plays, and who heard."""
    answer = _("Your card is up: {link}.", link=message.jump_url)
    if not in_thread:
        answer += " " + _(
            "Its table plays in the card's channel: I may not open threads there."
        )
    if pinged:
        answer += " " + _("I let the members who asked for {game} cards know.",
                          game=display_name(game))  # fmt: skip
    return answer


class LfgCommands(commands.Cog):
    lfg = app_commands.Group(
        name="lfg",
        description=N_("Find players: post a seat card; the table starts when every seat is taken"),
        guild_only=True,
    )

    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        self.finder = TableFinder(bot.store, bot.tables, bot.flow)
        self.finder.changed = self.changed
        self.finder.starting = self.announce_start
        self.posting: dict[tuple[int, int], asyncio.Lock] = {}  # by (server, host)
        self.card_cooldown = Cooldown(3, 600.0)  # cards a member posts in ten minutes
        self.notify_cooldown = Cooldown(5, 300.0)  # /lfg notify changes in five minutes

    async def cog_load(self) -> None:
        self.schedule(self._resume())

    async def cog_unload(self) -> None:
        await self.finder.close()

    def schedule(self, coro: Coroutine[object, object, None]) -> None:
        """Work after an answer (kept, so a close stops it); through the turn loop's
        background while it runs, so that the tests' idle waits for it."""
        self.bot.flow.schedule(coro)

    async def _resume(self) -> None:
        await self.bot.wait_until_ready()
        for card_id in await self.finder.resume():
            await self.changed(card_id)

    # ----- /lfg <game> ------------------------------------------------------------------

    async def _post(self, interaction: discord.Interaction, game: str, **values: object) -> None:
        await self.post_card(interaction, game, **values)

    # `/lfg new <game>`, as `/table new <game>`: a group holds at most 25 subcommands, and
    # every game (up to 25) has its own, so the games have a group of their own
    new = app_commands.Group(name="new", description=N_("Post a seat card for a new table"),
                             parent=lfg)  # fmt: skip
    for _command in per_game(registry.games(), lfg_description, lfg_options, _post):
        new.add_command(_command)
    del _command  # not a command of the cog itself

    async def post_card(
        self,
        interaction: discord.Interaction,
        game: str,
        **values: Any,
    ) -> None:
        """One card at a time per member: a second `/lfg` at the same moment waits, then
        finds the first card open."""
        key = (interaction.guild_id or 0, interaction.user.id)
        async with self.posting.setdefault(key, asyncio.Lock()):
            await self._post_card(interaction, game, **values)

    async def _post_card(
        self,
        interaction: discord.Interaction,
        game: str,
        players: int | None = None,
        timer: str | None = None,
        level: str | None = None,
        beginner: bool = False,
        fill_after: int | None = None,
        **chosen: object,
    ) -> None:
        guild_id = interaction.guild_id or 0
        user = interaction.user
        await self._refuse_another_card(guild_id, user.id)
        saved = (await self.bot.store.guild_settings(guild_id)).settings
        target = await self._card_channel(interaction, saved)
        rules, options = await self._table_settings(
            interaction, game, saved, players, timer, level, beginner, chosen
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread, options = await card_thread(target, game, options)
        home = target if thread is None else thread
        session = await self.bot.tables.create(
            guild_id, int(home.id), user.id, game, rules, options=options
        )
        logs.set_table(session.id)
        await session.join(user.id, user.display_name)
        card = await self.finder.open(session, int(target.id), fill_after)
        pinged = await self.finder.pings_for(card, saved)
        message = await self._send_card(target, card, session, pinged)
        await self.finder.cards.set_message(card.id, message.id)
        prepare_drawing()
        if thread is not None:
            with speaking(session.language):
                await thread.send(
                    _(
                        "Table {number} plays here once its card fills: {link}.",
                        number=session.id,
                        link=message.jump_url,
                    )
                )
        answer = card_posted_text(message, thread is not None, game, bool(pinged))
        await interaction.followup.send(answer, ephemeral=True)

    async def _refuse_another_card(self, guild_id: int, user_id: int) -> None:
        """A TableError when the member posts cards too fast, or still has one open."""
        wait = self.card_cooldown.wait((guild_id, user_id))
        if wait:
            raise TableError(cards_at_once(wait))
        mine = await self.finder.cards.open_card_of_host(guild_id, user_id)
        if mine is not None and self.finder.session_of(mine) is not None:
            raise TableError(
                _(
                    "Your card for a table of {game} is still open: {link}. Cancel it before "
                    "posting another.",
                    game=display_name(mine.game),
                    link=_card_link(mine),
                )
            )

    async def _send_card(
        self, target: Any, card: CardRow, session: TableSession, pinged: list[int]
    ) -> discord.Message:
        """The card in its channel, pinging those who asked for its game's cards; when it
        cannot be posted, the card is withdrawn and a TableError says where to ask."""
        try:
            message: discord.Message = await target.send(
                _ping_text(card, pinged, session.language),
                embed=card_embed(card, session),
                view=card_view(card, session.language),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(u) for u in pinged]
                ),
            )
        except discord.HTTPException:
            await self.finder.withdraw(card, session)
            raise TableError(
                _(
                    "I could not post the card in {channel}: ask a moderator to let me post there.",
                    channel=target.mention,
                )
            ) from None
        return message

    async def _card_channel(
        self, interaction: discord.Interaction, saved: Mapping[str, object]
    ) -> Any:
        """Where the card goes: the server's channel for cards, else here; a TableError when
        the bot may not post there."""
        chosen = lfg_settings(saved).channel_id
        target: Any = interaction.channel
        if chosen is not None and chosen != interaction.channel_id:
            target = self.bot.get_channel(chosen)
            if target is None:
                raise TableError(
                    _(
                        "This server's channel for table cards is gone: ask an admin to choose "
                        "another with {command}.",
                        command=slash("settings lfg"),
                    )
                )
        if isinstance(target, discord.Thread):
            raise TableError(_("Post the card in a channel, not in a thread."))
        refusal = cannot_post(target)
        if refusal and chosen is not None and target is not interaction.channel:
            raise TableError(
                _(
                    "I may not post in {channel}, this server's channel for table cards: ask a "
                    "moderator to give me Send Messages and Embed Links there.",
                    channel=target.mention,
                )
            )
        if refusal:
            raise TableError(refusal)
        table = self.bot.tables.get(int(target.id))
        allowed = target.permissions_for(target.guild.me)
        may_thread = allowed.create_public_threads and allowed.send_messages_in_threads
        if table is not None and table.row.status in ("lobby", "playing") and not may_thread:
            raise TableError(
                _(
                    "A table already plays in {channel}, and I may not open a thread for a new "
                    "one there.",
                    channel=target.mention,
                )
            )
        return target

    async def _table_settings(
        self,
        interaction: discord.Interaction,
        game: str,
        saved: Mapping[str, object],
        players: int | None,
        timer: str | None,
        level: str | None,
        beginner: bool,
        chosen: Mapping[str, object],
    ) -> tuple[TableRules, TableOptions]:
        """The new table's rules and options, as `/table new` makes them."""
        language = await self.bot.preferences.server_language(interaction.guild_id) or current()
        options = server.new_table_options(saved, language, timer, level, beginner)
        try:
            spec = registry.game(game)
            rules: TableRules = {"players": players or spec.default_players}
            rules |= server.table_rules(spec, chosen, saved, language)
            self.bot.tables.validate(game, rules)
        except registry.UnknownGame as error:
            raise TableError(str(error)) from None
        return rules, options

    # ----- /lfg notify ------------------------------------------------------------------

    @with_options([game_option(N_("the game whose new table cards should ping you"))])
    async def _notify(self, interaction: discord.Interaction, game: str) -> None:
        guild_id = interaction.guild_id or 0
        wait = self.notify_cooldown.wait((guild_id, interaction.user.id))
        if wait:
            raise TableError(notify_at_once(wait))
        registry.game(game)  # a game this bot has
        joined = await self.finder.cards.toggle_notify(guild_id, game, interaction.user.id)
        name = display_name(game)
        if joined:
            text = _(
                "You will be pinged when someone posts a card for a table of {game} here. "
                "Use {command} again to stop.",
                game=name,
                command=slash("lfg notify"),
            )
            saved = (await self.bot.store.guild_settings(guild_id)).settings
            if not lfg_settings(saved).pings:
                text += " " + _("This server has card pings turned off for now.")
        else:
            text = _("You will not be pinged for cards of {game} any more.", game=name)
        await tell(interaction, text)

    lfg.add_command(
        app_commands.Command(
            name="notify",
            description=N_("Be pinged (or stop being pinged) when a card for a game is posted"),
            callback=_notify,
        )
    )

    # ----- the card kept up to date -----------------------------------------------------

    @commands.Cog.listener()
    async def on_app_command_completion(
        self,
        interaction: discord.Interaction,
        command: app_commands.Command[commands.Cog, ..., object] | app_commands.ContextMenu,
    ) -> None:
        """A `/table` command in a card's table's channel (a join, a start, an end) may have
        changed the card: it is brought in line and shown again."""
        card_id = self.finder.by_channel.get(interaction.channel_id or 0)
        if card_id is not None and str(command.qualified_name).startswith("table "):
            self.schedule(self.settled(card_id))

    async def settled(self, card_id: int) -> None:
        if await self.finder.settle(card_id):
            await self.changed(card_id)
        else:
            await self.refresh(card_id)

    async def changed(self, card_id: int) -> None:
        """A card changed by itself (its wait ran out, its table started or ended elsewhere):
        shown again."""
        await self.refresh(card_id)

    async def refresh(self, card_id: int) -> None:
        """Show the card as it is now (edited in place)."""
        card = await self.finder.cards.card(card_id)
        if card is None or card.message_id is None:
            return
        session = self.finder.session_of(card)  # None once its table ended
        language = session.language if session is not None else current()
        try:
            channel = await channel_of(self.bot, card.channel_id)
            await called(
                channel.get_partial_message(card.message_id).edit,
                closed_text(card),
                embed=card_embed(card, session),
                view=card_view(card, language),
            )
        except discord.HTTPException:
            log.info("could not update card %s", card_id)

    def announce_start(self, session: TableSession) -> None:
        """In the table's channel, as it starts (before its first table message): its
        players, pinged (each took a seat), and that the game starts there."""
        people = [row.user_id for row in session.seats.values() if row.user_id is not None]
        with speaking(session.language):
            text = _(
                "Every seat is taken, {players}: the game starts here.",
                players=" ".join(f"<@{user}>" for user in people),
            )
        self.schedule(self.tell_table(session, text, people))

    async def tell_table(
        self, session: TableSession, text: str, mention: list[int] | None = None
    ) -> None:
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in mention or []]
        )
        with contextlib.suppress(discord.HTTPException):
            channel = await channel_of(self.bot, session.row.channel_id)
            await channel.send(text, allowed_mentions=mentions)


def _card_link(card: CardRow) -> str:
    if card.message_id is None:
        return f"<#{card.channel_id}>"
    return f"https://discord.com/channels/{card.guild_id}/{card.channel_id}/{card.message_id}"


def _ping_text(card: CardRow, pinged: list[int], language: str) -> str | None:
    if not pinged:
        return None
    with speaking(language):
        return _(
            "{players}: a table of {game} is looking for players.",
            players=" ".join(f"<@{user}>" for user in pinged),
            game=display_name(card.game),
        )


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(LfgCommands(bot))
    bot.add_dynamic_items(CardButton)

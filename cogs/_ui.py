"""Views and buttons shared by the cogs. They hold ids only and call the session layer."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import discord

from bot.presenter import GAME_NAMES, summary_message, table_message
from bot.tables import TableError, TableSession
from renderers import hand as hand_image

if TYPE_CHECKING:
    from bot.client import SeepBot

log = logging.getLogger("seepbot.ui")
PAGE = 25  # Discord's limit of options in one select


# ----- helpers ---------------------------------------------------------------------------


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def page_button(
    custom_id: str, step: str, page: int, pages: int, row: int | None = None
) -> discord.ui.Button:
    """Previous or Next on a paged message, disabled at either end (when `pages` is known:
    a button rebuilt from its custom_id only needs to act)."""
    at_end = (step == "prev" and page == 0) or (step == "next" and page >= pages - 1)
    return discord.ui.Button(
        label="Previous" if step == "prev" else "Next",
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
    bot: SeepBot = interaction.client  # type: ignore[assignment]
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
                    "The tables of this channel play in their own threads: "
                    f"{', '.join(threads)}. Use the commands there."
                )
            raise TableError("There is no table in this channel: start one with /table new.")
        return session
    for session in bot.tables.by_channel.values():
        if session.id == table_id:
            return session
    raise TableError("That table has ended.")


def lobby_embed(session: TableSession) -> discord.Embed:
    game = GAME_NAMES.get(session.row.game, session.row.game)
    embed = discord.Embed(
        title=f"{game} · table {session.id}",
        description="Join with the button (or /table join). The host starts the game.",
        colour=discord.Colour.dark_green(),
    )
    seats = []
    for seat in range(session.players):
        row = session.seats.get(seat)
        if row is None:
            seats.append(f"Seat {seat + 1}: —")
        elif row.is_computer:
            seats.append(f"Seat {seat + 1}: {row.name} (computer, {row.computer_level})")
        else:
            seats.append(f"Seat {seat + 1}: <@{row.user_id}>")
    embed.add_field(name="Seats", value="\n".join(seats), inline=False)
    if session.players == 4:
        embed.set_footer(text="Partners sit opposite: seats 1 & 3 against seats 2 & 4.")
    return embed


def lobby_view(session: TableSession) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "computer", "start"):
        view.add_item(LobbyButton(session.id, action))
    return view


async def table_channel(bot: SeepBot, session: TableSession, interaction: Any) -> Any:
    """Where the table plays: its own thread if it has one, else the channel it was opened in
    (a lobby button may be clicked in the parent channel of the table's thread)."""
    if interaction.channel_id == session.row.channel_id and interaction.channel is not None:
        return interaction.channel
    channel = bot.get_channel(session.row.channel_id)
    if channel is None:
        channel = await bot.fetch_channel(session.row.channel_id)
    return channel


# ----- after every move ------------------------------------------------------------------


async def post_table(bot: SeepBot, session: TableSession, channel: Any) -> None:
    """Post the table (mentioning the player to move) and remove the previous table message."""
    old = session.row.message_id
    message = await channel.send(**await table_message(session, channel))
    session.row = replace(session.row, message_id=message.id)
    await bot.store.set_message(session.id, message.id)
    if old:
        try:
            await channel.get_partial_message(old).delete()
        except discord.HTTPException:
            log.info("could not delete the previous table message %s", old)
    schedule_timer(bot, session, channel)


# ----- the turn timer --------------------------------------------------------------------

TimerChoice = Literal["3 minutes", "off", "1 minute", "10 minutes", "1 hour", "1 day"]
LevelChoice = Literal["normal", "easy", "hard"]
# Seep variants offered by /table new and /settings tables: command option -> rules option.
VARIANT_OPTIONS = {
    "limited_houses": "limited_houses",
    "loose_card_break": "loose_card_break",
    "ten_of_diamonds_two": "diamond_ten_two",
    "rawalpindi": "rawalpindi",
}
VARIANT_DESCRIPTIONS = {
    "limited_houses": "Seep: at most two houses on the floor",
    "loose_card_break": "Seep: a loose card may raise a house the same play cements",
    "ten_of_diamonds_two": "Seep: 10♦ scores 2 and most cards 4",
    "rawalpindi": "Seep (30 points): Rawalpindi rules",
}


def chosen_variants(**options: bool | None) -> dict[str, bool | None]:
    """The variant options of a command, under the rules' names."""
    return {VARIANT_OPTIONS[name]: value for name, value in options.items()}


def describe_seconds(seconds: float) -> str:
    if seconds >= 3600:
        return f"{round(seconds / 3600)} hour(s)"
    if seconds >= 60:
        return f"{round(seconds / 60)} minute(s)"
    return f"{max(1, round(seconds))} second(s)"


def schedule_timer(bot: SeepBot, session: TableSession, channel: Any) -> None:
    """Start the turn timer for the player to move (one reminder, then a computer plays)."""
    old = bot.timers.pop(session.id, None)
    if old is not None:
        old.cancel()
    match = session.match
    if match is None or match.is_terminal:
        return
    seconds = float(session.row.options.get("turn_timer", 180)) * bot.timer_scale
    row = session.seats.get(match.current_player or 0)
    if seconds <= 0 or row is None or row.plays_itself:
        return
    task = asyncio.create_task(_turn_timer(bot, session, channel, row.user_id, seconds))
    bot.timers[session.id] = task
    task.add_done_callback(_log_failure)


async def _turn_timer(
    bot: SeepBot, session: TableSession, channel: Any, user_id: int | None, seconds: float
) -> None:
    """Sleeps and reminds; a move that arrives in the meantime cancels it. When the time is up
    the computer's move runs as background work, which is never cancelled half-way."""
    turn = session.turn_number
    await asyncio.sleep(seconds * 2 / 3)
    if session.turn_number != turn:
        return
    await channel.send(
        f"<@{user_id}>, it's your turn: {describe_seconds(seconds / 3)} left before a computer "
        "player moves for you.",
        allowed_mentions=discord.AllowedMentions(users=True),
    )
    await asyncio.sleep(seconds / 3)
    if bot.timers.get(session.id) is asyncio.current_task():
        del bot.timers[session.id]
    schedule(bot, _time_up(bot, session, channel, turn))


async def _time_up(bot: SeepBot, session: TableSession, channel: Any, turn: int) -> None:
    outcome = await session.take_over(turn)
    if outcome is None:
        return
    result, away = outcome
    name = session.name_of(result.player)
    text = f"Time's up: a computer player played for {name} — {result.text}."
    if away:
        text += (
            f" {name} missed several turns in a row, so a computer player keeps the seat until "
            "they come back with /table rejoin."
        )
    await channel.send(text)
    await advance(bot, session, channel, result.deals_finished)


async def advance(bot: SeepBot, session: TableSession, channel: Any, deals_finished: int) -> None:
    """After a move: summaries of finished deals, computer turns, then the new table."""
    if deals_finished:
        await channel.send(**await summary_message(session, channel))
    while session.match is not None and not session.match.is_terminal:
        seat = session.match.current_player
        row = session.seats.get(seat or 0)
        if row is None or not row.plays_itself:
            break
        await asyncio.sleep(bot.computer_delay)
        results = await session.play_computers(limit=1)
        if not results:
            break
        if results[-1].deals_finished:
            await channel.send(**await summary_message(session, channel))
    await post_table(bot, session, channel)


def schedule(bot: SeepBot, coro: Any) -> None:
    """Run work after answering an interaction; kept so tests can wait for it."""
    task = asyncio.create_task(coro)
    bot.background.add(task)
    task.add_done_callback(bot.background.discard)
    task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background work failed", exc_info=task.exception())


# ----- persistent buttons ----------------------------------------------------------------


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"lobby:(?P<table>\d+):(?P<action>\w+)"
):
    LABELS: ClassVar[dict[str, str]] = {
        "join": "Join",
        "leave": "Leave",
        "computer": "Add computer player",
        "start": "Start",
    }
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, table_id: int, action: str) -> None:
        self.table_id = table_id
        self.action = action
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[action],
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"lobby:{table_id}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: SeepBot = interaction.client  # type: ignore[assignment]
        user = interaction.user
        try:
            session = session_for(interaction, self.table_id)
            if self.action == "join":
                await session.join(user.id, user.display_name)
            elif self.action == "leave":
                await session.leave(user.id)
            elif self.action == "computer":
                await session.add_computer(
                    user.id, session.row.options.get("computer_level", "normal")
                )
            else:
                await session.start(user.id)
        except TableError as error:
            await tell(interaction, str(error))
            return
        if self.action != "start":
            await interaction.response.edit_message(
                embed=lobby_embed(session), view=lobby_view(session)
            )
            return
        embed = lobby_embed(session)
        embed.description = "The game has started."
        await interaction.response.edit_message(embed=embed, view=None)
        channel = await table_channel(bot, session, interaction)
        schedule(bot, advance(bot, session, channel, 0))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hand:(?P<table>\d+)"):
    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label="My hand", style=discord.ButtonStyle.primary, custom_id=f"hand:{table_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            session = session_for(interaction, self.table_id)
        except TableError as error:
            await tell(interaction, str(error))
            return
        await show_hand(interaction, session)


# ----- the private hand and move picker ---------------------------------------------------


async def show_hand(interaction: discord.Interaction, session: TableSession) -> None:
    """Answer privately with the player's hand and, on their turn, the move picker."""
    user_id = interaction.user.id
    seat = session.seat_of(user_id)
    if seat is None:
        await tell(interaction, "You are not at this table.")
        return
    if session.match is None:
        await tell(interaction, "The game has not started yet.")
        return
    view = session.match.view(seat)
    png = await asyncio.to_thread(hand_image.render_png, view)
    file = discord.File(io.BytesIO(png), filename="hand.png")
    if session.match.is_terminal or session.match.current_player != seat:
        waiting = (
            "The game is over."
            if session.match.is_terminal
            else (f"It's {session.name_of(session.match.current_player or 0)}'s turn.")
        )
        await interaction.response.send_message(waiting, file=file, ephemeral=True)
        return
    picker = Picker(session, user_id)
    await interaction.response.send_message(picker.prompt(), file=file, view=picker, ephemeral=True)


class Picker(discord.ui.View):
    """Choose a card, then one of its moves, then confirm. Reopen "My hand" for a fresh one."""

    def __init__(self, session: TableSession, user_id: int) -> None:
        super().__init__(timeout=14 * 60)
        self.session = session
        self.user_id = user_id
        self.turn = session.turn_number
        self.card: str | None = None
        self.move: str | None = None
        self.hint: str | None = None  # the reason, while the hinted move waits for Confirm
        self.page = 0
        self._build()

    # what is shown -----------------------------------------------------------------------

    def legal(self) -> list[Any]:
        assert self.session.match is not None
        return self.session.match.legal_actions()

    def by_card(self) -> dict[str, list[Any]]:
        groups: dict[str, list[Any]] = {}
        for action in self.legal():
            key = action.card.pretty if action.card is not None else "bid"
            groups.setdefault(key, []).append(action)
        return groups

    def prompt(self) -> str:
        if self.move:
            question = f"Play **{self.session.match.describe(self.move)}**?"  # type: ignore[union-attr]
            return f"Hint: {self.hint}\n{question}" if self.hint else question
        if self.card:
            return f"Moves with {self.card}:"
        if "bid" in self.by_card():
            return "Bid for a house: choose a value you hold."
        return "Your turn: choose a card."

    def _build(self) -> None:
        self.clear_items()
        tag = f"pick:{self.session.id}:{self.turn}"
        groups = self.by_card()
        if self.move:
            self.add_item(
                _Button("Confirm", f"{tag}:confirm", discord.ButtonStyle.success, self._confirm)
            )
            self.add_item(_Button("Back", f"{tag}:back", discord.ButtonStyle.secondary, self._back))
            return
        if self.card is None and "bid" not in groups:
            options = [discord.SelectOption(label=card, value=card) for card in groups][:PAGE]
            self.add_item(_Select("Choose a card", f"{tag}:card", options, self._choose_card))
            self._add_hint_button(tag)
            return
        moves = groups["bid" if self.card is None else self.card]
        pages = max(1, -(-len(moves) // PAGE))
        shown = moves[self.page * PAGE : (self.page + 1) * PAGE]
        options = [
            discord.SelectOption(label=self.session.match.describe(m)[:100], value=m.notation)  # type: ignore[union-attr]
            for m in shown
        ]
        self.add_item(
            _Select("Choose a move", f"{tag}:move:{self.page}", options, self._choose_move)
        )
        if pages > 1:
            self.add_item(
                _Button(
                    "Previous",
                    f"{tag}:prev",
                    discord.ButtonStyle.secondary,
                    self._prev,
                    disabled=self.page == 0,
                )
            )
            self.add_item(
                _Button(
                    "Next",
                    f"{tag}:next",
                    discord.ButtonStyle.secondary,
                    self._next,
                    disabled=self.page >= pages - 1,
                )
            )
        if self.card is not None:
            self.add_item(_Button("Back", f"{tag}:back", discord.ButtonStyle.secondary, self._back))
        else:
            self._add_hint_button(tag)

    def _add_hint_button(self, tag: str) -> None:
        if self.session.hints_on:
            self.add_item(_Button("Hint", f"{tag}:hint", discord.ButtonStyle.secondary, self._hint))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.user_id:
            await tell(interaction, "This is not your hand.")
            return False
        if self.session.turn_number != self.turn:
            await tell(interaction, "That was an earlier turn: press “My hand” again.")
            return False
        return True

    async def _refresh(self, interaction: discord.Interaction) -> None:
        self._build()
        await interaction.response.edit_message(content=self.prompt(), view=self)

    async def _choose_card(self, interaction: discord.Interaction, value: str) -> None:
        self.card, self.page = value, 0
        await self._refresh(interaction)

    async def _choose_move(self, interaction: discord.Interaction, value: str) -> None:
        self.move = value
        await self._refresh(interaction)

    async def _hint(self, interaction: discord.Interaction) -> None:
        try:
            hint = await self.session.hint(self.user_id, self.turn)
        except TableError as error:
            await tell(interaction, str(error))
            return
        self.move, self.hint = hint.action.notation, hint.reason
        card = hint.action.card
        self.card = card.pretty if card is not None else None
        await self._refresh(interaction)

    async def _back(self, interaction: discord.Interaction) -> None:
        self.hint = None
        if self.move:
            self.move = None
        else:
            self.card, self.page = None, 0
        await self._refresh(interaction)

    async def _prev(self, interaction: discord.Interaction) -> None:
        self.page = max(0, self.page - 1)
        await self._refresh(interaction)

    async def _next(self, interaction: discord.Interaction) -> None:
        self.page += 1
        await self._refresh(interaction)

    async def _confirm(self, interaction: discord.Interaction) -> None:
        await play_move(interaction, self.session, self.move or "", self.turn, picker=self)


async def play_move(
    interaction: discord.Interaction,
    session: TableSession,
    move: str,
    turn: int | None,
    picker: Picker | None = None,
) -> None:
    bot: SeepBot = interaction.client  # type: ignore[assignment]
    try:
        result = await session.play(interaction.user.id, move, turn)
    except TableError as error:
        await tell(interaction, str(error))
        return
    done = f"You played: {result.text}"
    if picker is not None:
        picker.stop()
        await interaction.response.edit_message(content=done, view=None, attachments=[])
    else:
        await interaction.response.send_message(done, ephemeral=True)
    channel = await table_channel(bot, session, interaction)
    schedule(bot, advance(bot, session, channel, result.deals_finished))


class _Button(discord.ui.Button):
    def __init__(
        self,
        label: str,
        custom_id: str,
        style: discord.ButtonStyle,
        handler: Any,
        disabled: bool = False,
    ) -> None:
        super().__init__(label=label, custom_id=custom_id, style=style, disabled=disabled)
        self.handler = handler

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.handler(interaction)


class _Select(discord.ui.Select):
    def __init__(
        self, placeholder: str, custom_id: str, options: list[discord.SelectOption], handler: Any
    ) -> None:
        super().__init__(placeholder=placeholder, custom_id=custom_id, options=options)
        self.handler = handler

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.handler(interaction, self.values[0])

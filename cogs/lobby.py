"""The lobby message: seats, and the Join / Leave / Add computer / Start buttons."""

from __future__ import annotations

import re
from typing import ClassVar

import discord

from bot import settings as server
from bot.flow import Start
from bot.i18n import N_, _, slash, speaking
from bot.snapshot import LobbySnapshot
from bot.tables import TableError, TableSession
from cogs.common import TableButton, bot_of, guarded, session_for, tell
from cogs.ui_types import ViewButton, ViewItem
from engine.registry import SideRule, display_name

# The computer players' levels as the lobby shows them.
LEVEL_WORDS = (N_("easy"), N_("normal"), N_("hard"))


def _seat_list(seats: list[int]) -> str:
    numbers = [str(seat + 1) for seat in seats]
    return ", ".join(numbers[:-1]) + " & " + numbers[-1]


def lobby_embed(table: LobbySnapshot) -> discord.Embed:
    """The lobby, in the table's language (everyone at the table reads the same message),
    made from the snapshot alone (`TableSession.lobby_snapshot`)."""
    with speaking(table.language):
        return _lobby_embed(table)


def _lobby_embed(table: LobbySnapshot) -> discord.Embed:
    embed = discord.Embed(
        title=_("{game} · table {number}", game=display_name(table.row.game), number=table.id),
        description=_(
            "Join with the button (or {command}). The host starts the game.",
            command=slash("table join"),
        ),
        colour=discord.Colour.dark_green(),
    )
    seats = []
    for seat in range(table.players):
        row = table.seats.get(seat)
        if row is None:
            seats.append(_("Seat {number}: —", number=seat + 1))
        elif row.is_computer:
            seats.append(
                _(
                    "Seat {number}: {name} (computer, {level})",
                    number=seat + 1,
                    name=table.name_of(seat),
                    level=_(str(row.computer_level)),
                )
            )
        else:
            seats.append(_("Seat {number}: {player}", number=seat + 1, player=f"<@{row.user_id}>"))
    embed.add_field(name=_("Seats"), value="\n".join(seats), inline=False)
    embed.add_field(name=_("Settings"), value="\n".join(_settings(table)), inline=False)
    players = table.players
    partners = table.spec.side_rule(table.row.rules) is SideRule.PARTNERS
    if partners and players >= 4 and players % 2 == 0:
        first = _seat_list(list(range(0, players, 2)))
        second = _seat_list(list(range(1, players, 2)))
        embed.set_footer(
            text=_(
                "Partners sit opposite: seats {first} against seats {second}.",
                first=first,
                second=second,
            )
        )
    return embed


def rule_name(label: str) -> str:
    """A rule's label without its game ("Seep: at most two houses" → "at most two houses")."""
    return _(label).split(": ", 1)[-1]


def _settings(table: LobbySnapshot) -> list[str]:
    """The table's timer, computer level, beginner mode and the game's rules, a line each
    (what /table setup changes)."""
    options = table.row.options
    timer = server.timer_name(options.turn_timer)
    level = options.computer_level
    beginner = _("yes") if options.hints else _("no")
    lines = [
        _("{setting}: **{value}**", setting=_("Turn timer"), value=_(timer)),
        _("{setting}: **{value}**", setting=_("Computer players"), value=_(level)),
        _("{setting}: **{value}**", setting=_("Beginner table"), value=beginner),
    ]
    rules = table.row.rules
    for option in table.spec.options:
        if option.rules_key not in rules and option.kind is not bool:
            continue  # the game's own default
        value = rules.get(option.rules_key, False)
        if isinstance(value, bool):
            shown = _("yes") if value else _("no")
        else:
            labels = [label for label, choice in option.choices if choice == value]
            shown = _(labels[0]) if labels else str(value)
        lines.append(_("{setting}: **{value}**", setting=rule_name(option.label), value=shown))
    return lines


def lobby_view(session: TableSession) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    with speaking(session.language):
        for action in ("join", "leave", "computer", "start"):
            view.add_item(LobbyButton(session.id, action))
    return view


class LobbyButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"lobby:(?P<table>\d+):(?P<action>\w+)",
):
    LABELS: ClassVar[dict[str, str]] = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "computer": N_("Add computer player"),
        "start": N_("Start"),
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
                label=_(self.LABELS.get(action, action)),
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=f"lobby:{table_id}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["action"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        user = interaction.user
        session = session_for(interaction, self.table_id)
        if self.action == "join":
            await session.join(user.id, user.display_name)
        elif self.action == "leave":
            await session.leave(user.id)
        elif self.action == "computer":
            await session.add_computer(user.id, session.row.options.computer_level)
        elif self.action == "start":
            await bot.flow.play(session, Start(user.id))
        else:
            raise TableError(_("That button is not available any more."))
        if self.action != "start":
            await interaction.response.edit_message(
                embed=lobby_embed(session.lobby_snapshot()), view=lobby_view(session)
            )
            return
        embed = lobby_embed(session.lobby_snapshot())
        with speaking(session.language):
            embed.description = _("The game has started.")
        await interaction.response.edit_message(embed=embed, view=None)


class RematchButton(
    TableButton, kind="rematch", label=N_("Rematch"), style=discord.ButtonStyle.success
):
    """On a finished match's summary: the host opens the same table again in one tap."""

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        user = interaction.user
        session, others, seated = await bot.tables.rematch(
            self.table_id, user.id, user.display_name
        )
        with speaking(session.language):
            text = _("{player} wants a rematch.", player=user.mention)
            if seated:
                text += " " + _(
                    "From the queue for the next match, in place of computer players: {seats}.",
                    seats=", ".join(
                        _("{player} at seat {number}", player=f"<@{queued}>", number=seat + 1)
                        for queued, _name, seat in seated
                    ),
                )
            if others:
                mentions = " ".join(f"<@{other}>" for other in others)
                text += " " + _("{players}: press Join to take your seat again.", players=mentions)
        sent = await interaction.response.send_message(
            text,
            embed=lobby_embed(session.lobby_snapshot()),
            view=lobby_view(session),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        if sent.message_id is not None:
            await session.remember_lobby(sent.message_id, interaction.channel_id or 0)


class NextMatchButton(TableButton, kind="next", label=N_("Next match")):
    """On a table in play: anyone in the channel queues to sit in at the next match (the
    rematch seats them in place of computer players); pressed again, it leaves the queue."""

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        user = interaction.user
        session = bot_of(interaction).tables.get(interaction.channel_id or 0)
        if session is None or session.id != self.table_id:
            await tell(
                interaction,
                _("That button belongs to a table that is over: the queue is for a table in play."),
            )
            return
        joined = await session.toggle_next_match(user.id, user.display_name)
        if joined:
            place = [queued for queued, _name in session.next_match].index(user.id) + 1
            text = _(
                "You are number {place} in the queue for the next match: when this match ends, "
                "the host's rematch seats you in place of a computer player. Press Next match "
                "again to leave the queue.",
                place=place,
            )
        else:
            text = _("You left the queue for the next match.")
        await tell(interaction, text)

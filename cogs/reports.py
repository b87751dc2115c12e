""""Report this move": a button beside a computer player's move in `/replay`, and beside the
better choice of each decision `/review` lists (the hard computer player's judgement), opens a
short form; the report is kept with the deal's record (bot/reports.py), and `/settings
reports` lists the server's reports for its admins. Thin glue."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Self

import discord

from bot.i18n import N_, _, ngettext
from bot.reports import REVIEW_LEVEL, ReportRefused, Reports
from bot.storage.reports import REPORT_WORDS, REPORTS_PER_DAY, MoveReport
from cogs.common import find_deal, guarded, tell
from cogs.ui_types import ViewButton, ViewItem
from engine.registry import display_name

if TYPE_CHECKING:
    from bot.client import SeepBot

REPORT_LABEL = N_("Report this move")
REVIEW_REPORT_LABEL = N_("Report “Better” of move {step}")  # the review's better choice
CUSTOM_ID_LIMIT = 100  # Discord's, for a button's custom id
REPORTS_SHOWN = 10


def reports_of(bot: SeepBot) -> Reports:
    return Reports(bot.store)


class ReportForm(discord.ui.Modal):
    """What looked wrong about the move, in the member's words."""

    def __init__(self, deal: int, step: int, better: str | None = None) -> None:
        super().__init__(title=_("Report move {step} of deal {deal}", step=step, deal=deal)[:45])
        self.deal, self.step, self.better = deal, step, better
        self.words: discord.ui.TextInput[ReportForm] = discord.ui.TextInput(
            label=_("What looked wrong?")[:45],
            style=discord.TextStyle.paragraph,
            placeholder=_("For example: it threw away a card that would have made a capture.")[
                :100
            ],
            min_length=3,
            max_length=REPORT_WORDS,
        )
        self.add_item(self.words)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        row = await find_deal(interaction, self.deal)
        if row is None:
            return
        bot: SeepBot = interaction.client  # type: ignore[assignment]
        try:
            await reports_of(bot).report(
                row, self.step, interaction.user.id, self.words.value, self.better
            )
        except ReportRefused as refused:
            await tell(interaction, refusal(str(refused)))
            return
        await tell(
            interaction,
            _("Thank you: your report of move {step} of deal {deal} is kept with the deal, and "
              "this server's admins can pass it on.", step=self.step, deal=self.deal),
        )  # fmt: skip


def refusal(why: str) -> str:
    if why == "too many":
        return ngettext(
            "You have made {count} report today, the most a day allows: try again tomorrow.",
            "You have made {count} reports today, the most a day allows: try again tomorrow.",
            REPORTS_PER_DAY,
        )
    if why == "not a choice":
        return _("That move was not one of the choices of that decision: it cannot be reported.")
    return _("That move was not a computer player's: only their moves can be reported.")


class ReportMoveButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"report:(?P<deal>\d+):(?P<step>\d+)(?::better:(?P<better>.+))?",
):
    """Beside a computer's move in `/replay` (the move at `step`), and beside the better
    choice `better` (its notation) of a decision `/review` lists: the form to report it."""

    def __init__(self, deal: int, step: int, better: str | None = None, row: int = 2) -> None:
        self.deal, self.step, self.better = deal, step, better
        label = _(REPORT_LABEL) if better is None else _(REVIEW_REPORT_LABEL, step=step)
        suffix = "" if better is None else f":better:{better}"
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"report:{deal}:{step}{suffix}",
                row=row,
            )
        )

    @staticmethod
    def fits(deal: int, step: int, better: str) -> bool:
        """Whether a better choice's notation fits in a button's custom id."""
        return len(f"report:{deal}:{step}:better:{better}") <= CUSTOM_ID_LIMIT

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> Self:
        return cls(int(match["deal"]), int(match["step"]), match["better"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(ReportForm(self.deal, self.step, self.better))


def report_line(report: MoveReport) -> str:
    day = datetime.fromtimestamp(report.made_at, UTC).strftime("%Y-%m-%d")
    words = report.words.replace("\n", " ")
    if len(words) > 180:
        words = words[:179] + "…"
    if report.level == REVIEW_LEVEL:
        return _(
            "{day} · deal {deal}, move {step} ({game}, the review's better choice for seat "
            "{seat}): `{move}` — <@{reporter}>: {words}",
            day=day, deal=report.deal_id, step=report.step, game=display_name(report.game),
            seat=report.seat + 1, move=report.move, reporter=report.reporter_id, words=words,
        )  # fmt: skip
    return _(
        "{day} · deal {deal}, move {step} ({game}, computer at seat {seat}, {level}): `{move}`"
        " — <@{reporter}>: {words}",
        day=day, deal=report.deal_id, step=report.step, game=display_name(report.game),
        seat=report.seat + 1, level=_(report.level), move=report.move,
        reporter=report.reporter_id, words=words,
    )  # fmt: skip


async def list_reports(interaction: discord.Interaction) -> None:
    """The server's newest reports, for its admins (`/settings reports`)."""
    bot: SeepBot = interaction.client  # type: ignore[assignment]
    reports, total = await reports_of(bot).of_guild(interaction.guild_id or 0, REPORTS_SHOWN)
    if not reports:
        await tell(interaction, _("Nobody here has reported a computer player's move yet."))
        return
    heading = ngettext(
        "{count} report of a computer player's move; the newest:",
        "{count} reports of computer players' moves; the newest:",
        total,
    )
    footer = _(
        "Each report keeps its deal's record, names replaced by seat numbers: a developer "
        "replays it with `python -m engine replay`."
    )
    lines = [heading, *(report_line(r) for r in reports), footer]
    await interaction.response.send_message(
        "\n".join(lines)[:2000], ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )  # fmt: skip


async def setup(bot: SeepBot) -> None:
    bot.add_dynamic_items(ReportMoveButton)

"""/review: what each of your decisions in a finished deal was worth (docs/review.md).

Thin glue: the record comes from the store, the review from engine.review, worked out off the
event loop (one review at a time in this process, so that tables never wait behind several);
a progress line stands in the private answer meanwhile. A deal is reviewed only for those who
played it, from their own seat's knowledge; a daily deal (a record only once its day is over)
for every member of its server, as its player saw it."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot import languages
from bot.i18n import N_, _, current, ngettext
from bot.localised import MESSAGE_LIMIT, fit
from cogs.common import find_deal, guarded, tell
from cogs.practice import play_on_view
from cogs.ui_types import ViewButton, ViewItem
from engine.core import GameError
from engine.records import DealRecord
from engine.registry import display_name
from engine.review import Choice, DealReview, Decision, Mark, ReviewUnavailable, review_deal
from engine.words import say

if TYPE_CHECKING:
    from bot.client import SeepBot
    from bot.storage.store import DealRecordRow

log = logging.getLogger("seepbot.review")

MARK_WORDS = {
    Mark.SMALL: N_("small loss"),
    Mark.CLEAR: N_("clear loss"),
    Mark.BIG: N_("big loss"),
}
REVIEW_LABEL = N_("Review")
YOURS = N_("Yours: {move} ({value})")  # the move played, and its figure
BETTER = N_("Better: {move} ({value})")  # the best one, and its figure
REVIEW_SECONDS = 6.0  # a review's thinking time (one core); see docs/review.md
SHOWN = 8  # marked decisions listed at most (the biggest losses first)
DECIMAL_COMMA = {language.code for language in languages.ALL if language.decimal_comma}


def number(value: float, digits: int) -> str:
    """A figure as the reader's language writes it (a decimal comma where bot/languages.py
    says so: Czech, Slovak and German; a true minus sign)."""
    text = f"{value:.{digits}f}"
    if text.lstrip("-").strip("0.") == "":
        text = text.lstrip("-")  # no "-0.0"
    if current() in DECIMAL_COMMA:
        text = text.replace(".", ",")
    return text.replace("-", "−")


def _signed(value: float, digits: int) -> str:
    text = number(value, digits)
    return text if text.startswith("−") or text.strip("0.,") == "" else f"+{text}"


def decision_lines(decision: Decision, digits: int) -> list[str]:
    """A marked decision: its heading, then each move on a line of its own (a move's words
    are a sentence of their own in some games, "Play A♥: takes the trick so far", which
    would break a sentence around them)."""
    return [
        _("**Move {step}** · {mark}: {loss} less than the best choice", step=decision.step,
          mark=_(MARK_WORDS[decision.mark]), loss=number(decision.loss, digits)),
        move_line(YOURS, decision.played, digits),
        move_line(BETTER, decision.best, digits),
    ]  # fmt: skip


def move_line(label: str, choice: Choice, digits: int) -> str:
    return _(label, move=choice.words, value=_signed(choice.value, digits))


def review_text(row: DealRecordRow, record: DealRecord, review: DealReview, name: str) -> str:
    """The review as the asker reads it (in their language), in one message: where the
    biggest losses would not all fit, fewer are listed and the rest counted, so that the
    deal's total and the face-up view are never cut off."""
    return review_message(row, record, review, name)[0]


def review_message(
    row: DealRecordRow, record: DealRecord, review: DealReview, name: str
) -> tuple[str, list[Decision]]:
    """`review_text`, and the marked decisions it lists."""
    for shown in range(SHOWN, 0, -1):
        text = _review_text(row, record, review, name, shown)
        if len(text) <= MESSAGE_LIMIT:
            return text, listed(review, shown)
    return _review_text(row, record, review, name, 0), []


def listed(review: DealReview, shown: int) -> list[Decision]:
    """The `shown` biggest losses, in the deal's order."""
    return sorted(sorted(review.marked, key=lambda d: -d.loss)[:shown], key=lambda d: d.step)


def review_view(
    deal: int, record: DealRecord, review: DealReview, decisions: list[Decision]
) -> discord.ui.View | None:
    """Under the review: the menu to play on from a decision (a fair deal's), and beside each
    listed decision's better choice (the hard computer player's judgement) "Report" (the same
    button and form as `/replay`'s "Report this move")."""
    from cogs.reports import ReportMoveButton

    view = play_on_view(deal, review) if record.fair else None
    reported = [d for d in decisions if ReportMoveButton.fits(deal, d.step, d.best.notation)]
    if not reported:
        return view
    if view is None:
        view = discord.ui.View(timeout=None)
    for n, decision in enumerate(reported):  # at most SHOWN: two rows of five
        view.add_item(
            ReportMoveButton(deal, decision.step, decision.best.notation, row=1 + n // 5)
        )
    return view


def _review_text(
    row: DealRecordRow, record: DealRecord, review: DealReview, name: str, shown: int
) -> str:
    digits = review.digits
    marked = listed(review, shown)
    title = _("**Review of deal {deal}** · {game} · {name}", deal=row.id,
              game=display_name(record.game), name=name)  # fmt: skip
    lines = [title, say(review.unit)]
    count = len(review.decisions)
    if not review.marked:
        lines.append(ngettext(
            "Nothing important happened: your {count} decision lost nothing that counts "
            "against the best one.",
            "Nothing important happened: none of your {count} decisions lost more than "
            "{small} against the best one.", count, small=number(review.thresholds.small, digits),
        ))  # fmt: skip
    else:
        lines.append(ngettext(
            "{marked} of your {count} decision lost against the best one:",
            "{marked} of your {count} decisions lost against the best one:", count,
            marked=len(review.marked),
        ))  # fmt: skip
        for decision in marked:
            lines += decision_lines(decision, digits)
        more = len(review.marked) - len(marked)  # (counted apart: extraction misses a nested call)
        if more > 0:
            lines.append(ngettext("… and {count} more decision.", "… and {count} more decisions.",
                                  more))  # fmt: skip
    lines.append(_("Lost in the whole deal, against the best choices: {total}.",
                   total=number(review.total_loss, digits)))  # fmt: skip
    lines.append(_(
        "Each figure is worked out from what you could see then: the cards you could not see "
        "were dealt again at random, up to {samples} times, and each choice played on as the "
        "hard computer player imagines it. Small losses are {small}, clear ones {clear}, big "
        "ones {big} or more; a loss within the sampling's noise is not marked.",
        samples=review.samples, small=number(review.thresholds.small, digits),
        clear=number(review.thresholds.clear, digits), big=number(review.thresholds.big, digits),
    ))  # fmt: skip
    lines += face_up_lines(review)
    return "\n".join(lines)


def face_up_lines(review: DealReview) -> list[str]:
    """The second view, apart and labelled: what the cards allowed once every card is face
    up (not what the seat could know)."""
    if not review.face_up:
        return []
    digits = review.digits
    lines = ["", _("**With every card face up** (what the cards allowed, not what you could "
                   "know: a loss here alone is bad luck, not a mistake)")]  # fmt: skip
    missed = [f for f in review.face_up if f.loss > 1e-9]
    for solved in missed:
        lines.append(_("**Move {step}**", step=solved.step))
        lines.append(move_line(YOURS, solved.played, digits))
        lines.append(move_line(BETTER, solved.best, digits))
    if not missed and len(review.face_up) == 1:
        lines.append(_("Your last decision was the best the cards allowed."))
    elif not missed:
        lines.append(ngettext(
            "Your last {count} decision was the best the cards allowed.",
            "Your last {count} decisions were the best the cards allowed.", len(review.face_up),
        ))  # fmt: skip
    return lines


def review_files(row: DealRecordRow, record: DealRecord, review: DealReview) -> list[discord.File]:
    """The chart of the deal's figures first, then a picture of each of the biggest losses, in
    the reader's language (drawn on a worker thread, inside the speaker's language)."""
    from bot import review_pictures as pictures  # Pillow and the renderers: on first use

    digits = review.digits
    files = []
    chart = pictures.chart_png(
        review, _("Your figures over deal {deal}", deal=row.id), lambda v: number(v, digits)
    )
    if chart is not None:
        files.append(discord.File(io.BytesIO(chart), filename=f"review-{row.id}-chart.png"))
    for decision in pictures.pictured(review):
        png = pictures.decision_png(
            record, decision,
            _("Move {step} · {mark}", step=decision.step, mark=_(MARK_WORDS[decision.mark])),
            move_line(YOURS, decision.played, digits),
            move_line(BETTER, decision.best, digits),
        )  # fmt: skip
        name = f"review-{row.id}-move-{decision.step}.png"
        files.append(discord.File(io.BytesIO(png), filename=name))
    return files


class ReviewCommands(commands.Cog):
    def __init__(self, bot: SeepBot) -> None:
        self.bot = bot
        self.working = asyncio.Lock()  # one review at a time in this process

    async def seat_of(self, row: DealRecordRow, record: DealRecord, user_id: int) -> int | None:
        """The seat the asker reviews: their own, or for a daily deal the player's (seat 1)."""
        if row.table_id == 0:  # a daily deal: a record only once its day is over
            return 0
        if user_id not in row.players:
            return None
        for seat in await self.bot.store.seats(row.table_id):
            if seat.user_id == user_id and seat.seat < len(record.seats):
                return seat.seat
        humans = [i for i, entry in enumerate(record.seats) if entry.level == "human"]
        return humans[0] if len(row.players) == 1 and len(humans) == 1 else None

    @app_commands.command(name="review", description=N_("What each of your decisions in a "
                                                        "finished deal was worth"))  # fmt: skip
    @app_commands.describe(deal=N_("The deal's number (see /history)"))
    @app_commands.guild_only()
    async def review(self, interaction: discord.Interaction, deal: int) -> None:
        await self.run(interaction, deal)

    async def pictures(
        self, row: DealRecordRow, record: DealRecord, review: DealReview
    ) -> list[discord.File]:
        """The review's pictures; a picture that cannot be drawn leaves the text alone."""
        try:
            return await asyncio.to_thread(review_files, row, record, review)
        except Exception:
            log.exception("deal %s: the review's pictures could not be drawn", row.id)
            return []

    async def run(self, interaction: discord.Interaction, deal: int) -> None:
        """Review deal `deal` for the asker, privately (the command and the summary's
        Review button)."""
        row = await find_deal(interaction, deal)
        if row is None:
            return
        try:
            record = DealRecord.from_text(row.record)
        except GameError as error:
            await tell(interaction, _("That deal's record does not check out: {why}",
                                      why=str(error)))  # fmt: skip
            return
        seat = await self.seat_of(row, record, interaction.user.id)
        if seat is None:
            await tell(interaction, _(
                "Only the players of deal {deal} may review it (and every member, a daily deal "
                "once its day is over).", deal=deal))  # fmt: skip
            return
        waiting = self.working.locked()
        await interaction.response.send_message(
            _("Reviewing… this takes a few seconds.") if not waiting
            else _("Reviewing… another review is being worked out first; this takes a few "
                   "seconds more."),
            ephemeral=True,
        )  # fmt: skip
        name = record.names[seat] if seat < len(record.names) else ""
        try:
            async with self.working:
                review = await asyncio.to_thread(
                    review_deal, record, seat, deal, seconds=REVIEW_SECONDS
                )
            text, listed_now = review_message(row, record, review, name)
            files = await self.pictures(row, record, review)
            view = review_view(row.id, record, review, listed_now)
        except ReviewUnavailable as error:
            text, files, view = str(error), [], None
        except GameError as error:
            text = _("That deal's record does not check out: {why}", why=str(error))
            files, view = [], None
        # One picture a message: a phone crops several in one message into a square mosaic,
        # and an edit may not add a media gallery (discord-api-docs#7529). The answer keeps
        # the chart; each decision's picture comes on its own, as a follow-up of the
        # interaction (outside the bot's global rate limit). They go before the answer's
        # words, which replace "Reviewing…" once everything is there (below the answer,
        # whatever the order); a picture Discord does not take leaves the words to come.
        for picture in files[1:]:
            try:
                await interaction.followup.send(file=picture, ephemeral=True)
            except discord.HTTPException as error:
                log.warning("deal %s: a review picture was not taken: %s", row.id, error)
        await interaction.edit_original_response(content=fit(text), attachments=files[:1],
                                                 view=view)  # fmt: skip


class ReviewButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"review:(?P<table>\d+):(?P<deal>\d+)",
):
    """A deal summary's "Review": the deal reviewed privately for whoever presses it, if
    they played it (as `/review deal:<id>`)."""

    def __init__(self, table_id: int, deal: int) -> None:
        self.table_id, self.deal = table_id, deal
        super().__init__(
            discord.ui.Button(
                label=_(REVIEW_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"review:{table_id}:{deal}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> Self:
        return cls(int(match["table"]), int(match["deal"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: SeepBot = interaction.client  # type: ignore[assignment]
        record = await bot.store.deal_record_id(self.table_id, self.deal)
        cog = bot.get_cog("ReviewCommands")
        if record is None or not isinstance(cog, ReviewCommands):
            await tell(interaction, _("That deal's record is no longer kept."))
            return
        await cog.run(interaction, record)


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(ReviewCommands(bot))
    bot.add_dynamic_items(ReviewButton)

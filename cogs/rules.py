"""/rules: a quick start, then a page per topic with example positions drawn by the renderers,
in the reader's language; also the table's "Rules" button (the page for the situation)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.drawing import drawn
from bot.i18n import N_, _, current, slashes_said, speaking
from bot.lessons import (
    LANGUAGES,
    Lesson,
    examples,
    games_with_lessons,
    lesson,
    lessons_of,
    topic_for,
)
from bot.translator import said, topic_title
from cogs.common import TableButton, can_attach, guarded, page_button, send_page, session_for
from cogs.options import ALL_OPTIONS_UP_TO, Option, per_game
from cogs.places import EVERYWHERE, USER_OR_SERVER
from cogs.ui_types import MessageParts, ViewButton, ViewItem, ViewSelect, called
from engine import registry
from engine.cards import parse_cards, pretty_cards
from engine.core import PUBLIC
from engine.pictures import TablePicture, TrickTable
from engine.registry import GameSpec, display_name

if TYPE_CHECKING:
    from bot.client import SeepBot
    from renderers.lesson import LessonPicture

# Discord's limits on one message: 10 embeds, 6,000 characters over all of them, and the
# files of a message within the upload limit of a server without boosts (8 MiB).
MAX_EMBEDS = 10
EMBEDS_CHARS = 6000
IMAGES_BYTES = 8 * 1024 * 1024


def example_text(example_id: str, caption: str) -> str:
    example = examples()[example_id]
    match = example.match()
    move = match.describe(example.move)
    after = []
    if example.floor_after is not None:
        floor = pretty_cards(parse_cards(example.floor_after)) or _("empty")
        after.append(_("floor {cards}", cards=floor))
    words = lessons_of(match.game)
    if example.piles_after:
        strong = f" ({_(words.strong_pile)})" if words.strong_pile else ""
        piles = ", ".join(_pile_words(p, words.pile_name) for p in example.piles_after)
        after.append(piles.replace("*", strong))
    if example.sweep and words.sweep_word:
        after.append(_(words.sweep_word))
    if example.bid is not None:
        after.append(_("bid {value}", value=example.bid))
    result = "\n" + _("After: {what}", what="; ".join(after)) if after else ""
    mover = _("Seat {number}", number=(match.current_player or 0) + 1)
    return f"{caption}\n**{mover}:** {move}{result}"


def _pile_words(pile: str, pile_name: Callable[[int], str] | None) -> str:
    """An example's pile ("house 10*") in the reader's words, as its game names it."""
    value = pile.rpartition(" ")[2]
    number = value.rstrip("*")
    if pile_name is None or not number.isdigit():
        return pile
    return pile_name(int(number)) + value[len(number) :]


def example_picture(example_id: str) -> LessonPicture:
    """An example in the language spoken now: the table's floor before the move, the move,
    and the floor after it with the play in words (what it took, below); a deal's summary
    after a move that ends the deal. A move whose cards the floor does not show starts from
    the mover's hand: a pick or a bury shows it before and after, the cards that leave it
    and that join it marked; a call, the hand, then the floor that names the call. For an
    example about a hand, that hand with the move's card marked."""
    from renderers import hand as hand_image  # Pillow and the renderers: on first use
    from renderers import summary as summary_image
    from renderers import table as table_image
    from renderers.lesson import LessonPicture, floor_of
    from renderers.model import table_model

    example = examples()[example_id]
    match = example.match()
    mover = match.current_player or 0
    seat = _("Seat {number}", number=mover + 1)
    move = f"{seat}: {match.describe(example.move)}"
    if example.show == "hand" and match.current_player is not None:
        card = next((a.card for a in match.legal_actions() if a.notation == example.move), None)
        return LessonPicture(partial(hand_image.render, match.view(mover), marked=card), move)
    names = [_("Seat {number}", number=n + 1) for n in range(match.num_players)]
    public, own = match.view(PUBLIC), match.view(mover)
    deals = match.deals_finished
    match.apply(example.move)
    public_after, own_after = match.view(PUBLIC), match.view(mover)
    labels = _("Before the move"), _("After the move")
    if match.deals_finished > deals:  # the deal's end: its result is the picture after
        after = partial(summary_image.render, public_after, names)
        before = partial(floor_of, partial(table_image.render, public, names))
        return LessonPicture(before, move, after, *labels)
    # the floor's rows that hold its cards (no seats, no scores), and after the move its play
    before = partial(floor_of, partial(table_image.render, public, names))
    after = partial(floor_of, partial(table_image.render, public_after, names),
                    footer=table_image.footer_band())  # fmt: skip
    if _floor_of(table_model(public, names)) == _floor_of(table_model(public_after, names)):
        held, holds = set(own.hand or ()), set(own_after.hand or ())
        before = partial(hand_image.render, own, marked=held - holds)
        if held != holds:  # a pick, a bury: the hand before and after
            after = partial(hand_image.render, own_after, marked=holds - held)
    return LessonPicture(before, move, after, *labels)


def _floor_of(picture: TablePicture) -> tuple[object, ...]:
    """The cards a table picture shows in its middle: a move that moves none of them (a pick,
    a bury, a call) is not seen there."""
    if isinstance(picture, TrickTable):
        return (picture.trick, picture.last_trick)
    return (picture.loose, picture.piles, picture.face_down)


def example_png(example_id: str) -> bytes:
    from renderers import lesson as lesson_image

    return lesson_image.render_png(example_picture(example_id))


async def example_images(example_ids: list[str]) -> list[bytes]:
    """The pictures of a page's examples in the language spoken now, drawn off the event loop
    (about 0.1 s a page), as many as one message may carry (`IMAGES_BYTES` in all)."""
    pngs: list[bytes] = []
    for example_id in example_ids:
        png = await drawn(example_png, example_id)
        if sum(map(len, pngs)) + len(png) > IMAGES_BYTES:
            break
        pngs.append(png)
    return pngs


async def rules_message(channel: object, game: str, language: str, number: int) -> MessageParts:
    """The page as message keyword arguments: its embeds (the text, then one per example with
    its picture), the pictures and the controls."""
    pages = lesson(game, language)
    with speaking(pages.language):  # the examples and controls speak the page's language
        return await _rules_message(channel, game, pages, number)


async def _rules_message(channel: object, game: str, pages: Lesson, number: int) -> MessageParts:
    number = min(max(number, 0), len(pages.pages) - 1)
    page = pages.pages[number]
    title = f"{display_name(game)} · {page.title}"
    colour = discord.Colour.teal()
    text = slashes_said(page.text)  # the commands as the reader's app names them
    embeds = [discord.Embed(title=title, description=text, colour=colour)]
    for index, (example_id, caption) in enumerate(page.examples):
        if 0 < index < MAX_EMBEDS:  # each example beside its picture (the first: the text's)
            embeds.append(discord.Embed(colour=colour))
        embeds[-1].add_field(name="▸", value=example_text(example_id, caption)[:1024],
                             inline=False)  # fmt: skip
    embeds[-1].set_footer(text=f"{number + 1} / {len(pages.pages)} · {LANGUAGES[pages.language]}")
    _fit(embeds)
    attachments: list[discord.File] = []
    kwargs: MessageParts = {"embeds": embeds, "attachments": attachments}
    if page.examples and can_attach(channel):
        ids = [example_id for example_id, _caption in page.examples[:MAX_EMBEDS]]
        pngs = await example_images(ids)
        for index, png in enumerate(pngs, 1):
            name = f"example-{index}.png"
            attachments.append(discord.File(io.BytesIO(png), filename=name))
            embeds[index - 1].set_image(url=f"attachment://{name}")
    view = discord.ui.View(timeout=None)
    view.add_item(TopicSelect(game, pages.language, number))
    view.add_item(RulesButton(game, pages.language, number, "prev", len(pages.pages)))
    view.add_item(RulesButton(game, pages.language, number, "next", len(pages.pages)))
    if len(lessons_of(game).languages) > 1:
        view.add_item(LanguageSelect(game, pages.language, number))
    kwargs["view"] = view
    return kwargs


def _fit(embeds: list[discord.Embed]) -> None:
    """Keep a page within Discord's 6,000 characters over all of a message's embeds: a page
    text too long loses its end (a translator's page would have to be very long)."""
    over = sum(len(embed) for embed in embeds) - EMBEDS_CHARS
    text = embeds[0].description or ""
    if over > 0:
        embeds[0].description = text[: max(len(text) - over - 1, 0)] + "…"


class RulesButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"rules:(?P<game>\w+):(?P<lang>\w+):(?P<page>\d+):(?P<step>prev|next)",
):
    def __init__(self, game: str, language: str, page: int, step: str, pages: int = 0) -> None:
        self.game, self.language, self.page, self.step = game, language, page, step
        custom_id = f"rules:{game}:{language}:{page}:{step}"
        super().__init__(page_button(custom_id, step, page, pages, row=1))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> RulesButton:
        return cls(match["game"], match["lang"], int(match["page"]), match["step"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        page = self.page + (1 if self.step == "next" else -1)
        kwargs = await rules_message(interaction.channel, self.game, self.language, page)
        await called(interaction.response.edit_message, kwargs)


class TopicSelect(
    discord.ui.DynamicItem[ViewSelect],
    template=r"rulestopic:(?P<game>\w+):(?P<lang>\w+)",
):
    def __init__(self, game: str, language: str, page: int = 0) -> None:
        self.game, self.language = game, language
        try:
            pages = lesson(game, language).pages
        except ValueError:  # a game no longer offered: the callback answers for it
            pages = ()
        options = [
            discord.SelectOption(label=p.title[:100], value=str(n), default=n == page)
            for n, p in enumerate(pages)
        ] or [discord.SelectOption(label="—", value="0")]
        super().__init__(
            discord.ui.Select(
                placeholder=_("Topic"), custom_id=f"rulestopic:{game}:{language}", options=options
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> TopicSelect:
        return cls(match["game"], match["lang"])

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        page = int(self.item.values[0])
        kwargs = await rules_message(interaction.channel, self.game, self.language, page)
        await called(interaction.response.edit_message, kwargs)


class LanguageSelect(
    discord.ui.DynamicItem[ViewSelect],
    template=r"ruleslang:(?P<game>\w+):(?P<page>\d+)",
):
    def __init__(self, game: str, language: str = "en", page: int = 0) -> None:
        self.game, self.page = game, page
        try:
            codes = lessons_of(game).languages
        except ValueError:  # a game no longer offered: the callback answers for it
            codes = ("en",)
        options = [
            discord.SelectOption(label=LANGUAGES[code], value=code, default=code == language)
            for code in codes
        ]
        super().__init__(
            discord.ui.Select(
                placeholder=_("Language"),
                custom_id=f"ruleslang:{game}:{page}",
                options=options,
                row=2,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ViewItem, match: re.Match[str]
    ) -> LanguageSelect:
        return cls(match["game"], page=int(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        language = self.item.values[0]
        kwargs = await rules_message(interaction.channel, self.game, language, self.page)
        await called(interaction.response.edit_message, kwargs)


class TableRulesButton(TableButton, kind="tablerules", label=N_("Rules")):
    """The table message's "Rules": privately, the page for what is happening at the table."""

    @guarded
    async def callback(self, interaction: discord.Interaction) -> None:
        session = session_for(interaction, self.table_id)  # an ended table: `guarded` says so
        game = session.row.game
        language = current()  # the reader's language (/language, else their app's…)
        pages = lesson(game, language)
        topic = topic_for(session.match.view(PUBLIC)) if session.match else "quick-start"
        page = await rules_message(interaction.channel, game, language, pages.index(topic))
        await send_page(interaction, page, ephemeral=True)


def rules_options(spec: GameSpec) -> list[Option]:
    """The game's own topics (its English pages) and the languages of its pages."""
    pages = lesson(spec.name, "en").pages
    topics = [
        app_commands.Choice(name=topic_title(spec.name, page.topic, page.title), value=page.topic)
        for page in pages
    ]
    if len(games_with_lessons()) > ALL_OPTIONS_UP_TO:
        topics = []  # no room for every game's list: the topic is typed (an id or a title)
    languages = lessons_of(spec.name).languages
    return [
        Option("topic", str | None, said(N_("jump to a topic")), None, choices=tuple(topics)),
        Option("language", str | None, said(N_("the language of the pages")), None,
               choices=tuple(app_commands.Choice(name=LANGUAGES[code], value=code)
                             for code in languages)),
    ]  # fmt: skip


def rules_description(spec: GameSpec) -> app_commands.locale_str:
    return said(N_("Learn to play {game}"), game=spec.display_name)


def rules_commands() -> type[commands.Cog]:
    """/rules <game>, made when the cog loads so every game with pages is offered."""

    class RulesCommands(commands.Cog):
        def __init__(self, bot: SeepBot) -> None:
            self.bot = bot

        async def show_rules(
            self,
            interaction: discord.Interaction,
            game: str,
            topic: str | None = None,
            language: str | None = None,
        ) -> None:
            chosen = language or current()  # the reader's language (/language, else…)
            pages = lesson(game, chosen)
            number = pages.index(topic) if topic else 0
            page = await rules_message(interaction.channel, game, chosen, number)
            note = None
            if pages.language != chosen:
                missing = LANGUAGES[chosen]
                note = _(
                    "These pages are in English: {game} has no {language} ones yet.",
                    game=display_name(game),
                    language=missing,
                )
            await send_page(interaction, page, content=note, ephemeral=True)

        rules = app_commands.Group(
            name="rules",
            description=N_("Learn to play the card games"),
            allowed_contexts=EVERYWHERE,
            allowed_installs=USER_OR_SERVER,
        )
        for _command in per_game(
            [registry.game(name) for name in games_with_lessons()],
            rules_description,
            rules_options,
            show_rules,
        ):
            rules.add_command(_command)
        del _command  # not a command of the cog itself

    return RulesCommands


async def setup(bot: SeepBot) -> None:
    await bot.add_cog(rules_commands()(bot))
    bot.add_dynamic_items(RulesButton, TopicSelect, LanguageSelect, TableRulesButton)

"""The table message in Discord's layout components: its words as text a player reads (and a
screen reader says, and a phone never cuts), its picture only the cards.

One container, its accent bar in the colour of the side to move:
  the game and the score (a text display),
  the last play and what it took (a text display, once there is one),
  the picture of the table (a media gallery of one image, with the table in words as its
  alt text; the table in words instead where the bot may not attach files),
  whose turn it is with its live countdown, and the deal's commitment in short,
  the buttons (an action row).

Made in one place for wherever the message goes (a channel post, an interaction's follow-up):
`table_layout` returns the view, the caller sends it with the picture's file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from cogs.ui_types import MessageParts, ViewItem

TABLE_IMAGE = "table.png"
ALT_TEXT_LIMIT = 1024  # Discord's limit on a media gallery item's description
TEXT_LIMIT = 4000  # Discord's limit on the text of all a message's text displays
NEUTRAL = 0x2E7D32  # the accent when no side is to move (the match is over, a cut)


@dataclass(frozen=True, slots=True)
class TableWords:
    """What the table message says, in the reader's language, made on the event loop."""

    heading: str  # the game and the table's number
    score: Sequence[str]  # each side's standing, a line each
    played: str  # the last play (and the plays since the last table), or ""
    turn: str  # whose turn it is and the deadline, or that the match is over
    commitment: str  # the deal's commitment in short, or ""
    alt: str  # the table in words: the picture's alt text, or the table without a picture
    no_picture: str = ""  # why the table comes as text, where it does
    accent: int = NEUTRAL  # the colour of the side to move (0xRRGGBB)


def block(*lines: str) -> str:
    return "\n".join(line for line in lines if line)


def table_layout(
    words: TableWords,
    buttons: Sequence[ViewItem],
    picture: bool,
) -> discord.ui.LayoutView:
    """The message's view; `picture`: it shows the attached `table.png` (the caller attaches
    it), else the table in words."""
    view = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=words.accent
    )
    container.add_item(discord.ui.TextDisplay(block(f"### {words.heading}", *words.score)))
    if words.played:
        container.add_item(discord.ui.TextDisplay(words.played))
    if picture:
        item = discord.MediaGalleryItem(
            f"attachment://{TABLE_IMAGE}", description=words.alt[:ALT_TEXT_LIMIT] or None
        )
        container.add_item(discord.ui.MediaGallery(item))
    elif words.alt:
        container.add_item(discord.ui.TextDisplay(block(words.alt, f"-# {words.no_picture}")))
    container.add_item(discord.ui.Separator(visible=False))
    container.add_item(discord.ui.TextDisplay(block(words.turn, words.commitment)))
    if buttons:
        container.add_item(discord.ui.ActionRow(*buttons))
    view.add_item(container)
    _fit(view)
    return view


def _fit(view: discord.ui.LayoutView) -> None:
    """The texts shortened from the longest down when they would pass Discord's 4,000
    characters (a long list of plays since the last table, a long table in words)."""
    displays = [item for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)]
    over = view.content_length() - TEXT_LIMIT
    while over > 0:
        longest = max(displays, key=lambda display: len(display.content))
        keep = max(1, len(longest.content) - over - 1)
        longest.content = longest.content[:keep] + "…"
        over = view.content_length() - TEXT_LIMIT


def text_of(view: discord.ui.LayoutView) -> str:
    """Every text of a layout view, in order (what a screen reader says of the message)."""
    return "\n".join(
        item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)
    )


@dataclass(frozen=True, slots=True)
class SummaryWords:
    """What a deal summary says: its title and totals, its sections ("Match over", "Match
    recap"…, each a heading and its text), and the alt texts of its pictures."""

    title: str
    totals: str
    sections: Sequence[tuple[str, str]]
    summary_alt: str = ""
    closing: Sequence[tuple[str, str]] = ()  # after the pictures (the match's end)
    recap_alt: str = ""


SUMMARY_IMAGE, RECAP_IMAGE = "summary.png", "recap.png"


def summary_layout(
    words: SummaryWords,
    buttons: Sequence[ViewItem],
    summary: bool,
    recap: bool,
) -> discord.ui.LayoutView:
    """A deal summary: its words, then its picture (`summary`: `summary.png` is attached), at
    the match's end the result, the recap in words and its picture (`recap`: `recap.png`),
    then the buttons. Each picture in a gallery of its own, so that neither is cropped into a
    mosaic with the other."""
    view = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=NEUTRAL
    )
    container.add_item(discord.ui.TextDisplay(block(f"### {words.title}", words.totals)))
    for heading, text in words.sections:
        container.add_item(discord.ui.TextDisplay(block(f"**{heading}**", text)))
    if summary:
        container.add_item(_gallery(SUMMARY_IMAGE, words.summary_alt))
    for heading, text in words.closing:
        container.add_item(discord.ui.TextDisplay(block(f"**{heading}**", text)))
    if recap:
        container.add_item(_gallery(RECAP_IMAGE, words.recap_alt))
    if buttons:
        container.add_item(discord.ui.ActionRow(*buttons))
    view.add_item(container)
    _fit(view)
    return view


def _gallery(filename: str, alt: str) -> discord.ui.MediaGallery[discord.ui.LayoutView]:
    item = discord.MediaGalleryItem(f"attachment://{filename}",
                                    description=alt[:ALT_TEXT_LIMIT] or None)  # fmt: skip
    return discord.ui.MediaGallery(item)


@dataclass(frozen=True, slots=True)
class EditedInPlace:
    """The form of a message that is sent through an interaction and then edited in place
    there (cogs/relay.py): without layout components, since Discord refuses an edit that
    uploads the picture a media gallery shows (discord-api-docs#7529). The line that calls
    someone to move is the content (a mention in an embed pings nobody), the other texts an
    embed's description in the accent colour, each picture an embed's image, the buttons a
    classic view's row. `buttons`: more buttons after the message's own (made with them, in
    the worker thread); `note`: a line of small print under the content."""

    buttons: Callable[[], Sequence[ViewItem]] = tuple
    note: str = ""


def table_form(
    words: TableWords,
    buttons: Sequence[ViewItem],
    picture: bool,
    in_place: EditedInPlace | None = None,
) -> MessageParts:
    """The table message's keywords for `send` besides its file: its layout view, or, with
    `in_place`, its form edited in place."""
    if in_place is None:
        return {"view": table_layout(words, buttons, picture)}
    described = block(*words.score, words.played,
                      "" if picture else block(words.alt, f"-# {words.no_picture}"))  # fmt: skip
    images = [TABLE_IMAGE] if picture else []
    return _in_place(block(words.turn, words.commitment), words.heading, described,
                     words.accent, images, buttons, in_place)  # fmt: skip


def summary_form(
    words: SummaryWords,
    buttons: Sequence[ViewItem],
    summary: bool,
    recap: bool,
    in_place: bool = False,
) -> MessageParts:
    """A deal summary's keywords for `send` besides its files: its layout view, or, with
    `in_place`, its form edited in place (a deferred press's follow-up is an edit of its
    answer)."""
    if not in_place:
        return {"view": summary_layout(words, buttons, summary, recap)}
    sections = [block(f"**{heading}**", text) for heading, text in (*words.sections,
                                                                    *words.closing)]  # fmt: skip
    images = [name for name, shown in ((SUMMARY_IMAGE, summary), (RECAP_IMAGE, recap)) if shown]
    return _in_place("", words.title, block(words.totals, *sections), NEUTRAL, images,
                     buttons, EditedInPlace())  # fmt: skip


def _in_place(
    content: str,
    title: str,
    described: str,
    colour: int,
    images: Sequence[str],
    buttons: Sequence[ViewItem],
    in_place: EditedInPlace,
) -> MessageParts:
    embeds = [discord.Embed(title=title[:256] or None, description=described[:4096] or None,
                            colour=colour)]  # fmt: skip
    for number, filename in enumerate(images):
        if number:
            embeds.append(discord.Embed(colour=colour))
        embeds[-1].set_image(url=f"attachment://{filename}")
    view = discord.ui.View(timeout=None)
    for item in (*buttons, *in_place.buttons()):
        view.add_item(item)
    note = f"-# {in_place.note}" if in_place.note else ""
    return {"content": block(content, note) or None, "embeds": embeds, "view": view}

"""The table message's layout keeps to Discord's limits whatever it has to say."""

from __future__ import annotations

import discord

from cogs.table_layout import (
    TEXT_LIMIT,
    EditedInPlace,
    TableWords,
    table_form,
    table_layout,
    text_of,
)


def words(played: str = "**Last play** · Asha threw 9♠", alt: str = "Floor: 9♠") -> TableWords:
    return TableWords(
        heading="Seep · table 1",
        score=("Points this deal: Asha & Ravi: 12 · Dev & Mira: 9",),
        played=played,
        turn="<@1>, your turn. Time runs out <t:1:R>.",
        commitment="-# Deal commitment `0123456789abcdef` · `/verify`",
        alt=alt,
        no_picture="I may not attach images here, so the table comes as text.",
        accent=0x4285F4,
    )


def button(number: int) -> discord.ui.Button[discord.ui.LayoutView]:
    return discord.ui.Button(label=f"b{number}", custom_id=f"b:{number}")


def test_a_long_list_of_plays_is_shortened_to_discords_4000_characters() -> None:
    plays = "\n".join(f"• Computer {n % 5} threw {n}♠" for n in range(600))  # ~12,000
    view = table_layout(words(played=plays), [button(n) for n in range(4)], picture=True)
    assert view.content_length() <= TEXT_LIMIT
    said = text_of(view)
    assert "<@1>, your turn." in said and "Seep · table 1" in said  # the turn is never cut
    assert view.total_children_count <= 40


def test_the_picture_or_the_table_in_words() -> None:
    shown = table_layout(words(), [button(1)], picture=True).to_components()
    text = table_layout(words(), [button(1)], picture=False).to_components()
    assert "attachment://table.png" in str(shown) and "Floor: 9♠" in str(shown)  # alt text
    assert "attachment://" not in str(text) and "so the table comes as text" in str(text)


def test_the_form_edited_in_place_has_no_layout_components_and_still_pings() -> None:
    """Through an interaction the table is edited in place, which Discord refuses for a
    layout message uploading its picture (discord-api-docs#7529): the same words come as a
    classic message, the line that calls the player to move as its content (an embed's
    mention pings nobody), the picture as the embed's image, the buttons in a classic view."""
    more = EditedInPlace(lambda: [button(9)], "Quiet? Press Continue.")
    form = table_form(words(), [button(1), button(2)], picture=True, in_place=more)
    assert form["content"].startswith("<@1>, your turn.")
    assert form["content"].endswith("\n-# Quiet? Press Continue.")  # small print, last
    (embed,) = form["embeds"]
    assert embed.title == "Seep · table 1" and embed.image.url == "attachment://table.png"
    assert "Asha & Ravi: 12" in embed.description and "Asha threw 9♠" in embed.description
    view = form["view"]
    assert not isinstance(view, discord.ui.LayoutView)
    assert [item.custom_id for item in view.children] == ["b:1", "b:2", "b:9"]
    # without a picture, the table in words is in the embed, and no image is asked for
    text = table_form(words(), [button(1)], picture=False, in_place=EditedInPlace())
    assert text["embeds"][0].image.url is None
    assert "Floor: 9♠" in text["embeds"][0].description
    assert text["content"] == f"{words().turn}\n{words().commitment}"  # no note asked for
    # and the layout form when the message is not edited in place
    assert isinstance(table_form(words(), [button(1)], picture=True)["view"], discord.ui.LayoutView)

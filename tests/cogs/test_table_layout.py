"""The table message's layout keeps to Discord's limits whatever it has to say."""

from __future__ import annotations

import discord

from cogs.table_layout import TEXT_LIMIT, TableWords, table_layout, text_of


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

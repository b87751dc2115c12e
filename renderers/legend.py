"""What each colour and mark on the images means: one meaning per colour in every game.

`legend_entries` gives the entries as data (for a rules page's text); `render_legend` draws
them as an image, each mark drawn the way the table images draw it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PIL import Image, ImageDraw

from engine.cards import parse_cards
from engine.words import say
from renderers.assets import font
from renderers.draw import dim_card, paste_card, to_png
from renderers.text import draw_text, wrap_words
from renderers.theme import DEFAULT_THEME, RGB, Theme

ROW_H = 112
SAMPLE_W = 70
TEXT_LEFT = 150


class Mark(Enum):
    WINNING = "winning"  # a gold frame
    TURN = "turn"  # a blue frame and ▶
    JUST_PLAYED = "just_played"  # a pink frame
    SIDES = "sides"  # a side's colour on a seat
    STRONG = "strong"  # a double cream frame
    TAKEN = "taken"  # cards faded into the felt
    DIMMED = "dimmed"  # a shaded card in the hand
    TRUMP = "trump"  # ♛ on a card in the hand


@dataclass(frozen=True, slots=True)
class LegendEntry:
    mark: Mark
    colour: RGB
    meaning: str


def legend_entries(theme: Theme = DEFAULT_THEME) -> list[LegendEntry]:
    return [
        LegendEntry(Mark.WINNING, theme.highlight,
                    say("Gold frame: the card that wins the trick so far, or that took it")),
        LegendEntry(Mark.TURN, theme.turn, say("Blue frame and ▶: the player to move")),
        LegendEntry(Mark.JUST_PLAYED, theme.just_played,
                    say("Pink frame: the card just played, where it now lies")),
        LegendEntry(Mark.SIDES, theme.sides[0],
                    say("A seat's colour: its side (grey while the sides are secret)")),
        LegendEntry(Mark.STRONG, theme.badge,
                    say("Double frame: a cemented house or a multiple build")),
        LegendEntry(Mark.TAKEN, theme.muted,
                    say("Faded cards: the trick just taken, until the next lead")),
        LegendEntry(Mark.DIMMED, theme.dim, say("Dimmed card in your hand: not playable now")),
        LegendEntry(Mark.TRUMP, theme.trump_mark, say("♛ on a card in your hand: a trump")),
    ]  # fmt: skip


def render_legend(theme: Theme = DEFAULT_THEME) -> Image.Image:
    entries = legend_entries(theme)
    title_font = font(theme.title_size, bold=True)
    small = font(theme.small_size)
    height = 64 + ROW_H * len(entries) + theme.margin
    image = Image.new("RGB", (theme.width, height), theme.felt)
    draw = ImageDraw.Draw(image)
    band = (0, 0, theme.width, 56)
    draw.rectangle(band, fill=theme.panel)
    draw_text(draw, (theme.margin, 12), say("Reading the table"), font=title_font,
              fill=theme.text, area=band)  # fmt: skip
    card = parse_cards("10H")[0]
    for row, entry in enumerate(entries):
        top = 64 + row * ROW_H
        card_box = (40, top + 6, 40 + SAMPLE_W, top + 6 + round(SAMPLE_W / theme.card_ratio))
        frame = (card_box[0] - 5, card_box[1] - 5, card_box[2] + 5, card_box[3] + 5)
        if entry.mark is Mark.SIDES:
            draw.rounded_rectangle((20, top + 10, 120, top + 96), 10, fill=theme.panel,
                                   outline=entry.colour, width=4)  # fmt: skip
        elif entry.mark is Mark.TURN:
            draw.rounded_rectangle((20, top + 10, 120, top + 96), 10, fill=theme.panel,
                                   outline=entry.colour, width=5)  # fmt: skip
            draw_text(draw, (70, top + 53), "▶", font=font(theme.label_size, bold=True),
                      fill=entry.colour, anchor="mm")  # fmt: skip
        else:
            paste_card(image, card, card_box, theme)
            if entry.mark is Mark.TAKEN:
                region = image.crop(card_box)
                faded = Image.blend(region, Image.new("RGB", region.size, theme.felt), 0.45)
                image.paste(faded, card_box[:2])
            elif entry.mark is Mark.DIMMED:
                dim_card(image, card_box, theme)
            elif entry.mark is Mark.TRUMP:
                mark = (card_box[0] + 3, card_box[3] - 30, card_box[0] + 40, card_box[3] - 4)
                draw.rounded_rectangle(mark, 8, fill=entry.colour)
                draw_text(draw, ((mark[0] + mark[2]) // 2, (mark[1] + mark[3]) // 2), "♛",
                          font=small, fill=theme.text, anchor="mm")  # fmt: skip
            elif entry.mark is Mark.STRONG:
                draw.rounded_rectangle(frame, 10, outline=entry.colour, width=3)
                outer = (frame[0] - 5, frame[1] - 5, frame[2] + 5, frame[3] + 5)
                draw.rounded_rectangle(outer, 14, outline=entry.colour, width=2)
            else:
                draw.rounded_rectangle(frame, 10, outline=entry.colour, width=5)
        area = (TEXT_LEFT, top, theme.width - theme.margin, top + ROW_H)
        lines = wrap_words(entry.meaning, small, area[2] - area[0], 3)
        first = top + (ROW_H - 31 * len(lines)) // 2
        for number, line in enumerate(lines):
            draw_text(draw, (TEXT_LEFT, first + number * 31), line, font=small, fill=theme.text,
                      area=area)  # fmt: skip
    return image


def render_legend_png(theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render_legend(theme), theme)

"""The hand image for a player's private picker: cards sorted by suit and value, numbered."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import Card
from engine.core import GameView
from engine.pictures import HandPicture
from engine.words import say_count
from renderers.assets import font
from renderers.draw import paste_card, to_png
from renderers.text import draw_text, fit_text
from renderers.theme import DEFAULT_THEME, Theme

HAND_HEIGHT = 340
CARD_H = 200
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class HandLayout:
    title: Box
    note: Box
    cards: tuple[Box, ...]
    numbers: tuple[Box, ...]


def hand_layout(count: int, theme: Theme) -> HandLayout:
    """One row of cards as large as the width allows; a long hand overlaps, each card's corner
    index and its number still showing."""
    width = theme.width
    title = (theme.margin, 8, width - theme.margin, 46)
    note = (theme.margin, 48, width - theme.margin, 80)
    card_w = round(CARD_H * theme.card_ratio)
    area = width - 2 * theme.margin
    step = (
        card_w + 10 if count * (card_w + 10) - 10 <= area else (area - card_w) // max(count - 1, 1)
    )
    total = step * (count - 1) + card_w if count else 0
    left = (width - total) // 2
    top = 88
    cards = tuple(
        (left + i * step, top, left + i * step + card_w, top + CARD_H) for i in range(count)
    )
    numbers = tuple((box[0], box[3] + 6, box[0] + min(step, card_w), box[3] + 42) for box in cards)
    return HandLayout(title, note, cards, numbers)


def render(view: GameView, theme: Theme = DEFAULT_THEME) -> Image.Image:
    return render_picture(view.hand_picture(), theme)


def render_picture(picture: HandPicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    hand: tuple[Card, ...] = picture.cards
    layout = hand_layout(len(hand), theme)
    image = Image.new("RGB", (theme.width, HAND_HEIGHT), theme.felt)
    draw = ImageDraw.Draw(image)
    title_font = font(theme.title_size, bold=True)
    title = say_count("Your hand · {count} card", "Your hand · {count} cards", len(hand))
    box = layout.title
    draw_text(
        draw,
        (box[0], box[1]),
        fit_text(title, title_font, box[2] - box[0]),
        font=title_font,
        fill=theme.text,
    )
    if picture.note:
        small = font(theme.small_size)
        note = layout.note
        draw_text(
            draw,
            (note[0], note[1]),
            fit_text(picture.note, small, note[2] - note[0]),
            font=small,
            fill=theme.badge,
        )
    label = font(theme.label_size, bold=True)
    for number, (card, card_box, number_box) in enumerate(
        zip(hand, layout.cards, layout.numbers, strict=True), 1
    ):
        paste_card(image, card, card_box, theme)
        draw_text(
            draw,
            ((number_box[0] + number_box[2]) // 2, (number_box[1] + number_box[3]) // 2),
            str(number),
            font=label,
            fill=theme.badge,
            anchor="mm",
        )
    return image


def render_png(view: GameView, theme: Theme = DEFAULT_THEME) -> bytes:
    return to_png(render(view, theme), theme)

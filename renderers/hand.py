"""The hand image for a player's private picker: cards sorted by suit and value, numbered; on
the player's turn the cards they may not play now are dimmed and the title says how many they
may play; trumps carry a mark under their number where the game has a fixed trump."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import Card
from engine.core import GameView
from engine.pictures import HandPicture
from engine.words import say_count
from renderers.assets import font, index_width
from renderers.draw import dim_card, drawing, paste_card, to_png
from renderers.text import draw_text, fit_text, wrap_pieces
from renderers.theme import DEFAULT_THEME, Theme

Marked = Card | Collection[Card] | None  # a lesson's cards, framed
HAND_HEIGHT = 372  # with cards of full size; smaller cards make a shorter image
CARD_H = 200
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class HandLayout:
    title: Box
    note: Box
    cards: tuple[Box, ...]
    numbers: tuple[Box, ...]
    marks: tuple[Box, ...]  # under each number: the trump mark


def hand_layout(count: int, theme: Theme) -> HandLayout:
    """One row of cards as large as the width allows; a long hand overlaps, and where even
    then a card's corner index (a "10" and its suit) would be covered by the next card, the
    cards are drawn smaller until every index shows whole, each with its number under it."""
    width = theme.width
    title = (theme.margin, 8, width - theme.margin, 46)
    note = (theme.margin, 48, width - theme.margin, 80)
    area = width - 2 * theme.margin
    card_w, step = hand_cards(count, area, theme)
    card_h = round(card_w / theme.card_ratio)
    total = step * (count - 1) + card_w if count else 0
    left = (width - total) // 2
    top = 88
    cards = tuple(
        (left + i * step, top, left + i * step + card_w, top + card_h) for i in range(count)
    )
    numbers = tuple((box[0], box[3] + 6, box[0] + min(step, card_w), box[3] + 40) for box in cards)
    marks = tuple((box[0] + 2, box[3] + 2, box[2] - 2, box[3] + 30) for box in numbers)
    return HandLayout(title, note, cards, numbers, marks)


def hand_cards(count: int, area: int, theme: Theme) -> tuple[int, int]:
    """The width of a hand's cards and the step from one card to the next: full size side by
    side where they fit, else overlapping, never closer than a corner index's width."""
    full = round(CARD_H * theme.card_ratio)
    if count * (full + 10) - 10 <= area:
        return full, full + 10
    for card_w in range(full, theme.min_card_width - 1, -1):
        step = (area - card_w) // max(count - 1, 1)
        if step >= index_width(card_w):
            return card_w, min(step, card_w + 10)
    card_w = theme.min_card_width  # a hand longer than any game deals: overlap at the least
    return card_w, (area - card_w) // max(count - 1, 1)


def render(
    view: GameView, theme: Theme = DEFAULT_THEME, marked: Marked = None
) -> Image.Image:
    return render_picture(view.hand_picture(), theme, marked)


def render_picture(
    picture: HandPicture, theme: Theme = DEFAULT_THEME, marked: Marked = None
) -> Image.Image:
    """The hand; `marked` (a lesson's move: a card, or the cards it moves) outlined in the
    colour of the card just played."""
    with drawing(picture.pack):
        return _render_picture(picture, theme, marked)


def _render_picture(picture: HandPicture, theme: Theme, marked: Marked) -> Image.Image:
    hand: tuple[Card, ...] = picture.cards
    layout = hand_layout(len(hand), theme)
    bottom = layout.numbers[-1][3] if hand else 0
    height = HAND_HEIGHT if not hand else min(HAND_HEIGHT, bottom + 24)
    image = Image.new("RGB", (theme.width, height), theme.felt)
    draw = ImageDraw.Draw(image)
    title_font = font(theme.title_size, bold=True)
    playable = picture.playable
    if playable is None:
        title = say_count("Your hand · {count} card", "Your hand · {count} cards", len(hand))
    else:
        title = say_count(
            "Your hand · {count} of {total} playable",
            "Your hand · {count} of {total} playable",
            sum(playable),
            total=len(hand),
        )
    box = layout.title
    draw_text(
        draw,
        (box[0], box[1]),
        fit_text(title, title_font, box[2] - box[0]),
        font=title_font,
        fill=theme.text,
        area=box,
    )
    small = font(theme.small_size)
    if picture.note:
        note = layout.note
        pieces = picture.note.split(" · ")
        for row, line in enumerate(wrap_pieces(pieces, small, note[2] - note[0], 1)):
            draw_text(draw, (note[0], note[1] + row * 28), line, font=small, fill=theme.badge,
                      area=note)  # fmt: skip
    label = font(theme.label_size, bold=True)
    for number, (card, card_box, number_box, mark_box) in enumerate(
        zip(hand, layout.cards, layout.numbers, layout.marks, strict=True), 1
    ):
        paste_card(image, card, card_box, theme)
        allowed = playable is None or playable[number - 1]
        if not allowed:
            dim_card(image, card_box, theme)
        draw_text(
            draw,
            ((number_box[0] + number_box[2]) // 2, (number_box[1] + number_box[3]) // 2),
            str(number),
            font=label,
            fill=theme.badge if allowed else theme.muted,
            anchor="mm",
            area=number_box,
        )
        if picture.trumps and picture.trumps[number - 1]:
            top = card_box[3] - 34
            right = card_box[0] + min(mark_box[2] - mark_box[0], 60)
            band = (card_box[0] + 4, top, right, top + 28)
            draw.rounded_rectangle(band, 8, fill=theme.trump_mark)
            draw_text(draw, ((band[0] + band[2]) // 2, (band[1] + band[3]) // 2), "♛",
                      font=label, fill=theme.text, anchor="mm", area=band)  # fmt: skip
    framed = {marked} if isinstance(marked, Card) else set(marked or ())
    for index, card in enumerate(hand):  # the part of each card in view, not its neighbours
        if card not in framed:
            continue
        box = layout.cards[index]
        right = layout.cards[index + 1][0] if index + 1 < len(hand) else box[2]
        draw.rounded_rectangle(
            (box[0] - 3, box[1] - 3, min(box[2], right) + 3, box[3] + 3), 12,
            outline=theme.just_played, width=6,
        )  # fmt: skip
    return image


def render_png(view: GameView, theme: Theme = DEFAULT_THEME, marked: Marked = None) -> bytes:
    return to_png(render(view, theme, marked), theme)

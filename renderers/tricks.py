"""The trick family's table image: each player's cards of the trick directly in front of their
seat, with their name; in a continued trick (Sedma, Hola) every round's card in full, fanned so
each corner index shows. The card winning now carries one mark in every game (the winning
colour's frame and a line under the trick). Once a trick is taken it stays on the table, dimmed,
with who took it and its points, until the next card is led.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.cards import Card
from engine.pictures import TrickSeat, TrickTable, last_trick_table
from engine.words import say, say_count
from renderers.assets import font, index_width
from renderers.draw import draw_footer, drawing, framed_to_png, paste_card, table_canvas
from renderers.frame import blending, framing, redraw
from renderers.layout import Box, floor_box, placed_positions, seat_boxes, seat_rows
from renderers.seat import SeatPanel, draw_seat
from renderers.text import draw_text, fit_name, text_width, wrap_pieces
from renderers.theme import DEFAULT_THEME, Theme

TRICK_CARD_H = 150
NOTE_H = 66  # two lines above the trick: the trump and the notes
MIDDLE_H = 38  # the line between the two rows of cards: who wins now, or who took the trick
NAME_H = 30  # a player's name beside their cards
PAD = 10
DIM = 0.45  # how far a taken trick's cards fade into the felt


@dataclass(frozen=True, slots=True)
class TrickLayout:
    seats: tuple[Box, ...]
    slots: tuple[Box, ...]  # per seat: where its cards and name lie, in front of the seat
    floor: Box
    notes: Box
    middle: Box
    card_w: int
    card_h: int


def trick_layout(table: TrickTable, theme: Theme, bottom: int = 0) -> TrickLayout:
    positions = placed_positions(len(table.seats), table.clockwise, bottom)
    seats = seat_boxes(positions, theme)
    floor = floor_box(theme)
    notes = (floor[0] + PAD, floor[1] + 4, floor[2] - PAD, floor[1] + NOTE_H)
    inner_top = floor[1] + NOTE_H + 4
    inner_bottom = floor[3] - PAD
    half = (inner_bottom - inner_top - MIDDLE_H) // 2
    middle = (floor[0] + PAD, inner_top + half, floor[2] - PAD, inner_top + half + MIDDLE_H)
    card_h = min(TRICK_CARD_H, half - NAME_H - 4)
    card_w = round(card_h * theme.card_ratio)
    top_row, _ = seat_rows(positions)
    slots = []
    for position, seat in zip(positions, seats, strict=True):
        if position in top_row:
            slots.append((seat[0], inner_top, seat[2], inner_top + half))
        else:
            slots.append((seat[0], middle[3], seat[2], middle[3] + half))
    return TrickLayout(tuple(seats), tuple(slots), floor, notes, middle, card_w, card_h)


def card_boxes(count: int, slot: Box, upper: bool, layout: TrickLayout) -> list[Box]:
    """A seat's cards of the trick side by side in its slot, overlapping only as far as leaves
    each corner index (a "10" and its suit) in view."""
    if not count:
        return []
    card_w, card_h = layout.card_w, layout.card_h
    width = slot[2] - slot[0]
    step = card_w + 6 if count == 1 else min(card_w + 6, (width - card_w) // (count - 1))
    step = max(step, index_width(card_w))
    total = step * (count - 1) + card_w
    left = (slot[0] + slot[2] - total) // 2
    top = slot[1] if upper else slot[3] - card_h
    return [(left + i * step, top, left + i * step + card_w, top + card_h) for i in range(count)]


def render(table: TrickTable, theme: Theme = DEFAULT_THEME, bottom: int = 0) -> Image.Image:
    with drawing(table.pack):
        return _render(table, theme, bottom)


def _render(table: TrickTable, theme: Theme, bottom: int) -> Image.Image:
    layout = trick_layout(table, theme, bottom)
    image, draw = table_canvas(layout.floor, table.title, table.score_lines, theme)
    for seat, box in zip(table.seats, layout.seats, strict=True):
        _seat(image, draw, seat, box, theme, table.past)
    small = font(theme.small_size)
    notes = [n for n in (table.trump, *table.notes) if n]
    box = layout.notes
    for row, line in enumerate(wrap_pieces(notes, small, box[2] - box[0], 2)):
        draw_text(
            draw,
            ((box[0] + box[2]) // 2, box[1] + row * 31),
            line,
            font=small,
            fill=theme.text,
            anchor="ma",
            area=box,
        )
    taken = not table.trick and bool(table.last_trick)
    shown = table.last_trick if taken else table.trick
    winner = table.last_taker if taken else table.winning
    winning_box = _cards(image, draw, table, shown, winner, layout, theme)
    if taken and not table.past:  # a taken trick fades into the felt, its taker's card framed
        _fade(image, [s for p, s in enumerate(layout.slots) if any(q == p for q, _ in shown)],
              theme)  # fmt: skip
        draw = redraw(image)
    if winning_box is not None:
        draw.rounded_rectangle(
            (winning_box[0] - 4, winning_box[1] - 4, winning_box[2] + 4, winning_box[3] + 4),
            12,
            outline=theme.highlight,
            width=5,
        )
    _middle(draw, table, taken, winner, layout, theme)
    new_hand = say("New hand") if table.last_play is None else table.last_play  # "": said elsewhere
    draw_footer(draw, new_hand, theme.width - theme.margin, theme)
    return image


def _cards(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    table: TrickTable,
    trick: tuple[tuple[int, Card | None], ...],
    winner: int | None,
    layout: TrickLayout,
    theme: Theme,
) -> Box | None:
    """Each player's cards in front of their seat, their name beside them; the box of the
    card that wins (the winner's last card, or the one the game names)."""
    small = font(theme.small_size)
    winning_box = None
    for player, slot in enumerate(layout.slots):
        cards = [card for p, card in trick if p == player]
        if not cards:
            continue
        upper = slot[1] < layout.middle[1]
        boxes = card_boxes(len(cards), slot, upper, layout)
        for card, card_box in zip(cards, boxes, strict=True):
            paste_card(image, card, card_box, theme)
        index = table.winning_at if (winner == table.winning and trick is table.trick) else None
        if player == winner:
            winning_box = boxes[-1]
            if index is not None and 0 <= index < len(trick):
                before = sum(1 for p, _ in trick[:index] if p == player)
                winning_box = boxes[min(before, len(boxes) - 1)]
        name_top = boxes[0][3] + 2 if upper else boxes[0][1] - NAME_H
        name = fit_name(table.seats[player].name, small, slot[2] - slot[0] - 8)
        draw_text(
            draw,
            ((slot[0] + slot[2]) // 2, name_top),
            name,
            font=small,
            fill=theme.text,
            anchor="ma",
            area=slot,
        )
    return winning_box


def _fade(image: Image.Image, slots: list[Box], theme: Theme) -> None:
    for slot in slots:
        blending(image, slot)
        region = image.crop(slot)
        felt = Image.new("RGB", region.size, theme.felt)
        image.paste(Image.blend(region, felt, DIM), slot[:2])


def _middle(
    draw: ImageDraw.ImageDraw,
    table: TrickTable,
    taken: bool,
    winner: int | None,
    layout: TrickLayout,
    theme: Theme,
) -> None:
    """The line between the rows of cards: who wins the trick so far, who took the last one
    and its points, or that no card is down yet."""
    box = layout.middle
    label = font(theme.label_size, bold=True)
    colour = theme.highlight
    if winner is not None and (taken or table.trick):
        if taken:
            words = say("{name} took the trick · {points} points", points=table.last_points,
                        name="{name}")  # fmt: skip
        else:
            words = say("{name} wins the trick so far", name="{name}")
        words = "★ " + words
        room = box[2] - box[0] - text_width(words.replace("{name}", ""), label)
        text = words.replace("{name}", fit_name(table.seats[winner].name, label, room))
    else:
        text, colour = say("No card played yet"), theme.muted
    draw_text(
        draw,
        ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
        text,
        font=label,
        fill=colour,
        anchor="mm",
        area=box,
    )


def _seat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    seat: TrickSeat,
    box: Box,
    theme: Theme,
    past: bool = False,
) -> None:
    """A seat's panel; for a past trick (`TrickTable.past`), its name and marks only."""
    colour = theme.muted if seat.side is None else theme.sides[seat.side % len(theme.sides)]
    cards = say_count("{count} card", "{count} cards", seat.cards_in_hand)
    details = [cards, *seat.marks, *seat.won.split(" · ")] if not past else [*seat.marks]
    panel = SeatPanel.of(seat.name, details, colour, seat.to_play, seat.dealer)
    draw_seat(draw, box, panel, theme, image)


def last_trick_picture(table: TrickTable) -> TrickTable | None:
    """The most recent finished trick on its own, for the "Last trick" view
    (`engine.pictures.last_trick_table`), or None before the hand's first trick is taken."""
    return last_trick_table(table)


def render_last_trick_png(
    table: TrickTable, theme: Theme = DEFAULT_THEME, bottom: int = 0
) -> bytes | None:
    picture = last_trick_picture(table)
    if picture is None:
        return None
    with framing() as frames:
        image = render(picture, theme, bottom)
    return framed_to_png(frames, image, theme)

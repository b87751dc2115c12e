"""The trick family's table image: the trick in the middle, each card on its player's side,
the card now winning marked, trump and notes above it, seats around, scores in the header."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.pictures import TrickSeat, TrickTable
from engine.words import say, say_count
from renderers.assets import font
from renderers.draw import draw_footer, draw_header, paste_card
from renderers.layout import Box, floor_box, placed_positions, seat_boxes
from renderers.seat import draw_seat
from renderers.text import draw_text, fit_text
from renderers.theme import DEFAULT_THEME, Theme

TRICK_CARD_H = 150
NOTE_GAP = 36  # room above the trick for the trump and the notes
PAD = 12
ROUND_SHIFT = 18  # how far each further round's card lies from the previous one


def trick_boxes(
    table: TrickTable, theme: Theme, bottom: int = 0
) -> tuple[list[Box], list[Box], Box]:
    """Seat boxes, and a card box for each seat: where its card of the trick lies, on the
    seat's side of the floor."""
    positions = placed_positions(len(table.seats), table.clockwise, bottom)
    seats = seat_boxes(positions, theme)
    floor = floor_box(theme)
    inner = (floor[0] + PAD, floor[1] + NOTE_GAP, floor[2] - PAD, floor[3] - PAD)
    card_h = min(TRICK_CARD_H, (inner[3] - inner[1] - PAD) // 2)
    card_w = round(card_h * theme.card_ratio)
    mid_x = (inner[0] + inner[2]) // 2
    mid_y = (inner[1] + inner[3]) // 2
    half_gap = PAD // 2
    anchors = {  # the card's centre for each seat position
        "bottom": (mid_x, inner[3] - card_h // 2),
        "top": (mid_x, inner[1] + card_h // 2),
        "top-left": (mid_x - card_w // 2 - half_gap, inner[1] + card_h // 2),
        "top-right": (mid_x + card_w // 2 + half_gap, inner[1] + card_h // 2),
        "left": (inner[0] + card_w // 2, mid_y),
        "right": (inner[2] - card_w // 2, mid_y),
        "left-high": (inner[0] + card_w // 2, mid_y - card_h // 2 - half_gap),
        "left-low": (inner[0] + card_w // 2, mid_y + card_h // 2 + half_gap),
        "right-high": (inner[2] - card_w // 2, mid_y - card_h // 2 - half_gap),
        "right-low": (inner[2] - card_w // 2, mid_y + card_h // 2 + half_gap),
    }
    cards = []
    for position in positions:
        x, y = anchors[position]
        cards.append(
            (x - card_w // 2, y - card_h // 2, x - card_w // 2 + card_w, y - card_h // 2 + card_h)
        )
    return seats, cards, floor


def render(table: TrickTable, theme: Theme = DEFAULT_THEME, bottom: int = 0) -> Image.Image:
    image = Image.new("RGB", (theme.width, theme.height), theme.felt)
    draw = ImageDraw.Draw(image)
    seats, cards, floor = trick_boxes(table, theme, bottom)
    draw.rounded_rectangle(
        (floor[0] - 6, floor[1] - 6, floor[2] + 6, floor[3] + 6),
        28,
        outline=theme.felt_edge,
        width=3,
    )
    draw_header(draw, table.title, table.score_lines, theme)
    for seat, box in zip(table.seats, seats, strict=True):
        _seat(draw, seat, box, theme)
    rounds: dict[int, int] = {}
    last: dict[int, Box] = {}
    for player, card in table.trick:  # a continued trick: each round's card a little further on
        step = rounds.get(player, 0)
        rounds[player] = step + 1
        base = cards[player]
        box = (base[0] + step * ROUND_SHIFT, base[1] + step * ROUND_SHIFT // 2,
               base[2] + step * ROUND_SHIFT, base[3] + step * ROUND_SHIFT // 2)  # fmt: skip
        paste_card(image, card, box, theme)
        last[player] = box
    if table.winning is not None and table.winning in last:
        draw.rounded_rectangle(last[table.winning], 10, outline=theme.highlight, width=4)
    small = font(theme.small_size)
    notes = " · ".join(n for n in (table.trump, *table.notes) if n)
    if notes:
        draw_text(
            draw,
            ((floor[0] + floor[2]) // 2, floor[1] + NOTE_GAP // 2),
            fit_text(notes, small, floor[2] - floor[0]),
            font=small,
            fill=theme.text,
            anchor="mm",
        )
    if not table.trick:
        draw_text(
            draw,
            ((floor[0] + floor[2]) // 2, (floor[1] + floor[3]) // 2),
            say("No card played yet"),
            font=font(theme.title_size),
            fill=theme.felt_edge,
            anchor="mm",
        )
    draw_footer(draw, table.last_play or say("New hand"), theme.width - theme.margin, theme)
    return image


def _seat(draw: ImageDraw.ImageDraw, seat: TrickSeat, box: Box, theme: Theme) -> None:
    colour = theme.muted if seat.side is None else theme.sides[seat.side % len(theme.sides)]
    cards = say_count("{count} card", "{count} cards", seat.cards_in_hand)
    details = [cards, *seat.marks, *seat.won.split(" · ")]
    draw_seat(draw, box, seat.name, details, colour, seat.to_play, seat.dealer, theme)

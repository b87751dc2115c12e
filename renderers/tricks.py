"""The trick family's table image: the trick in the middle, each card on its player's side,
the card now winning marked, trump and notes above it, seats around, scores in the header."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.pictures import TrickSeat, TrickTable
from renderers.assets import card_back, font
from renderers.draw import draw_header, paste_card
from renderers.layout import Box, floor_box, seat_box, seat_positions
from renderers.text import draw_text, fit_text
from renderers.theme import DEFAULT_THEME, Theme

TRICK_CARD_H = 150
NOTE_GAP = 30  # room above the trick for the trump and the notes
PAD = 12
ROUND_SHIFT = 18  # how far each further round's card lies from the previous one


def trick_boxes(table: TrickTable, theme: Theme) -> tuple[list[Box], list[Box], Box]:
    """Seat boxes, and a card box for each seat: where its card of the trick lies, on the
    seat's side of the floor."""
    positions = seat_positions(len(table.seats), table.clockwise)
    seats = [seat_box(p, theme) for p in positions]
    floor = floor_box(positions, theme)
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


def render(table: TrickTable, theme: Theme = DEFAULT_THEME) -> Image.Image:
    image = Image.new("RGB", (theme.width, theme.height), theme.felt)
    draw = ImageDraw.Draw(image)
    seats, cards, floor = trick_boxes(table, theme)
    draw.rounded_rectangle(
        (floor[0] - 6, floor[1] - 6, floor[2] + 6, floor[3] + 6),
        28,
        outline=theme.felt_edge,
        width=3,
    )
    draw_header(draw, table.title, table.score_lines, theme)
    for seat, box in zip(table.seats, seats, strict=True):
        _seat(image, draw, seat, box, theme)
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
            "No card played yet",
            font=font(theme.title_size),
            fill=theme.felt_edge,
            anchor="mm",
        )
    footer = (0, theme.height - theme.footer_height, theme.width, theme.height)
    draw.rectangle(footer, fill=theme.panel)
    label = font(theme.label_size)
    draw_text(
        draw,
        (theme.margin, (footer[1] + footer[3]) // 2),
        fit_text(table.last_play or "New hand", label, theme.width - 2 * theme.margin),
        font=label,
        fill=theme.text,
        anchor="lm",
    )
    return image


def _seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, seat: TrickSeat, box: Box, theme: Theme
) -> None:
    colour = theme.muted if seat.side is None else theme.sides[seat.side % len(theme.sides)]
    draw.rounded_rectangle(
        box,
        12,
        fill=theme.panel,
        outline=theme.highlight if seat.to_play else colour,
        width=4 if seat.to_play else 2,
    )
    name_font = font(theme.label_size, bold=True)
    small = font(theme.small_size)
    x = box[0] + 14
    width = box[2] - x - 10
    name = ("▶ " if seat.to_play else "") + seat.name + (" · D" if seat.dealer else "")
    draw_text(
        draw,
        (x, box[1] + 8),
        fit_text(name, name_font, width),
        font=name_font,
        fill=theme.highlight if seat.to_play else theme.text,
    )
    details = " · ".join((*seat.marks, seat.won))
    back = card_back(16, theme)
    shown = min(seat.cards_in_hand, 12)
    y = box[3] - back.height - 6
    for index in range(shown):
        image.paste(back, (x + index * 6, y), back)
    count_x = x + max(shown - 1, 0) * 6 + 22
    draw_text(
        draw,
        (count_x, y + back.height // 2),
        str(seat.cards_in_hand),
        font=small,
        fill=theme.text,
        anchor="lm",
    )
    if box[3] - box[1] < 100:  # a short seat (top, bottom): the details beside the cards
        left = count_x + 30
        draw_text(
            draw,
            (box[2] - 12, y + back.height // 2),
            fit_text(details, small, box[2] - 12 - left),
            font=small,
            fill=theme.muted,
            anchor="rm",
        )
    else:
        draw_text(
            draw, (x, box[1] + 36), fit_text(details, small, width), font=small, fill=theme.muted
        )

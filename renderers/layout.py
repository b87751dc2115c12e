"""Where everything goes on the table image: pure geometry, no drawing.

Boxes are (left, top, right, bottom) in pixels, right/bottom exclusive. Tests check that every
box lies on the canvas and that no two boxes that must stay apart overlap.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from renderers.assets import index_width
from renderers.model import TableModel
from renderers.theme import Theme

Box = tuple[int, int, int, int]

SEAT_H = 142  # a seat: its name, then three lines of details
MAX_SEAT_W = 400
PILE_NOTE = 66  # room under a pile for its two note lines
MAX_FAN = 6  # cards shown fanned in a pile (the rest sit under them)
MAX_CARD_H = 150


@dataclass(frozen=True, slots=True)
class TableLayout:
    header: Box
    footer: Box
    seats: tuple[Box, ...]
    floor: Box
    card_width: int
    card_height: int
    piles: tuple[Box, ...]  # each pile with its note
    cards: tuple[Box, ...]  # loose cards (they may overlap each other on a crowded floor)
    backs: tuple[Box, ...]  # face-down floor cards
    taken: tuple[Box, ...]  # the last capture, shown small in the footer

    def separate_boxes(self) -> list[tuple[str, str, Box]]:
        """(name, group, box) for everything drawn. Boxes of different groups must never
        overlap; loose cards (and face-down cards) may overlap within their own group only,
        which is how a very crowded floor still fits."""
        boxes = [("header", "header", self.header), ("footer", "footer", self.footer)]
        boxes += [(f"seat {i}", f"seat {i}", box) for i, box in enumerate(self.seats)]
        boxes += [(f"pile {i}", f"pile {i}", box) for i, box in enumerate(self.piles)]
        boxes += [(f"card {i}", "loose", box) for i, box in enumerate(self.cards)]
        boxes += [(f"back {i}", "backs", box) for i, box in enumerate(self.backs)]
        return boxes

    def all_boxes(self) -> list[tuple[str, Box]]:
        boxes = [(name, box) for name, _, box in self.separate_boxes()]
        boxes += [(f"taken {i}", box) for i, box in enumerate(self.taken)]
        return boxes


def seat_positions(count: int, clockwise: bool) -> list[str]:
    """Where each seat sits (2 to 6 seats), seat 0 at the bottom, following the direction of
    play."""
    around = {
        2: ["top"],
        3: ["left", "right"],
        4: ["left", "top", "right"],
        5: ["left", "top-left", "top-right", "right"],
        6: ["left-low", "left-high", "top", "right-high", "right-low"],
    }
    if count not in around:
        raise ValueError(f"no layout for {count} seats")
    others = around[count] if clockwise else list(reversed(around[count]))
    return ["bottom", *others]


def placed_positions(count: int, clockwise: bool, bottom: int = 0) -> list[str]:
    """Each seat's position with seat `bottom` (the viewer of a private image) at the bottom."""
    around = seat_positions(count, clockwise)
    return [around[(seat - bottom) % count] for seat in range(count)]


# A phone image is narrow, so seats sit in a row across the top and one across the bottom,
# left to right in the order they sit around the table.
_ROW_ORDER = ("left-low", "left", "left-high", "top-left", "top", "top-right", "right-high",
              "right", "right-low")  # fmt: skip
_BOTTOM_ROW = ("left-low", "bottom", "right-low")


def seat_rows(positions: list[str]) -> tuple[list[str], list[str]]:
    """The positions in the top row and in the bottom row, each left to right."""
    bottom_row = [p for p in _BOTTOM_ROW if p in positions]
    top_row = [p for p in _ROW_ORDER if p in positions and p not in bottom_row]
    if len(top_row) > 3:  # five seats: the two beside the viewer come down, names stay whole
        bottom_row = [top_row[0], *bottom_row, top_row[-1]]
        top_row = top_row[1:-1]
    return top_row, bottom_row


def _row_boxes(row: list[str], top: int, theme: Theme) -> dict[str, Box]:
    m = theme.margin
    width = min(MAX_SEAT_W, (theme.width - m * (len(row) + 1)) // max(len(row), 1))
    left = (theme.width - (width * len(row) + m * (len(row) - 1))) // 2
    return {
        position: (left + i * (width + m), top, left + i * (width + m) + width, top + SEAT_H)
        for i, position in enumerate(row)
    }


def seat_boxes(positions: list[str], theme: Theme) -> list[Box]:
    """A box for each seat, in the order of `positions`."""
    top_row, bottom_row = seat_rows(positions)
    m = theme.margin
    boxes = _row_boxes(top_row, theme.header_height + m, theme)
    bottom = theme.height - theme.footer_height - m - SEAT_H
    boxes |= _row_boxes(bottom_row, bottom, theme)
    return [boxes[p] for p in positions]


def floor_box(theme: Theme) -> Box:
    """The middle of the table, between the two rows of seats."""
    m = theme.margin
    top = theme.header_height + m + SEAT_H + m
    bottom = theme.height - theme.footer_height - m - SEAT_H - m
    return (m, top, theme.width - m, bottom)


def table_layout(model: TableModel, theme: Theme, bottom: int = 0) -> TableLayout:
    """The boxes of a table: they depend on how many seats, cards and piles there are, not on
    which cards (so a table's layout mostly comes again, at this table or another)."""
    return _counted_layout(
        len(model.seats),
        model.clockwise,
        bottom,
        tuple(len(pile.cards) for pile in model.piles),
        len(model.loose),
        model.face_down,
        len(model.just_taken),
        theme,
    )


@lru_cache(maxsize=512)
def _counted_layout(
    seat_count: int,
    clockwise: bool,
    bottom: int,
    piles: tuple[int, ...],
    loose: int,
    face_down: int,
    taken: int,
    theme: Theme,
) -> TableLayout:
    w, h = theme.width, theme.height
    header = (0, 0, w, theme.header_height)
    footer = (0, h - theme.footer_height, w, h)
    positions = placed_positions(seat_count, clockwise, bottom)
    seats = tuple(seat_boxes(positions, theme))
    floor = floor_box(theme)
    card_w, card_h, pile_boxes, cards, backs = _floor_layout(piles, loose, face_down, floor, theme)
    taken_boxes = _taken_layout(taken, footer, theme)
    return TableLayout(
        header, footer, seats, floor, card_w, card_h, pile_boxes, cards, backs, taken_boxes
    )


PILE_NOTE_W = 150  # the narrowest pile box: its notes need the room


def pile_fan(card_w: int) -> int:
    """How far each card of a pile lies from the one under it: its corner index shows."""
    return index_width(card_w)


def pile_width(cards: int, card_w: int) -> int:
    fanned = min(cards, MAX_FAN)
    return max(PILE_NOTE_W, card_w + (fanned - 1) * pile_fan(card_w))


def _floor_layout(
    piles: tuple[int, ...], loose: int, face_down: int, floor: Box, theme: Theme
) -> tuple[int, int, tuple[Box, ...], tuple[Box, ...], tuple[Box, ...]]:
    """The largest card size at which piles and loose cards fit; then loose cards overlap,
    each still showing its corner index; only a floor fuller than play makes goes smaller."""
    floor_w = floor[2] - floor[0]
    floor_h = floor[3] - floor[1]
    smallest = round(theme.min_card_width / theme.card_ratio)
    for card_h in range(MAX_CARD_H, smallest - 1, -6):
        card_w = round(card_h * theme.card_ratio)
        placed = _flow(piles, loose, face_down, card_w, card_h, floor_w, step=None)
        if placed is not None and placed[3] <= floor_h:
            return _finish(placed, floor, card_w, card_h)
    for card_h in (smallest, 90, 76, 60):
        card_w = round(card_h * theme.card_ratio)
        for fraction in (0.6, 0.5):
            step = max(index_width(card_w), int(card_w * fraction))
            placed = _flow(piles, loose, face_down, card_w, card_h, floor_w, step=step)
            if placed is not None and placed[3] <= floor_h:
                return _finish(placed, floor, card_w, card_h)
    raise ValueError("the floor cannot be laid out")  # more cards than a pack holds


def _flow(
    pile_cards: tuple[int, ...],
    loose: int,
    face_down: int,
    card_w: int,
    card_h: int,
    width: int,
    step: int | None,
) -> tuple[list[Box], list[Box], list[Box], int] | None:
    """Place piles (their cards counted), then loose cards, then face-down cards in centred
    rows."""
    gap = max(8, card_w // 6)
    items: list[tuple[str, int, int]] = [
        ("pile", pile_width(cards, card_w), card_h + PILE_NOTE) for cards in pile_cards
    ]
    items += [("card", card_w, card_h)] * loose
    items += [("back", card_w, card_h)] * face_down
    rows: list[list[tuple[str, int, int]]] = [[]]
    used = 0
    for item in items:
        advance = item[1] if step is None or item[0] != "card" else step
        start = used + (gap if rows[-1] and step is None else 0)
        if rows[-1] and start + item[1] > width:  # the item's right edge, not its advance
            rows.append([])
            start = 0
        if item[1] > width:
            return None
        rows[-1].append(item)
        used = start + advance
    piles: list[Box] = []
    cards: list[Box] = []
    backs: list[Box] = []
    y = 0
    for row in rows:
        if not row:
            continue
        row_h = max(item[2] for item in row)
        advances = [(item[1] if step is None or item[0] != "card" else step) for item in row]
        row_w = sum(advances) + (gap * (len(row) - 1) if step is None else 0)
        row_w += row[-1][1] - advances[-1]
        x = (width - row_w) // 2
        for item, advance in zip(row, advances, strict=True):
            kind, item_w, item_h = item
            box = (x, y, x + item_w, y + item_h)
            (piles if kind == "pile" else cards if kind == "card" else backs).append(box)
            x += advance + (gap if step is None else 0)
        y += row_h + gap
    return piles, cards, backs, y - gap


def _finish(
    placed: tuple[list[Box], list[Box], list[Box], int], floor: Box, card_w: int, card_h: int
) -> tuple[int, int, tuple[Box, ...], tuple[Box, ...], tuple[Box, ...]]:
    piles, cards, backs, total_h = placed
    dx = floor[0]
    dy = floor[1] + ((floor[3] - floor[1]) - total_h) // 2

    def shift(boxes: list[Box]) -> tuple[Box, ...]:
        return tuple((b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy) for b in boxes)

    return card_w, card_h, shift(piles), shift(cards), shift(backs)


def _taken_layout(count: int, footer: Box, theme: Theme) -> tuple[Box, ...]:
    if not count:
        return ()
    card_h = footer[3] - footer[1] - 2 * 8
    card_w = round(card_h * theme.card_ratio)
    step = min(card_w + 4, max(index_width(card_w), (theme.width * 3 // 10) // count))
    right = footer[2] - theme.margin
    left = right - (step * (count - 1) + card_w)
    return tuple(
        (left + i * step, footer[1] + 8, left + i * step + card_w, footer[1] + 8 + card_h)
        for i in range(count)
    )

"""Where everything goes on the table image: pure geometry, no drawing.

Boxes are (left, top, right, bottom) in pixels, right/bottom exclusive. Tests check that every
box lies on the canvas and that no two boxes that must stay apart overlap.
"""

from __future__ import annotations

from dataclasses import dataclass

from renderers.model import TableModel
from renderers.theme import Theme

Box = tuple[int, int, int, int]

SEAT_W, SEAT_H = 340, 74  # seats at the top and the bottom
SIDE_W, SIDE_H = 184, 150  # seats at the left and the right
PILE_NOTE = 40  # room under a pile for its two note lines
MAX_FAN = 6  # cards shown fanned in a pile (the rest sit under them)


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


def seat_box(position: str, theme: Theme) -> Box:
    w, h, m = theme.width, theme.height, theme.margin
    mid_x = w // 2
    top = theme.header_height + m // 2
    mid_y = (theme.header_height + h - theme.footer_height) // 2
    if position == "bottom":
        bottom = h - theme.footer_height - m // 2
        return (mid_x - SEAT_W // 2, bottom - SEAT_H, mid_x + SEAT_W // 2, bottom)
    if position == "top":
        return (mid_x - SEAT_W // 2, top, mid_x + SEAT_W // 2, top + SEAT_H)
    if position == "top-left":
        return (mid_x - SEAT_W - m // 2, top, mid_x - m // 2, top + SEAT_H)
    if position == "top-right":
        return (mid_x + m // 2, top, mid_x + SEAT_W + m // 2, top + SEAT_H)
    side, _, level = position.partition("-")
    x0 = m if side == "left" else w - m - SIDE_W
    if level == "high":
        return (x0, mid_y - SIDE_H - m // 2, x0 + SIDE_W, mid_y - m // 2)
    if level == "low":
        return (x0, mid_y + m // 2, x0 + SIDE_W, mid_y + SIDE_H + m // 2)
    return (x0, mid_y - SIDE_H // 2, x0 + SIDE_W, mid_y + SIDE_H // 2)


def floor_box(positions: list[str], theme: Theme) -> Box:
    """The middle of the table: what the seats leave free."""
    w, m = theme.width, theme.margin
    has_sides = any(p.startswith(("left", "right")) for p in positions)
    left = m + SIDE_W + m if has_sides else m
    has_top = any(p.startswith("top") for p in positions)
    top = seat_box("top", theme)[3] + m if has_top else theme.header_height + m
    bottom = seat_box("bottom", theme)[1] - m
    return (left, top, w - left, bottom)


def table_layout(model: TableModel, theme: Theme) -> TableLayout:
    w, h = theme.width, theme.height
    header = (0, 0, w, theme.header_height)
    footer = (0, h - theme.footer_height, w, h)
    positions = seat_positions(len(model.seats), model.clockwise)
    seats = tuple(seat_box(p, theme) for p in positions)
    floor = floor_box(positions, theme)
    card_w, card_h, piles, cards, backs = _floor_layout(model, floor, theme)
    taken = _taken_layout(len(model.just_taken), footer, theme)
    return TableLayout(header, footer, seats, floor, card_w, card_h, piles, cards, backs, taken)


def pile_width(cards: int, card_w: int) -> int:
    fanned = min(cards, MAX_FAN)
    return card_w + (fanned - 1) * max(6, card_w // 5)


def _floor_layout(
    model: TableModel, floor: Box, theme: Theme
) -> tuple[int, int, tuple[Box, ...], tuple[Box, ...], tuple[Box, ...]]:
    """The largest card size at which piles and loose cards fit; overlap loose cards if none."""
    floor_w = floor[2] - floor[0]
    floor_h = floor[3] - floor[1]
    for card_h in range(150, 59, -6):
        card_w = round(card_h * theme.card_ratio)
        placed = _flow(model, card_w, card_h, floor_w, step=None)
        if placed is not None and placed[3] <= floor_h:
            return _finish(placed, floor, card_w, card_h)
    card_h = 60
    card_w = round(card_h * theme.card_ratio)
    for fraction in (0.6, 0.4, 0.25, 0.15):
        placed = _flow(model, card_w, card_h, floor_w, step=max(4, int(card_w * fraction)))
        if placed is not None and placed[3] <= floor_h:
            return _finish(placed, floor, card_w, card_h)
    raise ValueError("the floor cannot be laid out")  # more cards than a pack holds


def _flow(
    model: TableModel, card_w: int, card_h: int, width: int, step: int | None
) -> tuple[list[Box], list[Box], list[Box], int] | None:
    """Place piles, then loose cards, then face-down cards in centred rows."""
    gap = max(8, card_w // 6)
    items: list[tuple[str, int, int]] = [
        ("pile", pile_width(len(p.cards), card_w), card_h + PILE_NOTE) for p in model.piles
    ]
    items += [("card", card_w, card_h)] * len(model.loose)
    items += [("back", card_w, card_h)] * model.face_down
    rows: list[list[tuple[str, int, int]]] = [[]]
    used = 0
    for item in items:
        advance = item[1] if step is None or item[0] != "card" else step
        needed = advance if not rows[-1] else advance + (gap if step is None else 0)
        if rows[-1] and used + needed > width - (card_w - advance):
            rows.append([])
            used = 0
            needed = advance
        if item[1] > width:
            return None
        rows[-1].append(item)
        used += needed
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
    step = min(card_w + 4, max(8, 420 // count))
    right = footer[2] - theme.margin
    left = right - (step * (count - 1) + card_w)
    return tuple(
        (left + i * step, footer[1] + 8, left + i * step + card_w, footer[1] + 8 + card_h)
        for i in range(count)
    )

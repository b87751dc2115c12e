"""A table image drawn straight onto its theme's palette, the colour image kept only where
something blends with it.

Mapping a whole image to the palette (`renderers.palette.to_palette`) costs about a nanosecond
and a half a pixel, once the largest part of a table image's time, while nearly every pixel of
a table is a theme colour laid down by a shape (the felt, the panels, the frames), a pixel of a
card or seat panel seen before, or text on one colour. The mapping is pixel by pixel, so a
shape drawn on the palette image with its colour's index, a picture mapped once and pasted, or
a line of text drawn once on that one colour and mapped, gives the very pixels that mapping the
colour image would. Only what blends with something else (text over a card or a badge, a faded
trick) is drawn on the colour image and mapped from it, inside its box; the colour image gets
the drawing under such a box, in order, only then (`Frame`).

`framing()` asks for this: the first canvas made inside the block (`table_canvas`) is drawn
with a `FrameDraw`; pastes and fades tell the frame through `paste` and `blending`, text
through `FrameDraw.flat_text` and `FrameDraw.blend` (`renderers.text`). `Frame.indexed()` gives
exactly `to_palette` of the colour image that drawing everything would have made
(`tests/renderers/test_frame.py`: every game, table size, seat and language).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.palette import to_palette
from renderers.theme import Theme

Box = tuple[int, int, int, int]
BAND = 32  # rows of the background laid on the colour image at a time


# What a drawing did inside its box: (box, colour, inner, radius). With a colour, every pixel
# inside `inner` is that colour but in the rounded corners (of `radius`, the outline as wide
# as `inner` is inside the box); without one, those pixels were left alone (an outline);
# without `inner`, anything.
Drawn = tuple[Box, Any, Box | None, int]


def shape_drawn(
    xy: Any, fill: Any = None, outline: Any = None, width: int = 1, radius: float = 0
) -> Drawn | None:
    """What a rectangle (rounded by `radius`) drawn by Pillow with these arguments did, with
    a pixel to spare everywhere; None when `xy` is not a box."""
    box = _bounds(xy)
    if box is None:
        return None
    edge = width + 1 if outline is not None and outline != fill else 1
    inner = (box[0] + edge, box[1] + edge, box[2] - edge, box[3] - edge)
    return (_outer(box), fill, inner, int(radius + 0.5))


def _within(box: Box, drawn: Box, inner: Box, radius: int) -> bool:
    """Whether every pixel of `box` is inside the part of a shape its colour fills (or its
    outline leaves alone): inside `inner`, and in a rounded corner (Pillow draws it as a
    quarter of a circle of `radius` about its centre, the outline along it) no further from
    the corner's centre than the outline's inner edge, less a pixel."""
    if box[0] < inner[0] or box[1] < inner[1] or box[2] > inner[2] or box[3] > inner[3]:
        return False
    if not radius:
        return True
    left, top = drawn[0] + 1 + radius, drawn[1] + 1 + radius  # the corners' centres
    right, bottom = drawn[2] - 2 - radius, drawn[3] - 2 - radius
    outline = inner[0] - drawn[0] - 2  # its width (0: none)
    safe = radius - outline - 1
    if safe <= 0:
        return (left <= box[0] and box[2] - 1 <= right) or (top <= box[1] and box[3] - 1 <= bottom)
    for x, y, centre_x, centre_y, sign_x, sign_y in (
        (box[0], box[1], left, top, -1, -1), (box[2] - 1, box[1], right, top, 1, -1),
        (box[0], box[3] - 1, left, bottom, -1, 1), (box[2] - 1, box[3] - 1, right, bottom, 1, 1),
    ):  # fmt: skip
        # the pixel of `box` furthest into this corner, if `box` reaches into it
        dx, dy = (x - centre_x) * sign_x, (y - centre_y) * sign_y
        if dx > 0 and dy > 0 and dx * dx + dy * dy > safe * safe:
            return False
    return True


class Frame:
    """The palette image kept beside a colour image, the colour image's pending drawing and
    the boxes still to map.

    The colour image is needed only under what blends with it (text, fades): there it is
    mapped at the end. So an opaque drawing (a shape, a pasted card or panel) is laid on the
    colour image only once something blends over it, or at the end if it lies in a box to
    map, and then in the order it was drawn (with every earlier pending drawing it overlaps):
    the pixels read are the pixels drawing everything would give.

    Text is mostly drawn on one colour (a panel, the felt): the history of what was drawn
    where (`flat`) tells when every pixel under a line of text is one colour, and then the
    line is pasted on the palette image mapped once for that colour (`renderers.text`), and
    drawn on the colour image, like a shape, only if needed."""

    def __init__(
        self, background: Image.Image, theme: Theme, mapped: Image.Image, history: Sequence[Drawn]
    ) -> None:
        self.background = background
        self.image = _scratch(background.size)  # the background laid band by band when
        self.laid = bytearray(-(-background.height // BAND))  # first needed (`ready`)
        self.theme = theme
        self.palette_image = mapped.copy()
        self.palette_draw = ImageDraw.Draw(self.palette_image)
        self.boxes: list[Box] = []
        self.pending: list[tuple[Box, Callable[[], object]]] = []
        self.history: list[Drawn] = list(history)
        self.like = mapped  # the palette image before anything was drawn
        self.drawn_from = len(self.history)  # what was drawn since: `drawn_rows`

    def defer(
        self, box: Sequence[float], drawing: Callable[[], object], drawn: Drawn | None = None
    ) -> None:
        """`drawing` lays pixels on the colour image inside `box` (over what lies there when
        it is laid): later, if needed. `drawn` says which (default: anything)."""
        outer = _outer(box)
        self.pending.append((outer, drawing))
        self.history.append(drawn or (outer, None, None, 0))

    def flat(self, box: Box) -> Any:
        """The one colour every pixel in `box` has now, or None when that is not known."""
        for drawn, colour, inner, corner in reversed(self.history):
            if not _overlap(drawn, box):
                continue
            if inner is not None and _within(box, drawn, inner, corner):
                if colour is not None:
                    return colour
                continue  # an outline that passes around the box
            return None
        return None

    def blend(self, box: Sequence[float]) -> None:
        """Something is about to blend with the colour image inside `box`: lay the pending
        drawing under it, and map the box at the end."""
        self.flush(_outer(box))
        self.ready(box)
        self.touch(box)

    def ready(self, box: Sequence[float] | None = None) -> None:
        """Lay the background on the colour image's bands of rows in `box` (None: all) that
        do not have it yet."""
        height = self.image.height
        top = 0 if box is None else max(0, int(box[1]))
        bottom = height if box is None else min(height, int(-(-box[3] // 1)))
        for band in range(top // BAND, -(-bottom // BAND)):
            if not self.laid[band]:
                self.laid[band] = 1
                rows = (0, band * BAND, self.image.width, min(height, (band + 1) * BAND))
                self.image.paste(self.background.crop(rows), rows[:2])

    def flush(self, box: Box | None = None) -> None:
        """Lay the pending drawing overlapping `box` (None: all) on the colour image."""
        pending = self.pending
        if not pending:
            return
        if box is None:
            chosen = set(range(len(pending)))
        else:
            chosen = set()
            stack = [i for i, (drawn, _) in enumerate(pending) if _overlap(drawn, box)]
            while stack:  # and every earlier one each of those covers part of
                i = stack.pop()
                if i not in chosen:
                    chosen.add(i)
                    stack += [j for j in range(i) if _overlap(pending[j][0], pending[i][0])]
        for i in sorted(chosen):
            self.ready(pending[i][0])
            pending[i][1]()
        self.pending = [item for i, item in enumerate(pending) if i not in chosen]

    def touch(self, box: Sequence[float]) -> None:
        """Pixels inside `box` (right and bottom edges excluded) are mapped from the colour
        image at the end."""
        width, height = self.image.size
        left, top = max(0, int(box[0])), max(0, int(box[1]))
        right, bottom = min(width, int(-(-box[2] // 1))), min(height, int(-(-box[3] // 1)))
        self.history.append((_outer(box), None, None, 0))
        if left < right and top < bottom:
            self.boxes.append((left, top, right, bottom))

    def drawn_rows(self) -> list[tuple[int, int]]:
        """The rows drawn on since the frame began (top, bottom ranges)."""
        return [(drawn[0][1], drawn[0][3]) for drawn in self.history[self.drawn_from :]]

    def indexed(self) -> Image.Image:
        """The colour image mapped to the palette."""
        boxes = _merged(self.boxes)
        for box in boxes:
            self.flush(box)
            self.ready(box)
        for box in boxes:
            self.palette_image.paste(to_palette(self.image.crop(box), self.theme), box[:2])
        self.boxes.clear()
        with _LOCK:  # the colour image is done with: another frame may lay its bands on it
            if len(_SCRATCH) < SCRATCH:
                _SCRATCH.append(self.image)
        return self.palette_image


SCRATCH = 4  # colour images kept for frames to come (about 3 MB each)
_SCRATCH: list[Image.Image] = []
_LOCK = threading.Lock()  # tables are drawn in worker threads


def _scratch(size: tuple[int, int]) -> Image.Image:
    """A colour image of `size` whose pixels are whatever a former frame left (a frame reads
    and draws only on bands it laid the background on first)."""
    with _LOCK:
        for number, image in enumerate(_SCRATCH):
            if image.size == size:
                return _SCRATCH.pop(number)
    return Image.new("RGB", size)


def _outer(box: Sequence[float]) -> Box:
    """Whole pixels around `box`, a pixel more on every side (the inclusive corners of
    Pillow's shapes, rounding)."""
    return (int(box[0] // 1) - 1, int(box[1] // 1) - 1,
            int(-(-box[2] // 1)) + 1, int(-(-box[3] // 1)) + 1)  # fmt: skip


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _bounds(xy: Any) -> Box | None:
    """The box of a shape's `xy` (four numbers, or two corner points), if it is one."""
    try:
        if len(xy) == 4:
            x0, y0, x1, y1 = (float(v) for v in xy)
        else:
            (x0, y0), (x1, y1) = xy
    except (TypeError, ValueError):
        return None
    return (int(min(x0, x1)), int(min(y0, y1)), int(max(x0, x1)) + 1, int(max(y0, y1)) + 1)


@lru_cache(maxsize=1024)
def index(theme: Theme, colour: Any) -> int:
    """The palette index a pixel of `colour` maps to."""
    found = to_palette(Image.new("RGB", (1, 1), colour), theme).getpixel((0, 0))
    assert isinstance(found, int)
    return found


def _merged(boxes: list[Box]) -> list[Box]:
    """`boxes` without those inside another."""
    kept: list[Box] = []
    for box in sorted(boxes, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]), reverse=True):
        if not any(
            k[0] <= box[0] and k[1] <= box[1] and box[2] <= k[2] and box[3] <= k[3] for k in kept
        ):
            kept.append(box)
    return kept


_Plain = ImageDraw.ImageDraw


class FrameDraw(ImageDraw.ImageDraw):
    """An `ImageDraw` whose shapes are drawn on the frame's palette image at once, with their
    colours' indices, and on the colour image when needed (`Frame`); text and anything not
    mirrored is drawn on the colour image at once and its box mapped."""

    def __init__(self, frame: Frame) -> None:
        super().__init__(frame.image)
        self.frame = frame

    def _ink(self, colour: Any) -> int | None:
        return None if colour is None else index(self.frame.theme, colour)

    def _shape(self, xy: Any, drawing: Callable[[], object], drawn: Drawn | None = None) -> None:
        box = _bounds(xy)
        if box is None:
            self.frame.flush()
            self.frame.ready()
            drawing()
            self.frame.touch((0, 0, *self.frame.image.size))
        else:
            self.frame.defer(box, drawing, drawn)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._shape(
            xy,
            lambda: _Plain.rectangle(self, xy, fill, outline, width),
            shape_drawn(xy, fill, outline, width),
        )
        self.frame.palette_draw.rectangle(xy, self._ink(fill), self._ink(outline), width)

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        self._shape(
            xy,
            lambda: _Plain.rounded_rectangle(
                self, xy, radius, fill, outline, width, corners=corners
            ),
            shape_drawn(xy, fill, outline, width, radius) if corners is None else None,
        )
        ink, edge = self._ink(fill), self._ink(outline)
        if ink is not None and corners is None and _whole_box(xy):
            x, y = int(xy[0]), int(xy[1])
            size = (int(xy[2]) - x, int(xy[3]) - y)
            lay_pieces(self.frame.palette_image, _rounded(size, radius, ink, edge, width), (x, y))
            return
        self.frame.palette_draw.rounded_rectangle(xy, radius, ink, edge, width, corners=corners)

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        box = _bounds(xy)  # a circle is what a rectangle rounded by half its size is drawn as
        drawn = None
        if box is not None and box[2] - box[0] == box[3] - box[1]:
            drawn = shape_drawn(xy, fill, outline, width, (box[2] - box[0] - 1) / 2)
        self._shape(xy, lambda: _Plain.ellipse(self, xy, fill, outline, width), drawn)
        self.frame.palette_draw.ellipse(xy, self._ink(fill), self._ink(outline), width)

    def text(self, *args: Any, **kwargs: Any) -> None:
        _unmirrored("text")(self, *args, **kwargs)

    def blend(self, box: Sequence[float]) -> None:
        """Text (or another blend) is about to be drawn inside `box` on the colour image."""
        self.frame.blend(box)

    def flat_text(
        self, box: Box, mapped: Callable[[Any], Image.Image], drawing: Callable[[], object]
    ) -> bool:
        """A line of text inside `box`: when all under it is one colour, paste it `mapped`
        (onto that colour) and draw it on the colour image only if needed (`drawing`)."""
        colour = self.frame.flat(box)
        if colour is None:
            return False
        lay(self.frame.palette_image, mapped(colour), box[:2])
        self.frame.defer(box, drawing, (box, None, None, 0))  # the mask's box exactly: the
        return True  # runs of a line in several scripts touch without overlapping


def _whole_box(xy: Any) -> bool:
    """Whether `xy` is four whole numbers, left and top first (a shape then has the same
    pixels wherever it lies)."""
    return (
        type(xy) is tuple
        and len(xy) == 4
        and all(type(v) is int for v in xy)
        and xy[0] <= xy[2]
        and xy[1] <= xy[3]
    )


Pieces = tuple[tuple[int, Image.Image, Image.Image | None], ...]


Runs = tuple[tuple[int, int, Image.Image | None], ...]


def runs(mask: Image.Image) -> Runs:
    """`mask` cut into runs of rows, each with `mask`'s rows: None where the mask covers the
    whole row (copied as it is), left out where it covers none of it (a card or panel: only its
    rounded corners' rows go through the mask)."""
    width, height = mask.size
    rows = (mask if mask.mode == "L" else mask.convert("L")).tobytes()
    kinds = []  # 2: covered whole, 0: not at all, 1: in part
    for top in range(0, width * height, width):
        if rows.count(255, top, top + width) == width:
            kinds.append(2)
        else:
            kinds.append(0 if rows.count(0, top, top + width) == width else 1)
    out: list[tuple[int, int, Image.Image | None]] = []
    start = 0
    for row in range(1, height + 1):
        if row < height and kinds[row] == kinds[start]:
            continue
        if kinds[start]:
            part = None if kinds[start] == 2 else mask.crop((0, start, width, row))
            out.append((start, row, part))
        start = row
    return tuple(out)


def cut_out(image: Image.Image, box: Box, cut: Runs) -> Pieces:
    """The pieces of `image` inside `box` along `cut` (`runs`), for `lay_pieces`."""
    left, top, right, _ = box
    return tuple(
        (start, image.crop((left, top + start, right, top + end)), mask) for start, end, mask in cut
    )


def pieces(picture: Image.Image, mask: Image.Image | None) -> Pieces:
    """`picture` cut for pasting through `mask` (`runs`): the same pixels as pasting it whole
    through the mask, copying the rows the mask covers whole, many times quicker than masking
    them pixel by pixel."""
    if mask is None:
        return ((0, picture, None),)
    return cut_out(picture, (0, 0, *picture.size), runs(mask))


def lay_pieces(target: Image.Image, laid: Pieces, xy: tuple[int, int]) -> None:
    for top, piece, mask in laid:
        lay(target, piece, (xy[0], xy[1] + top), mask)


@lru_cache(maxsize=256)
def _rounded(
    size: tuple[int, int], radius: float, fill: int, outline: int | None, width: int
) -> Pieces:
    """A filled rounded rectangle of `size` (its right and bottom edges included, as Pillow
    draws it) in palette indices, drawn once and pasted after that (`pieces`): several times
    quicker than Pillow's drawing of its corners."""
    box = (0, 0, size[0], size[1])
    whole = (size[0] + 1, size[1] + 1)
    picture = Image.new("P", whole, 0)
    ImageDraw.Draw(picture).rounded_rectangle(box, radius, fill, outline, width)
    shape = Image.new("L", whole, 0)  # what Pillow lays down: fill 1, an outline 2 over it
    ImageDraw.Draw(shape).rounded_rectangle(
        box, radius, 1, None if outline is None else 1 if outline == fill else 2, width
    )
    mask = shape.point([0] + [255] * 255)
    return pieces(picture, mask)


def _unmirrored(name: str) -> Any:
    """A drawing method not mirrored: drawn on the colour image over everything pending, and
    the whole image mapped from it."""
    method = getattr(ImageDraw.ImageDraw, name)

    def drawing(self: FrameDraw, *args: Any, **kwargs: Any) -> Any:
        self.frame.flush()
        self.frame.ready()
        result = method(self, *args, **kwargs)
        self.frame.touch((0, 0, *self.frame.image.size))
        return result

    return drawing


for _name in ("arc", "bitmap", "chord", "circle", "line", "multiline_text", "pieslice", "point",
              "polygon", "regular_polygon", "shape"):  # fmt: skip
    setattr(FrameDraw, _name, _unmirrored(_name))

_REQUEST: ContextVar[list[Frame] | None] = ContextVar("frame_request", default=None)


@contextmanager
def framing() -> Iterator[list[Frame]]:
    """Inside the block the first table canvas made keeps a frame (then in the list)."""
    frames: list[Frame] = []
    token = _REQUEST.set(frames)
    try:
        yield frames
    finally:
        _REQUEST.reset(token)


def canvas_draw(
    background: Image.Image, theme: Theme, mapped: Image.Image, history: Sequence[Drawn]
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new table canvas from `background` (`mapped`: it mapped to the palette, `history`:
    what it was drawn with) and its draw: a `FrameDraw` when a frame was asked for."""
    frames = _REQUEST.get()
    if frames is None or frames:
        image = background.copy()
        return image, ImageDraw.Draw(image)
    frame = Frame(background, theme, mapped, history)
    frames.append(frame)
    return frame.image, FrameDraw(frame)


def redraw(image: Image.Image) -> ImageDraw.ImageDraw:
    """A draw for `image` again (after pasting on it), its frame's if it has one."""
    frame = frame_of(image)
    return ImageDraw.Draw(image) if frame is None else FrameDraw(frame)


def frame_of(image: Image.Image) -> Frame | None:
    frames = _REQUEST.get()
    if frames and frames[0].image is image:
        return frames[0]
    return None


def paste(
    image: Image.Image,
    picture: Image.Image,
    xy: tuple[int, int],
    mask: Image.Image | None,
    mapped: Callable[[Theme], Pieces],
) -> None:
    """`image.paste(picture, xy, mask)`; on a frame's image the picture `mapped` (from a
    cache of the caller's, cut into `pieces`) is pasted on its palette image, the colour when
    needed."""
    frame = frame_of(image)
    if frame is None:
        image.paste(picture, xy, mask)
        return
    lay_pieces(frame.palette_image, mapped(frame.theme), xy)
    box = (xy[0], xy[1], xy[0] + picture.width, xy[1] + picture.height)
    frame.defer(box, lambda: image.paste(picture, xy, mask))


def lay(
    target: Image.Image, picture: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None
) -> None:
    """`target.paste(picture, xy, mask)` for pictures in memory of the target's mode (a frame's
    palette image and the mapped pictures pasted on it), without `Image.paste`'s checks and
    conversions: a table pastes some twenty of them."""
    box = (xy[0], xy[1], xy[0] + picture.width, xy[1] + picture.height)
    if mask is None:
        target.im.paste(picture.im, box)
    else:
        target.im.paste(picture.im, box, mask.im)


def pasted(
    frame: Frame,
    mapped: Pieces,
    size: tuple[int, int],
    xy: tuple[int, int],
    drawing: Callable[[], object],
) -> None:
    """Palette pixels `mapped` (what `drawing` lays on the colour image inside `size`, mapped
    and cut into `pieces`) pasted onto `frame`'s palette image; `drawing` lays the colour
    image's when needed."""
    lay_pieces(frame.palette_image, mapped, xy)
    frame.defer((xy[0], xy[1], xy[0] + size[0], xy[1] + size[1]), drawing)


def blending(image: Image.Image, box: Sequence[float]) -> None:
    """Call before blending with `image`'s pixels in `box` (a fade): on a frame's image, the
    pending drawing there is laid first and the box mapped from the colour image."""
    frame = frame_of(image)
    if frame is not None:
        frame.blend(box)


def frame_for(frames: list[Frame], image: Image.Image) -> Frame | None:
    """The frame `image` was drawn in, if any."""
    return frames[0] if frames and frames[0].image is image else None

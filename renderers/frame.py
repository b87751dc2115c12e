"""A table image drawn twice at once: in colour, and already mapped to its theme's palette.

Mapping a whole image to the palette (`renderers.palette.to_palette`) costs about a nanosecond
and a half a pixel, the largest part of a table image's time, while nearly every pixel of a
table is a theme colour laid down by a shape (the felt, the panels, the frames) or a pixel of
a card or seat panel seen before. The mapping is pixel by pixel, so a shape of one colour drawn
on the palette image with that colour's index, or a picture mapped once and pasted, gives the
very pixels that mapping the colour image would. Only what blends with what lies under it
(anti-aliased text, a faded trick) is mapped from the colour image, and only inside its box.

`framing()` asks for this: the first canvas made inside the block (`table_canvas`) is drawn
with a `FrameDraw`, which mirrors each shape onto the palette image; pastes and blends tell
the frame through `pasted` and `touched`. `Frame.indexed()` then maps the touched boxes, so the
result is exactly `to_palette` of the colour image (`tests/renderers/test_frame.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.palette import to_palette
from renderers.theme import Theme

Box = tuple[int, int, int, int]


class Frame:
    """The palette image kept beside a colour image, and the boxes still to map."""

    def __init__(self, image: Image.Image, theme: Theme) -> None:
        self.image = image
        self.theme = theme
        self.palette_image = Image.new("P", image.size, index(theme, image.getpixel((0, 0))))
        self.palette_draw = ImageDraw.Draw(self.palette_image)
        self.boxes: list[Box] = []

    def touch(self, box: Sequence[float]) -> None:
        """Pixels inside `box` (right and bottom edges excluded) are mapped from the colour
        image at the end."""
        width, height = self.image.size
        left, top = max(0, int(box[0])), max(0, int(box[1]))
        right, bottom = min(width, int(-(-box[2] // 1))), min(height, int(-(-box[3] // 1)))
        if left < right and top < bottom:
            self.boxes.append((left, top, right, bottom))

    def paste(self, mapped: Image.Image, xy: tuple[int, int], mask: Image.Image | None) -> None:
        """A picture was pasted at `xy` through `mask`: paste it `mapped` too."""
        self.palette_image.paste(mapped, xy, mask)

    def indexed(self) -> Image.Image:
        """The colour image mapped to the palette."""
        for box in _merged(self.boxes):
            self.palette_image.paste(to_palette(self.image.crop(box), self.theme), box[:2])
        self.boxes.clear()
        return self.palette_image


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


class FrameDraw(ImageDraw.ImageDraw):
    """An `ImageDraw` whose shapes are drawn on the frame's palette image too, with their
    colours' indices; text and anything not mirrored mark their box to be mapped."""

    def __init__(self, frame: Frame) -> None:
        super().__init__(frame.image)
        self.frame = frame

    def _ink(self, colour: Any) -> int | None:
        return None if colour is None else index(self.frame.theme, colour)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        super().rectangle(xy, fill, outline, width)
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
        super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        self.frame.palette_draw.rounded_rectangle(
            xy, radius, self._ink(fill), self._ink(outline), width, corners=corners
        )

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        super().ellipse(xy, fill, outline, width)
        self.frame.palette_draw.ellipse(xy, self._ink(fill), self._ink(outline), width)

    def text(self, *args: Any, **kwargs: Any) -> None:
        super().text(*args, **kwargs)
        self.frame.touch((0, 0, *self.frame.image.size))

    def drawn(self, box: Sequence[float]) -> None:
        """Text (or another blend) was drawn inside `box` straight onto the colour image."""
        self.frame.touch(box)


def _unmirrored(name: str) -> Any:
    """A drawing method not mirrored: what it draws is mapped from the colour image."""
    method = getattr(ImageDraw.ImageDraw, name)

    def drawing(self: FrameDraw, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        self.frame.touch((0, 0, *self.frame.image.size))
        return result

    return drawing


for _name in ("arc", "bitmap", "chord", "circle", "line", "pieslice", "point", "polygon",
              "regular_polygon", "shape"):  # fmt: skip
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


def canvas_draw(image: Image.Image, theme: Theme) -> ImageDraw.ImageDraw:
    """The draw for a new table canvas: a `FrameDraw` when a frame was asked for."""
    frames = _REQUEST.get()
    if frames is None or frames:
        return ImageDraw.Draw(image)
    frame = Frame(image, theme)
    frames.append(frame)
    return FrameDraw(frame)


def redraw(image: Image.Image) -> ImageDraw.ImageDraw:
    """A draw for `image` again (after pasting on it), its frame's if it has one."""
    frame = frame_of(image)
    return ImageDraw.Draw(image) if frame is None else FrameDraw(frame)


def frame_of(image: Image.Image) -> Frame | None:
    frames = _REQUEST.get()
    if frames and frames[0].image is image:
        return frames[0]
    return None


def pasted(
    image: Image.Image,
    mapped: Callable[[Theme], Image.Image],
    xy: tuple[int, int],
    mask: Image.Image | None,
) -> None:
    """A picture was pasted on `image` at `xy`: its frame, if any, pastes it mapped (`mapped`
    gives it, from a cache of the caller's)."""
    frame = frame_of(image)
    if frame is not None:
        frame.paste(mapped(frame.theme), xy, mask)


def touched(image: Image.Image, box: Sequence[float]) -> None:
    """Pixels of `image` in `box` changed in a way only the colour image shows (a blend)."""
    frame = frame_of(image)
    if frame is not None:
        frame.touch(box)


def framed_png(frames: list[Frame], image: Image.Image) -> Image.Image | None:
    """The palette image of `image` when it is the frame's, else None."""
    if frames and frames[0].image is image:
        return frames[0].indexed()
    return None

"""A seat's panel on a table image: the name (with the turn and dealer marks), then its details
in up to three lines, wrapped between details (in their order where they fit so, else packed
where there is room) so nothing is cut in the middle of a figure; only
the name is shortened (with an ellipsis) where the panel is too narrow.

Many seats look the same from one image of a table to the next (only the player who moved and
the one to move change), so a panel seen again is drawn once into a patch with a transparent
outside and pasted after that: the same pixels, without laying out its text again. A panel seen
for the first time is drawn straight onto the table (a patch costs about three direct drawings,
and most panels, the mover's and the next player's, are never seen again).

A table drawn mapped (`renderers.frame`, the bot's table images) keeps instead the palette
pixels of a panel it drew, as they lie on its palette image, at no more cost than copying them:
the same panel on a later table is pasted from them, the colour image drawn only if something
blends over it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Self

from PIL import Image, ImageDraw

from engine.pictures import dealer_mark
from renderers.assets import font
from renderers.frame import Frame, Pieces, Runs, cut_out, frame_of, paste, pasted, pieces, runs
from renderers.layout import Box
from renderers.lru import Bounded
from renderers.palette import to_palette
from renderers.text import draw_text, fit_name, is_recording, pieces_fit, text_width
from renderers.theme import RGB, Theme

DETAIL_LINES = 3


@dataclass(frozen=True, slots=True)
class SeatPanel:
    """What a seat's panel shows: the name, its details, the side's colour, whether the seat
    is to play, and the dealer's mark (in the words of the language spoken when drawn)."""

    name: str
    details: tuple[str, ...]
    colour: RGB
    to_play: bool
    mark: str = ""

    @classmethod
    def of(cls, name: str, details: list[str], colour: RGB, to_play: bool, dealer: bool) -> Self:
        # "D" marks the dealer (a translation gives its own, as the rules pages say it)
        mark = f" · {dealer_mark()}" if dealer else ""
        return cls(name, tuple(details), colour, to_play, mark)


def draw_seat(
    draw: ImageDraw.ImageDraw,
    box: Box,
    panel: SeatPanel,
    theme: Theme,
    image: Image.Image | None = None,
) -> None:
    """The seat's panel in `box`; given the `image` that `draw` draws on, pasted from the
    panels already drawn where it can be."""
    if image is None or is_recording():  # a recording sees every word drawn
        _draw_panel(draw, box, panel, theme)
        return
    key = ((box[2] - box[0], box[3] - box[1]), panel, theme)
    frame = frame_of(image)
    if frame is not None:
        _framed(frame, image, draw, box, key)
        return
    patch = _PATCHES.get(key)
    if patch is None and key not in _SEEN:
        _SEEN.put(key, None)
        _draw_panel(draw, box, panel, theme)
        return
    if patch is None:
        patch = _panel(*key)
        _PATCHES.put(key, patch)
    paste(image, patch.picture, box[:2], patch.mask, patch.mapped)


def _framed(
    frame: Frame, image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, key: _Key
) -> None:
    """A panel on a table drawn mapped (`renderers.frame`): pasted from the palette pixels of
    the same panel on an earlier table, or drawn and its palette pixels kept."""
    size, panel, theme = key
    kept = _MAPPED.get(key)
    if kept is not None:
        pasted(
            frame,
            kept[0],
            (size[0] + 1, size[1] + 1),
            box[:2],
            lambda: _draw_panel(ImageDraw.Draw(image), box, panel, theme),
        )
        return
    blended = len(frame.boxes)
    _draw_panel(draw, box, panel, theme)
    if len(frame.boxes) == blended:  # every pixel is on the palette image already
        drawn = (box[0], box[1], box[2] + 1, box[3] + 1)
        cut = cut_out(frame.palette_image, drawn, _outline(size, panel.to_play))
        _MAPPED.put(key, (cut, (size[0] + 1) * (size[1] + 1)))


@lru_cache(maxsize=64)
def _outline(size: tuple[int, int], to_play: bool) -> Runs:
    """The pixels a panel of `size` covers (`runs`): its rounded rectangle (its marks and words
    lie inside), fill and outline told apart in case one ever reaches past the other."""
    shape = Image.new("L", (size[0] + 1, size[1] + 1), 0)
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, size[0], size[1]), 12, fill=1, outline=2, width=5 if to_play else 3
    )
    return runs(shape.point([0] + [255] * 255).convert("1", dither=Image.Dither.NONE))


_Key = tuple[tuple[int, int], SeatPanel, Theme]
PATCHES = 128  # panels kept as patches, about 160 KB each
SEEN = 1024  # panels remembered as drawn once (their words only)
MAPPED = 16 * 1024 * 1024  # bytes of panels kept as palette pixels (about 57 KB a panel)
_PATCHES: Bounded[_Key, _Patch] = Bounded(PATCHES)
_SEEN: Bounded[_Key, None] = Bounded(SEEN)
_MAPPED: Bounded[_Key, tuple[Pieces, int]] = Bounded(MAPPED, lambda kept: kept[1])


class _Patch:
    """A panel drawn once: its picture, its mask and, once asked for, the picture mapped to
    the palette and cut for pasting (`renderers.frame`)."""

    def __init__(self, picture: Image.Image, mask: Image.Image) -> None:
        self.picture = picture
        self.mask = mask
        self._mapped: Pieces | None = None

    def mapped(self, theme: Theme) -> Pieces:
        if self._mapped is None:  # two threads may both map it: the same pixels
            self._mapped = pieces(to_palette(self.picture, theme), self.mask)
        return self._mapped


def _panel(size: tuple[int, int], panel: SeatPanel, theme: Theme) -> _Patch:
    """The panel drawn on a transparent patch, as its picture and a two-level mask: the patch
    is opaque inside the panel's rounded edge (text stays well inside it) and clear outside,
    so the mask lays down exactly the drawn pixels."""
    patch = Image.new("RGBA", (size[0] + 1, size[1] + 1), (0, 0, 0, 0))
    _draw_panel(ImageDraw.Draw(patch), (0, 0, size[0], size[1]), panel, theme)
    return _Patch(
        patch.convert("RGB"), patch.getchannel("A").convert("1", dither=Image.Dither.NONE)
    )


def _draw_panel(draw: ImageDraw.ImageDraw, box: Box, panel: SeatPanel, theme: Theme) -> None:
    to_play, colour = panel.to_play, panel.colour
    draw.rounded_rectangle(
        box,
        12,
        fill=theme.panel,
        outline=theme.turn if to_play else colour,
        width=5 if to_play else 3,
    )
    draw.rounded_rectangle((box[0] + 5, box[1] + 8, box[0] + 11, box[3] - 8), 3, fill=colour)
    name_font = font(theme.label_size, bold=True)
    small = font(theme.small_size)
    x = box[0] + 14  # just past the side's bar
    width = box[2] - x - 5
    # the marks stay whole; only the name is shortened
    before = "▶ " if to_play else ""
    room = width - text_width(before + panel.mark, name_font)
    shown = before + fit_name(panel.name, name_font, room) + panel.mark
    draw_text(
        draw,
        (x, box[1] + 8),
        shown,
        font=name_font,
        fill=theme.turn if to_play else theme.text,
        area=box,
    )
    for row, line in enumerate(pieces_fit(list(panel.details), small, width, DETAIL_LINES)):
        draw_text(draw, (x, box[1] + 40 + row * 31), line, font=small, fill=theme.muted, area=box)

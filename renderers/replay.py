"""A finished deal as an animated image: its table after every move, one frame each.

Pure Pillow, like every renderer: the deal's public table pictures in, the image's bytes out.
Frames are drawn at the table's own size, scaled down and put on one shared palette, so a
whole deal stays small (docs/records.md gives the numbers)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from engine.pictures import TableModel, TablePicture, TrickTable
from renderers import table
from renderers.palette import theme_colours
from renderers.theme import DEFAULT_THEME, Theme

FRAME_MS = 900  # each move on screen
LAST_FRAME_MS = 4000  # the deal's end stays longer
SCALE = 0.5  # frames are drawn full size and shown at half


def turning_points(pictures: Sequence[TablePicture]) -> list[int]:
    """The frames where a trick was taken or a capture made: what a replay may jump to."""
    points: list[int] = []
    for index, picture in enumerate(pictures):
        if isinstance(picture, TrickTable):
            before = pictures[index - 1] if index else None
            earlier = before.last_trick if isinstance(before, TrickTable) else ()
            if picture.last_trick and picture.last_trick != earlier:
                points.append(index)
        elif isinstance(picture, TableModel) and picture.just_taken:
            points.append(index)
    return points


def render_frames(
    pictures: Sequence[TablePicture], theme: Theme = DEFAULT_THEME, scale: float = SCALE
) -> list[Image.Image]:
    frames = []
    for picture in pictures:
        image = table.render_picture(picture, theme)
        if scale != 1:
            size = (round(image.width * scale), round(image.height * scale))
            image = image.resize(size, Image.Resampling.LANCZOS)
        frames.append(image.convert("RGB"))
    return frames


def render_animation(
    pictures: Sequence[TablePicture],
    theme: Theme = DEFAULT_THEME,
    kind: str = "gif",
    scale: float = SCALE,
) -> bytes:
    """The deal as an animated GIF (or WebP, `kind="webp"`): one frame per picture."""
    if not pictures:
        raise ValueError("a replay needs at least one picture")
    frames = render_frames(pictures, theme, scale)
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    if kind == "webp":
        frames[0].save(
            out, "WEBP", save_all=True, append_images=frames[1:], duration=durations,
            loop=0, quality=70, method=0,
        )  # fmt: skip
        return out.getvalue()
    palette = shared_palette(frames, theme)
    quantized = [
        frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames
    ]
    quantized[0].save(
        out, "GIF", save_all=True, append_images=quantized[1:], duration=durations, loop=0,
        optimize=False, disposal=1,
    )  # fmt: skip
    return out.getvalue()


def shared_palette(
    frames: Sequence[Image.Image], theme: Theme = DEFAULT_THEME, colours: int = 128
) -> Image.Image:
    """One palette for every frame (smaller and steady): the theme's own colours exactly (a
    card's red, the winner's gold), then the others learned from all the frames side by side,
    so a colour seen in one frame only keeps its own entry."""
    exact = theme_colours(theme)[:colours]
    samples = [frame.reduce(2) for frame in frames]  # a quarter of the pixels: fast enough
    width, height = samples[0].size
    atlas = Image.new("RGB", (width, height * len(samples)))
    for index, sample in enumerate(samples):
        atlas.paste(sample, (0, index * height))
    learned = atlas.quantize(colors=colours - len(exact), method=Image.Quantize.MEDIANCUT)
    flat = [channel for colour in exact for channel in colour]
    flat += (learned.getpalette() or [])[: 3 * (colours - len(exact))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (3 * 256 - len(flat)))
    return palette


def render_step_png(picture: TablePicture, theme: Theme = DEFAULT_THEME) -> bytes:
    """One step of a replay, full size."""
    return table.render_picture_png(picture, theme)

"""The replay GIF keeps every frame's colours: a red suit stays red, the winner's frame gold,
even when the deal's last frame has no red card (the palette is learned from all frames)."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from engine.cards import parse_cards
from renderers.gallery import TRICK
from renderers.replay import render_animation
from renderers.theme import DEFAULT_THEME


def frames_of(gif: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(gif))
    frames = []
    for number in range(image.n_frames):
        image.seek(number)
        frames.append(image.convert("RGB"))
    return frames


def nearest(frame: Image.Image, colour: tuple[int, int, int]) -> int:
    """How far the frame's closest colour is from `colour` (the largest channel's gap)."""
    seen = frame.getcolors(1 << 16) or []
    return min(max(abs(a - b) for a, b in zip(rgb, colour, strict=True)) for _, rgb in seen)


def test_a_red_card_stays_red_when_the_last_frame_has_none() -> None:
    red = replace(TRICK, trick=tuple(zip((0, 1), parse_cards("9D JH"), strict=True)), winning=1)
    black = replace(TRICK, trick=tuple(zip((0, 1), parse_cards("9S JC"), strict=True)), winning=1)
    frames = frames_of(render_animation([red, black]))
    assert len(frames) == 2
    assert nearest(frames[0], DEFAULT_THEME.red) <= 6  # the diamond's and the heart's red
    assert nearest(frames[0], DEFAULT_THEME.highlight) <= 6  # the winner's gold frame
    assert nearest(frames[-1], DEFAULT_THEME.black) <= 6

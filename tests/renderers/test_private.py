"""The daily deal's private image: the table from the member's side, their hand beneath it,
in one picture (Discord crops two images of one message into a square side by side)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from engine.core import PUBLIC
from engine.games import new_match
from renderers import hand, private, table


def test_the_private_table_holds_the_whole_table_and_the_whole_hand_beneath() -> None:
    match = new_match("seep", 3, players=2)
    picture = match.view(PUBLIC).picture(["Asha", "Dev"])
    held = match.view(0).hand_picture()
    whole = Image.open(io.BytesIO(private.render_png(picture, held, 0))).convert("RGB")
    above = table.render_picture(picture, bottom=0).convert("RGB")
    below = hand.render_picture(held).convert("RGB")
    assert whole.size == (above.width, above.height + below.height)
    # the hand's cards are all there, under the table (as drawn alone, the palette aside)
    shown = whole.crop((0, above.height, below.width, whole.height))
    assert shown.size == below.size
    differing = sum(ImageChops.difference(shown, below).convert("L").histogram()[41:])
    assert differing < 0.01 * below.width * below.height

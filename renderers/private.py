"""A seat's private table: the table from their side with their hand beneath, in one image.

For a game played privately (the daily deal), with no table message in the channel to look
at. One image, not two: Discord shows two images of one message side by side, cropped into a
square mosaic, which on a phone leaves neither readable."""

from __future__ import annotations

from PIL import Image

from engine.pictures import HandPicture, TablePicture
from renderers import hand, table
from renderers.encode import palette_png
from renderers.theme import DEFAULT_THEME, Theme


def render(
    picture: TablePicture, held: HandPicture, seat: int, theme: Theme = DEFAULT_THEME
) -> Image.Image:
    above = table.render_picture(picture, theme, seat)
    below = hand.render_picture(held, theme)
    width = max(above.width, below.width)
    whole = Image.new("RGB", (width, above.height + below.height), theme.felt)
    whole.paste(above.convert("RGB"), ((width - above.width) // 2, 0))
    whole.paste(below.convert("RGB"), ((width - below.width) // 2, above.height))
    return whole


def render_png(
    picture: TablePicture, held: HandPicture, seat: int, theme: Theme = DEFAULT_THEME
) -> bytes:
    return palette_png(render(picture, held, seat, theme), theme)

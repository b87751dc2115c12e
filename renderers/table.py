"""The table image posted after every play: floor, houses or builds, seats and scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw, ImageFont

from engine.cards import Card
from engine.core import GameView
from engine.words import say, say_count
from renderers import tricks
from renderers.assets import font
from renderers.draw import draw_footer, framed_to_png, paste_card, table_canvas, to_png
from renderers.frame import framing
from renderers.layout import MAX_FAN, Box, TableLayout, floor_box, pile_fan, table_layout
from renderers.model import PileModel, SeatModel, TableModel, TablePicture, table_model
from renderers.seat import SeatPanel, draw_seat
from renderers.text import draw_text, fit_name, text_width
from renderers.theme import DEFAULT_THEME, Theme

__all__ = [
    "DEFAULT_THEME",
    "render",
    "render_cards",
    "render_cards_png",
    "render_model",
    "render_picture",
    "render_picture_png",
    "render_png",
    "to_png",
]


def render(
    view: GameView, names: Sequence[str] | None = None, theme: Theme = DEFAULT_THEME
) -> Image.Image:
    return render_picture(table_model(view, names), theme)


def render_picture(
    picture: TablePicture, theme: Theme = DEFAULT_THEME, bottom: int = 0
) -> Image.Image:
    """Each family's table is drawn by its own renderer, seat `bottom` (the viewer of a private
    image) at the bottom."""
    if isinstance(picture, TableModel):
        return render_model(picture, theme, bottom)
    return tricks.render(picture, theme, bottom)


def render_picture_png(
    picture: TablePicture, theme: Theme = DEFAULT_THEME, bottom: int = 0
) -> bytes:
    """The PNG of `render_picture`, the image mapped to the palette as it is drawn
    (`renderers.frame`)."""
    with framing() as frames:
        image = render_picture(picture, theme, bottom)
    return framed_to_png(frames, image, theme)


BAND = 8  # what is left of the header's band (and the footer's, where it has nothing)


def cards_only(picture: TablePicture) -> TablePicture:
    """The picture without the words a layout message says in text beside it: the title, the
    scores and the last play (the cards it took stay, in the footer)."""
    return replace(picture, title="", score_lines=(), last_play="")


def cards_theme(picture: TablePicture, theme: Theme = DEFAULT_THEME) -> Theme:
    """The theme for `cards_only(picture)`: the header's band gone (nothing is left in it), the
    footer's too unless it shows the cards the last play took."""
    taken = isinstance(picture, TableModel) and bool(picture.just_taken)
    footer = theme.footer_height if taken else BAND
    height = theme.height - (theme.header_height - BAND) - (theme.footer_height - footer)
    return replace(theme, header_height=BAND, footer_height=footer, height=height)


def render_cards(picture: TablePicture, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """`render_cards_png`'s image."""
    return render_picture(cards_only(picture), cards_theme(picture, theme))


def render_cards_png(picture: TablePicture, theme: Theme = DEFAULT_THEME) -> bytes:
    """The table's picture for a layout message: only what a picture can show."""
    return render_picture_png(cards_only(picture), cards_theme(picture, theme))


def render_png(
    view: GameView, names: Sequence[str] | None = None, theme: Theme = DEFAULT_THEME
) -> bytes:
    return render_picture_png(table_model(view, names), theme)


def floor_band(theme: Theme = DEFAULT_THEME) -> Box:
    """The band of a table image that holds its floor (or trick), full width."""
    floor = floor_box(theme)
    return (0, floor[1] - 10, theme.width, floor[3] + 10)


def footer_band(theme: Theme = DEFAULT_THEME) -> Box:
    """The band of a table image that says its last play (and shows what it took)."""
    return (0, theme.height - theme.footer_height, theme.width, theme.height)


def render_model(model: TableModel, theme: Theme = DEFAULT_THEME, bottom: int = 0) -> Image.Image:
    """The fishing family's table: the floor, its piles, the seats and the scores."""
    layout = table_layout(model, theme, bottom)
    floor = layout.floor
    image, draw = table_canvas(floor, model.title, model.score_lines, theme)
    for seat, box in zip(model.seats, layout.seats, strict=True):
        _seat(image, draw, seat, box, theme)
    for pile, box in zip(model.piles, layout.piles, strict=True):
        _pile(image, draw, pile, box, layout, theme, model.just_played)
    for card, box in zip(model.loose, layout.cards, strict=True):
        paste_card(image, card, box, theme)
        if card == model.just_played:
            draw.rounded_rectangle(
                box, max(3, layout.card_width // 10), outline=theme.just_played, width=4
            )
    for box in layout.backs:
        paste_card(image, None, box, theme)
    if not (model.loose or model.piles or model.face_down):
        centre = ((floor[0] + floor[2]) // 2, (floor[1] + floor[3]) // 2)
        draw_text(
            draw,
            centre,
            say("The floor is empty"),
            font=font(theme.title_size),
            fill=theme.muted,
            anchor="mm",
            area=floor,
        )
    _footer(image, draw, model, layout, theme)
    return image


def _seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatModel, box: Box, theme: Theme
) -> None:
    cards = say_count("{count} card", "{count} cards", seat.cards_in_hand)
    if seat.waiting_hand:
        cards += f" + {seat.waiting_hand}"
    details = [cards, *seat.score]
    colour = theme.sides[seat.side % len(theme.sides)]
    panel = SeatPanel.of(seat.name, details, colour, seat.to_play, seat.dealer)
    draw_seat(draw, box, panel, theme, image)


def _pile(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    pile: PileModel,
    box: Box,
    layout: TableLayout,
    theme: Theme,
    just_played: Card | None,
) -> None:
    card_w = layout.card_width
    shown = pile.cards[-MAX_FAN:]
    fan = pile_fan(card_w)
    for index, card in enumerate(shown):
        x = box[0] + index * fan
        paste_card(image, card, (x, box[1], x + card_w, box[1] + layout.card_height), theme)
    pile_right = box[0] + (len(shown) - 1) * fan + card_w
    frame = (box[0] - 3, box[1] - 3, pile_right + 3, box[1] + layout.card_height + 3)
    if just_played in pile.cards:
        draw.rounded_rectangle(frame, 10, outline=theme.just_played, width=4)
    if pile.strong:
        draw.rounded_rectangle(frame, 10, outline=theme.badge, width=3)
        draw.rounded_rectangle(
            (frame[0] - 5, frame[1] - 5, frame[2] + 5, frame[3] + 5),
            14,
            outline=theme.badge,
            width=2,
        )
    radius = max(22, card_w // 4)
    centre = (pile_right - radius - 2, box[1] + radius + 2)  # over the empty top-right corner
    owner_colour = theme.sides[pile.owners[0] % len(theme.sides)] if pile.owners else theme.badge
    draw.ellipse(
        (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius),
        fill=theme.badge,
        outline=owner_colour,
        width=4,
    )
    draw_text(
        draw,
        centre,
        pile.badge,
        font=font(max(theme.small_size, int(radius * 1.1)), bold=True),
        fill=theme.badge_text,
        anchor="mm",
    )
    small = font(theme.small_size)
    top = box[1] + layout.card_height + 2
    width = box[2] - box[0]
    draw_text(
        draw,
        (box[0], top),
        pile.kind,
        font=small,
        fill=theme.badge if pile.strong else theme.text,
        area=box,
    )
    draw_text(
        draw,
        (box[0], top + 31),
        owners_line(pile, small, width),
        font=small,
        fill=theme.muted,
        area=box,
    )


def owners_line(pile: PileModel, face: ImageFont.FreeTypeFont, width: int) -> str:
    """The owners in the pile's words ("by Asha") where they fit whole, else the names alone,
    shortened where they must be: the words never crowd out the name."""
    said = pile.owners_said.replace("{names}", pile.owner_names)
    if text_width(said, face) <= width:
        return said
    return fit_name(pile.owner_names, face, width)


def _footer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    model: TableModel,
    layout: TableLayout,
    theme: Theme,
) -> None:
    right = layout.taken[0][0] - 12 if layout.taken else layout.footer[2] - theme.margin
    said = say("New deal") if model.last_play is None else model.last_play  # "": said elsewhere
    draw_footer(draw, said, right, theme)
    for card, card_box in zip(model.just_taken, layout.taken, strict=True):
        paste_card(image, card, card_box, theme)

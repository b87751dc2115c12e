"""A table's PNG is mapped to the palette while it is drawn (`renderers.frame`): a player sees
exactly the pixels of the colour image mapped whole, in every game, at every table size, from
every seat, in every language and script, with panels drawn afresh or pasted from the caches."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.i18n import LANGUAGES, speaking
from engine import registry
from engine.core import PUBLIC
from engine.games import new_match
from engine.pictures import TrickTable
from renderers import table, tricks
from renderers.draw import drawing
from renderers.gallery import FOUR, LONG_NAMES, TRICK, _continued_trick
from renderers.palette import to_palette
from renderers.theme import DEFAULT_THEME
from tests.renderers.test_images import played


def _pixels(png: bytes) -> bytes:
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "P"
    return decoded.tobytes()


def _whole(image: Image.Image) -> bytes:
    return to_palette(image, DEFAULT_THEME).tobytes()


def _same_as_mapped_whole(picture: object, bottom: int = 0) -> None:
    assert isinstance(picture, table.TableModel | TrickTable)
    for _ in range(3):  # new panels drawn; seen again (made patches); pasted from the patches
        png = table.render_picture_png(picture, DEFAULT_THEME, bottom)
        assert _pixels(png) == _whole(table.render_picture(picture, DEFAULT_THEME, bottom))


@pytest.mark.parametrize("spec", registry.games(), ids=lambda spec: spec.name)
def test_a_played_table_is_the_colour_image_mapped_whole(spec: Any) -> None:
    for players in sorted(spec.allowed_seats):
        match = new_match(spec.name, 7, players=players)
        for moves in range(0, 40, 3):
            view = played(match, 3 if moves else 0, seed=moves).view(PUBLIC)
            picture = view.picture(LONG_NAMES[:players])
            _same_as_mapped_whole(picture, moves % players)
            if isinstance(picture, TrickTable):
                last = tricks.last_trick_picture(picture)
                if last is not None:
                    with drawing(picture.pack):
                        image = tricks.render(last)
                    png = tricks.render_last_trick_png(picture)
                    assert png is not None and _pixels(png) == _whole(image)
            if match.is_terminal:
                break


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_is_mapped_the_same(language: str) -> None:
    with speaking(language):
        for spec in registry.games():
            players = max(spec.allowed_seats)
            match = new_match(spec.name, 5, players=players)
            view = played(match, 7).view(PUBLIC)
            _same_as_mapped_whole(view.picture(LONG_NAMES[:players]))


def test_the_gallerys_trick_tables_are_mapped_the_same() -> None:
    """Tables drawn from pictures alone: six seats, continued tricks (every card fanned)."""
    pictures = [TRICK, _continued_trick(4).picture(FOUR), _continued_trick(2, "hola").picture(FOUR)]
    for picture in pictures:
        for bottom in range(len(picture.seats)):
            with drawing(picture.pack):
                _same_as_mapped_whole(picture, bottom)

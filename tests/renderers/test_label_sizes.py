"""Every image is read on a phone, about 400 px wide: every label on it (text, a card's corner
index, a pile's badge) must be at least 11 px high once the image is scaled to that width.

A label's height is measured from its face: the ink from the top of a capital to the foot of
a descender ("Hg"), as Pillow draws it, scaled by 400 / the image's width.
"""

from __future__ import annotations

import pytest

from renderers.gallery import gallery_makers
from renderers.text import recording_labels

PHONE_WIDTH = 400
MIN_LABEL = 11

MAKERS = gallery_makers()


def test_the_gallery_covers_every_image_kind_and_every_game() -> None:
    from engine import registry

    kinds = {"table", "seat-1-table", "hand", "summary"}
    for spec in registry.games():
        for players in spec.allowed_seats:
            assert {f"{spec.name}-{players}p-{kind}" for kind in kinds} <= MAKERS.keys()
    assert {"leaderboard", "leaderboard-empty", "recent-results-chart"} <= MAKERS.keys()


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_every_label_is_readable_on_a_phone(name: str) -> None:
    with recording_labels() as labels:
        image = MAKERS[name]()
    assert labels, f"{name}: no label drawn"
    scale = PHONE_WIDTH / image.width
    small = sorted({(round(label.height * scale, 1), label.text) for label in labels})
    too_small = [(height, text) for height, text in small if height < MIN_LABEL]
    assert not too_small, f"{name} ({image.width} px wide): {too_small[:5]}"


def test_the_measure_catches_small_text() -> None:
    """The recorder sees every label, so an image with small text fails the rule."""
    from dataclasses import replace

    from renderers.theme import DEFAULT_THEME

    tiny = replace(DEFAULT_THEME, small_size=16)
    with recording_labels() as labels:
        image = gallery_makers(tiny)["leaderboard"]()
    assert min(label.height for label in labels) * PHONE_WIDTH / image.width < MIN_LABEL


def test_the_cards_only_table_leaves_its_words_to_the_message() -> None:
    """The table a layout message shows draws none of the words the message says beside it
    (its title, the scores, the last play), and is shorter by the bands they took."""
    from engine.core import PUBLIC
    from engine.games import new_match
    from renderers import table
    from renderers.gallery import FOUR, part_played

    for game in ("seep", "sedma", "sheepshead"):
        picture = part_played(new_match(game, 5, players=4), 5, 6).view(PUBLIC).picture(FOUR)
        words = {picture.title, *picture.score_lines, picture.last_play}
        with recording_labels() as labels:
            image = table.render_cards(picture)
        drawn = {label.text for label in labels}
        assert picture.last_play and not words & drawn, (game, words & drawn)
        assert image.height < table.render_picture(picture).height

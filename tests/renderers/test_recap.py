"""The match recap reads at the end of a match with computers at the table: at six seats every
default name ("Computer 2", "Počítač 2") is whole, in every language, and every column has
a colour of its own."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.i18n import LANGUAGES, catalogue
from engine.core import PUBLIC
from engine.games import new_match
from engine.words import say, translating
from renderers import recap
from renderers.text import recording_text
from tests.renderers.colours import delta_e


def finished_recap(players: int) -> recap.RecapPicture:
    match = new_match("sheepshead", 5, players=players)
    rng = random.Random(5)
    while not match.is_terminal:
        match.apply(rng.choice(match.legal_actions()))
    names = ["Asha"] + [say("Computer {number}", number=n + 1) for n in range(1, players)]
    view: object = match.view(PUBLIC)
    return view.recap_picture(names)  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize("code", sorted(LANGUAGES))
@pytest.mark.parametrize("players", [5, 6])
def test_default_names_are_whole_at_every_seat(code: str, players: int) -> None:
    with translating(catalogue(code)):
        picture = finished_recap(players)
        with recording_text() as recording:
            recap.render_recap(picture)
    drawn = " ".join(box.text for box in recording.boxes)
    for head in picture.heads:
        assert all(word in drawn.split(" ") for word in head.split(" ")), (head, drawn[:200])
    assert not [cut for cut in recording.cuts if cut.text in picture.heads], recording.cuts


def test_every_column_has_a_colour_of_its_own() -> None:
    picture = finished_recap(6)
    image = recap.render_recap(picture)
    theme = recap.DEFAULT_THEME
    apart = recap.labels_apart(picture, theme)
    notes = recap.note_lines(picture, theme, apart)
    layout = recap.recap_layout(picture, 1, notes, theme)  # the English title: one line
    label_w = recap.label_width(picture, theme) if apart else 0
    boxes = recap.column_boxes(layout.heads, len(picture.heads), label_w)
    colours = [image.getpixel(((box[0] + box[2]) // 2, box[3] - 6)) for box in boxes]
    for first, second in itertools.combinations(colours, 2):
        assert delta_e(first, second) >= 25, (first, second)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_a_summarys_side_names_every_player_at_five_seats(code: str) -> None:
    """The summary's side of three was "Asha & Computer 2 &…"."""
    from renderers import summary

    with translating(catalogue(code)):
        match = new_match("sheepshead", 5, players=5)
        rng = random.Random(5)
        while not match.deals_finished:
            match.apply(rng.choice(match.legal_actions()))
        names = ["Asha"] + [say("Computer {number}", number=n + 1) for n in range(1, 5)]
        view = match.view(PUBLIC)
        with recording_text() as recording:
            summary.render(view, names)
    assert not recording.cuts, recording.cuts
    drawn = " ".join(box.text for box in recording.boxes)
    assert all(name in drawn for name in names), drawn[:300]

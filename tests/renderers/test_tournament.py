"""The tournament's pictures: results (podium and table) and the knockout bracket."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.text import recording_text
from renderers.tournament import (
    BracketModel,
    BracketSide,
    BracketTie,
    ResultRow,
    ResultsModel,
    render_bracket,
    render_bracket_png,
    render_results,
    render_results_png,
)
from tests.renderers.test_label_sizes import MIN_LABEL, PHONE_WIDTH
from tests.renderers.test_text_boxes import faults, longest_names


def results(names: list[str], labels: tuple[str, ...]) -> ResultsModel:
    rows = tuple(
        ResultRow(n + 1, name, f"{12 - n}½", tuple(f"{100 + n}¾" for _ in labels), n == 4)
        for n, name in enumerate(names)
    )
    return ResultsModel("Turnier", "Schweizer System · Endstand", "#", "Spieler", "Punkte",
                        labels, rows, "6 Spieler")  # fmt: skip


@pytest.mark.parametrize("script", ["latin", "devanagari", "gujarati"])
def test_long_names_are_shortened_and_long_headings_wrap_but_nothing_else_is_cut(
    script: str,
) -> None:
    model = results(longest_names(script), ("Buchholz-Wertung", "Sonneborn-Berger-Wertung"))
    with recording_text() as recording:
        image = render_results(model)
    assert not faults(recording, image.size)
    shown = {box.text for box in recording.boxes}
    assert all(row.score in shown and set(row.tiebreaks) <= shown for row in model.rows)
    cut = {cut.text for cut in recording.cuts}
    assert cut <= set(longest_names(script)) and longest_names(script)[0] in cut  # on the podium
    assert "Sonneborn-Berger-Wertung" not in shown  # on two lines
    scale = PHONE_WIDTH / image.width
    assert min(label.height for label in recording.labels) * scale >= MIN_LABEL


def test_the_podium_shows_the_best_three_and_the_table_everyone() -> None:
    model = results(["Asha", "Dev", "Ravi", "Mira", "Sina", "Tavita"], ("Buchholz",))
    with recording_text() as recording:
        render_results(model)
    names = [box.text for box in recording.boxes]
    assert names.count("Asha") == 2 and names.count("Ravi") == 2 and names.count("Mira") == 1
    image = Image.open(io.BytesIO(render_results_png(model)))
    assert image.format == "PNG" and image.width == 800


def bracket(entrants: int) -> BracketModel:
    size = 1 << (entrants - 1).bit_length()
    names = longest_names("latin") * 3
    rounds = []
    ties = size // 2
    while ties:
        rounds.append(tuple(BracketTie(BracketSide(names[i % 18], "1", True),
                                       BracketSide(names[(i + 1) % 18], "0"))
                            for i in range(ties)))  # fmt: skip
        ties //= 2
    words = ("Achtelfinale", "Viertelfinale", "Halbfinale", "Finale")[-len(rounds) :]
    return BracketModel("K.-o.-Turnier", f"{entrants} Spieler", tuple(words), tuple(rounds),
                        names[0], "Sieger")  # fmt: skip


@pytest.mark.parametrize("entrants", [5, 8, 9, 16])
def test_a_bracket_keeps_every_label_readable_and_inside_its_box(entrants: int) -> None:
    model = bracket(entrants)
    with recording_text() as recording:
        image = render_bracket(model)
    assert not faults(recording, image.size)
    scale = PHONE_WIDTH / image.width
    assert min(label.height for label in recording.labels) * scale >= MIN_LABEL
    assert all(cut.name for cut in recording.cuts)
    assert Image.open(io.BytesIO(render_bracket_png(model))).format == "PNG"

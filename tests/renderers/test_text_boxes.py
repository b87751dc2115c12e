"""Nothing is cut off: every image kind of every game and table size, drawn with the longest
names Discord allows (32 characters) in Latin, Devanagari and Gujarati script, keeps every
piece of text inside its panel and the image, no two pieces of text overlap, and only a
player's name is ever shortened (with a visible ellipsis)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from renderers.assets import font
from renderers.gallery import gallery_makers, game_makers
from renderers.text import Recording, draw_text, fit_text, recording_text

LONGEST = {
    "latin": "Maximiliano Wolfgang Mendelssohn",
    "devanagari": "अभिमन्यु कृष्णमूर्ति शर्मा वर्मा जी",
    "gujarati": "પ્રિયંકા હર્ષવર્ધન પટેલ દેસાઈ જી",
}


def longest_names(script: str) -> list[str]:
    """Six different names of 32 characters, each ending in a digit (a name that ends in a
    figure must not run into a score)."""
    base = (LONGEST[script] * 2)[:31]
    return [base + str(seat + 1) for seat in range(6)]


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


BEARING = 2  # a letter's ink may start a pixel or two before the point it is drawn from


def faults(recording: Recording, size: tuple[int, int]) -> list[str]:
    found = []
    width, height = size
    for text_box in recording.boxes:
        box = text_box.box
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            found.append(f"off the image: {text_box.text!r} {box}")
        area = text_box.area
        if area is not None and (
            box[0] < area[0] - BEARING
            or box[1] < area[1]
            or box[2] > area[2] + BEARING
            or box[3] > area[3]
        ):
            found.append(f"out of its area {area}: {text_box.text!r} {box}")
    boxes = recording.boxes
    for index, first in enumerate(boxes):
        for second in boxes[index + 1 :]:
            if overlaps(first.box, second.box):
                found.append(f"overlap: {first.text!r} {first.box} / {second.text!r} {second.box}")
    found += [f"cut: {cut.text!r} → {cut.shown!r}" for cut in recording.cuts if not cut.name]
    return found


CASES = [
    (f"{script}-{name}", make)
    for script in LONGEST
    for name, make in game_makers(longest_names(script), prefix="").items()
] + [(name, make) for name, make in gallery_makers().items() if "-" in name]


@pytest.mark.parametrize(("name", "make"), CASES, ids=[name for name, _ in CASES])
def test_no_text_is_cut_off_leaves_its_area_or_overlaps(name: str, make) -> None:
    with recording_text() as recording:
        image = make()
    assert recording.boxes, name
    problems = faults(recording, image.size)
    assert not problems, f"{name}: " + "\n".join(problems[:8])


def test_long_names_are_shortened_with_a_visible_ellipsis() -> None:
    makers = game_makers(longest_names("latin"))
    with recording_text() as recording:
        makers["sheepshead-6p-table"]()
    names = [cut for cut in recording.cuts if cut.name]
    assert names and all(cut.shown.endswith("…") for cut in names)
    assert all(cut.text.startswith(cut.shown[:-1].rstrip()) for cut in names)


def test_the_check_finds_text_out_of_place() -> None:
    """A label past its panel, two labels on top of each other and a cut status word are each
    reported."""
    image = Image.new("RGB", (200, 100))
    draw = ImageDraw.Draw(image)
    face = font(24)
    with recording_text() as recording:
        draw_text(draw, (150, 10), "points", face, (255, 255, 255), area=(0, 0, 180, 50))
        draw_text(draw, (10, 60), "12", face, (255, 255, 255))
        draw_text(draw, (14, 62), "13", face, (255, 255, 255))
        fit_text("schneider", face, 40)
    problems = faults(recording, image.size)
    assert any("out of its area" in p for p in problems)
    assert any("off the image" in p for p in problems)
    assert any(p.startswith("overlap") for p in problems)
    assert any(p.startswith("cut: 'schneider'") for p in problems)


def every_language_cases() -> list[tuple[str, str]]:
    from bot.i18n import LANGUAGES

    return [(code, name) for code in sorted(LANGUAGES) if code != "en" for name in MAKER_NAMES]


MAKER_NAMES = sorted(gallery_makers())


@pytest.fixture(scope="module")
def translated_makers() -> dict[str, dict[str, object]]:
    """Every image of the gallery, set up in each language (its words said as it is drawn)."""
    from bot.i18n import LANGUAGES, catalogue
    from engine.words import translating

    makers = {}
    for code in LANGUAGES:
        with translating(catalogue(code)):
            makers[code] = dict(gallery_makers())
    return makers


@pytest.mark.parametrize(("code", "name"), every_language_cases())
def test_no_text_is_cut_in_any_language(code: str, name: str, translated_makers) -> None:
    """German and Slovak words are longer than English ones: a seat's "2 Stiche · 27 Punkte",
    a header's "Vergrabenes unbekannt" and Suipe's "2 Punkte" were cut; and a builder's name
    must not give way to the words around it ("postavil(a)…")."""
    from bot.i18n import catalogue
    from engine.words import translating

    with translating(catalogue(code)), recording_text() as recording:
        image = translated_makers[code][name]()
    problems = faults(recording, image.size)
    assert not problems, f"{code} {name}: " + "\n".join(problems[:8])


@pytest.mark.parametrize("code", ["cs", "sk", "de", "hi", "gu"])
def test_a_builders_name_is_not_crowded_out_by_its_words(code: str) -> None:
    """ "postavil(a) Losa" was cut to "postavil(a)…": the name is what the line is for."""
    from bot.i18n import catalogue
    from engine.core import PUBLIC
    from engine.games import match_from_position
    from engine.words import translating
    from renderers import table
    from renderers.gallery import SAMOAN, SUIPE_THREE
    from renderers.layout import table_layout
    from renderers.model import table_model

    with translating(catalogue(code)):
        view = match_from_position(SUIPE_THREE).view(PUBLIC)
        with recording_text() as recording:
            table.render(view, SAMOAN[:3])
        piles = table_layout(table_model(view, SAMOAN[:3]), table.DEFAULT_THEME).piles
    builds = view.builds  # type: ignore[attr-defined]
    assert len(builds) == len(piles) == 2
    for build, pile in zip(builds, piles, strict=True):
        lines = [box.text for box in recording.boxes if box.area == pile]
        assert any(SAMOAN[build.builder] in line for line in lines), (code, lines)

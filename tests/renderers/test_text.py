"""Names in the scripts of South Asia, and emoji, are drawn with real letters, not empty boxes."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from engine.core import PUBLIC
from engine.seep import SeepMatch, SeepRules
from renderers import leaderboard, table
from renderers.assets import font
from renderers.text import Script, draw_text, fit_text, runs, script_of, text_width
from tests.renderers.test_images import played

LATIN = ["Asha", "Dev", "Ravi", "Mira"]


def drawn(text: str, anchor: str = "la") -> Image.Image:
    image = Image.new("L", (400, 60))
    draw_text(ImageDraw.Draw(image), (200, 30), text, font(20, bold=True), 255, anchor)
    return image


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("कमल", "खमल"),  # Hindi
        ("પ્રિયા", "દ્રિયા"),  # Gujarati
        ("Mira मीरा", "Mira हीरा"),  # mixed with Latin
        ("ਅਮਨ", "ਚਮਨ"),  # Punjabi
        ("সুমন", "সুমি"),  # Bengali
        ("ராமு", "சோமு"),  # Tamil
        ("احمد سے", "احمد سۓ"),  # Urdu letters DejaVu Sans lacks
        ("Ravi 🔥", "Ravi 👑"),  # emoji
        ("⭐ Malia", "✨ Malia"),
    ],
)
def test_names_that_differ_in_one_letter_look_different(first: str, second: str) -> None:
    """A face without the script draws every letter as the same empty box, so two names that
    differ in one letter would come out as the same picture."""
    assert drawn(first).tobytes() != drawn(second).tobytes()
    match = played(SeepMatch(SeepRules(), 3), 12)
    images = [table.render_png(match.view(PUBLIC), [name, *LATIN[1:]]) for name in (first, second)]
    assert images[0] != images[1]


def test_a_name_in_devanagari_has_ink_where_a_latin_name_of_its_width_does() -> None:
    ink = drawn("रवि कुमार", "lm").getbbox()
    assert ink is not None
    left, top, right, bottom = ink
    assert 200 <= left <= 203 and right - left >= 60  # starts at the anchor, spans the name
    latin = drawn("Ravi Kumar", "lm").getbbox()
    assert latin is not None
    assert abs((top + bottom) / 2 - (latin[1] + latin[3]) / 2) <= 4  # on the same line


def test_a_mixed_name_is_cut_into_runs_by_script() -> None:
    assert runs("Mira मीरा Shah") == [
        (Script.DEFAULT, "Mira "),
        (Script.DEVANAGARI, "मीरा "),
        (Script.DEFAULT, "Shah"),
    ]
    assert runs("પ્રિયા") == [(Script.GUJARATI, "પ્રિયા")]
    assert runs(" x") == [(Script.DEFAULT, " x")]
    assert runs("Ravi 🔥🔥") == [(Script.DEFAULT, "Ravi "), (Script.EMOJI, "🔥🔥")]
    assert runs("⭐ Malia") == [(Script.EMOJI, "⭐"), (Script.DEFAULT, " Malia")]
    # Card suits and the stars DejaVu Sans draws keep their look.
    assert runs("Capture Q♦ with Q♠ ★") == [(Script.DEFAULT, "Capture Q♦ with Q♠ ★")]
    # Spaces after a right-to-left name stay on its right, between it and the next word.
    assert runs("احمد علی deals") == [(Script.ARABIC, "احمد علی"), (Script.DEFAULT, " deals")]


@pytest.mark.parametrize("name", ["प्रियंका पटेल शर्मा", "પ્રિયંકા પટેલ", "Priyanka प्रियंका"])
def test_a_long_name_is_shortened_to_whole_letters(name: str) -> None:
    face = font(18, bold=True)
    for width in range(40, int(text_width(name, face)), 7):
        short = fit_text(name, face, width)
        assert short.endswith("…") and text_width(short, face) <= width
        assert script_of(short[-2]) is not None  # no vowel sign or virama cut from its letter


def test_leaderboard_rows_show_indian_script_names() -> None:
    def board(name: str) -> bytes:
        row = leaderboard.BoardRow(place=1, name=name, figure="3 baazis", detail="12 played")
        return leaderboard.render_png(leaderboard.BoardModel("Seep", "This server", (row,)))

    assert board("કમલ") != board("ખમલ")


@pytest.mark.parametrize("anchor", ["la", "mm", "ma", "ls"])
@pytest.mark.parametrize("text", ["Dev Kumar Sharma", "12 games · 58% won", "Q♠ 10♦ · ★"])
def test_text_drawn_again_looks_exactly_as_pillow_draws_it(text: str, anchor: str) -> None:
    """Text masks are cached; a word drawn the second time, at another fraction of a pixel and
    in another colour, is the same picture Pillow itself draws."""
    face = font(24)
    for xy, fill in (((100.0, 30.0), (246, 244, 236)), ((100.5, 30.25), (198, 32, 44))):
        for _ in range(2):  # drawn fresh, then from the cache
            ours = Image.new("RGB", (400, 60), (22, 92, 58))
            draw_text(ImageDraw.Draw(ours), xy, text, face, fill, anchor)
            pillows = Image.new("RGB", (400, 60), (22, 92, 58))
            ImageDraw.Draw(pillows).text(xy, text, font=face, fill=fill, anchor=anchor)
            assert ours.tobytes() == pillows.tobytes()


@pytest.mark.parametrize(
    ("sign", "ink", "other"),
    [("\U0001f330", "acorns", "bell_gold"), ("\U0001f514", "bell_gold", "acorns"),
     ("\U0001f343", "leaves", "acorns")],
)  # fmt: skip
def test_a_german_suits_sign_in_text_is_drawn_in_its_own_colours(
    sign: str, ink: str, other: str
) -> None:
    """ "wild: 7🌰" and "Mira played 9🌰": the emoji face drew the acorn in the text's one
    colour as a blob, and the bell as a ring, so at a phone's size acorns and bells could not
    be told apart in any line of text. Each sign is the suit as its cards draw it."""
    from renderers.theme import DEFAULT_THEME as theme

    image = Image.new("RGB", (200, 50), theme.panel)
    draw_text(ImageDraw.Draw(image), (10, 10), f"7{sign}", font(theme.small_size), theme.text)

    pixels = [image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)]

    def near(colour: tuple[int, int, int]) -> int:
        return sum(1 for pixel in pixels
                   if sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40)  # fmt: skip

    assert near(getattr(theme, ink)) >= 20, (sign, near(getattr(theme, ink)))
    assert near(getattr(theme, other)) < 5
    assert near(theme.card_face) >= 20  # on a tile of the cards' colour, not on the felt


def test_a_suits_sign_takes_the_room_text_width_gives_it() -> None:
    """What follows the sign is drawn after it, not over it: the ink of "7🌰 ab" ends where
    its measured width says."""
    from renderers.text import recording_text

    face = font(24)
    image = Image.new("RGB", (300, 50))
    with recording_text() as recording:
        draw_text(ImageDraw.Draw(image), (10, 10), "7\U0001f330 ab", face, (255, 255, 255))
    box = recording.boxes[0].box
    assert abs(box[2] - (10 + text_width("7\U0001f330 ab", face))) <= 3
    assert abs(text_width("7\U0001f330", face) + text_width(" ab", face)
               - text_width("7\U0001f330 ab", face)) <= 1  # fmt: skip


def test_names_that_end_in_a_number_keep_it_when_shortened() -> None:
    """The computer players are "Computer 2" to "Computer 6": shortened at their end they all
    read "Comput…" (the knockout bracket's narrow boxes), so nobody could tell them apart."""
    from renderers.text import fit_name

    face = font(24, bold=True)
    shown = [fit_name(f"Computer {number}", face, 100) for number in range(2, 7)]
    assert len(set(shown)) == 5, shown
    assert all(s.endswith(f"… {n}") for s, n in zip(shown, range(2, 7), strict=True)), shown
    assert all(text_width(s, face) <= 100 for s in shown)
    assert fit_name("Dev Kumar Sharma", face, 100).endswith("…")  # no number: cut at its end
    assert fit_text("Hand 12 of 20", face, 100).endswith("…")  # only a name keeps its number


def test_the_bracket_tells_computer_players_apart() -> None:
    from renderers import tournament
    from renderers.gallery import BRACKET
    from renderers.text import recording_text

    with recording_text() as recording:
        tournament.render_bracket(BRACKET)
    cut = [c.shown for c in recording.cuts if c.text == "Computer 2"]
    assert cut and all(shown.endswith(" 2") for shown in cut), cut


def test_a_figure_is_not_parted_from_its_word_at_a_lines_end() -> None:
    """A German seat in four-player Suipe read "genommen: 4" on one line and "Karten, 1 ♠"
    on the next, as if 4 were the count of something else: a piece split between lines
    keeps each figure with the word after it."""
    from renderers.text import pieces_fit

    lines = pieces_fit(["6 Karten", "genommen: 4 Karten, 1 ♠", "2 Punkte"], font(24), 231, 3)
    assert "4 Karten, 1 ♠" in lines and not any(line.endswith(" 4") for line in lines), lines
    assert all(text_width(line, font(24)) <= 231 for line in lines)

from __future__ import annotations

import io

from PIL import Image

from bot.i18n import speaking
from bot.lessons import lesson
from bot.tournaments.format import EventSettings, FormatName
from bot.tournaments.formats import FORMATS
from bot.tournaments.knockout import Knockout
from bot.tournaments.pictures import bracket_model, figure, results_model
from bot.tournaments.swiss import Swiss
from renderers.tournament import render_bracket_png, render_results_png
from tests.bot.tournaments.play import entrants, play_rounds, start


def test_scores_read_as_players_write_them() -> None:
    assert [figure(v) for v in (3, 3.5, 0.5, 12.25, -4, -0.75, 62.5 / 3)] == [
        "3", "3½", "½", "12¼", "−4", "−¾", "20.8",
    ]  # fmt: skip


def test_the_results_picture_is_in_the_readers_words() -> None:
    state = play_rounds(Swiss(), start(entrants(8, {100: 104, 104: 100}),
                                       EventSettings(seats=4, rounds=2, partnerships=True)),
                        lambda p: [1, 0, 1, 0])  # fmt: skip
    with speaking("de"):
        model = results_model(Swiss(), state, "Freitagsturnier", True, viewer=104)
    assert model.subtitle == "Schweizer System · Endstand"
    assert (model.name_label, model.score_label) == ("Paar", "Punkte")
    assert model.tiebreak_labels == ("Buchholz", "Sonneborn-Berger")
    assert len(model.rows) == 4  # one line a pair
    own = next(row for row in model.rows if row.highlight)
    assert own.name == "P0 & P4" and model.footer == "4 Paare"
    image = Image.open(io.BytesIO(render_results_png(model)))
    assert image.width == 800


def test_the_bracket_picture_names_its_rounds_byes_and_champion() -> None:
    state = start(entrants(5), EventSettings(seats=2))
    with speaking("cs"):
        before = bracket_model(state, "Pohár")
    assert before.round_names == ("Čtvrtfinále", "Semifinále", "Finále")
    assert sum(tie.bottom.name == "volno" for tie in before.rounds[0]) == 3
    state = play_rounds(Knockout(), state, lambda p: [1.0, 0.0])
    with speaking("cs"):
        after = bracket_model(state, "Pohár")
    assert after.champion == "P0" and after.champion_label == "Vítěz"
    assert Image.open(io.BytesIO(render_bracket_png(after))).format == "PNG"


def test_the_rules_page_explains_the_formats_that_fit_each_game() -> None:
    sheepshead = lesson("sheepshead", "de").pages[-1]
    assert sheepshead.topic == "tournaments" and sheepshead.title == "Turniere"
    assert "Serien:" in sheepshead.text and "Arena:" not in sheepshead.text
    with speaking("de"):
        from bot.i18n import _
        from bot.tournaments.words import DEALER_SITS_OUT

        six = _(DEALER_SITS_OUT, seats=6, playing=5)
    assert six in sheepshead.text and "6" in six  # the table of six, the dealer out
    assert "{seats}" not in lesson("suipe", "en").pages[-1].text
    assert "the dealer of each hand sits it out" not in lesson("suipe", "en").pages[-1].text
    seep = lesson("seep", "hi").pages[-1]
    with speaking("hi"):
        from bot.i18n import _
        from bot.tournaments.words import HOW_IT_SCORES

        expected = [_(HOW_IT_SCORES[name]) for name in FORMATS if name != FormatName.SESSIONS]
    assert all(text in seep.text for text in expected)

"""A partnership's figures are said once and from the side they favour: partners' seats that
both said "59 points · 1 sweep" read as 118 points and two sweeps; "difference −6" said from
one side only; a lead chart's axis "+0"; "0 baazis" under every deal of a recap."""

from __future__ import annotations

import random

import pytest

from engine.core import PUBLIC
from engine.games import match_from_position, new_match
from renderers import summary
from renderers.gallery import FOUR, SEEP_POSITIONS, _played
from renderers.text import recording_text


@pytest.mark.parametrize("game", ["seep", "suipe"])
def test_a_sides_score_is_on_one_of_its_seats(game: str) -> None:
    match = new_match(game, 7, players=4)
    rng = random.Random(7)
    for _ in range(12):
        match.apply(rng.choice(match.legal_actions()))
    picture = match.view(PUBLIC).picture(FOUR)
    for side in {seat.side for seat in picture.seats}:
        scored = [seat for seat in picture.seats if seat.side == side and seat.score]
        partners = [seat for seat in picture.seats if seat.side == side]
        assert len(partners) == 2 and len(scored) == 1, [s.name for s in scored]


def test_a_sweep_is_counted_once_on_the_table() -> None:
    view = match_from_position(SEEP_POSITIONS["empty-floor"]).view(PUBLIC)
    picture = view.picture(FOUR)
    said = [line for seat in picture.seats for line in seat.score]
    assert sum("sweep" in line for line in said) == 1, said


def test_the_deal_summary_names_the_side_ahead() -> None:
    for seed in range(20):
        match = _played(new_match("seep", seed, baazis=3), seed, 1)
        view = match.view(PUBLIC)
        outcome = view.deals[-1]
        totals = [side.total for side in outcome.score.sides]
        if outcome.baazi_side is None and totals[0] < totals[1]:
            break
    else:
        pytest.fail("no deal that the second side led")
    heading = view.summary_picture(FOUR).heading
    assert "difference" not in heading and "-" not in heading.split(" · ")[-1]
    assert heading.endswith(f"Dev & Mira: +{totals[1] - totals[0]}"), heading


def test_the_lead_charts_axis_says_0_not_plus_0() -> None:
    match = _played(new_match("seep", 12, baazis=3), 12, 3)
    with recording_text() as recording:
        summary.render(match.view(PUBLIC), FOUR)
    texts = [box.text for box in recording.boxes]
    assert "0" in texts and "+0" not in texts


def test_the_recap_shows_only_baazis_won() -> None:
    match = _played(new_match("seep", 12, baazis=3), 12, 14)
    recap = match.view(PUBLIC).recap_picture(FOUR)
    figures = [figure for row in recap.rows for figure in row.totals]
    assert "0 baazis" not in figures
    assert any(figure.endswith(("baazi", "baazis")) for figure in figures)

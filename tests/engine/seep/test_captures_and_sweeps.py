"""Picking up, throwing and sweeps (sources/seep.txt "Picking up cards and houses", "Sweeps")."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.seep import SeepAction

from .helpers import moves, play, position, refused

MID = "seep | dealer: 0 | play: 9 | turn: 1"


def test_a_five_picks_up_a_loose_five() -> None:
    deal = position(f"{MID} | floor: 5S 9H | hand 1: 5D 2C")
    assert moves(deal, "5D") == {"5Dx5S"}
    play(deal, "5Dx5S")
    assert sorted(map(str, deal.captured[1])) == ["5D", "5S"]


def test_a_seven_picks_up_a_3_and_a_4() -> None:
    deal = position(f"{MID} | floor: 3S 4H KC | hand 1: 7D 2C")
    assert moves(deal, "7D") == {"7Dx3S4H"}


def test_a_queen_picks_up_the_queen_house() -> None:
    deal = position(f"{MID} | floor: 2C | house 12: 5D 7C @0 | hand 0: QS | hand 1: QH 3D")
    play(deal, "QHx")
    assert 12 not in deal.houses and len(deal.captured[1]) == 3


def test_a_jack_on_2_3_5_6_takes_2_3_6_or_5_6_never_both_sets() -> None:
    deal = position(f"{MID} | floor: 2S 3H 5D 6C | hand 1: JD 4C")
    assert moves(deal, "JD") - {m for m in moves(deal, "JD") if "h" in m[2:]} == {
        "JDx2S3H6C",
        "JDx5D6C",
    }


def test_a_house_is_taken_only_by_its_exact_value_never_in_a_sum() -> None:
    """A 9-house and a loose 3: a queen can't take both; it just stays on the floor."""
    deal = position(f"{MID} | floor: 3C | house 9: 4D 5C @0 | hand 0: 9S | hand 1: QH 2D")
    assert moves(deal, "QH") == {"QH"}
    with pytest.raises(IllegalMove):
        deal.apply(SeepAction.capture(deal.hands[1][0], deal.loose))


def test_a_card_that_can_capture_must_capture() -> None:
    deal = position(f"{MID} | floor: 5S 9H | hand 1: 5D 2C")
    refused(deal, "5D", "can capture, so it can't be thrown")


def test_second_example_jack_takes_house_2_and_9_leaving_4_and_6() -> None:
    deal = position(f"{MID} | floor: 2C 4D 6H 9S | house 11: 5D 6C @0 | hand 0: JS | hand 1: JH 3D")
    assert moves(deal, "JH") == {"JHx2C9S"}
    with pytest.raises(IllegalMove, match="must take every loose 11"):
        deal.apply(SeepAction.parse("JHx"))
    play(deal, "JHx2C9S")
    assert sorted(map(str, deal.loose)) == ["4D", "6H"]


def test_a_ten_on_1_2_3_4_6_9_never_leaves_a_ten() -> None:
    deal = position(f"{MID} | floor: AC 2D 3H 4S 6C 9D | hand 1: 10C 7D")
    assert moves(deal, "10C") >= {"10CxAC2D3H4S", "10CxAC3H6C", "10CxAC4S6C9D"}
    refused(deal, "10Cx4S6C")


def test_the_player_chooses_which_suits_when_it_changes_the_score() -> None:
    deal = position(f"{MID} | floor: 2S 2H 9D | hand 1: JC 4C")
    listed = moves(deal, "JC")
    assert "JCx2S9D" in listed and "JCx2H9D" not in listed  # most points by default
    choices = [a.notation for a in deal.suit_choices(SeepAction.parse("JCx2S9D"))]
    assert choices == ["JCx2S9D", "JCx2H9D"]
    play(deal, "JCx2H9D")  # any specific legal choice is accepted
    assert [str(c) for c in deal.loose] == ["2S"]


def test_a_card_that_matches_nothing_is_thrown_and_stays_loose() -> None:
    deal = position(f"{MID} | floor: 9C | hand 1: 4D 3C")
    play(deal, "4D")
    assert sorted(map(str, deal.loose)) == ["4D", "9C"]
    assert deal.history[-1].told("Asha") == "Asha threw 4♦"


def test_a_sweep_scores_50() -> None:
    deal = position(f"{MID} | floor: 3C 6D | hand 1: 9H 2C | hand 2: 5C")
    play(deal, "9Hx3C6D")
    assert deal.sweeps[1] == [50]
    assert deal.history[-1].told("Asha") == "Asha captured 3♣+6♦ with 9♥ — sweep!"


@pytest.mark.parametrize(
    ("rules", "floor", "sweeps"),
    [
        pytest.param("seep", "2S 9S JC 9D", [], id="the 9♦ stays on the floor: no sweep"),
        pytest.param("seep", "2S 9S JC", [25], id="a sweep on the first play scores 25"),
        pytest.param(
            "seep players=4 diamond_ten_two", "2S 9S JC", [50], id="50 with the 10♦ 2 scoring"
        ),
        pytest.param("seep30", "2S 9S JC", [11], id="Seep 30: the capturing card's value"),
    ],
)
def test_a_sweep_on_the_first_play(rules: str, floor: str, sweeps: list[int]) -> None:
    deal = position(f"{rules} | dealer: 0 | play: 0 | floor: {floor} | hand 1: 7H 8C 8D JD")
    play(deal, "B11")
    play(deal, "JDx2S9SJC")
    assert deal.sweeps[1] == sweeps


def test_a_sweep_on_the_last_play_scores_nothing_and_leftovers_are_no_sweep() -> None:
    deal = position("seep | dealer: 0 | play: 47 | turn: 1 | floor: 4C 5D | hand 1: 9H")
    play(deal, "9Hx4C5D")
    assert deal.sweeps[1] == [0] and deal.is_over
    left = position(
        "seep | dealer: 0 | play: 46 | turn: 0 | floor: 4C 5D | hand 0: 9H | hand 1: 2C"
    )
    play(left, "9Hx4C5D")
    play(left, "2C")
    assert left.is_over and left.sweeps == [[50], []]
    assert "2C" in map(str, left.captured[0])  # leftovers go to the last side to capture

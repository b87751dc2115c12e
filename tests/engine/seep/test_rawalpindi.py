"""The Rawalpindi option of the 30-point game (RULES.md)."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.seep import SeepAction

from .helpers import moves, play, position

RAW = "seep30 players=4 rawalpindi | dealer: 0 | play: 9 | turn: 1"


def test_ten_of_diamonds_cannot_capture_before_its_holder_built_a_10_house() -> None:
    deal = position(f"{RAW} | floor: 4C 6H 2D | hand 1: 10D 5S 8C")
    assert not any(m.startswith("10Dx") for m in moves(deal))
    with pytest.raises(IllegalMove, match="Rawalpindi"):
        deal.apply(SeepAction.parse("10Dx4C6H"))
    other = position(f"{RAW} | floor: 4C 6H 2D | hand 1: 10C 5S 8C")
    assert "10Cx4C6H" in moves(other)


def test_ten_of_diamonds_may_not_go_into_a_larger_house() -> None:
    deal = position(f"{RAW} | floor: 2D 5C | hand 1: 10D QS 3C")
    assert "10Dh12+2D" not in moves(deal)
    assert "10Dh12+2D" in moves(
        position(RAW.replace(" rawalpindi", "") + " | floor: 2D 5C | hand 1: 10D QS 3C")
    )


def test_only_the_holder_of_10d_builds_the_first_10_house() -> None:
    without = position(f"{RAW} | floor: 4C 3H | hand 1: 6S 10C")
    assert "6Sh10+4C" not in moves(without)
    holder = position(f"{RAW} | floor: 4C 3H | hand 1: 6S 10D")
    assert "6Sh10+4C" in moves(holder)
    play(holder, "6Sh10+4C")
    assert 10 in holder.built_by[1] and 10 in holder.values_built


def test_after_the_first_10_house_others_may_build_one_and_10d_is_free() -> None:
    text = f"{RAW} | floor: 4C 3H 7D | hand 1: 6S 10C | built: 10 | built 2: 10"
    assert "6Sh10+3H4C7D" in moves(position(text))
    freed = position(f"{RAW} | floor: 4C 6H 2D | hand 1: 10D 5S | built: 10 | built 1: 10")
    assert "10Dx4C6H" in moves(freed)


def test_nine_of_spades_has_the_same_rule_for_9_houses() -> None:
    deal = position(f"{RAW} | floor: 4C 5H | hand 1: 9S 2D")
    assert not any(m.startswith("9Sx") for m in moves(deal))
    assert "9S" not in moves(deal)  # it could capture, so it may not be thrown either
    assert moves(deal, "9S") == set()


def test_when_the_restriction_leaves_no_play_it_lapses() -> None:
    deal = position(f"{RAW} | play: 47 | floor: 4C 6H | hand 1: 10D")
    assert moves(deal) == {"10Dx4C6H"}

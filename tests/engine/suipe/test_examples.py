"""Every worked example of sources/suipe.txt, played by the engine."""

from __future__ import annotations

from engine.suipe import SuipeAction, SuipeDeal, parse_position
from tests.engine.shared import refused

TWO = "suipe players=2 | dealer: 1 | turn: 0"


def moves(deal: SuipeDeal, card: str | None = None) -> set[str]:
    return {a.notation for a in deal.legal_actions() if card is None or str(a.card) == card}


def play(deal: SuipeDeal, notation: str) -> SuipeDeal:
    deal.apply(SuipeAction.parse(notation))
    return deal


def test_an_eight_on_a_2_3_5_6_8_takes_8_6_2_5_3_or_8_5_2_a_but_not_all_six() -> None:
    deal = parse_position(f"{TWO} | floor: AC 2D 3H 5S 6C 8D | hand 0: 8H 4S")
    captures = {m for m in moves(deal, "8H") if "x" in m}
    assert "8Hx2D3H5S6C8D" in captures and "8HxAC2D5S8D" in captures
    assert not any(len(m) == len("8Hx") + 2 * 6 for m in captures)  # never all six cards
    assert {"8Hx8D", "8Hx3H5S", "8HxAC2D5S"} <= captures  # capturing is partial, by choice


def test_a_three_on_ace_and_two_with_a_hand_of_3_3_6() -> None:
    deal = parse_position(f"{TWO} | floor: AC 2D | hand 0: 3S 3H 6C")
    assert {"3SxAC2D", "3S=6+AC2D", "3S=3+AC2D"} <= moves(deal, "3S")
    assert "3S=5+2D" not in moves(deal)
    refused(deal, SuipeAction.parse("3S=4+AC"), "keep a 4")
    said = deal.describe(SuipeAction.parse("3S=3+AC2D"))
    assert said == "Build 3 (tolu), multiple: 3♠ and A♣+2♦ — you hold a 3"


def test_a_three_on_a_five_announced_eight_is_taken_only_by_an_eight() -> None:
    deal = parse_position(f"{TWO} | floor: 5D | hand 0: 3C 8H | hand 1: 9S 8S")
    assert deal.describe(SuipeAction.parse("3C=8+5D")) == (
        "Build 8 (valu), single: 3♣ on 5♦ — you hold an 8"
    )
    play(deal, "3C=8+5D")
    assert moves(deal, "9S") == {"9S"}  # a 9 can't touch it
    assert "8Sx@" in moves(deal, "8S")  # an 8 steals it


def test_a_build_of_seven_beside_a_two_is_not_taken_by_a_nine() -> None:
    deal = parse_position(
        "suipe players=2 | dealer: 0 | turn: 1 | floor: 2C | build 7: 4D 3H @0 | hand 1: 9S 7C"
    )
    assert "9Sx2C@" not in moves(deal) and moves(deal, "9S") == {"9S"}
    assert {"7Cx@", "7Cx"} & moves(deal) == {"7Cx@"}


def test_example_a_raising_a_six_build_to_eight_then_nine() -> None:
    deal = parse_position(
        "suipe players=3 | dealer: 2 | turn: 0 | build 6: 2C 4D @2"
        " | hand 0: 2H 8S | hand 1: AS 9D | hand 2: 6C"
    )
    assert "2H^6=8" in moves(deal)
    play(deal, "2H^6=8")
    assert list(deal.builds) == [8] and deal.builds[8].builder == 0
    assert "AS^8=9" in moves(deal)
    play(deal, "AS^8=9")
    assert list(deal.builds) == [9] and not deal.builds[9].multiple


def test_example_b_three_with_the_five_build_and_the_two_makes_ten() -> None:
    deal = parse_position(f"{TWO} | floor: 2D | build 5: AC 4H @1 | hand 0: 3S 10C")
    assert "3S^5=10+2D" in moves(deal)
    play(deal, "3S^5=10+2D")
    assert deal.builds[10].cards and not deal.loose and not deal.builds[10].multiple


def test_example_c_two_on_the_seven_build_takes_in_the_loose_nine() -> None:
    deal = parse_position(f"{TWO} | floor: 9C | build 7: 3D 4H @1 | hand 0: 2S 9D")
    assert {"2S^7=9", "2S^7=9+9C"} <= moves(deal)
    play(deal, "2S^7=9+9C")
    assert deal.builds[9].multiple
    assert not any(a.raised == 9 for a in deal.legal_actions())  # multiple: never raised


def test_six_and_three_added_to_a_nine_build_then_a_nine_then_the_capture() -> None:
    deal = parse_position(
        f"{TWO} | floor: 3C | build 9: 5D 4H @1 | hand 0: 6S 9C 9H | hand 1: 2D 7C KS"
    )
    assert "6S=9+3C" in moves(deal)
    play(deal, "6S=9+3C")
    assert deal.builds[9].multiple and deal.builds[9].builder == 0
    play(deal, "KS")
    play(deal, "9C=9")  # add a nine from the hand
    assert len(deal.builds[9].cards) == 5
    play(deal, "2D")
    assert "9Hx@" in moves(deal)
    play(deal, "9Hx@")
    assert not deal.builds and len(deal.captured[0]) == 6


def test_a_multiple_eight_build_takes_an_eight_or_two_and_six_but_never_becomes_ten() -> None:
    deal = parse_position(f"{TWO} | floor: 6C | build 8*: 3D 5H 8C @1 | hand 0: 2S 8S 8D 10H")
    assert {"8S=8", "8D=8", "2S=8+6C"} <= moves(deal)
    assert not any(m.startswith("2S^8") for m in moves(deal))
    refused(deal, SuipeAction.parse("2S^8=10"), "multiple")


def test_trailing_a_ten_for_a_partner_even_though_it_could_capture() -> None:
    deal = parse_position(
        "suipe players=4 | dealer: 3 | turn: 2 | floor: 10C | hand 2: 10D 4S | hand 3: 5H"
        " | hand 0: 10S"
    )
    assert {"10Dx10C", "10D"} <= moves(deal)
    play(deal, "10D")
    assert sorted(map(str, deal.loose)) == ["10C", "10D"]


def test_no_trailing_while_your_own_build_is_on_the_floor() -> None:
    deal = parse_position(f"{TWO} | floor: 5D | hand 0: 3C 8H 4S | hand 1: KS QH")
    play(deal, "3C=8+5D")
    play(deal, "KS")
    assert "8Hx@" in moves(deal)
    refused(deal, SuipeAction.parse("4S"), "instead of trailing")


def test_capturing_your_build_with_the_loose_cards_worth_its_value() -> None:
    """A 9-build, a loose 5, and the player before plays a 4: take the 4, the 5 and the build."""
    deal = parse_position(
        "suipe players=2 | dealer: 0 | turn: 1 | floor: 5C | build 9: 3D 6H @0"
        " | hand 1: 4S 7D | hand 0: 9S 2C"
    )
    play(deal, "4S")
    assert "9Sx4S5C@" in moves(deal)


def test_no_build_from_two_cards_of_the_same_rank() -> None:
    deal = parse_position(f"{TWO} | floor: 3C | hand 0: 3S 6C")
    assert "3S=6+3C" not in moves(deal)


def test_face_cards_take_exactly_one_face_card_of_their_rank() -> None:
    deal = parse_position(f"{TWO} | floor: JS JH QC 5D | hand 0: JD 2C")
    assert moves(deal, "JD") == {"JDxJS", "JDxJH", "JD"}
    play(deal, "JDxJH")
    assert sorted(map(str, deal.loose)) == ["5D", "JS", "QC"]


def test_a_suipe_empties_the_floor_but_not_at_the_very_end() -> None:
    deal = parse_position(f"{TWO} | floor: 5D 3C | hand 0: 8H 2C | hand 1: 4S 7D")
    play(deal, "8Hx3C5D")
    assert deal.suipes == [1, 0]
    assert deal.history[-1].told("Sina") == "Sina captured 3♣+5♦ with 8♥ — Suipe!"
    end = parse_position(f"{TWO} | floor: 5D 3C | hand 0: 8H")
    play(end, "8Hx3C5D")
    assert end.suipes == [0, 0] and end.is_over

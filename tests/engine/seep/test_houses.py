"""Houses: establish, break, cement, add, owners (sources/seep.txt "Houses" and RULES.md).

Seat 1 is "you" unless said otherwise; your partner is seat 3, opponents are seats 0 and 2.
"""

from __future__ import annotations

from .helpers import house_moves, moves, play, position, refused

MID = "seep | dealer: 0 | play: 9 | turn: 1"


def test_establish_a_jack_house_with_a_6_on_2_3_or_on_5() -> None:
    deal = position(f"{MID} | floor: 2C 3D 5H | hand 1: 6S JD")
    assert house_moves(deal, "6S") == {"6Sh11+2C3D", "6Sh11+5H"}
    play(deal, "6Sh11+5H")
    house = deal.houses[11]
    assert house.owners == (1,) and not house.cemented
    assert sorted(str(c) for c in deal.loose) == ["2C", "3D"]
    assert deal.history[-1].told("Asha") == "Asha built a jack-house: 6♠ on 5♥"


def test_a_house_needs_a_card_of_its_value_in_the_hand() -> None:
    deal = position(f"{MID} | floor: 2C 3D 5H | hand 1: 6S 8D")
    assert house_moves(deal, "6S") == set()
    refused(deal, "6Sh11+5H", "keep a jack in your hand")


def test_no_house_for_your_partner() -> None:
    """Floor K 8 7 2. Partner's 4 on the 7 makes a jack-house; the next player's 2 breaks it
    into a king-house cemented by the loose king. With a 9 but no jack you cannot make a new
    jack-house of 9 on 2 for your partner."""
    deal = position(
        "seep | dealer: 3 | play: 6 | turn: 3 | floor: KH 8C 7D 2S"
        " | hand 3: 4H JC 5C | hand 0: 2D KD 6H | hand 1: 9C 5S 6D"
    )
    play(deal, "4Hh11+7D")
    assert deal.houses[11].owners == (3,)
    play(deal, "2Dh13b11+KH")
    king = deal.houses[13]
    assert king.cemented and king.owners == (0,) and 11 not in deal.houses
    assert deal.turn == 1
    refused(deal, "9Ch11+2S", "never for your partner")


def test_break_an_opponents_jack_house_with_a_2_into_your_king_house() -> None:
    deal = position(f"{MID} | floor: 4C | house 11: 5D 6C @0 | hand 0: JS | hand 1: 2H KC")
    assert "2Hh13b11" in moves(deal)
    play(deal, "2Hh13b11")
    assert deal.houses[13].owners == (1,) and 11 not in deal.houses
    assert deal.history[-1].told("Asha") == "Asha broke the jack-house with 2♥ into a king-house"


def test_break_your_partners_house_too() -> None:
    deal = position(f"{MID} | floor: 4C | house 11: 5D 6C @3 | hand 3: JS | hand 1: 2H KC")
    assert "2Hh13b11" in moves(deal)


def test_never_break_your_own_house() -> None:
    deal = position(f"{MID} | floor: 4C | house 11: 5D 6C @1 | hand 1: 2H KC JD")
    refused(deal, "2Hh13b11", "can't break your own")


def test_a_cemented_house_cannot_be_broken() -> None:
    deal = position(f"{MID} | floor: 4C | house 11*: 5D 6C JH @0 | hand 0: JS | hand 1: 2H KC")
    refused(deal, "2Hh13b11", "cemented")


def test_a_king_house_cannot_be_broken() -> None:
    deal = position(f"{MID} | floor: 4C | house 13: 6D 7C @0 | hand 0: KS | hand 1: AH KC")
    assert not any("b13" in m for m in moves(deal))


def test_break_only_with_one_hand_card_never_a_floor_card() -> None:
    deal = position(f"{MID} | floor: 2C | house 11: 5D 6C @0 | hand 0: JS | hand 1: 8H KC")
    # the loose 2 could raise the jack-house to 13, but only a hand card may break a house
    assert not any("b11" in m for m in moves(deal))


def test_cement_way_1_partners_jack_house_with_your_jack() -> None:
    deal = position(f"{MID} | floor: 4C | house 11: 5D 6C @3 | hand 3: JS | hand 1: JH 2D")
    assert "JHh11" in moves(deal)
    play(deal, "JHh11")
    house = deal.houses[11]
    assert house.cemented and house.owners == (3,)
    assert deal.history[-1].told("Asha") == "Asha cemented the jack-house with J♥"


def test_cement_way_1_your_own_house_needs_two_jacks() -> None:
    one = position(f"{MID} | floor: 4C | house 11: 5D 6C @1 | hand 1: JH 2D")
    refused(one, "JHh11", "You own the jack-house: keep a jack")
    two = position(f"{MID} | floor: 4C | house 11: 5D 6C @1 | hand 1: JH JD 2D")
    assert {"JHh11", "JDh11"} <= moves(two)


def test_cement_way_2_a_3_on_a_loose_7_into_the_10_house() -> None:
    deal = position(f"{MID} | floor: 7C | house 10: 4D 6C @1 | hand 1: 3H 10D")
    assert "3Hh10+7C" in moves(deal)
    play(deal, "3Hh10+7C")
    assert deal.houses[10].cemented and not deal.loose
    assert deal.history[-1].told("Asha") == "Asha cemented the 10-house: 3♥ on 7♣"


def test_cement_way_3_break_a_9_house_with_a_3_onto_your_queen_house() -> None:
    deal = position(
        f"{MID} | floor: 8C | house 12: 5D 7C @1 | house 9: 4D 5C @0 | hand 0: 9S | hand 1: 3H QD"
    )
    assert "3Hh12b9" in moves(deal)
    play(deal, "3Hh12b9")
    queen = deal.houses[12]
    assert queen.cemented and queen.owners == (1,) and 9 not in deal.houses
    assert len(queen.cards) == 5


def test_cement_way_3_without_a_queen_when_your_partner_owns_it() -> None:
    deal = position(
        f"{MID} | floor: 8C | house 12: 5D 7C @3 | house 9: 4D 5C @0 | hand 0: 9S"
        " | hand 3: QS | hand 1: 3H 6D"
    )
    play(deal, "3Hh12b9")
    assert deal.houses[12].owners == (3,)


def test_cementing_takes_loose_cards_worth_the_value_too() -> None:
    """A jack-house, a loose 8 and 3: play a jack, adding the 8+3 as well."""
    deal = position(f"{MID} | floor: 8C 3D | house 11: 5D 6C @3 | hand 3: JS | hand 1: JH 2D")
    assert house_moves(deal, "JH") == {"JHh11+3D8C"}
    play(deal, "JHh11+3D8C")
    assert len(deal.houses[11].cards) == 5 and not deal.loose


def test_cementing_an_opponents_house_makes_you_second_owner() -> None:
    deal = position(f"{MID} | floor: 7C | house 10: 4D 6C @0 | hand 0: 10S | hand 1: 3H 10D")
    play(deal, "3Hh10+7C")
    assert deal.houses[10].owners == (0, 1)


def test_adding_to_an_opponents_house_needs_a_card_to_keep() -> None:
    deal = position(f"{MID} | floor: 7C | house 10: 4D 6C @0 | hand 0: 10S | hand 1: 3H 5D")
    refused(deal, "3Hh10+7C", "To add to the 10-house you must keep a 10")


def test_add_an_ace_with_6_and_3_to_a_cemented_10_house() -> None:
    deal = position(f"{MID} | floor: 6C 3D | house 10*: 4D 6H 10C @1 | hand 1: AH 10D")
    assert "AHh10+3D6C" in moves(deal)
    play(deal, "AHh10+3D6C")
    assert len(deal.houses[10].cards) == 6
    assert deal.history[-1].told("Asha") == "Asha added to the 10-house: A♥ on 3♦+6♣"


def test_partners_cemented_queen_house_takes_your_only_queen() -> None:
    deal = position(f"{MID} | floor: 2C | house 12*: 5D 7C QC @3 | hand 3: QS | hand 1: QH 4D")
    assert "QHh12" in moves(deal)
    play(deal, "QHh12")
    assert deal.houses[12].owners == (3,)


def test_establish_cemented_queen_house_with_5_on_4_3_and_the_loose_queen() -> None:
    deal = position(f"{MID} | floor: 4C 3D QH | hand 1: 5S QD")
    assert house_moves(deal, "5S") == {"5Sh12+3D4CQH"}
    play(deal, "5Sh12+3D4CQH")
    assert deal.houses[12].cemented and not deal.loose
    told = deal.history[-1].told("Asha")
    assert told == "Asha built a queen-house: 5♠ on 3♦+4♣, cemented with Q♥"


def test_establish_cemented_queen_house_with_8_4_instead_of_the_queen() -> None:
    deal = position(f"{MID} | floor: 4C 3D 8H 4H | hand 1: 5S QD")
    assert "5Sh12+3D4H4C8H" in house_moves(deal, "5S")
    # the 8+4 may not be left behind
    assert "5Sh12+3D4C" not in moves(deal)


def test_establish_cemented_9_house_with_two_nines_on_a_loose_nine() -> None:
    deal = position(f"{MID} | floor: 9C 2D | hand 1: 9S 9D")
    assert {"9Sh9+9C", "9Dh9+9C"} <= moves(deal)
    play(deal, "9Sh9+9C")
    assert deal.houses[9].cemented and deal.houses[9].owners == (1,)
    one_nine = position(f"{MID} | floor: 9C 2D | hand 1: 9S 5D")
    assert house_moves(one_nine, "9S") == set()


def test_establish_cemented_10_house_by_breaking_a_9_house_with_an_ace() -> None:
    deal = position(f"{MID} | floor: 4C 6D | house 9: 4H 5H @0 | hand 0: 9S | hand 1: AH 10C")
    assert house_moves(deal, "AH") == {"AHh10b9+4C6D"}
    play(deal, "AHh10b9+4C6D")
    ten = deal.houses[10]
    assert ten.cemented and ten.owners == (1,) and not deal.loose


def test_a_second_house_of_the_same_value_merges_into_the_first() -> None:
    deal = position(f"{MID} | floor: 7C 2D | house 9: 4H 5H @0 | hand 0: 9S | hand 1: 2H 9C")
    play(deal, "2Hh9+7C")
    assert list(deal.houses) == [9] and deal.houses[9].owners == (0, 1)
    assert deal.houses[9].cemented


def test_owners_must_keep_a_card_of_their_house() -> None:
    deal = position(f"{MID} | floor: 3C 6D | house 10: 4H 6H @1 | hand 1: 10C 8D")
    # the 10 may capture the house but not be thrown away or built elsewhere
    assert moves(deal, "10C") == {"10Cx"}
    assert moves(deal, "8D") == {"8D"}


def test_limited_houses_forbids_a_third_house() -> None:
    text = (
        "seep players=4 limited_houses | dealer: 0 | play: 9 | turn: 1 | floor: 7C 2D"
        " | house 9: 4H 5H @0 | house 12: 5S 7S @2 | hand 0: 9S | hand 2: QD | hand 1: 4C JC"
    )
    deal = position(text)
    refused(deal, "4Ch11+7C", "Only two houses")
    free = position(text.replace(" limited_houses", ""))
    assert "4Ch11+7C" in moves(free)


def test_loose_card_break_option_raises_a_jack_house_with_a_loose_2_and_a_king() -> None:
    text = (
        "seep players=4 loose_card_break | dealer: 0 | play: 9 | turn: 1 | floor: 2C"
        " | house 11: 4H 7H @0 | hand 0: JS | hand 1: KC KD"
    )
    deal = position(text)
    assert {"KCh13b11+2C", "KDh13b11+2C"} <= moves(deal)
    play(deal, "KCh13b11+2C")
    king = deal.houses[13]
    assert king.cemented and king.owners == (1,) and not deal.loose
    assert "KCh13b11+2C" not in moves(position(text.replace(" loose_card_break", "")))

"""Sheepshead, rule by rule: each test is a statement of RULES.md (section "Sheepshead") or of
the source, played out on positions in the engine's notation."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.cards import Card, parse_cards
from engine.core import PUBLIC, IllegalMove, NotYourTurn
from engine.games import match_from_position, new_match
from engine.sheepshead import Phase, SheepsheadHand, SheepsheadMatch, SheepsheadRules
from engine.sheepshead.actions import parse_action
from engine.sheepshead.hand import HandScore
from engine.sheepshead.position import format_position, parse_position
from engine.sheepshead.rules import TRUMP_ORDER, points, power
from tests.engine.shared import played

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def hand_of(text: str) -> SheepsheadHand:
    return parse_position(text)[0]


def play(hand: SheepsheadHand, *moves: str) -> SheepsheadHand:
    return played(hand, parse_action, *moves)


def legal(hand: SheepsheadHand) -> set[str]:
    return {a.notation for a in hand.legal_actions()}


def finished(
    players: int,
    picker: int | None,
    taken: dict[int, str],
    tricks: dict[int, int],
    *,
    rest: int,
    partner: int | None = None,
    buried: str = "",
    **options: object,
) -> HandScore:
    """A hand that is over: the cards each player took (the rest of the pack to `rest`)."""
    rules = SheepsheadRules(players=players, **options)  # type: ignore[arg-type]
    piles = [parse_cards(taken.get(p, "")) for p in range(players)]
    bury = parse_cards(buried)
    used = {c for pile in piles for c in pile} | set(bury)
    piles[rest] += [c for c in rules.deck() if c not in used]
    hand = SheepsheadHand(
        rules, 0, [[] for _ in range(players)], [], 0, 0, Phase.OVER, picker=picker,
        buried=bury, alone=partner is None and picker is not None, partner_seat=partner,
        leaster=picker is None, taken=piles, tricks=[tricks.get(p, 0) for p in range(players)],
    )  # fmt: skip
    return hand.score()


# ----- the pack and the order ----------------------------------------------------------------


def test_fourteen_trumps_in_the_order_of_the_source() -> None:
    assert " ".join(c.pretty for c in TRUMP_ORDER) == ("Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦")
    powers = [power(c) for c in TRUMP_ORDER]
    assert powers == sorted(powers, reverse=True)


def test_32_cards_worth_120_points() -> None:
    deck = SheepsheadRules().deck()
    assert len(deck) == 32
    assert sum(points(c) for c in deck) == 120
    assert [points(Card.parse(c)) for c in ("AS", "10S", "KS", "QS", "JS", "9S")] == [
        11, 10, 4, 3, 2, 0,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "each", "blind"), [(3, 10, 2), (4, 7, 4), (5, 6, 2), (6, 5, 2)]
)
def test_hands_and_blind_by_table_size(players: int, each: int, blind: int) -> None:
    hand = SheepsheadHand.deal(SheepsheadRules(players=players), 2, random.Random(3))
    assert [len(h) for h in hand.hands] == [each] * players
    assert len(hand.blind) == blind
    assert hand.turn == hand.leader == (2 + 1) % players  # the seat after the dealer


def test_five_players_deal_two_each_two_to_the_blind_then_two_and_two() -> None:
    rules = SheepsheadRules(players=5)
    deck = rules.deck()
    random.Random(4).shuffle(deck)
    hand = SheepsheadHand.deal(rules, 4, random.Random(4))
    assert hand.hands[0] == deck[0:2] + deck[12:14] + deck[22:24]  # seat after the dealer
    assert hand.blind == deck[10:12]


def test_the_highest_trump_wins_and_trump_beats_fail() -> None:
    hand = hand_of(
        "sheepshead players=5 | picker: 0 | called: AH | dealer: 4 | "
        "trick: 0 QD 1 QC 2 JC 3 AD | hand 4: 7D KS"
    )
    assert hand.winning() == 1
    fail = hand_of("sheepshead players=3 | picker: 0 | trick: 0 10S 1 AS | hand 2: 7D 9C")
    assert fail.winning() == 1  # the ace is the highest fail card
    play(fail, "7D")
    assert fail.tricks[2] == 1  # the lowest trump still beats the ace


def test_ten_beats_king_and_an_off_suit_card_cannot_win() -> None:
    hand = hand_of("sheepshead players=3 | picker: 0 | trick: 0 KC 1 10C 2 AH | hand 0: 7D")
    assert hand.winning() == 1


# ----- following -------------------------------------------------------------------------------


def test_trump_is_one_suit_queens_and_jacks_follow_it() -> None:
    hand = hand_of("sheepshead players=3 | picker: 0 | trick: 0 JD | hand 1: QH AH 7S | hand 2: 9C")
    assert legal(hand) == {"QH"}
    with pytest.raises(IllegalMove, match="You must follow trump: you hold Q♥"):
        play(hand, "AH")


def test_a_queen_does_not_follow_its_fail_suit() -> None:
    hand = hand_of("sheepshead players=3 | picker: 0 | trick: 0 AH | hand 1: QH 7H 8C | hand 2: 9C")
    assert legal(hand) == {"7H"}
    with pytest.raises(IllegalMove, match="follow ♥: you hold 7♥"):
        play(hand, "QH")


def test_without_the_suit_anything_goes() -> None:
    hand = hand_of("sheepshead players=3 | picker: 0 | trick: 0 AH | hand 1: QH 8C 9S")
    assert legal(hand) == {"QH", "8C", "9S"}


def test_not_your_turn_is_refused() -> None:
    match = new_match("sheepshead", 1, players=5)
    wrong = (match.current_player or 0) + 1
    with pytest.raises(NotYourTurn):
        match.apply("pick", player=wrong % 5)


def test_the_winner_leads_next() -> None:
    hand = hand_of(
        "sheepshead players=3 | picker: 0 | trick: 0 9C 1 AC | hand 2: KC 7S | hand 0: 8S | "
        "hand 1: 9S"
    )
    play(hand, "KC")
    assert hand.leader == hand.turn == 1


# ----- picking -----------------------------------------------------------------------------


def test_picking_goes_round_from_after_the_dealer_and_the_dealer_is_last() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=5), 8)
    dealer = match.deal.dealer
    order = []
    for _ in range(4):
        order.append(match.current_player)
        match.apply("pass")
    assert order == [(dealer + step) % 5 for step in range(1, 5)]
    assert match.current_player == dealer
    blind = list(match.deal.blind)
    match.apply("pick")
    assert match.deal.picker == dealer and match.deal.phase is Phase.BURY
    assert set(blind) <= set(match.deal.hands[dealer]) and len(match.deal.hands[dealer]) == 8


def test_the_picker_buries_as_many_as_the_blind() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=4), 2)
    match.apply("pick")
    picker = match.deal.picker
    assert picker is not None
    hand = match.deal.hands[picker]
    assert len(hand) == 11
    with pytest.raises(IllegalMove, match="Bury exactly 4 cards"):
        match.apply("bury " + " ".join(str(c) for c in hand[:2]))
    cards = hand[:4]
    match.apply("bury " + " ".join(str(c) for c in cards))
    assert match.deal.buried and set(match.deal.buried) == set(cards)
    assert match.deal.phase is Phase.PLAY  # four players: alone, no call
    assert match.current_player == (match.deal.dealer + 1) % 4


def test_nobody_sees_the_bury_but_the_picker() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=3), 5)
    match.apply("pick")
    picker = match.deal.picker
    assert picker is not None
    cards = sorted(match.deal.hands[picker], key=lambda c: c.index)[:2]
    match.apply(f"bury {cards[0]} {cards[1]}")
    assert match.view(picker).buried == tuple(match.deal.buried)
    assert match.view(PUBLIC).buried is None
    assert match.view((picker + 1) % 3).buried is None


def test_all_pass_plays_a_leaster_and_redeal_deals_again() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=3), 1)
    for _ in range(3):
        match.apply("pass")
    assert match.deal.leaster and match.deal.phase is Phase.PLAY
    redeal = SheepsheadMatch(SheepsheadRules(players=3, no_pick="redeal"), 1)
    dealer = redeal.deal.dealer
    for _ in range(3):
        redeal.apply("pass")
    assert redeal.deal_results[0].score.redeal
    assert redeal.deal_number == 1 and redeal.hands_played == 0  # the hand is not counted
    assert redeal.deal.dealer == (dealer + 1) % 3
    assert redeal.sheet == [0, 0, 0]


# ----- the called ace ------------------------------------------------------------------------

CALL = "sheepshead players=5 | dealer: 4 | phase: call | picker: 0 | buried: 7C 8C"


def test_the_picker_calls_an_ace_of_a_suit_they_hold() -> None:
    hand = hand_of(f"{CALL} | hand 0: QC QS JD AD 9S AH")
    assert legal(hand) == {"call AS", "alone"}
    assert hand.legal_actions()[0] in hand.legal_actions()
    with pytest.raises(IllegalMove, match="You hold A♥ yourself"):
        play(hand, "call AH")


def test_a_buried_ace_cannot_be_called() -> None:
    hand = hand_of(
        "sheepshead players=5 | dealer: 4 | phase: call | picker: 0 | buried: AC 8S | "
        "hand 0: QC QS JD AD 9C 9H"
    )
    assert legal(hand) == {"call AH", "alone"}


def test_with_all_three_fail_aces_the_picker_calls_a_ten() -> None:
    hand = hand_of(f"{CALL} | hand 0: QC QS AC AS AH 10H")
    assert legal(hand) == {"call 10C", "call 10S", "alone"}
    match = match_from_position(f"{CALL} | hand 0: QC QS AC AS AH 10H | hand 3: 10S 7D")
    assert match.describe("call 10S") == "Call 10♠ (you keep A♠)"
    match.apply("call 10S")
    assert match.deal.partner == 3


def test_without_a_suit_to_call_the_picker_lays_an_unknown_card() -> None:
    hand = hand_of(f"{CALL} | hand 0: QC QS JD AD AH 7H")
    choices = legal(hand)
    assert "call AS unknown 7H" in choices and "call AC unknown QC" in choices
    assert not any(c.startswith("call AH") for c in choices)
    assert "alone" in choices


def test_a_ten_calls_hold_card_is_the_ace_kept_until_the_called_suit_is_led() -> None:
    # the source: the picker calls the ten "and keep[s] the Ace in their hand"
    text = (
        "sheepshead players=5 | dealer: 4 | picker: 1 | called: 10S | "
        "trick: 0 QC | hand 1: AS 9S AH AC | hand 2: 10S KD"
    )
    hand = hand_of(text)
    assert legal(hand) == {"9S", "AH", "AC"}  # no trump: anything but the hold card
    with pytest.raises(IllegalMove, match="Keep your hold card A♠ until ♠ is led"):
        play(hand, "AS")
    assert "AS" in legal(hand_of(text.replace("called: 10S", "called: 10S | led: S")))
    lead = hand_of(text.replace("trick: 0 QC", "turn: 1"))
    assert "AS" in legal(lead)  # leading it leads the called suit
    ace_call = hand_of(text.replace("called: 10S", "called: AH").replace("AH AC", "7H AC"))
    assert legal(ace_call) == {"AS", "9S", "AC"}  # an ace call keeps any card of the suit


BURIED = "sheepshead players=5 | dealer: 4 | phase: call | picker: 0"


def test_buried_aces_are_the_pickers_and_a_ten_is_called() -> None:
    one = hand_of(f"{BURIED} | buried: AC 8C | hand 0: QC QS AS AH 9H 7S")
    assert legal(one) == {"call 10S", "call 10H", "alone"}
    with pytest.raises(IllegalMove, match="You buried A♣"):
        play(one, "call AC")
    two = match_from_position(f"{BURIED} | buried: AC AS | hand 0: QC QS JD AD AH 9S | "
                              "hand 2: 10S 7D | hand 3: 10H 8D")  # fmt: skip
    assert {a.notation for a in two.legal_actions()} == {"call 10S", "call 10H", "alone"}
    assert two.describe("call 10S") == "Call the 10♠ (you hold 9♠)"
    assert two.describe("call 10H") == "Call 10♥ (you keep A♥)"
    two.apply("call 10S")
    assert two.deal.partner == 2 and two.deal.phase is Phase.PLAY
    later = hand_of("sheepshead players=5 | dealer: 4 | picker: 0 | called: 10S | buried: AC AS"
                    " | trick: 1 QH | turn: 0 | hand 0: 9S AH | hand 2: 10S 7D")  # fmt: skip
    assert legal(later) == {"AH"}  # trump led, no trump: the last spade is the hold card


def test_buried_aces_and_no_suit_to_call_give_a_ten_with_an_unknown_card() -> None:
    hand = hand_of(f"{BURIED} | buried: AC AS | hand 0: QC QS JD AD AH 10H")
    choices = legal(hand)
    assert "call 10C unknown QC" in choices and "call 10S unknown 10H" in choices
    assert choices == {"alone"} | {
        f"call {ten} unknown {card}"
        for ten in ("10C", "10S")
        for card in ("QC", "QS", "JD", "AD", "AH", "10H")
    }
    with pytest.raises(IllegalMove, match="call a ten with an unknown card"):
        play(hand, "call 10C")
    with pytest.raises(IllegalMove, match="You hold 10♥ yourself"):
        play(hand, "call 10H")
    match = match_from_position(f"{BURIED} | buried: AC AS | hand 0: QC QS JD AD AH 10H")
    assert match.describe("call 10S unknown QC") == "Call 10♠: lay Q♣ face down as the unknown"
    match.apply("call 10S unknown QC")
    assert match.deal.unknown == Card.parse("QC") and match.deal.called == Card.parse("10S")


def test_with_every_fail_ace_and_ten_the_pickers_only_going_alone_is_left() -> None:
    hand = hand_of(f"{BURIED} | buried: AC 10C | hand 0: AS 10S AH 10H QC QS")
    assert legal(hand) == {"alone"}
    with pytest.raises(IllegalMove, match="You hold 10♠ yourself"):
        play(hand, "call 10S")
    play(hand, "alone")
    assert hand.alone and hand.partner is None and hand.phase is Phase.PLAY


def test_the_jack_of_diamonds_game_has_no_call_whatever_is_buried() -> None:
    text = ("sheepshead players=5 partner=jack | dealer: 4 | phase: bury | picker: 0 | turn: 0"
            " | hand 0: AC AS AH QC QS 7D 8D 9D | hand 2: JD 7C")  # fmt: skip
    hand = play(hand_of(text), "bury AC AS")
    assert hand.phase is Phase.PLAY and hand.called is None
    assert hand.partner == 2 and not hand.alone
    mine = play(hand_of(text.replace("9D | hand 2: JD", "JD | hand 2: 9D")), "bury AC AS")
    assert mine.phase is Phase.PLAY and mine.alone and mine.partner is None  # unannounced


FIVE_CALLED_ACE = "sheepshead players=5 | called: AS | "


@pytest.mark.parametrize(
    ("position", "allowed", "refused", "message"),
    [
        pytest.param(
            "dealer: 4 | picker: 0 | trick: 0 7S | hand 1: AS 9S QD | hand 0: QC KH",
            {"AS"},
            "9S",
            "called A♠: it must be played now",
            id="the partner must play the called ace when its suit is first led",
        ),
        pytest.param(
            "dealer: 4 | picker: 0 | trick: 0 AH | hand 1: AS 9S QD | hand 0: QC 7S",
            {"QD", "9S"},
            "AS",
            "may not be thrown off",
            id="the called ace is not thrown off before its suit is led",
        ),
        pytest.param(
            "dealer: 0 | picker: 3 | turn: 1 | hand 1: AS 9S QD 7H | hand 3: 8S",
            {"AS", "QD", "7H"},
            "9S",
            "lead ♠ only with the called A♠",
            id="the partner leads the called suit only with the ace",
        ),
        pytest.param(
            "dealer: 4 | picker: 1 | trick: 0 AH | hand 1: 9S QD 7C | hand 2: AS",
            {"QD", "7C"},
            "9S",
            "Keep your hold card 9♠",
            id="the picker keeps the hold card until the suit is led",
        ),
    ],
)
def test_the_duties_of_a_called_ace(
    position: str, allowed: set[str], refused: str, message: str
) -> None:
    hand = hand_of(FIVE_CALLED_ACE + position)
    assert legal(hand) == allowed
    with pytest.raises(IllegalMove, match=message):
        play(hand, refused)


def test_the_called_ace_may_be_thrown_off_once_its_suit_was_led() -> None:
    after = hand_of(
        FIVE_CALLED_ACE + "dealer: 4 | picker: 0 | led: S | trick: 0 AH | hand 1: AS 9S QD"
    )
    assert "AS" in legal(after)  # once spades were led, the duty is over


def test_the_unknown_card_goes_face_down_cannot_win_and_its_points_go_to_the_winner() -> None:
    text = (
        "sheepshead players=5 | dealer: 4 | picker: 1 | called: AS | unknown: 10H | "
        "trick: 0 9S | hand 1: QC 7D | hand 2: AS | hand 3: 8S | hand 4: 7S"
    )
    match = match_from_position(text)
    hand = match.deal
    assert legal(hand) == {"unknown 10H"}
    assert hand.cards_left(1) == 3  # two in hand and the card face down
    record = match.apply("unknown")
    assert record.told("Asha") == "Asha played the unknown card face down"
    public = match.view(PUBLIC)
    assert public.trick[-1] == (1, None)  # nobody sees which card it is
    match.apply("AS")
    match.apply("8S")
    match.apply("7S")
    assert hand.tricks[2] == 1
    assert Card.parse("10H") in hand.taken[2]
    assert match.view(PUBLIC).taken_points[2] == 11  # the 10 points stay hidden for now


def test_a_led_unknown_card_leads_the_called_suit_and_never_wins() -> None:
    hand = hand_of(
        "sheepshead players=5 | dealer: 0 | picker: 1 | called: AS | unknown: KH | turn: 1 | "
        "hand 1: | hand 2: 7S | hand 3: 8C | hand 4: AS | hand 0: 9H"
    )
    assert legal(hand) == {"unknown KH"}
    play(hand, "unknown", "7S", "8C", "AS", "9H")
    assert hand.tricks[4] == 1 and hand.is_over


def test_a_trick_led_face_down_is_led_in_the_called_suit_and_the_unknown_never_wins() -> None:
    """docs/rules.md: the unknown card is led only as the picker's last card; the trick is
    then led in the called suit (trump wins, else the called suit's best card); when nobody
    plays either, the first card played after it leads for the win."""
    table = "sheepshead players=5 | dealer: 0 | picker: 1 | called: AS | unknown: KH | turn: 1"
    early = hand_of(f"{table} | hand 1: QC | hand 2: 7S 9S")
    assert legal(early) == {"QC"}  # with a card in hand the unknown is not led
    trumped = play(hand_of(f"{table} | hand 1: | hand 2: 7S | hand 3: 7D | hand 4: AS | "
                           "hand 0: 9H"), "unknown", "7S", "7D", "AS", "9H")  # fmt: skip
    assert trumped.tricks[3] == 1  # trump beats the called suit
    nobody = hand_of(f"{table} | hand 1: | hand 2: 7C | hand 3: 8C | hand 4: 10H | hand 0: 9H")
    play(nobody, "unknown", "7C")
    assert nobody.led_suit() == Card.parse("AS").suit and nobody.winning() == 2
    play(nobody, "8C", "10H", "9H")
    assert nobody.tricks[3] == 1 and nobody.tricks[1] == 0  # 7♣ led for the win: 8♣ took it
    assert Card.parse("KH") in nobody.taken[3]  # with the unknown card's points


# ----- the jack of diamonds --------------------------------------------------------------------


def _through_bury(rules: SheepsheadRules, seed: int) -> SheepsheadMatch:
    match = SheepsheadMatch(rules, seed)
    match.apply("pick")
    picker = match.deal.picker
    assert picker is not None
    keep = [c for c in match.deal.hands[picker] if c.rank != 11 or c.suit.value != 3]
    match.apply(f"bury {keep[0]} {keep[1]}")
    return match


def test_the_jack_of_diamonds_names_the_partner_with_six_and_as_a_five_player_option() -> None:
    for rules in (SheepsheadRules(players=6), SheepsheadRules(players=5, partner="jack")):
        for seed in range(12):
            match = _through_bury(rules, seed)
            hand = match.deal
            assert hand.phase is Phase.PLAY  # no call
            holder = next((p for p, h in enumerate(hand.hands) if Card.parse("JD") in h), None)
            if holder is None or holder == hand.picker:
                assert hand.partner is None and hand.alone
                assert not match.view(PUBLIC).alone  # not announced
            else:
                assert hand.partner == holder
                assert match.view(holder).partner == holder
                assert match.view(PUBLIC).partner is None


# ----- the count -------------------------------------------------------------------------------


WON_61 = "AC 10C AS 10S KS KC QS QH QD JC"


def test_61_wins_and_60_60_loses() -> None:
    won = finished(3, 0, {0: "AC 10C AS 10S KS KC QS QH QD JC"}, {0: 3, 1: 4, 2: 3}, rest=1)
    assert won.points == (61, 59) and won.picker_won and won.multiplier == 1
    assert won.units == (2, -1, -1)
    lost = finished(3, 0, {0: "AC 10C AS 10S KS KC QS QH JC JS"}, {0: 3, 1: 4, 2: 3}, rest=1)
    assert lost.points == (60, 60) and not lost.picker_won
    assert lost.units == (-4, 2, 2)  # doubled on the bump


def test_schneider_at_31_for_the_picker_and_30_for_the_defenders() -> None:
    tricks = {0: 4, 1: 3, 2: 3}
    taken_91 = "AC 10C AS 10S AH 10H KS KC KH QC QS QH JC JS QD"
    taken_90 = "AC 10C AS 10S AH 10H KS KC KH QC QS QH JC JS JH"
    assert finished(3, 0, {0: taken_91}, tricks, rest=1).multiplier == 2  # defenders 29
    assert finished(3, 0, {0: taken_90}, tricks, rest=1).multiplier == 1  # defenders 30
    lost_30 = finished(3, 0, {0: "AC 10C QS QH QD"}, tricks, rest=1)
    lost_31 = finished(3, 0, {0: "AC 10C KS QS QH"}, tricks, rest=1)
    assert (lost_30.points[0], lost_30.multiplier) == (30, 2)
    assert (lost_31.points[0], lost_31.multiplier) == (31, 1)
    assert lost_30.units == (-8, 4, 4)


def test_schwarz_triples() -> None:
    score = finished(3, 0, {}, {0: 10}, rest=0)
    assert score.multiplier == 3 and score.units == (6, -3, -3)


def test_the_bury_counts_for_the_picker_only_with_a_trick() -> None:
    with_trick = finished(
        3, 0, {0: "AC 10C AS 10S KS KC QS QH"}, {0: 2, 1: 4, 2: 4}, rest=1, buried="AH 7H"
    )
    assert with_trick.points == (67, 53) and with_trick.picker_won
    no_trick = finished(5, 0, {}, {1: 3, 2: 3}, rest=1, partner=3, buried="AH 10H")
    assert no_trick.points == (0, 120) and no_trick.multiplier == 3
    # the partner pays nothing; the picker pays every defender, doubled on the bump
    assert no_trick.units == (-18, 6, 6, 0, 6)


def test_five_players_picker_two_units_partner_one() -> None:
    score = finished(5, 1, {1: WON_61}, {1: 3, 2: 1, 0: 2}, rest=0, partner=2)
    assert score.units == (-1, 2, 1, -1, -1)
    alone = finished(5, 1, {1: WON_61}, {1: 3, 0: 3}, rest=0)
    assert alone.units == (-1, 4, -1, -1, -1)


def test_without_doubling_on_the_bump_a_loss_costs_the_same() -> None:
    lost = finished(
        3, 0, {0: "AC 10C AS 10S KS KC QS QH JC JS"}, {0: 3, 1: 7}, rest=1,
        double_on_bump=False,
    )  # fmt: skip
    assert lost.units == (-2, 1, 1)


def test_the_source_score_sheet_adds_plus_two_and_plus_one_to_picker_and_partner() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=5), 0)
    match.sheet = [-4, 1, 2, 6, -5]  # after hand 1 of the source's sheet
    score = finished(5, 1, {1: WON_61}, {1: 3, 2: 1, 0: 2}, rest=0, partner=2)
    sheet = [s + u for s, u in zip(match.sheet, score.units, strict=True)]
    assert sheet == [-5, 3, 3, 5, -6]  # the source's hand 2
    assert sum(sheet) == 0


def test_leaster_fewest_points_with_a_trick_wins_one_from_everyone() -> None:
    score = finished(4, None, {0: "AC", 1: "10C KC", 2: ""}, {0: 1, 1: 2, 2: 0, 3: 4}, rest=3)
    # seat 2 took nothing: it cannot win; seat 0 (11) beats seat 1 (14)
    assert score.leaster and score.winner == 0
    assert score.units == (3, -1, -1, -1)


def test_leaster_ties_go_to_the_earlier_player_from_the_first_leader() -> None:
    score = finished(3, None, {0: "KC", 1: "KS"}, {0: 1, 1: 1, 2: 8}, rest=2)
    assert score.winner == 1  # the dealer is 0: seat 1 led first, so it comes first


def test_the_blind_goes_with_the_last_trick_in_a_leaster() -> None:
    hand = hand_of(
        "sheepshead players=3 | dealer: 0 | leaster | blind: AH 10H | trick: 1 7C 2 8C | hand 0: 9C"
    )
    play(hand, "9C")
    assert hand.is_over and hand.last_winner == 0
    assert set(parse_cards("AH 10H")) <= set(hand.taken[0])


# ----- the table ---------------------------------------------------------------------------------


def test_a_table_plays_each_player_dealing_twice_and_the_deal_passes_on() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=3), 11)
    rng = random.Random(2)
    dealers = []
    while not match.is_terminal:
        if not match.deal.records:
            dealers.append(match.deal.dealer)
        match.apply(rng.choice(match.legal_actions()))
    played = [r for r in match.deal_results if not r.score.redeal]
    assert len(played) == 6
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(dealers))
    assert sum(match.sheet) == 0
    assert match.outcome().scores == tuple(match.sheet)


def test_position_notation_round_trips() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=5), 3)
    rng = random.Random(3)
    for _ in range(12):
        match.apply(rng.choice(match.legal_actions()))
    text = format_position(match.deal)
    again = parse_position(text)[0]
    assert format_position(again) == text
    assert legal(again) == legal(match.deal)


def test_moves_are_described_in_words() -> None:
    match = match_from_position(f"{CALL} | hand 0: QC QS JD AD 9S AH")
    assert match.describe("call AS") == "Call the A♠ (you hold 9♠)"
    assert match.describe("alone") == "Go alone"
    pick = SheepsheadMatch(SheepsheadRules(players=5), 1)
    assert pick.describe("pick") == "Pick: take the 2 blind cards"
    bury = match_from_position(
        "sheepshead players=5 | phase: bury | picker: 0 | hand 0: 10C KH QC QS JD AD 9S AH"
    )
    assert bury.describe("bury 10C KH") == "Bury 10♣ K♥ (14 points)"
    assert (
        match_from_position("sheepshead players=3 | picker: 0 | hand 0: QC").describe("QC")
        == "Lead Q♣ (trump)"
    )

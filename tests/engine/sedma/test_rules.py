"""Sedma and Hola, rule by rule: each test is a statement of RULES.md (section "Sedma") or of
the source, played out on positions in the engine's notation."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.cards import Card, Suit, parse_cards
from engine.core import PUBLIC, IllegalMove, NotYourTurn
from engine.games import match_from_position, new_match
from engine.sedma import (
    Phase,
    SedmaHand,
    SedmaMatch,
    SedmaRules,
    format_position,
    parse_action,
    parse_position,
)
from engine.sedma.hand import HandScore
from tests.engine.shared import played

NAMES = ["Asha", "Dev", "Ravi", "Mira"]


def hand_of(text: str) -> SedmaHand:
    return parse_position(text)[0]


def play(hand: SedmaHand, *moves: str) -> SedmaHand:
    return played(hand, parse_action, *moves)


# ----- the pack, the deal, the stock ---------------------------------------------------------


def test_packs_32_cards_30_for_three_52_for_hola() -> None:
    sedma = SedmaRules().deck()
    assert len(sedma) == 32 and {c.rank for c in sedma} == {1, 7, 8, 9, 10, 11, 12, 13}
    three = SedmaRules(players=3).deck()
    assert len(three) == 30 and not {Card(8, Suit.CLUBS), Card(9, Suit.CLUBS)} & set(three)
    assert len(SedmaRules(game="hola", players=2).deck()) == 52


@pytest.mark.parametrize(("players", "stock"), [(2, 24), (3, 18), (4, 16)])
def test_four_cards_each_and_the_rest_is_the_stock(players: int, stock: int) -> None:
    hand = SedmaHand.deal(SedmaRules(players=players), 1, random.Random(5))
    assert [len(h) for h in hand.hands] == [4] * players
    assert len(hand.stock) == stock
    assert hand.leader == hand.turn == (1 + 1) % players  # the seat after the dealer leads


def test_the_dealer_gives_two_at_a_time() -> None:
    rules = SedmaRules(players=2)
    deck = rules.deck()
    random.Random(9).shuffle(deck)
    hand = SedmaHand.deal(rules, 0, random.Random(9))
    # seat 1 (after the dealer) gets cards 1-2 and 5-6 of the pack, the dealer 3-4 and 7-8
    assert hand.hands[1] == deck[0:2] + deck[4:6]
    assert hand.hands[0] == deck[2:4] + deck[6:8]


# ----- winning a trick -----------------------------------------------------------------------

FOUR = "sedma players=4 | dealer: 0 | leader: 1 | turn: 1"


def test_any_card_may_be_played_there_is_no_duty_to_follow() -> None:
    hand = hand_of(f"{FOUR} | trick: | hand 0: AS 8D 9C QC | hand 1: KD 10S 8S JC"
                   " | hand 2: 10H JD 8C QS | hand 3: 9D AH 10C QH")  # fmt: skip
    play(hand, "KD")
    assert [a.notation for a in hand.legal_actions()] == ["QS", "10H", "8C", "JD"]


def test_the_last_card_of_the_led_rank_takes_the_trick() -> None:
    hand = hand_of(f"{FOUR} | hand 0: KH 8D 9C QC | hand 1: KD 10S 8S JC"
                   " | hand 2: KS JD 8C QS | hand 3: 9D AH 10C QH")  # fmt: skip
    play(hand, "KD", "KS", "9D")
    assert hand.winning() == 2  # seat 2 matched last so far
    play(hand, "KH")
    assert hand.phase is Phase.PLAY  # the leader has no king or seven: the trick is over
    assert hand.tricks[0] == 1 and hand.leader == hand.turn == 0


def test_nobody_matches_the_leader_keeps_the_trick() -> None:
    hand = hand_of(f"{FOUR} | hand 0: AS 8D 9C QC | hand 1: KD 10S 8S JC"
                   " | hand 2: 10H JD 8C QS | hand 3: 9D AH 10C QH")  # fmt: skip
    play(hand, "KD", "10H", "AH", "AS")
    assert hand.tricks[1] == 1 and sorted(map(str, hand.taken[1])) == ["10H", "AH", "AS", "KD"]


def test_a_seven_is_wild_but_a_led_seven_is_only_a_seven() -> None:
    hand = hand_of(f"{FOUR} | hand 0: 7H 8D 9C QC | hand 1: KD 10S 8S JC"
                   " | hand 2: 10H JD 8C QS | hand 3: 9D AH 10C QH")  # fmt: skip
    play(hand, "KD", "10H", "AH", "7H")
    assert hand.tricks[0] == 1  # the 7 matched the king
    led = hand_of("sedma players=2 | dealer: 1 | leader: 0 | turn: 0"
                  " | hand 0: 7C 8D 9C | hand 1: KH 7S 8S")  # fmt: skip
    play(led, "7C")
    assert not led.matches(Card(13, Suit.HEARTS)) and led.matches(Card(7, Suit.SPADES))


# ----- going again ---------------------------------------------------------------------------


def test_the_leader_may_go_again_with_the_led_rank_or_a_seven_or_stop() -> None:
    hand = hand_of(f"{FOUR} | hand 0: 8H AS 8D QC | hand 1: KD KC 7S 10S"
                   " | hand 2: KS JD 8C QS | hand 3: 9C AH 10C QH")  # fmt: skip
    play(hand, "KD", "KS", "9C", "8H")
    assert hand.phase is Phase.DECIDE and hand.turn == 1
    assert [a.notation for a in hand.legal_actions()] == ["stop", "+7S", "+KC"]
    with pytest.raises(IllegalMove, match="go again only with another king or a wild card"):
        hand.apply(
            parse_position(f"{FOUR} | hand 1: 10S")[0]
            .legal_actions()[0]
            .__class__(kind=hand.legal_actions()[1].kind, card=Card(10, Suit.SPADES))
        )
    play(hand, "+KC")
    assert hand.round == 2 and hand.winning() == 1 and hand.turn == 2
    play(hand, "QS", "AH", "AS")  # nobody matches the kings this round
    assert hand.phase is Phase.DECIDE  # the leader still holds a seven
    play(hand, "stop")
    assert hand.tricks[1] == 1 and len(hand.taken[1]) == 8  # both rounds, every card


def test_a_trick_has_at_most_four_rounds() -> None:
    # (a position may give a hand five cards: the limit holds even then)
    hand = hand_of("sedma players=2 | dealer: 1 | leader: 0 | turn: 0"
                   " | hand 0: KD KC KH KS 7S | hand 1: 8S 9S 10S JS QS")  # fmt: skip
    play(hand, "KD", "8S", "+KC", "9S", "+KH", "10S")
    assert hand.phase is Phase.DECIDE and hand.round == 3
    play(hand, "+KS", "JS")
    assert hand.round == 1 and hand.tricks[0] == 1  # no fifth round: the trick is taken


def test_only_against_the_opponents_option() -> None:
    text = ("sedma players=4 only_against_opponents | dealer: 0 | leader: 1 | turn: 1"
            " | hand 0: 8H AS 8D QC | hand 1: KD KC 7S 10S | hand 2: KS JD 8C QS"
            " | hand 3: 9C AH 10C QH")  # fmt: skip
    hand = play(hand_of(text), "KD", "KS", "9C", "8H")
    assert hand.winning() == 2 and hand.phase is Phase.DECIDE  # an opponent holds it
    partner = text.replace("hand 3: 9C", "hand 3: KH").replace("hand 2: KS", "hand 2: 9S")
    own = play(hand_of(partner), "KD", "9S", "KH", "8H")
    assert own.phase is Phase.PLAY and own.tricks[3] == 1  # the partner holds it: no choice
    anyway = play(hand_of(partner.replace(" only_against_opponents", "")), "KD", "9S", "KH", "8H")
    assert anyway.phase is Phase.DECIDE  # without the option the leader may go again


# ----- drawing, the last trick, the count ----------------------------------------------------


def test_the_winner_draws_first_one_card_at_a_time() -> None:
    hand = hand_of("sedma players=4 | dealer: 0 | leader: 1 | turn: 1 | stock: AD AC 9H 10D"
                   " | hand 0: 8H | hand 1: KD | hand 2: KS | hand 3: 9C")  # fmt: skip
    play(hand, "KD", "KS", "9C", "8H")
    assert hand.tricks[2] == 1 and hand.leader == 2
    assert hand.hands[2] == [Card(1, Suit.DIAMONDS)] and hand.hands[3] == [Card(1, Suit.CLUBS)]
    assert hand.hands[0] == [Card(9, Suit.HEARTS)] and hand.hands[1] == [Card(10, Suit.DIAMONDS)]


def score_of(text: str, *moves: str) -> HandScore:
    hand = play(hand_of(text), *moves)
    assert hand.is_over
    return hand.score()


def test_the_last_trick_scores_10_and_a_hand_is_1_2_or_3_game_points() -> None:
    last = (
        "sedma players=2 | dealer: 1 | leader: 0 | turn: 0 | hand 0: KD | hand 1: 8S"
        " | taken 0: AS AH AD 10S 10H | tricks 0: 3 | taken 1: AC 10C 10D 9H | tricks 1: 2"
    )
    one = score_of(last, "KD", "8S")
    assert one.points == (60, 30) and one.winner == 0 and one.game_points == 1
    assert one.last_trick == 0
    two = score_of(last.replace("taken 1: AC 10C 10D 9H", "taken 1: 9H 8H 9C 8C")
                   .replace("taken 0: AS AH AD 10S 10H", "taken 0: AS AH AD AC 10S 10H 10C 10D"),
                   "KD", "8S")  # fmt: skip
    assert two.points == (90, 0) and two.game_points == 2
    three = score_of("sedma players=2 | dealer: 1 | leader: 0 | turn: 0 | hand 0: KD"
                     " | hand 1: 8S | taken 0: AS AH AD AC 10S 10H 10C 10D | tricks 0: 7",
                     "KD", "8S")  # fmt: skip
    assert three.tricks == (8, 0) and three.game_points == 3


def test_points_never_tie_fifty_wins() -> None:
    score = score_of("sedma players=2 | dealer: 1 | leader: 0 | turn: 0 | hand 0: KD"
                     " | hand 1: 8S | taken 0: AS AH AD AC | tricks 0: 2"
                     " | taken 1: 10S 10H 10D 10C | tricks 1: 2", "KD", "8S")  # fmt: skip
    assert score.points == (50, 40) and score.winner == 0


def deals_ended_before_the_last(match: SedmaMatch, seed: int) -> Iterator[Any]:
    """Plays `match` to its end with seeded random legal moves, giving each deal's result as
    it ends while another deal follows (the next deal is dealt when it is given)."""
    rng = random.Random(seed)
    while not match.is_terminal:
        before = match.deals_finished
        match.apply(rng.choice(match.legal_actions()))
        if match.deals_finished > before and not match.is_terminal:
            yield match.deal_results[-1]


def test_next_dealer_and_the_match_to_n() -> None:
    match = SedmaMatch(SedmaRules(players=4, target=2), seed=11)
    dealers = [match.deal.dealer]
    for result in deals_ended_before_the_last(match, 11):
        dealer = result.dealer
        lost = result.score.winner != dealer % 2
        assert match.deal.dealer == ((dealer + 2) % 4 if lost else (dealer + 1) % 4)
        dealers.append(match.deal.dealer)
    assert max(match.scores) >= 2 and match.outcome().places.count(1) == 1
    two = SedmaMatch(SedmaRules(players=2, target=3), seed=4)
    for result in deals_ended_before_the_last(two, 4):
        expected = result.dealer if result.score.winner != result.dealer else 1 - result.dealer
        assert two.deal.dealer == expected


# ----- three players ---------------------------------------------------------------------------

THREE = ("sedma players=3 | dealer: 2 | leader: 0 | turn: 0 | hand 0: QD 10S 9S JC"
         " | hand 1: KH 9D 10C QC | hand 2: 10H JD QS AH")  # fmt: skip


def test_three_players_the_king_of_hearts_holder_plays_alone_and_it_is_wild() -> None:
    hand = hand_of(THREE)
    assert hand.king_of_hearts == 1 and hand.sides() == ((1,), (0, 2))
    play(hand, "QD", "KH")
    assert hand.winning() == 1  # K♥ is wild with three
    led = hand_of(THREE.replace("leader: 0 | turn: 0", "leader: 1 | turn: 1"))
    play(led, "KH")
    assert led.led == Card(13, Suit.HEARTS) and not led.matches(Card(12, Suit.SPADES))


def test_nobody_is_told_who_holds_the_king_of_hearts_before_it_is_played() -> None:
    match = match_from_position(THREE)
    public = match.view(PUBLIC)
    assert public.sides is None and public.alone is None
    assert match.view(0).sides is None and match.view(2).sides is None
    picture = public.picture(NAMES[:3])
    assert all(seat.side is None and not seat.marks for seat in picture.seats)
    match.apply("QD")
    match.apply("KH")
    shown = match.view(PUBLIC)
    assert shown.alone == 1 and shown.sides == ((1,), (0, 2))


# ----- Hola ------------------------------------------------------------------------------------


def test_hola_twos_and_sevens_are_wild_and_a_led_two_is_a_two() -> None:
    hand = hand_of(
        "hola players=2 | dealer: 1 | leader: 0 | turn: 0 | hand 0: KD 2C | hand 1: 2H 7S"
    )
    play(hand, "KD")
    assert hand.matches(Card(2, Suit.HEARTS)) and hand.matches(Card(7, Suit.SPADES))
    led = hand_of(
        "hola players=2 | dealer: 1 | leader: 0 | turn: 0 | hand 0: 2C KD | hand 1: KH 7S"
    )
    play(led, "2C")
    assert not led.matches(Card(13, Suit.HEARTS)) and led.matches(Card(7, Suit.SPADES))


def test_hola_fight_holds_the_trick_over_and_the_last_winner_takes_all() -> None:
    hand = hand_of("hola players=2 | dealer: 1 | leader: 0 | turn: 0"
                   " | hand 0: KD 9C AS | hand 1: KS 5S 10D")  # fmt: skip
    play(hand, "KD", "KS")
    assert hand.phase is Phase.DECIDE and hand.winning() == 1
    assert [a.notation for a in hand.legal_actions()] == ["stop", "!AS", "!9C"]
    play(hand, "!9C")
    assert hand.held_tricks == 1 and hand.trick == [(0, Card(9, Suit.CLUBS))]
    play(hand, "10D")  # no match: the fighter keeps the new trick...
    assert hand.phase is Phase.DECIDE
    play(hand, "stop")  # ...and takes the held one with it
    assert hand.tricks[0] == 2 and len(hand.taken[0]) == 4 and hand.taken[1] == []


def test_hola_a_side_that_takes_every_trick_adds_80() -> None:
    score = score_of("hola players=2 | dealer: 1 | leader: 0 | turn: 0 | hand 0: KD | hand 1: 8S"
                     " | taken 0: AS AH AD 10S | tricks 0: 5", "KD", "8S")  # fmt: skip
    assert score.points == (40 + 10 + 80, 0) and score.hola == 0


def test_hola_running_score_to_n_and_the_dealer_keeps_the_deal_with_50() -> None:
    match = SedmaMatch(SedmaRules(game="hola", players=4, target=200), seed=3)
    for result in deals_ended_before_the_last(match, 3):
        kept = result.score.points[result.dealer % 2] >= 50
        assert match.deal.dealer == (result.dealer if kept else (result.dealer + 1) % 4)
    totals = [sum(r.score.points[s] for r in match.deal_results) for s in (0, 1)]
    assert tuple(totals) == tuple(match.scores) and max(match.scores) >= 200


# ----- words, errors, notation -----------------------------------------------------------------


def test_moves_in_players_words_and_refusals() -> None:
    match = match_from_position(f"{FOUR} | hand 0: 8H AS 8D QC | hand 1: KD KC 7S 10S"
                                " | hand 2: KS JD 8C QS | hand 3: 9C AH 10C QH")  # fmt: skip
    assert match.describe("KD", NAMES) == "Lead K♦"
    match.apply("KD")
    assert match.describe("KS", NAMES) == "Play K♠: takes the trick so far"
    match.apply("KS")
    assert match.describe("AH", NAMES) == "Play A♥: gives 10 points to Ravi"
    match.apply("9C")
    with pytest.raises(NotYourTurn):
        match.apply("8H", 1)
    with pytest.raises(IllegalMove, match="You do not hold 7♣"):
        match.apply("7C")
    match.apply("8H")
    assert match.describe("+7S", NAMES) == "Go again with 7♠ (wild)"
    assert match.describe("stop", NAMES) == "Stop: the trick goes to Ravi"
    with pytest.raises(IllegalMove, match="go again or stop"):
        match.apply("KC")


def test_position_notation_round_trips() -> None:
    match = new_match("sedma", 21, players=3)
    rng = random.Random(21)
    for _ in range(7):
        match.apply(rng.choice(match.legal_actions()))
    text = format_position(match.deal, tuple(match.scores))
    again, scores = parse_position(text)
    assert format_position(again, scores) == text
    assert [a.notation for a in again.legal_actions()] == [
        a.notation for a in match.legal_actions()
    ]
    assert parse_cards("10H")[0] in match.deal.rules.deck()


# ----- three players: decisions where RULES.md is silent (docs/rules.md) -------------------------

AGAINST = ("sedma players=3 only_against_opponents | dealer: 2 | leader: 0 | turn: 0"
           " | hand 0: 9S 7D QD JC | hand 1: KH 10C QH AD | hand 2: 9H 8S AH 10H")  # fmt: skip


def test_three_players_go_again_only_against_opponents_as_far_as_the_table_knows() -> None:
    # seat 1 holds K♥ (alone); seats 0 and 2 are partners, which they cannot know yet
    hidden = play(hand_of(AGAINST), "9S", "10C", "9H")
    assert hidden.winning() == 2 and hidden.phase is Phase.DECIDE  # partner or opponent? unknown
    assert {a.notation for a in hidden.legal_actions()} == {"stop", "+7D"}
    own = play(hand_of(AGAINST), "9S", "10C", "8S")
    assert own.phase is Phase.PLAY and own.tricks[0] == 1  # the leader's own card holds it
    known = play(hand_of(AGAINST), "9S", "KH", "9H")
    assert known.phase is Phase.PLAY and known.tricks[2] == 1  # K♥ is out: 2 is a partner
    against = play(hand_of(AGAINST), "9S", "KH", "8S")
    assert against.winning() == 1 and against.phase is Phase.DECIDE  # K♥'s holder: opponent
    alone = play(hand_of(AGAINST.replace("leader: 0 | turn: 0", "leader: 1 | turn: 1")),
                 "AD", "AH", "9S")  # fmt: skip
    assert alone.phase is Phase.DECIDE  # the K♥ holder knows everyone else is an opponent
    assert {a.notation for a in alone.legal_actions()} == {"stop", "+KH"}
    without = play(hand_of(AGAINST.replace(" only_against_opponents", "")), "9S", "KH", "9H")
    assert without.phase is Phase.DECIDE  # without the option the leader may always go again


LAST = ("sedma players=3 target=10 | dealer: 0 | leader: 1 | turn: 1"
        " | hand 0: 8S | hand 1: KH | hand 2: 9D"
        " | taken 0: AS AH AD AC 10S 10H | tricks 0: 3"
        " | taken 2: 10C 10D | tricks 2: 2")  # fmt: skip


def test_three_players_keep_their_own_game_points_and_the_best_at_n_wins() -> None:
    together = match_from_position(f"{LAST} | score: 9 4 9")
    for move in ("KH", "9D", "8S"):  # a led K♥ is a king: nobody matches, seat 1 keeps it
        together.apply(move)
    assert together.deal_results[0].score.sides == ((1,), (0, 2))
    assert together.scores == [10, 4, 10] and together.is_terminal  # each partner scores
    outcome = together.outcome()
    assert outcome.places == (1, 3, 1)  # partners level at the top share the win
    assert outcome.result_of(0) == outcome.result_of(2) == "draw"
    assert outcome.result_of(1) == "loss"
    assert outcome.describe(NAMES[:3]).endswith("Asha and Ravi win!")
    ahead = match_from_position(f"{LAST} | score: 9 4 8")
    for move in ("KH", "9D", "8S"):
        ahead.apply(move)
    assert ahead.scores == [10, 4, 9] and ahead.is_terminal
    assert ahead.outcome().places == (1, 3, 2)  # the partner short of N does not share it

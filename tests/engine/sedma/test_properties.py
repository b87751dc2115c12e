"""Properties of Sedma and Hola over thousands of seeded random hands per configuration:
cards are conserved, every hand counts 90 (Hola: +80 when one side took every trick), hands
are equal after each draw, there is always a legal move, a replay gives the same match, the
move generator agrees with a brute-force reading of the rules, and no view changes when
hidden cards are swapped."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import Card
from engine.core import PUBLIC
from engine.registry import restore
from engine.sedma import Kind, Phase, SedmaAction, SedmaHand, SedmaMatch, SedmaRules
from engine.sedma.actions import STOP
from engine.sedma.rules import KING_OF_HEARTS, MAX_ROUNDS
from tests.engine.shared import redeal, trick_match_copy

CONFIGS = [("sedma", 2), ("sedma", 3), ("sedma", 4), ("hola", 2), ("hola", 4)]
HANDS = 2000


def brute_force_moves(hand: SedmaHand) -> set[str]:
    """The rules of RULES.md read directly."""
    cards = hand.hands[hand.turn]
    if hand.phase is Phase.PLAY:
        return {str(c) for c in cards}
    if hand.rules.is_hola:
        return {"stop"} | {f"!{c}" for c in cards}
    moves = {"stop"}
    led = hand.trick[0][1]
    if hand.round >= MAX_ROUNDS:
        return moves
    if hand.rules.only_against_opponents:
        holder = hand.winning()
        assert holder is not None
        # three players: the sides are known once K♥ has been on the table
        known = (
            hand.players != 3
            or any(c == KING_OF_HEARTS for _, c in hand.trick)
            or any(KING_OF_HEARTS in cards for cards in hand.taken)
        )
        if holder == hand.leader or (known and hand.side_of(holder) == hand.side_of(hand.leader)):
            return moves
    for card in cards:
        if card.rank == led.rank or hand.rules.is_wild(card):
            moves.add(f"+{card}")
    return moves


def everything(hand: SedmaHand) -> Counter[Card]:
    cards: Counter[Card] = Counter()
    for group in (*hand.hands, hand.stock, [c for _, c in hand.trick], hand.held, *hand.taken):
        cards.update(group)
    return cards


def swapped(match: SedmaMatch, seat: int | None, rng: random.Random) -> SedmaMatch:
    """The same match with the cards `seat` cannot see (other hands, the stock) shuffled."""
    other: SedmaMatch = trick_match_copy(match)
    hand = other.deal
    redeal([*(hand.hands[p] for p in range(hand.players) if p != seat), hand.stock], rng)
    hand.changed()
    return other


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_random_hands_keep_every_rule(game: str, players: int) -> None:
    rules = SedmaRules(game=game, players=players, target=0)
    deck = Counter(rules.deck())
    hands = seed = 0
    views_checked = 0
    while hands < HANDS:
        seed += 1
        rng = random.Random(seed)
        option = game == "sedma" and seed % 3 == 0
        match = SedmaMatch(SedmaRules(game, players, 0, only_against_opponents=option), seed)
        while not match.is_terminal:
            hand = match.deal
            legal = match.legal_actions()
            assert legal, "a legal move always"
            assert {a.notation for a in legal} == brute_force_moves(hand)
            if hand.phase is Phase.PLAY and not hand.trick:
                assert len({len(h) for h in hand.hands}) == 1, "hands equal after the draw"
            if rng.random() < 0.02 and views_checked < 300:
                views_checked += 1
                for seat in (None, hand.turn):
                    who = PUBLIC if seat is None else seat
                    # (with three, K♥ may change hands in the swap: the sides stay hidden)
                    other = swapped(match, seat, random.Random(seed))
                    assert other.view(who) == match.view(who)
            match.apply(rng.choice(legal))
            if not match.is_terminal:
                assert everything(match.deal) == deck, "cards conserved"
        for result in match.deal_results:
            score = result.score
            bonus = 80 if score.hola is not None else 0
            assert sum(score.points) == 90 + bonus
            assert game == "hola" or score.points[score.winner] >= 50
        hands += match.deals_finished
        again = restore(match.to_dict())
        assert again.to_dict() == match.to_dict() and again.view(PUBLIC) == match.view(PUBLIC)
    assert views_checked >= 50


def test_the_view_of_a_seat_holds_its_own_hand_only() -> None:
    match = SedmaMatch(SedmaRules(players=3), 8)
    for seat in range(3):
        view = match.view(seat)
        assert view.hand is not None and set(view.hand) == set(match.deal.hands[seat])
    assert match.view(PUBLIC).hand is None
    assert SedmaAction(Kind.STOP) == STOP

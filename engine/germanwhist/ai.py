"""German Whist's computer players, deciding from their seat's view only.

The unseen cards are the complement of the seat's hand, every card played and the face-up
card; the other player surely holds the face-up cards they won and have not played, and a
world deals the rest of the unseen cards out again at random, keeping the sizes.

- normal: rules of thumb: while the stock lasts, fight for a face-up card worth having (a
  trump, or a jack or better) and let a poor one go cheaply; once it is gone, take every
  trick as cheaply as possible, lead high cards, and throw the lowest card otherwise.
- easy: the same, with a random card a third of the time.
- hard: imagines many worlds and plays each candidate out to the end of the hand with the
  normal player's judgement for both; the best average margin of counted tricks wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.tricks import TrickComputer, best_by_playouts, playout_value
from engine.cards import Card
from engine.germanwhist.actions import WhistPlay
from engine.germanwhist.hand import Phase, WhistHand
from engine.germanwhist.rules import strength
from engine.words import say

HARD_WORLDS = 24


def unseen_cards(hand: WhistHand, seat: int) -> list[Card]:
    known = set(hand.hands[seat]) | set(hand.shown[1 - seat])
    known.update(c for _, c in hand.trick)
    for cards in hand.taken:
        known.update(cards)
    if hand.upcard is not None:
        known.add(hand.upcard)
    return [card for card in hand.rules.deck() if card not in known]


def sample_world(hand: WhistHand, seat: int, rng: random.Random) -> WhistHand:
    """A copy of `hand` with every card `seat` cannot see dealt out again at random."""
    pool = unseen_cards(hand, seat)
    rng.shuffle(pool)
    world = hand.copy()
    other = 1 - seat
    hidden = len(hand.hands[other]) - len(hand.shown[other])
    world.hands[other] = [*hand.shown[other], *pool[:hidden]]
    world.stock = pool[hidden : hidden + len(hand.stock)]
    world.changed()
    return world


def worth_fighting_for(hand: WhistHand) -> bool:
    """Whether the face-up card is worth a good card: a trump, or a jack or better."""
    card = hand.upcard
    return card is None or card.suit is hand.trump or strength(card) >= 11


def _cost(hand: WhistHand, card: Card) -> float:
    """What playing `card` spends: its strength, and more for a trump."""
    return strength(card) + (13 if card.suit is hand.trump else 0)


def _cheapest(hand: WhistHand, cards: Sequence[Card], rng: random.Random) -> Card:
    return min(cards, key=lambda c: _cost(hand, c) + rng.random() * 1e-3)


def heuristic(hand: WhistHand, rng: random.Random) -> WhistPlay:
    """The normal player's choice for the player to move in `hand` (a world it may see)."""
    legal = [a.card for a in hand.legal_actions()]
    if len(legal) == 1:
        return WhistPlay(legal[0])
    fight = worth_fighting_for(hand)
    if not hand.trick:
        if fight:
            aces = [c for c in legal if c.rank == 1 and c.suit is not hand.trump]
            return WhistPlay(aces[0] if aces else max(legal, key=lambda c: _cost(hand, c)))
        plain = [c for c in legal if c.suit is not hand.trump] or legal
        return WhistPlay(_cheapest(hand, plain, rng))
    led = hand.trick[0][1]
    winners = [c for c in legal if hand.beats(c, led)]
    if winners and fight:
        return WhistPlay(_cheapest(hand, winners, rng))
    losers = [c for c in legal if not hand.beats(c, led)] or legal
    return WhistPlay(_cheapest(hand, losers, rng))


def margin(hand: WhistHand, seat: int) -> float:
    """`seat`'s counted tricks less the other's (the hand's result, once it is over)."""
    return float(hand.counted[seat] - hand.counted[1 - seat])


def play_out(world: WhistHand, rng: random.Random) -> None:
    while not world.is_over:
        world.apply(heuristic(world, rng))


def hard_choice(
    hand: WhistHand, seat: int, rng: random.Random, seconds: float | None = None
) -> WhistPlay:
    value = playout_value(play_out, margin, seat, rng)
    return best_by_playouts(
        hand.legal_actions(), HARD_WORLDS, lambda: sample_world(hand, seat, rng), value, seconds
    )


def _reason(hand: WhistHand, action: WhistPlay) -> str:
    card = action.card.shown()
    takes = bool(hand.trick) and hand.beats(action.card, hand.trick[0][1])
    if hand.phase is Phase.DRAW and not worth_fighting_for(hand):
        return say("{card}: the face-up card is not worth a good card.", card=card)
    if takes:
        return say("{card} takes the trick as cheaply as you can.", card=card)
    if not hand.trick:
        return say("Lead {card}: a strong lead to win the trick.", card=card)
    return say("{card}: you cannot take the trick, so keep your good cards.", card=card)


COMPUTER = TrickComputer(sample_world, heuristic, hard_choice, _reason)

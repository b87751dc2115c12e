"""Sedma's and Hola's computer players, deciding from their seat's view only.

The unseen cards (the other hands and the stock) are the complement of the seat's hand and
every card played this hand; a world deals them out again at random, keeping the sizes
everyone can count. In the three-player game the K♥ holder is unknown to the others until it is
played, so each world places K♥ at random among the unseen cards too.

- normal: a player's rules of thumb: take a trick worth taking (the led rank first, a wild
  card when the trick holds points or it is late), smear aces and tens into a partner's trick,
  give nothing away otherwise; lead a rank held twice; go again or fight whenever the trick is
  not surely the own side's.
- easy: the same, with a random card a third of the time.
- hard: imagines many worlds and plays each candidate out to the end of the hand with the
  normal player's judgement for everyone; the best average margin wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai.tricks import TrickComputer, best_by_playouts, playout_value
from engine.cards import Card

# the members as globals: see the note in actions.py
from engine.sedma.actions import AGAIN_KIND, FIGHT_KIND, PLAY_KIND, STOP_KIND, SedmaAction
from engine.sedma.hand import DECIDE_PHASE, SedmaHand
from engine.sedma.rules import KING_OF_HEARTS, card_points
from engine.trick_view import play_reason
from engine.words import say

HARD_WORLDS = 64
HOLA_WORLDS = 24  # a Hola hand is 52 cards long: each world's play-outs cost twice as much


@dataclass(frozen=True, slots=True)
class HardPlan:
    """How the hard player thinks (`benchmarks.tricks_ab` compares two plans on the same
    shuffles)."""

    worlds: int = HARD_WORLDS
    hola_worlds: int = HOLA_WORLDS


HARD = HardPlan()


def unseen_cards(hand: SedmaHand, seat: int) -> list[Card]:
    known = set(hand.hands[seat])
    known.update(c for _, c in hand.trick)
    known.update(hand.held)
    for cards in hand.taken:
        known.update(cards)
    return [card for card in hand.rules.deck() if card not in known]


def sample_world(hand: SedmaHand, seat: int, rng: random.Random) -> SedmaHand:
    """A copy of `hand` with every card `seat` cannot see dealt out again at random."""
    pool = unseen_cards(hand, seat)
    rng.shuffle(pool)
    world = hand.copy()
    for other in range(hand.players):
        if other == seat:
            continue
        size = len(hand.hands[other])
        world.hands[other] = pool[:size]
        del pool[:size]
    world.stock = pool[: len(hand.stock)]
    world.changed()
    return world


def partner_known(hand: SedmaHand, seat: int, other: int) -> bool | None:
    """Whether `other` plays on `seat`'s side, as `seat` knows it (None: unknown yet)."""
    if other == seat:
        return True
    if hand.players != 3:
        return hand.same_side(seat, other)
    if KING_OF_HEARTS in hand.hands[seat]:
        return False  # the holder plays alone
    if hand.king_played():
        return hand.same_side(seat, other)
    return None


def heuristic(hand: SedmaHand, rng: random.Random) -> SedmaAction:
    """The normal player's choice for the player to move in `hand` (a world it may see)."""
    seat = hand.turn
    legal = hand.legal_actions()
    if len(legal) == 1:
        return legal[0]
    cards_left = sum(len(h) for h in hand.hands) + len(hand.stock)
    late = cards_left <= 2 * hand.players
    if hand.phase is DECIDE_PHASE:
        # Go again (fight) whenever the trick is not surely ours: measured on 800 duplicate
        # hands, better than doing it only for tricks with points (Hola +54 points a hand,
        # two-player Sedma +0.24 game points, four-player Sedma the same).
        holder = hand.winning()
        ours = holder is not None and partner_known(hand, seat, holder) is True
        choices = [a for a in legal if a.kind is not STOP_KIND]
        if ours or not choices:
            return legal[0]  # stop
        if hand.rules.is_hola:
            lead = _lead(hand, [a.card for a in choices if a.card is not None], rng)
            return SedmaAction(FIGHT_KIND, lead)
        return min(choices, key=lambda a: _cost(hand, a.card) + rng.random() * 1e-3)
    hand_cards = [a.card for a in legal if a.card is not None]
    if not hand.trick:
        return SedmaAction(PLAY_KIND, _lead(hand, hand_cards, rng))
    holder = hand.winning()
    assert holder is not None
    side = partner_known(hand, seat, holder)
    matching = [c for c in hand_cards if hand.matches(c)]
    plain = [c for c in hand_cards if not hand.matches(c)]
    points = hand.trick_points()
    last_to_play = hand.round_cards() == hand.players - 1
    if side is True:
        smear = [c for c in plain if card_points(c)]
        if smear and (last_to_play or hand.players == 2):
            return SedmaAction(PLAY_KIND, max(smear, key=card_points))
        return SedmaAction(PLAY_KIND, _cheapest(hand, plain or hand_cards, rng))
    natural = [c for c in matching if not hand.rules.is_wild(c)]
    wild = [c for c in matching if hand.rules.is_wild(c)]
    if natural and (points or late or card_points(natural[0]) == 0):
        return SedmaAction(PLAY_KIND, min(natural, key=lambda c: card_points(c)))
    if wild and (points >= 10 or late):
        return SedmaAction(PLAY_KIND, wild[0])
    return SedmaAction(PLAY_KIND, _cheapest(hand, plain or hand_cards, rng))


def _cost(hand: SedmaHand, card: Card | None) -> float:
    """What giving `card` away costs: points, and more for a wild card."""
    if card is None:
        return 0.0
    return card_points(card) + (15 if hand.rules.is_wild(card) else 0) + card.rank / 100


def _cheapest(hand: SedmaHand, cards: Sequence[Card], rng: random.Random) -> Card:
    return min(cards, key=lambda c: _cost(hand, c) + rng.random() * 1e-3)


def _lead(hand: SedmaHand, cards: Sequence[Card], rng: random.Random) -> Card:
    """A rank held more than once (to go again with), no points, no wild card."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1

    def worth(card: Card) -> float:
        return -2 * counts[card.rank] + _cost(hand, card) / 5 + rng.random() * 1e-3

    return min(cards, key=worth)


def margin(hand: SedmaHand, seat: int) -> float:
    """`seat`'s side's points minus the other side's, in the hand so far (the last trick and
    the Hola bonus counted once the hand is over)."""
    if hand.is_over:
        score = hand.score()
        side = hand.side_of(seat)
        value = float(score.points[side] - score.points[1 - side])
        if hand.rules.is_hola:
            return value
        # Sedma's result is its game points; the points only break ties between plays
        won = score.game_points if score.winner == side else -score.game_points
        return 100.0 * won + value
    own = other = 0
    for player in range(hand.players):
        points = sum(card_points(c) for c in hand.taken[player])
        if hand.same_side(player, seat):
            own += points
        else:
            other += points
    return float(own - other)


def play_out(world: SedmaHand, rng: random.Random) -> None:
    while not world.is_over:
        world.apply(heuristic(world, rng))


def hard_choice(
    hand: SedmaHand, seat: int, rng: random.Random, seconds: float | None = None
) -> SedmaAction:
    plan = HARD
    value = playout_value(play_out, margin, seat, rng)
    return best_by_playouts(
        hand.legal_actions(),
        plan.hola_worlds if hand.rules.is_hola else plan.worlds,
        lambda: sample_world(hand, seat, rng),
        value,
        seconds,
    )


def _reason(hand: SedmaHand, action: SedmaAction) -> str:
    card = action.card
    if action.kind is STOP_KIND:
        return say("Stop: going on would risk more than the trick is worth.")
    assert card is not None
    if action.kind in (AGAIN_KIND, FIGHT_KIND):
        return say(
            "{card}: the other side holds the trick and it is worth winning back.",
            card=card.shown(hand.rules.pack),
        )
    if not hand.trick:
        return say(
            "Lead {card}: you hold another of that rank to go again with.",
            card=card.shown(hand.rules.pack),
        )
    safe = say(
        "{card}: your partner holds the trick, so its points are safe there.",
        card=card.shown(hand.rules.pack),
    )
    takes, points = hand.matches(card), hand.trick_points()
    return play_reason(card, takes, points, bool(card_points(card)), safe, hand.rules.pack)


COMPUTER = TrickComputer(sample_world, heuristic, hard_choice, _reason)

"""Sheepshead's computer players, deciding from their seat's view only (its worlds: see
worlds.py; the hard player: hard.py).

- normal: a player's rules of thumb: pick on trump strength, bury points and short fail suits,
  call the ace (or ten) of the shortest suit; the picker's side leads trump, defenders lead the
  called suit or fail; take a trick worth taking cheaply, smear points on a partner's trick, give
  nothing away otherwise; in a leaster, stay under.
- easy: the same, with a random legal move a third of the time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.cards import Card

# the members as globals: see the note in actions.py
from engine.sheepshead.actions import (
    ALONE_KIND,
    BURY_KIND,
    CALL_KIND,
    PASS,
    PASS_KIND,
    PICK,
    PICK_KIND,
    PLAY_KIND,
    SheepsheadAction,
    play,
)
from engine.sheepshead.hand import SheepsheadHand, call_options
from engine.sheepshead.phases import BURY_PHASE, CALL_PHASE, PICK_PHASE
from engine.sheepshead.rules import (
    FAIL_SUITS,
    TRUMP_ORDER,
    is_trump,
    points,
    power,
    suit_of,
)
from engine.trick_view import play_reason
from engine.words import say

PICK_THRESHOLD = {3: 9.0, 4: 8.0, 5: 7.0, 6: 6.0}


# ----- what a seat knows (the cards: worlds.py) ------------------------------------------


def friend(hand: SheepsheadHand, seat: int, other: int) -> bool | None:
    """Whether `other` plays on `seat`'s side as `seat` knows it (None: cannot tell yet)."""
    if other == seat:
        return True
    if hand.leaster or hand.picker is None:
        return False
    partner_card = hand.partner_card
    i_hold = partner_card is not None and (
        partner_card in hand.hands[seat] or _played_by(hand, seat, partner_card)
    )
    partner_known = hand.partner_seen or (hand.alone and hand.rules.in_hand < 5)
    if seat == hand.picker:
        if hand.alone and (hand.rules.called_ace or i_hold or hand.rules.in_hand < 5):
            return False
        if partner_known:
            return other == hand.partner
        return None
    if i_hold and seat != hand.picker:
        return other == hand.picker
    if other == hand.picker:
        return False
    if partner_known or (hand.alone and hand.rules.called_ace):
        return other != hand.partner
    return None


def _played_by(hand: SheepsheadHand, seat: int, card: Card) -> bool:
    return any(
        r.player == seat and r.action.kind is PLAY_KIND and r.action.card == card
        for r in hand.records
    )


# ----- the normal player's judgement ----------------------------------------------------


def strength(cards: Sequence[Card]) -> float:
    """Trump power and count, aces and voids: how well a hand plays as the picker's."""
    score = 0.0
    for card in cards:
        if is_trump(card):
            rank = TRUMP_ORDER.index(card)
            score += 2.2 if rank < 4 else 1.6 if rank < 8 else 1.0
        elif card.rank == 1:
            score += 0.8
    held = {suit_of(c) for c in cards}
    score += 0.4 * sum(s not in held for s in FAIL_SUITS)
    return score


def pick_choice(hand: SheepsheadHand) -> SheepsheadAction:
    cards = hand.hands[hand.turn]
    bar = PICK_THRESHOLD[hand.rules.in_hand]
    if hand.turn == hand.dealer and not hand.rules.leasters:
        bar -= 1.0  # the last chance before a redeal
    return PICK if strength(cards) >= bar else PASS


def bury_score(hand: SheepsheadHand, action: SheepsheadAction) -> float:
    """Higher for a better bury: keep trump, lay away points of short fail suits, keep one
    card of a suit whose ace could be called."""
    kept = [c for c in hand.hands[hand.turn] if c not in action.cards]
    value = 0.0
    for card in action.cards:
        value += points(card) * 0.6 - (12 if is_trump(card) else 0)
        if card.rank == 1 and not is_trump(card):
            value -= 8  # an ace takes its own tricks
    held = {suit_of(c) for c in kept}
    value += 3.0 * sum(s not in held for s in FAIL_SUITS)
    if hand.rules.called_ace:
        options = call_options(kept, action.cards)
        value += 6 if any(a.unknown is None for a in options) else -6
    return value


def bury_choice(hand: SheepsheadHand, rng: random.Random) -> SheepsheadAction:
    return max(hand.legal_actions(), key=lambda a: bury_score(hand, a) + rng.random() * 1e-3)


def call_choice(hand: SheepsheadHand) -> SheepsheadAction:
    legal = hand.legal_actions()
    calls = [a for a in legal if a.kind is CALL_KIND]
    assert hand.picker is not None
    cards = hand.hands[hand.picker]
    if not calls or strength(cards) >= 11.5:
        return legal[-1]  # alone

    def cost(action: SheepsheadAction) -> float:
        called = action.called
        assert called is not None
        own = [c for c in cards if suit_of(c) == called.suit]
        extra = points(action.unknown) if action.unknown is not None else 0
        return len(own) * 2 + sum(points(c) for c in own) / 10 + extra / 5

    return min(calls, key=cost)


def _cheapest(cards: Sequence[Card], rng: random.Random) -> Card:
    return min(cards, key=lambda c: points(c) * 3 + power(c) / 10 + rng.random() * 1e-3)


def play_choice(hand: SheepsheadHand, rng: random.Random) -> SheepsheadAction:
    seat = hand.turn
    legal = hand.legal_actions()
    if len(legal) == 1:
        return legal[0]
    cards = [a.card for a in legal if a.card is not None and a.kind is PLAY_KIND]
    if hand.leaster:
        return play(_leaster_card(hand, cards, rng))
    if not hand.trick:
        return play(_lead(hand, seat, cards, rng))
    holder = hand.winning()
    assert holder is not None
    ours = friend(hand, seat, holder)
    last = len(hand.trick) == hand.rules.in_hand - 1
    winners = [c for c in cards if _wins_with(hand, seat, c)]
    if ours is True and (last or _secure(hand, holder)):
        smear = max(cards, key=lambda c: points(c) * 2 - (power(c) if is_trump(c) else 0))
        return play(smear)
    at_stake = hand.trick_points()
    if winners and (ours is not True) and (at_stake >= 4 or last or hand.picker == seat):
        pick = (
            min(winners, key=lambda c: power(c))
            if last
            else max(winners, key=lambda c: power(c) if is_trump(c) else power(c) + 50)
        )
        if not last and is_trump(pick):
            pick = _enough(hand, winners)
        return play(pick)
    return play(_cheapest(cards, rng))


def _wins_with(hand: SheepsheadHand, seat: int, card: Card) -> bool:
    trick = hand.trick
    hand.trick = [*trick, (seat, card)]
    try:
        return hand.winning() == seat
    finally:
        hand.trick = trick


def _secure(hand: SheepsheadHand, holder: int) -> bool:
    """The holder's card is a top trump (a queen) or the trick's best with no trump out."""
    card = next(c for p, c in hand.trick if p == holder)
    return is_trump(card) and TRUMP_ORDER.index(card) <= 2


def _enough(hand: SheepsheadHand, winners: Sequence[Card]) -> Card:
    """A trump high enough to hold against later players: a queen if there is one, else the
    highest jack or better."""
    trumps = sorted((c for c in winners if is_trump(c)), key=power, reverse=True)
    queens = [c for c in trumps if c.rank == 12]
    return queens[-1] if queens else trumps[0]


def _lead(hand: SheepsheadHand, seat: int, cards: Sequence[Card], rng: random.Random) -> Card:
    trumps = sorted((c for c in cards if is_trump(c)), key=power, reverse=True)
    fail = [c for c in cards if not is_trump(c)]
    picking_side = seat == hand.picker or friend(hand, seat, hand.picker or 0) is True
    if picking_side and trumps:
        return trumps[0] if power(trumps[0]) >= 95 else trumps[-1]
    if hand.called is not None and not hand.called_suit_led():
        called_suit = [c for c in fail if c.suit == hand.called.suit]
        if called_suit:
            return called_suit[0] if hand.called in called_suit else _cheapest(called_suit, rng)
    aces = [c for c in fail if c.rank == 1]
    if aces:
        return aces[0]
    if fail:
        return _cheapest(fail, rng)
    return trumps[-1]


def _leaster_card(hand: SheepsheadHand, cards: Sequence[Card], rng: random.Random) -> Card:
    losers = [c for c in cards if not _wins_with(hand, hand.turn, c)] if hand.trick else []
    if losers:
        return max(losers, key=lambda c: points(c) * 3 + power(c) / 10)
    return min(cards, key=lambda c: power(c) + points(c) / 5 + rng.random() * 1e-3)


def heuristic(hand: SheepsheadHand, rng: random.Random) -> SheepsheadAction:
    """The normal player's choice for the player to move in `hand` (a world it may see)."""
    if hand.phase is PICK_PHASE:
        return pick_choice(hand)
    if hand.phase is BURY_PHASE:
        return bury_choice(hand, rng)
    if hand.phase is CALL_PHASE:
        return call_choice(hand)
    return play_choice(hand, rng)


# ----- a finished hand's value, and the normal player's play-out --------------------------


def result_for(hand: SheepsheadHand, seat: int) -> float:
    score = hand.score()
    side = next(s for s, members in enumerate(score.sides) if seat in members)
    margin = score.points[side] - (sum(score.points) - score.points[side])
    return 100.0 * score.units[seat] + margin / 10


def play_out(world: SheepsheadHand, rng: random.Random) -> None:
    while not world.is_over:
        world.apply(heuristic(world, rng))


def reason(hand: SheepsheadHand, action: SheepsheadAction) -> str:
    kind = action.kind
    if kind is PICK_KIND:
        return say("Your trumps are strong enough to play against the table.")
    if kind is PASS_KIND:
        return say("Too few strong trumps to pick.")
    if kind is BURY_KIND:
        return say("Lay away points and short fail suits; keep your trumps.")
    if kind is CALL_KIND:
        if action.unknown is not None:
            return say(
                "No suit of yours can be called: lay away your cheapest card face down and "
                "call a partner all the same."
            )
        if action.called is not None and action.called.rank == 10:
            return say("All three fail aces are yours: call the ten of your shortest suit.")
        return say("Call the ace of your shortest suit: your partner's ace wins it early.")
    if kind is ALONE_KIND:
        return say("Strong enough to win alone: the units are yours.")
    card = action.card
    assert card is not None
    if hand.leaster:
        return say("{card}: in a leaster you want few points, but one trick.", card=card.pretty)
    if not hand.trick:
        return say("Lead {card}.", card=card.pretty)
    safe = say(
        "{card}: the trick looks safe with your side, so its points are too.", card=card.pretty
    )
    wins = _wins_with(hand, hand.turn, card)
    return play_reason(card, wins, hand.trick_points(), bool(points(card)), safe)


"""Sheepshead's moves in a player's words, for the picker and /play."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import card_of, pretty_cards
from engine.sheepshead.actions import Kind, SheepsheadAction
from engine.sheepshead.hand import SheepsheadHand
from engine.sheepshead.rules import is_trump, points, strength_order, suit_of
from engine.words import say, seat_name, trick_play


def describe_action(
    hand: SheepsheadHand, action: SheepsheadAction, names: Sequence[str] | None = None
) -> str:
    kind = action.kind
    if kind is Kind.PICK:
        return say("Pick: take the {count} blind cards", count=hand.rules.blind_size)
    if kind is Kind.PASS:
        last = hand.passes == hand.rules.in_hand - 1
        if last:
            if hand.rules.leasters:
                return say("Pass (nobody picks: a leaster)")
            return say("Pass (redeal)")
        return say("Pass")
    if kind is Kind.ALONE:
        return say("Go alone")
    if kind is Kind.BURY:
        worth = sum(points(c) for c in action.cards)
        return say("Bury {cards} ({points} points)", cards=pretty_cards(action.cards), points=worth)
    if kind is Kind.CALL:
        called = action.called
        assert called is not None and hand.picker is not None
        if action.unknown is not None:
            return say(
                "Call {card}: lay {unknown} face down as the unknown",
                card=called.pretty,
                unknown=action.unknown.pretty,
            )
        own = sorted(
            (c for c in hand.hands[hand.picker] if suit_of(c) == called.suit), key=strength_order
        )
        ace = card_of(1, called.suit)
        if called.rank == 10 and ace in own:  # the ace is the hold card
            return say("Call {card} (you keep {ace})", card=called.pretty, ace=ace.pretty)
        return say(
            "Call the {card} (you hold {cards})", card=called.pretty, cards=pretty_cards(own)
        )
    card = action.card
    assert card is not None
    if kind is Kind.UNKNOWN:
        return say("Play the unknown card ({card}) face down", card=card.pretty)
    if not hand.trick:
        if is_trump(card) and card.rank in (11, 12):
            return say("Lead {card} (trump)", card=card.pretty)
        return say("Lead {card}", card=card.pretty)
    trial = hand.copy()
    trial.trick.append((hand.turn, card))
    if trial.winning() == hand.turn:
        return say("Play {card}: takes the trick so far", card=card.pretty)
    holder = hand.winning()
    return trick_play(card, points(card), None if holder is None else seat_name(holder, names))

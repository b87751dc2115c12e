"""Sheepshead's moves in a player's words, for the picker and /play."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import pretty_cards
from engine.sheepshead.actions import Kind, SheepsheadAction
from engine.sheepshead.hand import SheepsheadHand
from engine.sheepshead.rules import is_trump, points, strength_order, suit_of


def name_of(player: int, names: Sequence[str] | None) -> str:
    return names[player] if names else f"seat {player + 1}"


def describe_action(
    hand: SheepsheadHand, action: SheepsheadAction, names: Sequence[str] | None = None
) -> str:
    kind = action.kind
    if kind is Kind.PICK:
        return f"Pick: take the {hand.rules.blind_size} blind cards"
    if kind is Kind.PASS:
        last = hand.passes == hand.players - 1
        if last:
            return "Pass (nobody picks: a leaster)" if hand.rules.leasters else "Pass (redeal)"
        return "Pass"
    if kind is Kind.ALONE:
        return "Go alone"
    if kind is Kind.BURY:
        worth = sum(points(c) for c in action.cards)
        return f"Bury {pretty_cards(action.cards)} ({worth} points)"
    if kind is Kind.CALL:
        called = action.called
        assert called is not None and hand.picker is not None
        if action.unknown is not None:
            return f"Call {called.pretty}: lay {action.unknown.pretty} face down as the unknown"
        own = sorted(
            (c for c in hand.hands[hand.picker] if suit_of(c) == called.suit), key=strength_order
        )
        if called.rank == 10:
            return f"Call {called.pretty} (you keep A{called.suit.symbol})"
        return f"Call the {called.pretty} (you hold {pretty_cards(own)})"
    card = action.card
    assert card is not None
    if kind is Kind.UNKNOWN:
        return f"Play the unknown card ({card.pretty}) face down"
    if not hand.trick:
        trump = " (trump)" if is_trump(card) and card.rank in (11, 12) else ""
        return f"Lead {card.pretty}{trump}"
    trial = hand.copy()
    trial.trick.append((hand.turn, card))
    if trial.winning() == hand.turn:
        return f"Play {card.pretty}: takes the trick so far"
    holder = hand.winning()
    if points(card) and holder is not None:
        return f"Play {card.pretty}: gives {points(card)} points to {name_of(holder, names)}"
    return f"Play {card.pretty}"

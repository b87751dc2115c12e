"""The Seep bid: which of the bidder's four cards to announce."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.ai.games import adapter_for
from engine.cards import Card


def bid_worth(hand: list[Card], value: int, card_points: Any) -> float:
    """A bid is good when the bidder holds more than one card of its value (a house it can
    protect, or a second capture) and when it is high (a bigger house, harder to match)."""
    same = Counter(card.rank for card in hand)[value]
    points: int = sum(card_points(card) for card in hand if card.rank == value)
    return 3.0 * (same - 1) + value / 13 + 0.2 * points


def normal_bid(world: Any, bids: list[Any], rng: random.Random) -> Any:
    """The best bid for the bidder (the seat to move in `world`)."""
    game = adapter_for(world)
    hand = world.hands[world.turn]

    def points(card: Card) -> int:
        return game.card_points(world, card)

    scored = [(bid_worth(hand, bid.value, points) + rng.random() * 1e-6, bid) for bid in bids]
    return max(scored, key=lambda item: item[0])[1]

"""Possible worlds: the deal as one seat may imagine it.

A seat knows its own hand and every card that has been face up (the floor, houses or builds,
every capture). The rest — other hands, the stock, a face-down second hand or floor — is the
unseen pool, worked out as the complement of what the seat knows, never read from the other
hands. A world deals the pool out again at random, keeping the sizes everyone can count and
what the rules reveal: a seat named as a pile's holder (a house's owner, a build's builder)
holds a card of its value.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.games import Deal, GameAdapter, adapter_for
from engine.cards import Card, value_order


def unseen_cards(deal: Deal, seat: int, game: GameAdapter | None = None) -> list[Card]:
    """The cards `seat` has not seen, in a fixed order."""
    game = game or adapter_for(deal)
    known = set(deal.hands[seat])
    known.update(game.public_cards(deal))
    return [card for card in game.deck if card not in known]


def _slots(deal: Deal, seat: int, game: GameAdapter) -> list[tuple[str, int, int]]:
    """Where unseen cards lie: ("hand", seat, size), ("stock", 0, size), ("floor", 0, size)."""
    slots = [("hand", other, len(hand)) for other, hand in enumerate(deal.hands) if other != seat]
    slots.append(("stock", 0, len(deal.stock)))
    hidden_floor = game.hidden_floor(deal)
    if hidden_floor:
        slots.append(("floor", 0, hidden_floor))
    return [slot for slot in slots if slot[2]]


def mover_world(match: Any, player: int, rng: random.Random) -> Deal:
    """The world `player`, who must be the one to move, imagines: everything a computer
    player or a hint works from."""
    if match.current_player != player:
        raise ValueError(f"player {player} is not the one to move")
    deal = match.deal
    return sample_world(deal, deal.turn, rng)


def sample_world(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of `deal` with every card `seat` cannot see dealt out again at random."""
    game = adapter_for(deal)
    pool = unseen_cards(deal, seat, game)
    rng.shuffle(pool)
    slots = _slots(deal, seat, game)
    if sum(size for _, _, size in slots) > len(pool):
        # (a position set up by hand may leave cards out of play: then the pool is larger)
        raise AssertionError("fewer unseen cards than hidden places")
    world = deal.copy()
    dealt: dict[int, list[Card]] = {other: [] for kind, other, _ in slots if kind == "hand"}
    room = {other: size for kind, other, size in slots if kind == "hand"}
    # first the cards the rules say a hand must hold
    for value, _, holders in game.piles(deal):
        for holder in holders:
            if holder not in dealt or len(dealt[holder]) >= room[holder]:
                continue
            if any(card.rank == value for card in dealt[holder]):
                continue
            index = next((i for i, card in enumerate(pool) if card.rank == value), None)
            if index is not None:
                dealt[holder].append(pool.pop(index))
    for kind, other, size in slots:
        if kind == "hand":
            need = size - len(dealt[other])
            dealt[other].extend(pool[:need])
            del pool[:need]
        elif kind == "stock":
            world.stock = pool[:size]
            del pool[:size]
        else:
            world.loose = pool[:size]
            del pool[:size]
    for other, cards in dealt.items():
        world.hands[other] = sorted(cards, key=value_order)
    world.changed()
    return world

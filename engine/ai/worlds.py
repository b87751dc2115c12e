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
from collections.abc import Mapping
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


def sample_world(
    deal: Deal, seat: int, rng: random.Random, lacks: Mapping[int, frozenset[int]] | None = None
) -> Deal:
    """A copy of `deal` with every card `seat` cannot see dealt out again at random; with
    `lacks` (the game's `shown_lacks`), no hand gets a value its seat has shown it lacks,
    unless the cards cannot be dealt that way (then the lacks are set aside)."""
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
    required: dict[int, set[int]] = {}
    for value, _, holders in game.piles(deal):
        for holder in holders:
            required.setdefault(holder, set()).add(value)
            if holder not in dealt or len(dealt[holder]) >= room[holder]:
                continue
            if any(card.rank == value for card in dealt[holder]):
                continue
            index = next((i for i, card in enumerate(pool) if card.rank == value), None)
            if index is not None:
                dealt[holder].append(pool.pop(index))
    if lacks:
        shown = {
            other: values - required.get(other, set())
            for other, values in lacks.items()
            if other in dealt
        }
        placed = _deal_around(pool, dealt, room, shown, rng)
        if placed is not None:
            dealt, pool = placed
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


def _deal_around(
    pool: list[Card],
    dealt: dict[int, list[Card]],
    room: dict[int, int],
    lacks: Mapping[int, frozenset[int]],
    rng: random.Random,
) -> tuple[dict[int, list[Card]], list[Card]] | None:
    """The hands with the cards some seat lacks placed elsewhere (each on a random place that
    may hold it, in proportion to the room left; the stock and any face-down floor take the
    rest), and the pool left for the other places; None if some card has nowhere to go."""
    barred = [card for card in pool if any(card.rank in values for values in lacks.values())]
    if not barred:
        return None
    hands = {other: list(cards) for other, cards in dealt.items()}
    left = {other: room[other] - len(cards) for other, cards in hands.items()}
    elsewhere = len(pool) - sum(left.values())  # the stock's and the face-down floor's places
    rest = [card for card in pool if card not in barred]
    # the most constrained first: fewest hands that may take the card
    order = sorted(barred, key=lambda c: sum(c.rank not in lacks.get(o, ()) for o in hands))
    kept_aside: list[Card] = []
    for card in order:
        open_hands = [o for o in hands if left[o] and card.rank not in lacks.get(o, ())]
        places = sum(left[o] for o in open_hands) + elsewhere
        if not places:
            return None
        pick = rng.randrange(places)
        for other in open_hands:
            if pick < left[other]:
                hands[other].append(card)
                left[other] -= 1
                break
            pick -= left[other]
        else:
            kept_aside.append(card)
            elsewhere -= 1
    # the other cards fill what is left, in their shuffled order; the stock or floor last
    for other in hands:
        hands[other].extend(rest[: left[other]])
        del rest[: left[other]]
    rest.extend(kept_aside)
    rng.shuffle(rest)
    return hands, rest

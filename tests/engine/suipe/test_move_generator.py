"""Suipe's move generator against the brute-force enumerator."""

from __future__ import annotations

import random

from engine.cards import FULL_DECK, Card
from engine.suipe import Build, SuipeDeal, SuipeMatch, SuipeRules

from ..shared import engine_moves, first_deal_positions
from .brute_force import brute_force_moves


def random_position(rng: random.Random) -> SuipeDeal:
    players = rng.choice([2, 3, 4])
    rules = SuipeRules(players=players)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    seat = rng.randrange(players)
    builds: dict[int, Build] = {}
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        value = rng.randint(2, 10)
        first = next((c for c in deck if c.rank < value), None)
        if first is None or value in builds:
            continue
        second = next((c for c in deck if c.rank == value - first.rank and c != first), None)
        if second is None:
            continue
        deck.remove(first)
        deck.remove(second)
        pile = [first, second]
        if rng.random() < 0.3:
            extra = next((c for c in deck if c.rank == value), None)
            if extra is not None:
                deck.remove(extra)
                pile.append(extra)
        builds[value] = Build(value, tuple(pile), rng.randrange(players))
    loose = deck[: rng.randint(0, 7)]
    deck = deck[len(loose) :]
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[seat] = [deck.pop() for _ in range(rng.randint(1, 5))]
    if builds and rng.random() < 0.5:  # often hold a card of a build's value, as players do
        value = rng.choice(list(builds))
        card = next((c for c in deck if c.rank == value), None)
        if card is not None:
            deck.remove(card)
            hands[seat].append(card)
    return SuipeDeal(
        rules=rules, dealer=(seat - 1) % players, hands=hands, loose=loose, builds=builds, turn=seat
    )


def test_generator_matches_brute_force_on_random_positions() -> None:
    rng = random.Random(7)
    with_builds = 0
    for _ in range(2000):
        deal = random_position(rng)
        assert engine_moves(deal) == brute_force_moves(deal), deal
        with_builds += bool(deal.builds)
    assert with_builds > 700


def test_generator_matches_brute_force_along_real_deals() -> None:
    rng = random.Random(11)
    positions = 0
    for seed in range(30):
        match = SuipeMatch(SuipeRules(players=rng.choice([2, 3, 4])), seed)
        for deal in first_deal_positions(match, rng, 8):
            assert engine_moves(deal) == brute_force_moves(deal)
            positions += 1
    assert positions > 700

"""The fast move generator against the brute-force enumerator, on thousands of positions."""

from __future__ import annotations

import random

from engine.cards import FULL_DECK, Card, format_cards
from engine.fishing_position import pile_line
from engine.notation import options_line
from engine.seep import House, SeepDeal, SeepMatch, SeepRules, parse_position

from ..shared import engine_moves, first_deal_positions
from .brute_force import brute_force_moves


def random_position(rng: random.Random) -> SeepDeal:
    """A small random mid-deal position that keeps the invariants of a real one (its notation
    read as any position is)."""
    game = rng.choice(["seep", "seep", "seep30"])
    rules = SeepRules(
        game=game,
        limited_houses=rng.random() < 0.2,
        loose_card_break=rng.random() < 0.3,
        rawalpindi=game == "seep30" and rng.random() < 0.5,
    )
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    seat = rng.randrange(4)
    hands: list[list[Card]] = [[], [], [], []]
    houses: dict[int, House] = {}
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        value = rng.randint(9, 13)
        if value in houses:
            continue
        groups = rng.choice([1, 1, 2])
        pile: list[Card] = []
        for _ in range(groups):
            first = next(c for c in deck if c.rank < value)
            deck.remove(first)
            need = value - first.rank
            match = next((c for c in deck if c.rank == need), None)
            if match is None:
                deck.append(first)
                break
            deck.remove(match)
            pile += [first, match]
        if len(pile) < 2:
            continue
        owner = rng.randrange(4)
        owners = (owner,)
        if len(pile) > 2 and rng.random() < 0.4:
            owners = (owner, (owner + rng.choice([1, 3])) % 4)
        houses[value] = House(value, tuple(pile), owners)
        for who in owners:
            card = next((c for c in deck if c.rank == value), None)
            if card is None:
                return random_position(rng)
            deck.remove(card)
            hands[who].append(card)
    loose = [c for c in deck[: rng.randint(0, 7)] if c.rank not in houses]
    deck = [c for c in deck if c not in loose]
    while len(hands[seat]) < rng.randint(1, 5):
        hands[seat].append(deck.pop())
    for other in range(4):
        if other != seat and not hands[other]:
            hands[other].append(deck.pop())
    first_play = rng.random() < 0.1
    bid = None
    if first_play:
        bids = [c.rank for c in hands[seat] if c.rank >= 9]
        bid = rng.choice(bids) if bids else None
    lines = [
        options_line(rules, ("game", "players")),
        f"dealer: {(seat + 3) % 4}",
        f"turn: {seat}",
        f"play: {0 if bid is not None else rng.randint(1, 40)}",
        *([] if bid is None else [f"bid: {bid}"]),
        f"floor: {format_cards(loose)}".rstrip(),
        *(pile_line("house", v, h.cemented, h.cards, h.owners) for v, h in houses.items()),
        *(f"hand {s}: {format_cards(hand)}" for s, hand in enumerate(hands) if hand),
    ]
    return parse_position("\n".join(lines))  # the notation builds the deal as a real one


def test_generator_matches_brute_force_on_random_positions() -> None:
    rng = random.Random(2024)
    checked = with_houses = 0
    for _ in range(2500):
        deal = random_position(rng)
        assert engine_moves(deal) == brute_force_moves(deal), deal
        checked += 1
        with_houses += bool(deal.houses)
    assert checked == 2500 and with_houses > 800


def test_generator_matches_brute_force_along_real_deals() -> None:
    rng = random.Random(99)
    positions = 0
    for seed in range(40):
        rules = SeepRules(players=rng.choice([2, 4]), game=rng.choice(["seep", "seep30"]))
        match = SeepMatch(rules, seed)
        for deal in first_deal_positions(match, rng, 9):
            assert engine_moves(deal) == brute_force_moves(deal)
            positions += 1
    assert positions > 1000

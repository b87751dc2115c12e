"""Computer players: they decide from the seat's knowledge only, play every game, and make
the plays a good player would in the textbook situations."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.ai import Level, SearchBudget, choose_action, suggest
from engine.ai.games import adapter_for
from engine.ai.worlds import sample_world, unseen_cards
from engine.cards import FULL_DECK, value_order
from engine.games import new_match, parse_any_position
from engine.seep import SeepMatch
from engine.suipe import SuipeMatch

from .shared import redeal

QUICK = SearchBudget(samples=3, candidates=3, depth=4, careful=1)
CONFIGS = [
    ("seep", 4), ("seep", 2), ("seep30", 4), ("suipe", 2), ("suipe", 3), ("suipe", 4),
]  # fmt: skip


def random_position(game: str, players: int, seed: int) -> Any:
    """A match stopped at a random moment of its first deals."""
    match = new_match(game, seed, players=players)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 60)):
        if match.is_terminal:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def hidden_places(deal: Any, seat: int) -> list[list[Any]]:
    places = [hand for other, hand in enumerate(deal.hands) if other != seat and hand]
    places.append(deal.stock)
    if adapter_for(deal).hidden_floor(deal):
        places.append(deal.loose)
    return places


def consistent(deal: Any) -> bool:
    """Every Seep house owner still holds a card of its value (a rule of the game; a Suipe
    builder usually does too, but may have let the card go, so nothing is required there)."""
    if adapter_for(deal).game != "seep":
        return True
    return all(
        any(card.rank == value for card in deal.hands[holder])
        for value, _, holders in adapter_for(deal).piles(deal)
        for holder in holders
        if deal.hands[holder]
    )


def other_world(match: Any, seed: int) -> Any | None:
    """The same match with the hidden cards of the other seats dealt differently, but in a
    way the mover cannot tell apart (sizes kept, owners still holding their values)."""
    seat = match.deal.turn
    for attempt in range(200):
        twin = match.clone()  # (a pickle round trip: a quarter of deepcopy's time)
        redeal(hidden_places(twin.deal, seat), random.Random(seed * 1000 + attempt))
        for hand in twin.deal.hands:
            hand.sort(key=value_order)
        twin.deal.changed()
        if consistent(twin.deal) and places_differ(match, twin, seat):
            return twin
    return None


def places_differ(match: Any, twin: Any, seat: int) -> bool:
    before, after = hidden_places(match.deal, seat), hidden_places(twin.deal, seat)
    return any(set(a) != set(b) for a, b in zip(before, after, strict=True))


def decide(match: Any, level: Level) -> Any:
    return choose_action(match, match.current_player, level, random.Random(7), QUICK)


def peeking(match: Any, level: Level) -> Any:
    """A cheat, to show the check below can fail: it looks at the next seat's hand."""
    legal = match.legal_actions()
    nxt = (match.deal.turn + 1) % len(match.deal.hands)
    return legal[hash(tuple(match.deal.hands[nxt])) % len(legal)]


def decisions_that_peek(chooser: Any, level: Level, game: str, players: int) -> tuple[int, int]:
    """How many positions gave a different decision once the unseen cards were swapped."""
    checked = differ = 0
    for seed in range(20):
        match = random_position(game, players, seed)
        if match.is_terminal or len(match.legal_actions()) < 2:
            continue
        twin = other_world(match, seed)
        if twin is None:
            continue
        checked += 1
        differ += chooser(match, level) != chooser(twin, level)
    return checked, differ


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_a_decision_depends_only_on_what_the_seat_may_know(
    game: str, players: int, level: Level
) -> None:
    checked, differ = decisions_that_peek(decide, level, game, players)
    assert checked >= 8
    assert differ == 0


def test_the_fairness_check_catches_a_player_that_peeks() -> None:
    checked, differ = decisions_that_peek(peeking, Level.NORMAL, "seep", 4)
    assert checked >= 8 and differ > 0


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_worlds_keep_what_is_public_and_deal_only_unseen_cards(game: str, players: int) -> None:
    for seed in range(10):
        match = random_position(game, players, seed)
        if match.is_terminal:
            continue
        deal, seat = match.deal, match.deal.turn
        world = sample_world(deal, seat, random.Random(seed))
        assert world.hands[seat] == deal.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in deal.hands]
        assert len(world.stock) == len(deal.stock)
        assert set(world.all_cards()) >= set(FULL_DECK) and len(world.all_cards()) == 52
        assert consistent(world)
        assert set(unseen_cards(world, seat)) == set(unseen_cards(deal, seat))


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_every_level_plays_a_whole_match_legally(game: str, players: int, level: Level) -> None:
    options: dict[str, Any] = {"players": players}
    options["deals" if game == "suipe" else "baazis"] = 1
    match = new_match(game, 11, **options)
    rng = random.Random(3)
    budget = SearchBudget(samples=2, candidates=2, depth=3, careful=0)
    plays = 0
    while not match.is_terminal and plays < 400:
        action = choose_action(match, match.current_player, level, rng, budget)
        assert action in match.legal_actions()
        match.apply(action)
        plays += 1
    assert match.is_terminal or plays == 400


def position(text: str) -> Any:
    deal = parse_any_position(text)
    cls = SuipeMatch if text.startswith("suipe") else SeepMatch
    return cls.from_position(deal)


SWEEP = (
    "seep | dealer: 3 | turn: 0 | play: 9 | bid: 12 | floor: 3H 4C"
    " | hand 0: 7S 2D KH | hand 1: 9C 5D 6S | hand 2: JH 8C AD | hand 3: QD 10S 4H"
)
OPEN_FLOOR = (
    "seep | dealer: 3 | turn: 0 | play: 9 | bid: 12 | floor: 5H"
    " | hand 0: 4C KD | hand 1: 9C 9D 6S | hand 2: JH 8C AD | hand 3: QD 10S 4H"
)


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_a_sweep_on_offer_is_taken(level: Level) -> None:
    assert str(decide(position(SWEEP), level)) == "7Sx3H4C"


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_no_floor_is_left_open_to_a_sweep(level: Level) -> None:
    # throwing the 4 leaves 4 + 5 = 9 for a 9 in an opponent's hand; the king leaves nothing
    assert str(decide(position(OPEN_FLOOR), level)) == "KD"


def test_the_bidder_bids_the_value_it_can_build_on() -> None:
    match = position(
        "seep | dealer: 3 | turn: 0 | play: 0 | floor: 2C 3C 4C 5C | hand 0: 9S KH KD 3H"
    )
    for level in (Level.NORMAL, Level.HARD):
        assert str(decide(match, level)) == "B13"


def test_a_suipe_on_offer_is_taken() -> None:
    match = position("suipe players=2 | dealer: 1 | turn: 0 | floor: 2H 3D | hand 0: 5S 9H")
    assert str(decide(match, Level.NORMAL)) == "5Sx2H3D"


def test_the_same_seed_gives_the_same_decision() -> None:
    match = random_position("seep", 4, 5)
    first = choose_action(match, match.current_player, Level.HARD, random.Random(1), QUICK)
    again = choose_action(match, match.current_player, Level.HARD, random.Random(1), QUICK)
    assert first == again


def test_a_hint_names_a_legal_move_and_says_why() -> None:
    match = position(SWEEP)
    hint = suggest(match, 0)
    assert str(hint.action) == "7Sx3H4C"
    assert "points" in hint.reason and hint.reason.endswith(".")
    bid = suggest(
        position("seep | dealer: 3 | turn: 0 | play: 0 | floor: 2C 3C 4C 5C | hand 0: 9S KH KD 3H"),
        0,
    )
    assert str(bid.action) == "B13" and "pair" in bid.reason
    with pytest.raises(ValueError):
        suggest(match, 1)

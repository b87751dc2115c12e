"""The picker's calls against RULES.md's "Called ace", over seeded random hands for every table
size and partner mode: every call offered is one the rule allows, every call it allows is
offered, each call then plays out under the hold-card and partner duties, and the computer
players and hints choose among the calls offered. The hands are drawn with fail aces and tens
pushed into the picker's cards and bury, so the rare calls (a ten, an unknown card, alone only)
come up often."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai import choose_action, suggest
from engine.cards import Card, card_of
from engine.sheepshead import Kind, Phase, SheepsheadHand, SheepsheadMatch, SheepsheadRules
from engine.sheepshead.rules import FAIL_SUITS

from .test_properties import brute_force_moves, canonical, spec_calls

HANDS = 600
TABLES = [
    SheepsheadRules(players=3, hands=1),
    SheepsheadRules(players=4, hands=1),
    SheepsheadRules(players=5, hands=1),
    SheepsheadRules(players=5, hands=1, partner="jack"),
    SheepsheadRules(players=6, hands=1),
]
HIGH = [card_of(rank, s) for rank in (1, 10) for s in FAIL_SUITS]


def table_id(rules: SheepsheadRules) -> str:
    return f"{rules.players}p-{rules.partner}"


def picked(rules: SheepsheadRules, seed: int) -> SheepsheadMatch:
    """A new hand in which someone picks and buries, the deal tilted so that the picker often
    has fail aces and tens, and the bury often holds some."""
    rng = random.Random(seed)
    match = SheepsheadMatch(rules, seed)
    hand = match.deal
    passes = rng.randrange(rules.players)
    picker = (hand.first_seat + passes) % rules.players
    wanted = rng.sample(HIGH, rng.randrange(len(HIGH) + 1))
    mine = hand.hands[picker] + hand.blind
    for card in wanted:  # swap the card into the picker's hand or the blind
        if card in mine:
            continue
        owner = next(p for p, h in enumerate(hand.hands) if card in h)
        give = rng.choice([c for c in mine if c not in wanted])
        place = hand.hands[picker] if give in hand.hands[picker] else hand.blind
        place[place.index(give)] = card
        hand.hands[owner][hand.hands[owner].index(card)] = give
        mine = hand.hands[picker] + hand.blind
    for _ in range(passes):
        match.apply("pass")
    match.apply("pick")
    buries = match.legal_actions()
    with_high = [a for a in buries if any(c in HIGH for c in a.cards)]
    match.apply(rng.choice(with_high if with_high and rng.random() < 0.7 else buries))
    return match


def kind_of(calls: set[str]) -> str:
    """Which case of the rule the calls offered fall under."""
    named = [c.split() for c in calls if c != "alone"]
    if not named:
        return "alone only"
    rank = "ten" if named[0][1].startswith("10") else "ace"
    return f"{rank} with an unknown card" if len(named[0]) > 2 else f"{rank} with a hold card"


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
def test_the_calls_offered_are_exactly_the_calls_the_rule_allows(rules: SheepsheadRules) -> None:
    cases: Counter[str] = Counter()
    for seed in range(HANDS):
        match = picked(rules, seed)
        hand = match.deal
        assert hand.picker is not None
        if not rules.called_ace:  # three, four, six players, the jack game: nobody calls
            assert hand.phase is Phase.PLAY and hand.called is None
            assert all(a.kind is not Kind.CALL for a in match.legal_actions())
            continue
        assert hand.phase is Phase.CALL and hand.turn == hand.picker
        offered = {a.notation for a in match.legal_actions()}
        assert offered == spec_calls(hand.hands[hand.picker], hand.buried)
        cases[kind_of(offered)] += 1
        for action in match.legal_actions():
            assert match.describe(action)  # every call has its words
    if rules.called_ace:
        assert set(cases) == {
            "ace with a hold card",
            "ace with an unknown card",
            "ten with a hold card",
            "ten with an unknown card",
            "alone only",
        }, cases


def test_each_call_plays_out_under_its_duties() -> None:
    """After any call offered, every later move list is RULES.md's (the brute-force reading,
    which keeps the hold card: a ten call's ace, an ace call's last card of the suit)."""
    rules = SheepsheadRules(players=5, hands=1)
    played: Counter[str] = Counter()
    for seed in range(HANDS // 2):
        rng = random.Random(seed)
        match = picked(rules, seed)
        call = rng.choice(match.legal_actions())
        played[call.notation.split()[1][:2] if call.kind is Kind.CALL else "alone"] += 1
        match.apply(call)
        while not match.is_terminal:
            hand: SheepsheadHand = match.deal
            legal = match.legal_actions()
            assert {canonical(a.notation) for a in legal} == {
                canonical(m) for m in brute_force_moves(hand)
            }
            match.apply(rng.choice(legal))
        assert sum(match.deal_results[-1].score.points) == 120
    assert played["10"] and played["AC"] + played["AS"] + played["AH"] and played["alone"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computer_players_and_hints_choose_an_offered_call(level: str) -> None:
    rules = SheepsheadRules(players=5, hands=1)
    tens = 0
    for seed in range(40):
        match = picked(rules, seed)
        picker = match.deal.picker
        assert picker is not None
        offered = match.legal_actions()
        tens += any(a.called is not None and a.called.rank == 10 for a in offered)
        choice = choose_action(match, picker, level, random.Random(seed))
        assert choice in offered
        hint = suggest(match, picker, seed)
        assert hint.action in offered and hint.reason.endswith(".")
        called = hint.action.called
        if called is not None:  # the reason names the kind of call
            word = "face down" if hint.action.unknown else "ten" if called.rank == 10 else "ace"
            assert word in hint.reason, hint.reason
    assert tens


def test_a_call_tells_the_others_the_aces_are_the_pickers() -> None:
    """A computer player's imagined worlds keep what a ten call shows: every fail ace is the
    picker's: in hand, in the bury or face down as the unknown card."""
    from engine.sheepshead.worlds import sample_world

    rules = SheepsheadRules(players=5, hands=1)
    checked = 0
    for seed in range(200):
        match = picked(rules, seed)
        tens = [a for a in match.legal_actions() if a.called is not None and a.called.rank == 10]
        if not tens:
            continue
        match.apply(tens[0])
        hand = match.deal
        seat = (hand.picker or 0) + 1
        seat %= rules.players
        for world_seed in range(5):
            world = sample_world(hand, seat, random.Random(world_seed))
            picker = world.picker
            assert picker is not None
            theirs: list[Card | None] = [*world.hands[picker], *world.buried, world.unknown]
            assert all(card_of(1, s) in theirs for s in FAIL_SUITS)
        checked += 1
    assert checked >= 5

"""Sheepshead's computer players decide from their seat's view only, at every level, keep what
the table has shown in the worlds they imagine, and give hints in words."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose_action, suggest
from engine.sheepshead import Phase, SheepsheadMatch, SheepsheadRules
from engine.sheepshead.position import parse_position
from engine.sheepshead.rules import suit_of
from engine.sheepshead.worlds import sample_world, voids
from tests.engine.shared import played_at_random

from .test_properties import swapped


def advanced(rules: SheepsheadRules, seed: int, plays: int) -> SheepsheadMatch:
    match = SheepsheadMatch(rules, seed)
    return played_at_random(match, seed, plays, until=lambda m: bool(m.deal_results))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players", [3, 5, 6])
def test_a_decision_does_not_change_when_hidden_cards_are_swapped(level: str, players: int) -> None:
    for seed in range(6):
        match = advanced(SheepsheadRules(players=players, hands=2), seed, 2 + 3 * seed)
        seat = match.current_player
        assert seat is not None
        real = choose_action(match, seat, level, random.Random(seed))
        for shuffle in range(3):
            other = swapped(match, seat, random.Random(100 + shuffle))
            assert choose_action(other, seat, level, random.Random(seed)) == real


def test_worlds_keep_the_voids_the_hold_card_and_the_called_ace_off_the_picker() -> None:
    hand, _ = parse_position(
        "sheepshead players=5 | dealer: 4 | picker: 1 | called: AH | buried: 7C 8C | "
        "led: C | taken 2: 9C QS 10D JC 8S | tricks 2: 1 | "
        "hand 0: QC QH JD 9D 8D | hand 1: QD JS AD 7H KS | hand 2: AH 10H AC 10C 9S | "
        "hand 3: KH 9H JH 10S 7S | hand 4: AS KD 7D 8H KC"
    )
    lacks = voids(hand)
    assert lacks[1] == set()  # nobody failed to follow yet (the position has no plays)
    for seed in range(200):
        world = sample_world(hand, 0, random.Random(seed))
        assert world.hands[0] == hand.hands[0]
        assert [len(h) for h in world.hands] == [len(h) for h in hand.hands]
        picker = world.hands[1]
        assert any(suit_of(c) == hand.called.suit for c in picker if hand.called)  # hold card
        assert hand.called not in picker and hand.called not in world.buried
        assert world.partner == next(p for p, h in enumerate(world.hands) if hand.called in h)


def test_a_void_shown_in_play_is_kept() -> None:
    checked = 0
    for seed in range(20):  # random hands, each until another player has shown a void
        match = SheepsheadMatch(SheepsheadRules(players=3, hands=1), seed)
        rng = random.Random(seed)
        while not match.deal_results:
            hand = match.deal
            lacks = voids(hand)
            seat = hand.turn
            if hand.phase is Phase.PLAY and any(lacks[p] for p in range(3) if p != seat):
                for world_seed in range(20):
                    world = sample_world(hand, seat, random.Random(world_seed))
                    for player, suits in enumerate(lacks):
                        if player != seat:
                            assert not any(suit_of(c) in suits for c in world.hands[player])
                checked += 1
                break
            match.apply(rng.choice(match.legal_actions()))
    assert checked >= 10  # most random hands show a void before they end


def test_hints_come_with_a_reason() -> None:
    match = SheepsheadMatch(SheepsheadRules(players=5), 3)
    seat = match.current_player
    assert seat is not None
    hint = suggest(match, seat, 1)
    assert hint.action.notation in ("pick", "pass")
    assert hint.reason.endswith(".")

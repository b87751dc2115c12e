"""Fixed positions, a few per game, whose best move is clear from the cards, and the move the
hard player makes in each (no time limit, a fixed seed: the same every run). A change of the
hard player's behaviour in any of them fails here, in CI. Each decides in well under a second.

The positions leave out cards they do not need (cards not mentioned are out of play): the
hard player still imagines the unseen ones at random, so each expected move must be best
whatever the hidden cards are."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from engine.ai import Level, SearchBudget, choose_action
from engine.games import match_from_position


class Pinned(NamedTuple):
    name: str
    position: str
    move: str
    why: str


PINNED = [
    Pinned(
        "seep_sweep",
        "seep players=4 | dealer: 3 | turn: 0 | play: 5 | bid: 12 | floor: 5D 4C | "
        "hand 0: 9S 2H | hand 1: 10C KS | hand 2: QC 3D | hand 3: 6D 8H",
        "9Sx4C5D",
        "the 9 takes the whole floor: a sweep",
    ),
    Pinned(
        "seep_no_sweep_left_behind",
        "seep players=4 | dealer: 3 | turn: 0 | play: 5 | bid: 12 | floor: 6D | "
        "hand 0: 3C KH | hand 1: 9C 4S | hand 2: QC 2D | hand 3: 5D 8H",
        "KH",
        "3♣ beside 6♦ leaves the next player a sweep with any 9; K♥ beside it none",
    ),
    Pinned(
        "suipe_sweep",
        "suipe players=2 | dealer: 1 | turn: 0 | play: 4 | floor: 3C 5D | "
        "hand 0: 8H 2S 10C | hand 1: 6H 9D 4S",
        "8Hx3C5D",
        "the 8 takes the whole floor: a Suipe",
    ),
    Pinned(
        "sedma_take_with_the_seven",
        "sedma players=4 | dealer: 3 | leader: 0 | turn: 3 | round: 1 | "
        "trick: 0 10H 1 AH 2 KS | stock: | hand 0: 9S | hand 1: 9C | hand 2: 8S | "
        "hand 3: 7C 8D | taken 0: AC 10C 9D 8C KC QC | tricks 0: 2 | "
        "taken 1: AD 10D JD QD KD 7D 8H 9H | tricks 1: 2 | taken 2: JS QS AS 10S 7S JC | "
        "taken 3: 7H JH QH KH",
        "7C",
        "the wild 7 takes 20 points now and nobody can go again; 8♦ leaves them to the leader",
    ),
    Pinned(
        "sedma_nothing_given_away",
        "sedma players=4 | dealer: 3 | leader: 0 | turn: 1 | round: 1 | trick: 0 8S | "
        "stock: | hand 0: 9S AH | hand 1: 7C 9D 10C | hand 2: 8H KD JC | hand 3: JD QH AC | "
        "taken 0: AD 10D 9C 8C KC QC JH 10H | tricks 0: 2 | "
        "taken 1: JS QS AS 10S 7S KH 7H QD | tricks 1: 2 | taken 3: 7D 8D 9H KS",
        "9D",
        "an opponent's trick without points: neither the wild 7 nor the 10's points go into it",
    ),
    Pinned(
        "sheepshead_pick_the_queens",
        "sheepshead players=5 | dealer: 0 | turn: 1 | phase: pick | blind: 7C 8C | "
        "hand 1: QC QS QH QD JC JS | hand 2: AS 10S KS 9S 8S 7S | "
        "hand 3: AH 10H KH 9H 8H 7H | hand 4: AC 10C KC 9C JH JD | "
        "hand 0: AD 10D KD 9D 8D 7D",
        "pick",
        "all four queens and two jacks win the hand",
    ),
    Pinned(
        "sheepshead_pass_a_weak_hand",
        "sheepshead players=5 | dealer: 0 | turn: 1 | phase: pick | blind: 7C 8C | "
        "hand 1: 7H 8H 9S 8S 9C KC | hand 2: AS 10S KS QC 7S JC | "
        "hand 3: AH 10H KH 9H QS JS | hand 4: AC 10C QH 9D JH JD | "
        "hand 0: AD 10D KD QD 8D 7D",
        "pass",
        "no trump and no ace",
    ),
    Pinned(
        "sheepshead_cheapest_winner",
        "sheepshead players=5 | dealer: 4 | turn: 4 | phase: play | picker: 0 | called: AS | "
        "buried: 7C 8C | led: C | trick: 0 AH 1 10H 2 KH 3 8H | hand 0: QS JC KS 10D | "
        "hand 1: QH JH 9H AD | hand 2: AS JS 9D 8D | hand 3: 7H KD QD JD | "
        "hand 4: QC 7D 10S 9S 8S | taken 0: AC 10C KC 9C 7S | tricks 0: 1",
        "7D",
        "last to play on 25 points: the cheapest trump takes them and Q♣ is kept",
    ),
]


@pytest.mark.parametrize("pinned", PINNED, ids=[p.name for p in PINNED])
def test_the_hard_player_makes_the_move_the_cards_call_for(pinned: Pinned) -> None:
    match = match_from_position(pinned.position)
    player = match.current_player
    assert player is not None
    legal = [str(action) for action in match.legal_actions()]
    assert pinned.move in legal and len(legal) > 1  # (a real choice)
    chosen = choose_action(match, player, Level.HARD, random.Random(1), SearchBudget())
    assert str(chosen) == pinned.move, pinned.why

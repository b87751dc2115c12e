"""Sheepshead's hard player: it imagines many worlds from its seat's view (worlds.py) and plays
each candidate to the end of the hand in every one, the others by the normal player's rules of
thumb; the best average result (units, then points) wins.

At every table size it also searches its own last cards in each play-out: with three cards
or fewer in hand, every order of them is tried in that world and the best is
kept, the others still playing by their rules of thumb (measured with `benchmarks.tricks_ab`:
see docs/computer-players.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.ai.tricks import best_by_playouts
from engine.sheepshead.actions import SheepsheadAction
from engine.sheepshead.ai import bury_score, heuristic, result_for
from engine.sheepshead.hand import SheepsheadHand
from engine.sheepshead.phases import BURY_PHASE, PLAY_PHASE
from engine.sheepshead.worlds import sample_world


@dataclass(frozen=True, slots=True)
class HardPlan:
    """How the hard player thinks (`benchmarks.tricks_ab` compares two plans on the same
    shuffles)."""

    worlds: int = 40
    bury_candidates: int = 4  # the normal player's best few buries are played out
    own_cards: int = 3  # in each play-out, its own last cards searched...
    own_tables: tuple[int, ...] = (3, 4, 5, 6)  # ...at these table sizes


HARD = HardPlan()


def candidates(hand: SheepsheadHand, rng: random.Random, plan: HardPlan) -> list[SheepsheadAction]:
    legal = hand.legal_actions()
    if hand.phase is BURY_PHASE:
        ranked = sorted(legal, key=lambda a: -bury_score(hand, a) + rng.random() * 1e-3)
        return ranked[: plan.bury_candidates]
    return list(legal)


def searched_value(world: SheepsheadHand, seat: int, rng: random.Random, own_cards: int) -> float:
    """`seat`'s result once `world` is played out (`world` itself is played on): everyone by
    the rules of thumb, `seat` too until it holds `own_cards` or fewer, then its best order of
    them in this world."""
    while not world.is_over:
        searched = (
            world.turn == seat and world.phase is PLAY_PHASE and len(world.hands[seat]) <= own_cards
        )
        legal = world.legal_actions() if searched else []
        if len(legal) > 1:
            values = []
            for action in legal:
                trial = world.copy()
                trial.apply(action)
                values.append(searched_value(trial, seat, rng, own_cards))
            return max(values)
        world.apply(legal[0] if legal else heuristic(world, rng))
    return result_for(world, seat)


def hard_choice(
    hand: SheepsheadHand, seat: int, rng: random.Random, seconds: float | None = None
) -> SheepsheadAction:
    plan = HARD
    own_cards = plan.own_cards if hand.players in plan.own_tables else 0

    def value(world: SheepsheadHand, action: SheepsheadAction) -> float:
        trial = world.copy()
        trial.apply(action)
        return searched_value(trial, seat, rng, own_cards)

    return best_by_playouts(
        candidates(hand, rng, plan),
        plan.worlds,
        lambda: sample_world(hand, seat, rng),
        value,
        seconds,
    )

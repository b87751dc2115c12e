"""Simple computer seats (random and greedy) for the terminal game and the first bot version.

They decide from a seat's view and its legal moves only — never from other hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.seep.actions import Kind, SeepAction
from engine.seep.view import SeepView


def random_choice(legal: Sequence[SeepAction], rng: random.Random) -> SeepAction:
    return rng.choice(list(legal))


def greedy_choice(view: SeepView, legal: Sequence[SeepAction], rng: random.Random) -> SeepAction:
    """Take the most points now (a sweep counts double); otherwise build, otherwise throw cheap."""
    rules = view.rules
    houses = {house.value: house for house in view.houses}
    floor_size = len(view.loose) + len(view.houses)

    def worth(action: SeepAction) -> float:
        if action.kind is Kind.BID:
            return action.value
        assert action.card is not None
        own = rules.card_points(action.card)
        if action.kind is Kind.CAPTURE:
            taken = list(action.loose)
            if action.value in houses:
                taken.extend(houses[action.value].cards)
            points = own + sum(rules.card_points(card) for card in taken)
            sweep = len(action.loose) + (1 if action.value in houses else 0) == floor_size
            return 100 + points + len(taken) + (60 if sweep else 0)
        if action.kind is Kind.HOUSE:
            return 50 + sum(rules.card_points(card) for card in action.loose) + action.value / 10
        return -own - action.card.rank / 20

    best = max(worth(action) for action in legal)
    return rng.choice([action for action in legal if worth(action) == best])

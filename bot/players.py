"""Computer players for the bot: a sensible simple player until the stronger ones arrive."""

from __future__ import annotations

import random
from typing import Any

from engine.core import GameState
from engine.seep.view import SeepView
from engine.simple_players import greedy_choice, random_choice


def computer_move(match: GameState, player: int, rng: random.Random) -> Any:
    """A move for `player`, decided from that seat's view and legal moves only."""
    view = match.view(player)
    legal = match.legal_actions()
    if isinstance(view, SeepView):
        return greedy_choice(view, legal, rng)
    return random_choice(legal, rng)

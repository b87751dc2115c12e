"""Sheepshead's computer players, as the registration finds them: the worlds a seat imagines,
the normal player's rules of thumb, the hard player and the hints' reasons."""

from __future__ import annotations

from engine.ai.tricks import TrickComputer
from engine.sheepshead.ai import heuristic, reason
from engine.sheepshead.hard import hard_choice
from engine.sheepshead.worlds import sample_world

COMPUTER = TrickComputer(sample_world, heuristic, hard_choice, reason)

"""The rules engines show players exactly what they showed before: seeded matches of every
game, played by the computer players, match the stored fingerprints of their transcripts
(moves offered and their words, every seat's view and pictures, records, hints, reports,
positions, outcomes; see `tests/engine/replays.py`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engine.replays import STORED, case_key, cases, fingerprint

STORED_PRINTS: dict[str, str] = json.loads(STORED.read_text())
_first_of_game: set[str] = set()


def _params() -> list[Any]:
    params = []
    for game, options, seed in cases():
        marks = [] if game not in _first_of_game else [pytest.mark.slow]
        _first_of_game.add(game)
        params.append(pytest.param(game, options, seed, marks=marks, id=f"{game}-{seed}"))
    return params


@pytest.mark.parametrize(("game", "options", "seed"), _params())
def test_a_seeded_match_plays_and_reads_as_stored(
    game: str, options: dict[str, Any], seed: int
) -> None:
    key = case_key(game, options, seed)
    assert fingerprint(game, options, seed) == STORED_PRINTS[key], (
        f"{key} now plays or reads differently; compare transcripts with "
        "`python -m tests.engine.replays --dump DIR` before and after the change"
    )

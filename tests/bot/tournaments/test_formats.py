from __future__ import annotations

import pytest

from bot.tournaments.format import FormatName
from bot.tournaments.formats import FORMATS, HOW_IT_SCORES, SCORES, TITLES, formats_for

A, S, K, SE, D = (FormatName.ARENA, FormatName.SWISS, FormatName.KNOCKOUT,
                  FormatName.SESSIONS, FormatName.DUPLICATE)  # fmt: skip


@pytest.mark.parametrize(
    ("seats", "partnerships", "offered"),
    [
        (2, False, [A, S, K]),  # Seep, Sedma or Hola head to head
        (4, True, [A, S, K, D]),  # 4-player Seep, Sedma, Hola
        (3, False, [SE, D]),  # 3-player Sedma, Suipe, Sheepshead
        (5, False, [SE, D]),  # Sheepshead
        (6, False, [SE, D]),
        (4, False, [SE, D]),  # 4-player Suipe, Sheepshead: each for themself
    ],
)
def test_each_game_is_offered_the_formats_that_are_fair_for_it(
    seats: int, partnerships: bool, offered: list[FormatName]
) -> None:
    assert formats_for(seats, partnerships) == offered


def test_every_format_has_its_words() -> None:
    for name, fmt in FORMATS.items():
        assert fmt.name == name
        assert TITLES[name] and SCORES[name] and TITLES[name] in HOW_IT_SCORES[name]


@pytest.mark.parametrize("name", list(FORMATS))
def test_standings_before_the_start_never_fail_whatever_the_count(name: FormatName) -> None:
    """The runtime shows the standings from the first entry on, before any format can run."""
    from bot.tournaments.format import EventSettings
    from tests.bot.tournaments.play import entrants, start

    fmt = FORMATS[name]
    for count in range(4):
        for settings in (EventSettings(seats=2, rounds=2, duration=60),
                         EventSettings(seats=4, rounds=2, duration=60, partnerships=True),
                         EventSettings(seats=5, rounds=2, duration=60)):  # fmt: skip
            state = start(entrants(count), settings)
            lines = fmt.standings(state)
            assert not fmt.finished(state, 0.0)
            assert len(lines) == count

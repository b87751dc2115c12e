"""A practice table (bot/practice.py) is a table of the play core started at a position of a
finished deal: the same cards and moves up to there, the player at their seat and computers at
the levels they had, unrated; it is restored after a restart like any table; a deal dealt
before secret deals cannot be played on."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.practice import open_practice
from bot.storage import Store
from bot.tables import TableError, Tables
from engine import registry
from engine.ai import choose_action
from engine.fairness import DealKeys
from engine.records import DealRecord, SeatEntry, make_record, state_at
from tests.engine.test_review import played_record


def fair_record(game: str, players: int) -> DealRecord:
    match = registry.new_match(game, DealKeys.fresh(), players=players)
    rng = random.Random(3)
    while match.deals_finished < 1:
        player = match.current_player
        assert player is not None
        match.apply(choose_action(match, player, "normal", rng))
    seats = [SeatEntry("Asha", "human"), *(SeatEntry(f"Computer {n + 2}", "hard")
                                             for n in range(players - 1))]  # fmt: skip
    return DealRecord.from_text(make_record(match, 1, seats, "2026-12-02T00:00:00Z").to_text())


@pytest.mark.parametrize(("game", "players"), [("seep", 4), ("sheepshead", 5)])
async def test_a_practice_table_starts_at_the_position_and_is_restored(
    store_location: str | Path, game: str, players: int
) -> None:
    record = fair_record(game, players)
    step = next(n for n in range(len(record.actions) // 2, len(record.actions))
                if state_at(record, n).current_player == 0)  # fmt: skip
    async with Store(store_location) as store:
        session = await open_practice(Tables(store), 1, 55, 901, "Asha", record, 1, step, 0)
        assert session.practice and session.row.options.rated is False
        assert session.match is not None
        assert [a.notation for a in session.match.actions] == list(record.actions[:step])
        assert session.match.view(0).hand == state_at(record, step).view(0).hand
        assert [session.seats[s].computer_level for s in range(1, players)] == ["hard"] * (
            players - 1)

        again = Tables(store)
        assert await again.restore() == 1
        restored = again.get(55)
        assert restored is not None and restored.practice and restored.match is not None
        assert restored.match.to_dict() == session.match.to_dict()


async def test_a_deal_dealt_before_secret_deals_cannot_be_played_on(
    store_location: str | Path,
) -> None:
    record = played_record("sedma", {"players": 2}, 5)  # seeded, not secret
    async with Store(store_location) as store:
        with pytest.raises(TableError, match="before secret deals"):
            await open_practice(Tables(store), 1, 56, 901, "Asha", record, 1, 3, 0)

"""Each human player's result of a finished match: what leaderboards and stats are made of."""

from __future__ import annotations

import time
from collections.abc import Mapping

from bot.storage import PlayerResult, SeatRow
from engine.core import AnyGame
from engine.outcome import points_stats

GENERAL = tuple(points_stats([], 0))  # figures with a column of their own


def player_results(
    match: AnyGame,
    seats: Mapping[int, SeatRow],
    *,
    table_id: int,
    guild_id: int,
    game: str,
    rated: bool,
    finished_at: float | None = None,
) -> list[PlayerResult]:
    outcome = match.outcome()
    with_computers = any(row.is_computer for row in seats.values())
    when = time.time() if finished_at is None else finished_at
    results = []
    for seat, row in sorted(seats.items()):
        if row.user_id is None:
            continue  # computer players never appear on leaderboards
        side = outcome.side_of(seat)
        partner = next(
            (
                other.user_id
                for other_seat, other in seats.items()
                if other_seat != seat and outcome.side_of(other_seat) == side and other.user_id
            ),
            None,
        )
        stats = dict(outcome.stats[seat])
        results.append(
            PlayerResult(
                table_id=table_id,
                user_id=row.user_id,
                guild_id=guild_id,
                game=game,
                name=row.name,
                side=side,
                partner_id=partner,
                place=outcome.place_of(seat),
                outcome=outcome.result_of(seat),
                deals=stats.pop("deals", 0),
                best_deal=stats.pop("best_deal", 0),
                points_for=stats.pop("points_for", 0),
                points_against=stats.pop("points_against", 0),
                rated=rated,
                with_computers=with_computers,
                finished_at=when,
                stats=stats,
                rounds=[r.place_of(seat) for r in outcome.rounds],
            )
        )
    return results

"""Each human player's result of a finished match: what leaderboards and stats are made of."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from bot.storage import PlayerResult, SeatRow


def side_scores(match: Any) -> list[int]:
    """What decides the places: baazis in Seep, match points in Suipe."""
    baazis = getattr(match, "baazis", None)
    return list(baazis) if baazis is not None else list(match.totals)


def places(scores: list[int]) -> list[int]:
    """1 for the best side; sides with the same score share a place."""
    return [1 + sum(other > score for other in scores) for score in scores]


def outcome(place: int, scores: list[int], side: int) -> str:
    if place > 1:
        return "loss"
    return "draw" if scores.count(scores[side]) > 1 else "win"


def _sweeps(score: Any) -> int:
    """Sweeps in Seep, Suipes in Suipe (before kala: the ones the side made)."""
    return score.sweeps if hasattr(score, "sweeps") else score.suipes


def player_results(
    match: Any,
    seats: Mapping[int, SeatRow],
    *,
    table_id: int,
    guild_id: int,
    game: str,
    rated: bool,
    finished_at: float | None = None,
) -> list[PlayerResult]:
    scores = side_scores(match)
    place = places(scores)
    sides = len(scores)
    deals = list(match.deal_results)
    with_computers = any(row.is_computer for row in seats.values())
    when = time.time() if finished_at is None else finished_at
    results = []
    for seat, row in sorted(seats.items()):
        if row.user_id is None:
            continue  # computer players never appear on leaderboards
        side = match.deal.side_of(seat)
        partner = next(
            (
                other.user_id
                for other_seat, other in seats.items()
                if other_seat != seat and match.deal.side_of(other_seat) == side and other.user_id
            ),
            None,
        )
        totals = [deal.score.sides[side].total for deal in deals]
        against = sum(
            deal.score.sides[s].total for deal in deals for s in range(sides) if s != side
        )
        baazis = getattr(match, "baazis", None)
        results.append(
            PlayerResult(
                table_id=table_id,
                user_id=row.user_id,
                guild_id=guild_id,
                game=game,
                name=row.name,
                side=side,
                partner_id=partner,
                place=place[side],
                outcome=outcome(place[side], scores, side),
                baazis_won=baazis[side] if baazis is not None else 0,
                baazis_lost=sum(baazis) - baazis[side] if baazis is not None else 0,
                deals=len(deals),
                sweeps=sum(_sweeps(deal.score.sides[side]) for deal in deals),
                best_deal=max(totals, default=0),
                points_for=sum(totals),
                points_against=against,
                rated=rated,
                with_computers=with_computers,
                finished_at=when,
            )
        )
    return results

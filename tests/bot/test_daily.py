"""The daily deal's rules of the day: its bounds in the server's time zone (fixed once the day
has begun), matchpoints, streaks, one attempt per member; on both store engines."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.daily import Daily, DailyError, daily_changes, day_bounds, matchpoints, places, streak
from bot.storage import Store

GUILD = 1_180_000_000_000_000_001
NOON_UTC = 1_764_072_000.0  # 2025-11-25 12:00 UTC


@pytest.fixture
async def store(store_location: str | Path):
    async with Store(store_location) as opened:
        yield opened


def test_a_day_runs_from_the_servers_hour_in_its_time_zone() -> None:
    assert day_bounds(NOON_UTC, "UTC", 0)[0] == "2025-11-25"
    # 12:00 UTC is 17:30 in Kolkata: with days starting at 18:00 it is still the 24th's day
    local, starts, ends = day_bounds(NOON_UTC, "Asia/Kolkata", 18)
    assert local == "2025-11-24" and ends - starts == 86_400 and starts <= NOON_UTC < ends
    assert day_bounds(NOON_UTC, "Asia/Kolkata", 17)[0] == "2025-11-25"


def test_matchpoints_compare_everyone_on_the_same_cards() -> None:
    assert matchpoints([10, 5, 5, 0]) == [100.0, 50.0, 50.0, 0.0]
    assert matchpoints([7]) == [50.0]
    assert places([100.0, 50.0, 50.0, 0.0]) == [1, 2, 2, 4]


def test_a_streak_counts_consecutive_days_up_to_today_or_yesterday() -> None:
    days = ["2025-11-25", "2025-11-24", "2025-11-22"]
    assert streak(days, "2025-11-25") == 2
    assert streak(days, "2025-11-26") == 2  # today is not played yet: the streak still stands
    assert streak(days, "2025-11-27") == 0


def test_a_time_zone_must_exist() -> None:
    with pytest.raises(DailyError, match="not a time zone"):
        daily_changes(None, None, "Mars/Olympus", None, "en")
    assert daily_changes(5, True, "Europe/Prague", 6, "cs") == {
        "daily_zone": "Europe/Prague", "daily_hour": 6, "daily_channel": 5,
        "daily_language": "cs",
    }  # fmt: skip
    assert daily_changes(None, False, None, None, "en") == {"daily_channel": None}


async def test_a_day_keeps_its_time_zone_when_the_setting_changes(store: Store) -> None:
    now = [NOON_UTC]
    daily = Daily(store, clock=lambda: now[0])
    first = await daily.today(GUILD)
    assert (first.local_day, first.zone) == ("2025-11-25", "UTC")
    await store.update_guild_settings(GUILD, {"daily_zone": "America/New_York"})
    assert await daily.today(GUILD) == first  # the day under way is not moved
    now[0] = first.ends_at + 60
    second = await daily.today(GUILD)
    assert second.zone == "America/New_York" and second.starts_at == first.ends_at
    assert second.local_day == "2025-11-26" and second.ends_at > now[0]


async def test_one_attempt_per_member_game_and_day(store: Store) -> None:
    daily = Daily(store, clock=lambda: NOON_UTC)
    attempt = await daily.begin(GUILD, 7, "Asha", "sedma")
    again = await daily.begin(GUILD, 7, "Asha", "sedma")
    assert again is attempt  # resumed, not begun twice
    while not attempt.finished:
        move = attempt.match.legal_actions()[0].notation
        await daily.play(attempt, 7, move, attempt.turn_number)
    with pytest.raises(DailyError, match="already played"):
        await daily.begin(GUILD, 7, "Asha", "sedma")
    rows = await daily.store.finished(GUILD, "2025-11-25", "sedma")
    assert len(rows) == 1 and rows[0].score is not None
    with pytest.raises(DailyError, match="no daily deal"):
        await daily.begin(GUILD, 7, "Asha", "tinytricks")


async def test_a_move_after_the_day_has_ended_is_refused(store: Store) -> None:
    now = [NOON_UTC]
    daily = Daily(store, clock=lambda: now[0])
    attempt = await daily.begin(GUILD, 8, "Dev", "seep")
    now[0] += 86_400
    with pytest.raises(DailyError, match="expired"):
        await daily.play(attempt, 8, attempt.match.legal_actions()[0].notation, attempt.turn_number)
    stored = await daily.store.attempt(GUILD, "2025-11-25", "seep", 8)
    assert stored is not None and not stored.finished


async def test_a_day_closes_when_one_of_its_games_is_no_longer_installed(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The day's other games become deal records as always; the attempts at the game whose
    package was removed stay stored as attempts (docs/adding-a-game.md, "Removing a game"),
    instead of the day never closing."""
    from engine import registry

    now = [NOON_UTC]
    daily = Daily(store, clock=lambda: now[0])
    for game in ("sedma", "suipe"):
        attempt = await daily.begin(GUILD, 9, "Mia", game)
        while not attempt.finished:
            move = attempt.match.legal_actions()[0].notation
            await daily.play(attempt, 9, move, attempt.turn_number)
    day = await daily.today(GUILD)
    gone = ("sedma", "hola")  # the Sedma package registers both
    monkeypatch.setattr(registry, "BUILT_IN", {k: v for k, v in registry.BUILT_IN.items()
                                               if k not in gone})  # fmt: skip
    monkeypatch.setattr(registry, "_GAMES", {k: v for k, v in registry._GAMES.items()
                                             if k not in gone})  # fmt: skip
    monkeypatch.setattr(registry, "_found", {k: v for k, v in registry._entry_points().items()
                                             if k not in gone})  # fmt: skip
    assert "sedma" not in registry.names()
    now[0] = day.ends_at + 60
    numbers = await daily.close(day)
    assert numbers is not None and {game for game, _user in numbers} == {"suipe"}
    kept = await daily.store.finished(GUILD, day.local_day, "sedma")
    assert [row.user_id for row in kept] == [9]

"""Results, ratings and boards from matches played through real table sessions on SQLite."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.leaderboards import (
    Board,
    Period,
    display_rating,
    period_start,
    player_stats,
    ratings,
    standings,
)
from bot.storage import PlayerResult, Store
from bot.tables import Tables
from engine.outcome import SAT_OUT

GUILD = 1
ASHA, DEV, RAVI, MIRA = 101, 102, 103, 104


@pytest.fixture
async def store(store_location: str | Path):
    """A store on each engine: a SQLite file and a PostgreSQL database."""
    async with Store(store_location) as opened:
        yield opened


async def play_match(store: Store, channel: int, game: str, rules: dict, people: list[int],
                     computers: int = 0, seed: int = 1):  # fmt: skip
    """Seat the people (and computer players), then play random legal moves to the end."""
    tables = Tables(store)
    session = await tables.create(GUILD, channel, people[0], game, rules, seed=seed)
    for user in people:
        await session.join(user, f"P{user}")
    for _ in range(computers):
        await session.add_computer(people[0])
    await session.start(people[0])
    rng = random.Random(seed)
    while not session.match.is_terminal:
        seat = session.match.current_player
        row = session.seats[seat]
        if row.is_computer:
            await session.play_computers(limit=1)
        else:
            move = rng.choice(session.match.legal_actions())
            await session.play(row.user_id, move.notation)
    return session


async def test_a_finished_partnership_match_is_stored_and_rated(store: Store) -> None:
    people = [ASHA, DEV, RAVI, MIRA]  # seats 0..3: Asha & Ravi against Dev & Mira
    session = await play_match(store, 10, "seep", {"players": 4}, people)
    rows = await store.player_results(GUILD, "seep")
    assert {r.user_id for r in rows} == set(people)
    by_user = {r.user_id: r for r in rows}
    assert by_user[ASHA].partner_id == RAVI and by_user[DEV].partner_id == MIRA
    winners = {u for u, r in by_user.items() if r.outcome == "win"}
    assert winners in ({ASHA, RAVI}, {DEV, MIRA})
    assert all(r.rated and not r.with_computers for r in rows)
    assert (
        by_user[ASHA].stat("baazis_won")
        == session.match.baazis[0]
        == 1 - by_user[DEV].stat("baazis_won")
    )
    assert by_user[ASHA].deals == len(session.match.deal_results)
    # Partners share their result: equal ratings, the winners above 1000 and the losers below.
    rated = {u: display_rating(*r) for u, r in ratings(rows).items()}
    win_a, win_b = sorted(winners)
    lose_a, lose_b = sorted(set(people) - winners)
    assert (
        rated[win_a] == rated[win_b] > display_rating(25, 25 / 3) > rated[lose_a] == rated[lose_b]
    )
    board = standings(rows, "seep", Board.HEADLINE)
    assert [s.place for s in board] == [1, 1, 3, 3]  # partners tie
    assert {s.user_id for s in board[:2]} == winners and board[0].figure == "1 baazi"


async def test_games_with_computers_count_in_stats_but_are_not_rated_by_default(
    store: Store,
) -> None:
    await play_match(store, 20, "suipe", {"players": 2, "deals": 1}, [ASHA], computers=1)
    rows = await store.player_results(GUILD, "suipe")
    assert [r.user_id for r in rows] == [ASHA]  # the computer player is never listed
    assert not rows[0].rated and rows[0].with_computers
    assert standings(rows, "suipe", Board.HEADLINE) == []
    stats = player_stats(rows, ASHA, "suipe")
    assert stats is not None and stats.matches == 1 and stats.rating is None

    await store.update_guild_settings(GUILD, {"rate_computer_games": True})
    await play_match(store, 21, "suipe", {"players": 2, "deals": 1}, [ASHA], computers=1)
    rows = await store.player_results(GUILD, "suipe")
    assert [r.rated for r in rows] == [False, True]


def result(table: int, user: int, side: int, place: int, when: float, **extra) -> PlayerResult:
    outcome = "win" if place == 1 else "loss"
    values = dict(
        table_id=table, user_id=user, guild_id=GUILD, game="suipe", name=f"P{user}",
        side=side, partner_id=None, place=place, outcome=outcome, deals=2, best_deal=8,
        points_for=12, points_against=10, rated=True, with_computers=False, finished_at=when,
        stats={"baazis_won": 0, "baazis_lost": 0, "sweeps": 1},
    )  # fmt: skip
    return PlayerResult(**{**values, **extra})


def test_three_player_places_and_win_rate_minimum() -> None:
    rows = []
    for table in range(3):  # ASHA first every time, DEV second, RAVI third
        for side, user in enumerate((ASHA, DEV, RAVI)):
            rows.append(result(table, user, side, side + 1, 1000.0 + table))
    rows.append(result(9, MIRA, 0, 1, 2000.0))
    rows.append(result(9, DEV, 1, 2, 2000.0))
    rated = {u: display_rating(*r) for u, r in ratings(rows).items()}
    assert rated[ASHA] > rated[DEV] > rated[RAVI]
    by_rate = standings(rows, "suipe", Board.WIN_RATE)
    assert MIRA not in {s.user_id for s in by_rate}  # one match is too few for a rate
    assert by_rate[0].user_id == ASHA and by_rate[0].figure == "100%"


def test_periods_start_on_the_first_of_the_month_and_on_monday() -> None:
    sunday_noon = 1_795_348_800.0  # 2026-11-22 12:00 UTC, a Sunday
    assert period_start(Period.MONTH, sunday_noon) == 1_793_491_200.0  # 2026-11-01
    assert period_start(Period.WEEK, sunday_noon) == 1_794_787_200.0  # Monday 2026-11-16
    assert period_start(Period.ALL, sunday_noon) == 0.0


async def test_sheepshead_is_rated_hand_by_hand_with_each_hands_sides(store: Store) -> None:
    people = [ASHA, DEV, RAVI]
    session = await play_match(store, 30, "sheepshead", {"players": 3, "hands": 3}, people)
    rows = await store.player_results(GUILD, "sheepshead")
    by_user = {r.user_id: r for r in rows}
    hands = session.match.outcome().rounds
    assert len(hands) == 3 and all(len(r.rounds) == 3 for r in rows)
    for number, hand in enumerate(hands):
        for seat, user in enumerate(people):
            assert by_user[user].rounds[number] == hand.place_of(seat)
    assert {u: r.stat("units") for u, r in by_user.items()} == {
        user: session.match.sheet[seat] for seat, user in enumerate(people)
    }


def test_a_hand_won_together_moves_both_partners_up() -> None:
    """Asha and Dev win hand 1 together against Ravi; hand 2 Asha and Ravi beat Dev: Asha won
    both hands and rates highest, though the match's final places say nothing of partners."""
    rounds = {ASHA: [(0, 1), (0, 1)], DEV: [(0, 1), (1, 2)], RAVI: [(1, 2), (0, 1)]}
    rows = [
        result(
            40, user, side=seat, place=1 + seat, when=1.0, game="sheepshead", rounds=rounds[user]
        )
        for seat, user in enumerate((ASHA, DEV, RAVI))
    ]
    rated = {u: display_rating(*r) for u, r in ratings(rows).items()}
    assert rated[ASHA] > rated[DEV] and rated[ASHA] > rated[RAVI]
    final_places = {u: display_rating(*r) for u, r in ratings(
        [result(41, u, side=s, place=1 + s, when=1.0) for s, u in enumerate((ASHA, DEV, RAVI))]
    ).items()}  # fmt: skip
    assert rated[DEV] != final_places[DEV]  # the hands, not the final order, were rated


def test_a_dealer_sitting_a_hand_out_is_not_rated_in_it() -> None:
    """At six with the dealer out, Ravi deals hand 1 and sits it out while Asha beats Dev;
    hand 2 Ravi plays and loses to both. Hand 1 rates Asha and Dev only."""
    sat_out = list(SAT_OUT)
    rounds = {ASHA: [(0, 1), (0, 1)], DEV: [(1, 2), (0, 1)], RAVI: [sat_out, (1, 2)]}

    def table(hands: int) -> list[PlayerResult]:
        return [result(42, user, side=seat, place=1 + seat, when=1.0, game="sheepshead",
                       rounds=rounds[user][:hands])
                for seat, user in enumerate((ASHA, DEV, RAVI))]  # fmt: skip

    first = ratings(table(1))
    assert set(first) == {ASHA, DEV} and first[ASHA][0] > first[DEV][0]
    both = ratings(table(2))
    assert set(both) == {ASHA, DEV, RAVI} and both[RAVI][0] < both[ASHA][0]

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.format import EventSettings, FormatError, Pairing
from bot.tournaments.seating import split
from bot.tournaments.sessions import Sessions, hands_sitting_out
from tests.bot.tournaments.play import entrants, play_rounds, start

SHEEPSHEAD = EventSettings(seats=5, rounds=2, hands_per_session=15, table_sizes=(3, 4, 5, 6))


def test_ten_players_over_two_sessions_are_reseated_by_score() -> None:
    # Each session's sheets (sum zero), by table and seat
    sheets = {
        (1, 1): [4, 2, -1, -2, -3], (1, 2): [6, -3, 0, -1, -2],
        (2, 1): [-4, 0, 4, 2, -2], (2, 2): [1, 3, -1, 0, -3],
    }  # fmt: skip

    def sheet(p: Pairing) -> list[float]:
        return [float(v) for v in sheets[(p.round, p.table)]]

    state = play_rounds(Sessions(), start(entrants(10), SHEEPSHEAD), sheet)
    seatings = [(p.round, p.seats) for p in state.pairings]
    assert seatings == [
        (1, (100, 102, 104, 106, 108)),  # dealt round the two tables in entry order
        (1, (101, 103, 105, 107, 109)),
        # after session 1: 101 +6, 100 +4, 102 +2, 105 0, 104 −1, 107 −1 … the best five together
        (2, (101, 100, 102, 105, 104)),
        (2, (107, 106, 109, 103, 108)),
    ]
    lines = Sessions().standings(state)
    assert [(s.user_id, s.rank, s.score, s.tiebreaks) for s in lines] == [
        (102, 1, 6, (1, 4)),
        (100, 2, 4, (1, 4)),
        (101, 3, 2, (1, 6)),  # level with 105 on units; one table won to none
        (105, 4, 2, (0, 2)),
        (106, 5, 1, (1, 3)),
        (107, 6, 0, (0, 1)),
        (103, 7, -3, (0, 0)),
        (104, 8, -3, (0, -1)),  # nothing splits 104 and 109: one rank, listed in entry order
        (109, 8, -3, (0, -1)),
        (108, 10, -6, (0, -3)),
    ]


def test_counts_that_fives_do_not_divide_take_the_nearest_sizes() -> None:
    sizes = (3, 4, 5, 6)
    assert split(10, sizes, 5) == (5, 5)
    assert split(11, sizes, 5) == (6, 5)
    assert split(12, sizes, 5) == (6, 6)
    assert split(13, sizes, 5) == (5, 4, 4)
    assert split(7, (5,), 5) == (5,)  # two sit out


def test_a_table_of_six_has_its_dealer_sit_out_where_the_rules_say() -> None:
    settings = EventSettings(seats=5, rounds=1, table_sizes=(3, 4, 5, 6), dealer_sits_out=True)
    six, five = Sessions().pairings(start(entrants(11), settings), [], 0.0)
    assert len(six.seats) == 6 and six.sits_out == six.seats
    assert len(five.seats) == 5 and five.sits_out == ()


def test_a_table_of_six_with_its_dealer_out_plays_enough_hands_for_five_each() -> None:
    # each hand one of the six sits out: 18 hands give each player the 15 of a table of five
    assert hands_sitting_out(15, 6) == 18
    assert hands_sitting_out(10, 6) == 12
    assert hands_sitting_out(2, 6) == 3  # rounded up: nobody plays fewer than at five
    for hands in range(1, 61):
        dealt = hands_sitting_out(hands, 6)
        assert dealt - dealt // 6 - (dealt % 6 > 0) >= hands  # the seat dealing most often


def test_players_the_tables_cannot_seat_sit_out_in_turn_at_the_sessions_average() -> None:
    # 3-player Sedma: tables of three only; 10 players, one sits out each session
    settings = EventSettings(seats=3, rounds=3)
    state = play_rounds(Sessions(), start(entrants(10), settings), lambda p: [3.0, 1.0, 2.0])
    everyone = {e.user_id for e in state.entrants}
    out = Counter(
        u for r in (1, 2, 3) for u in everyone - {s for p in state.pairings if p.round == r
                                                  for s in p.seats}
    )  # fmt: skip
    assert sum(out.values()) == 3 and max(out.values()) == 1
    lines = {s.user_id: s for s in Sessions().standings(state)}
    for user in out:
        assert lines[user].played == 2
        # two sessions played plus the average of the one sat out (6 units over 3 seats: 2)
        played = [r.scores[r.seats.index(user)] for r in state.results if user in r.seats]
        assert lines[user].score == sum(played) + 2.0


def test_too_few_players_for_a_table_is_refused() -> None:
    try:
        Sessions().pairings(start(entrants(2), SHEEPSHEAD), [], 0.0)
    except FormatError:
        return
    raise AssertionError("two players were seated at a Sheepshead table")


@settings(max_examples=40, deadline=None)
@given(count=st.integers(3, 23), seats=st.integers(3, 6), rounds=st.integers(1, 4),
       data=st.data())  # fmt: skip
def test_every_session_seats_each_player_once_at_tables_the_game_allows(
    count: int, seats: int, rounds: int, data: st.DataObject
) -> None:
    sizes = tuple(range(3, 7))
    rng = data.draw(st.randoms(use_true_random=False))
    settings_ = EventSettings(seats=seats, rounds=rounds, table_sizes=sizes)
    state = play_rounds(Sessions(), start(entrants(count), settings_),
                        lambda p: [float(rng.randint(-5, 5)) for _ in p.seats])  # fmt: skip
    everyone = {e.user_id for e in state.entrants}
    out: Counter[int] = Counter()
    for number in range(1, rounds + 1):
        tables = [p for p in state.pairings if p.round == number]
        seated = [u for p in tables for u in p.seats]
        assert len(seated) == len(set(seated)) and all(len(p.seats) in sizes for p in tables)
        out.update(everyone - set(seated))
    assert max(out.values(), default=0) <= 1  # 3 to 6 seats seat every count from 3
    lines = Sessions().standings(state)
    assert sorted(s.user_id for s in lines) == sorted(everyone)

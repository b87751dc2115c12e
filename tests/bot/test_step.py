"""What follows a move, decided once (`bot.step`): the owed entries a move leaves, and the
one next step a table calls for, on real matches of Tiny Tricks (the tests' small game)."""

from __future__ import annotations

from bot.step import (
    ComputerToMove,
    PlayForced,
    PostResult,
    PostSummary,
    PostTable,
    TableFacts,
    WaitFor,
    decides_again,
    next_step,
    owed_by_move,
)
from bot.storage.store import Owed, OwedKind, SeatRow
from engine import registry

HUMAN = SeatRow(0, 100, "Sina", None)
COMPUTER = SeatRow(1, None, "Computer 2", "normal")
AWAY = SeatRow(1, 200, "Tavita", None, missed_turns=3)


def match_of(hands: int = 2, moves: int = 0):  # type: ignore[no-untyped-def]
    match = registry.game("tinytricks").new_match(7, {"players": 2, "hands": hands})
    for _ in range(moves):
        match.apply(match.legal_actions()[0], match.current_player)
    return match


def played_out(hands: int = 2):  # type: ignore[no-untyped-def]
    match = match_of(hands)
    while not match.is_terminal:
        match.apply(match.legal_actions()[0], match.current_player)
    return match


def test_a_move_that_ends_deals_and_the_match_owes_summaries_the_table_and_the_result() -> None:
    assert owed_by_move(12, [2], final=True) == [
        Owed(OwedKind.SUMMARY, 2, 12),
        Owed(OwedKind.TABLE, 12, 12),
        Owed(OwedKind.RESULT, 0, 12),
    ]
    assert owed_by_move(5, [], final=False) == [Owed(OwedKind.TABLE, 5, 5)]


def test_at_the_end_the_final_table_comes_before_the_last_summary_then_the_result() -> None:
    match = played_out(hands=2)
    owed = [
        Owed(OwedKind.SUMMARY, 1, 6),
        Owed(OwedKind.TABLE, 6, 6),
        Owed(OwedKind.SUMMARY, 2, 12),
        Owed(OwedKind.TABLE, 12, 12),
        Owed(OwedKind.RESULT, 0, 12),
    ]
    seats = {0: HUMAN, 1: COMPUTER}
    shown = []
    while (step := next_step(TableFacts(match, seats, owed))) is not None:
        shown.append(step)
        if isinstance(step, PostSummary):
            owed = [o for o in owed if not (o.kind is OwedKind.SUMMARY and o.number == step.deal)]
        elif isinstance(step, PostTable):
            owed = [o for o in owed if o.kind is not OwedKind.TABLE]
        else:
            owed = [o for o in owed if o.kind is not OwedKind.RESULT]
    assert shown == [PostSummary(1, 6), PostTable(), PostSummary(2, 12), PostResult()]


def test_a_summary_comes_before_the_computer_moves_on() -> None:
    match = match_of(moves=1)
    seat = match.current_player
    seats = {seat: SeatRow(seat, None, "Computer", "normal"), 1 - seat: HUMAN}
    owed = [Owed(OwedKind.SUMMARY, 1, 1), Owed(OwedKind.TABLE, 1, 1)]
    assert next_step(TableFacts(match, seats, owed)) == PostSummary(1, 1)
    assert next_step(TableFacts(match, seats, owed[1:])) == ComputerToMove(seat)


def test_a_person_to_move_gets_the_table_then_their_timer() -> None:
    match = match_of()
    seat = match.current_player
    seats = {seat: SeatRow(seat, 100, "Sina", None), 1 - seat: COMPUTER}
    owed = [Owed(OwedKind.TABLE, 0, 0)]
    assert next_step(TableFacts(match, seats, owed)) == PostTable()
    assert next_step(TableFacts(match, seats, [])) == WaitFor(seat)


def test_an_away_player_is_played_for_and_a_forced_move_only_when_asked() -> None:
    match = match_of()
    seat = match.current_player
    away = {seat: SeatRow(seat, 200, "Tavita", None, missed_turns=3), 1 - seat: HUMAN}
    assert next_step(TableFacts(match, away, [])) == ComputerToMove(seat)
    here = {seat: SeatRow(seat, 200, "Tavita", None), 1 - seat: HUMAN}
    while len(match.legal_actions()) != 1:  # the last card of a hand is forced
        match.apply(match.legal_actions()[0], match.current_player)
        seat = match.current_player
        here = {seat: SeatRow(seat, 200, "Tavita", None), 1 - seat: HUMAN}
    assert next_step(TableFacts(match, here, [], forced_played=True)) == PlayForced(seat)
    assert next_step(TableFacts(match, here, [], forced_played=False)) == WaitFor(seat)


def test_nothing_follows_at_an_ended_table_or_before_the_start() -> None:
    match = match_of()
    owed = [Owed(OwedKind.TABLE, 0, 0)]
    assert next_step(TableFacts(match, {0: HUMAN, 1: COMPUTER}, owed, ended=True)) is None
    assert next_step(TableFacts(None, {}, owed)) is None
    assert next_step(TableFacts(played_out(), {0: HUMAN, 1: COMPUTER}, [])) is None


def test_a_seat_decides_again_only_when_it_is_to_move_and_is_a_person() -> None:
    match = match_of()
    seat = match.current_player
    assert decides_again(match, {seat: SeatRow(seat, 1, "A", None)}, seat)
    assert not decides_again(match, {seat: SeatRow(seat, None, "C", "normal")}, seat)
    assert not decides_again(match, {}, 1 - seat)
    assert not decides_again(played_out(), {0: HUMAN}, 0)

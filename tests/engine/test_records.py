"""Deal records: a finished deal of every game is recorded, exported, read back and replayed;
an altered, malformed or other game's record is refused with the reason; the cut is an action
with a range; nothing public before the cut depends on the deal's secret."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.ai import choose_action
from engine.core import PUBLIC, GameState, IllegalMove
from engine.fairness import DealKeys
from engine.records import DealRecord, RecordError, SeatEntry, check, dealt_hands, make_record

from .sample_tables import BUILT_IN_TABLES

GAMES = [*BUILT_IN_TABLES, ("tinytricks", {"players": 2})]


def play_deals(match: GameState, deals: int, seed: int = 1) -> GameState:
    rng = random.Random(seed)
    while match.deals_finished < deals and not match.is_terminal:
        player = match.current_player
        assert player is not None
        match.apply(choose_action(match, player, "easy", rng))
    return match


def seats(match: GameState) -> list[SeatEntry]:
    return [SeatEntry(f"Seat {p + 1}", "normal") for p in range(match.num_players)]


def record_of(game: str, rules: dict[str, int], seed: object, number: int = 2) -> DealRecord:
    match = play_deals(registry.new_match(game, seed, **rules), number)  # type: ignore[arg-type]
    number = min(number, match.deals_finished)
    made = make_record(match, number, seats(match), "2026-11-26T10:00:00Z")
    return DealRecord.from_text(made.to_text())


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_a_finished_deal_of_every_game_is_exported_read_back_and_replayed(
    game: str, rules: dict[str, int]
) -> None:
    record = record_of(game, rules, DealKeys.fresh())
    assert record.fair and record.number >= 1
    assert check(record, game).deals_finished == 1
    assert all(cards for _, cards in dealt_hands(record)) or game.startswith("seep")


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_a_deal_of_a_table_from_before_secret_deals_replays_and_says_not_fair(
    game: str, rules: dict[str, int]
) -> None:
    record = record_of(game, rules, 1234)
    assert not record.fair and record.seed == 1234
    assert "Fair \"no" in record.to_text()
    check(record)


def test_a_changed_secret_fails_verification() -> None:
    text = record_of("sedma", {"players": 2}, DealKeys.fresh()).to_text()
    secret = next(line for line in text.splitlines() if line.startswith("[Secret"))
    flipped = secret[:9] + ("1" if secret[9] == "0" else "0") + secret[10:]
    with pytest.raises(RecordError, match="commitment"):
        check(DealRecord.from_text(text.replace(secret, flipped)))


def test_altered_malformed_and_other_games_records_say_which() -> None:
    record = record_of("sheepshead", {"players": 5}, DealKeys.fresh())
    text = record.to_text()
    with pytest.raises(RecordError, match="another game: sheepshead, not seep"):
        check(record, "seep")
    with pytest.raises(RecordError, match="malformed"):
        DealRecord.from_text("hello\n")
    result = next(line for line in text.splitlines() if line.startswith("[Result"))
    with pytest.raises(RecordError, match="result"):
        check(DealRecord.from_text(text.replace(result, '[Result "Seat 1 120"]')))
    last = text.rstrip("\n").rsplit("\n", 1)[0] + "\n"  # the last move left out
    with pytest.raises(RecordError, match="incomplete"):
        check(DealRecord.from_text(last))
    with pytest.raises(RecordError, match="does not know"):
        check(DealRecord.from_text(text.replace('[Game "sheepshead"]', '[Game "chess"]')))


def test_the_same_secret_and_cut_give_the_same_deal() -> None:
    keys = DealKeys.fresh()
    keys.choose_first_dealer(4)
    keys.secret(0)
    first = registry.new_match("seep", DealKeys.from_dict(keys.to_dict()), players=4)
    again = registry.new_match("seep", DealKeys.from_dict(keys.to_dict()), players=4)
    for match in (first, again):
        match.apply("cut 30")
    assert first.view(PUBLIC) == again.view(PUBLIC)
    assert [first.view(p) for p in range(4)] == [again.view(p) for p in range(4)]


def test_a_cut_outside_the_range_is_refused_with_the_range() -> None:
    match = registry.new_match("sheepshead", DealKeys.fresh(), players=5)
    assert match.pending_cut is not None and match.pending_cut.high == 31
    for wrong in ("cut 0", "cut 32"):
        with pytest.raises(IllegalMove, match="from 1 to 31"):
            match.apply(wrong)
    with pytest.raises(IllegalMove, match="cut"):
        match.apply(match.deal.legal_actions()[0])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "rules"), BUILT_IN_TABLES)
def test_nothing_public_before_the_cut_depends_on_the_secret(
    game: str, rules: dict[str, int]
) -> None:
    """Two matches alike but for their secrets: while each deal waits for its cut, everyone
    sees the same table and the same moves; only the commitments differ."""
    keys = DealKeys.fresh()
    keys.choose_first_dealer(rules["players"])
    other = DealKeys.from_dict(keys.to_dict())
    other.secrets = [bytes(32)]
    keys.secret(0)
    names = [f"P{p}" for p in range(rules["players"])]
    a = registry.new_match(game, keys, **rules)
    b = registry.new_match(game, other, **rules)
    assert a.pending_cut is not None and b.pending_cut is not None
    assert a.view(PUBLIC).picture(names) == b.view(PUBLIC).picture(names)
    assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
    assert a.move_groups() == b.move_groups()
    assert a.pending_cut.commitment != b.pending_cut.commitment


def test_computer_seats_cut_in_the_middle() -> None:
    match = registry.new_match("suipe", DealKeys.fresh(), players=3)
    assert match.pending_cut is not None
    action = choose_action(match, match.current_player or 0, "hard", random.Random(0))
    assert action.notation == "cut 26"

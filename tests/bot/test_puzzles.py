"""Puzzles: what a puzzle shows depends only on what its position shows its mover (the same
position with every hidden card dealt otherwise gives the same words, moves and picture, in
every game); a hard puzzle solved counts more than an easy one; a member's first try alone is
rated, and a member who asks to be forgotten leaves no try or rating behind."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import speaking
from bot.puzzles import PuzzleRow, PuzzleStore, daily_pick
from bot.storage import Store
from bot.storage.erasure import forget_member
from cogs.puzzle import explanation, puzzle_page
from engine.puzzles import find_puzzles, rated
from engine.records import state_at
from engine.review import model_for, review_deal
from tests.engine.test_review import played_record

GAMES = [("sedma", 2), ("hola", 2), ("seep", 4), ("seep30", 2), ("suipe", 3), ("sheepshead", 5)]


def a_puzzle(game: str, players: int, decision: int) -> tuple[PuzzleRow, Any]:
    """A puzzle of seat 0 from a played deal (its `decision`-th decision with a choice), and
    the deal's record."""
    record = played_record(game, {"players": players}, 4)
    review = review_deal(record, 0, seed=1, samples=2, face_up=False)
    chosen = review.decisions[decision]
    choices = tuple((c.notation, c.value) for c in chosen.choices)
    return PuzzleRow(7, 1, game, 1, chosen.step - 1, 0, "best", choices, 1600.0), record


def hidden_cards(deal: Any, seat: int) -> tuple[Any, ...]:
    """The other hands and the stock (or blind), as dealt."""
    others = [list(h) for s, h in enumerate(deal.hands) if s != seat]
    return (others, [list(getattr(deal, name, ())) for name in ("stock", "deck", "blind")])


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_puzzle_shows_only_what_its_position_shows(game: str, players: int) -> None:
    puzzle, record = a_puzzle(game, players, 1)  # early: some cards are hidden from seat 0
    names = list(record.names)
    real = state_at(record, puzzle.step)
    other = state_at(record, puzzle.step)
    model = model_for(game)
    deal = real.deal  # type: ignore[attr-defined]
    seat = model.mover(deal, puzzle.player)
    other.deal = model.imagine(deal, seat, random.Random(5))  # type: ignore[attr-defined]
    assert hidden_cards(deal, seat) != hidden_cards(other.deal, seat)  # type: ignore[attr-defined]
    with speaking("hi"):
        assert puzzle_page(puzzle, real, names) == puzzle_page(puzzle, other, names)
        answer = puzzle.choices[-1][0]
        assert explanation(puzzle, real, names, answer, (False, 1500.0, 1490.0)) == \
            explanation(puzzle, other, names, answer, (False, 1500.0, 1490.0))
        text, _, _ = puzzle_page(puzzle, real, names)
        assert "पहेली 7" in text


def test_a_hard_puzzle_solved_counts_more_and_a_miss_of_an_easy_one_costs_more() -> None:
    hard_gain = rated(1500, 1800, True)[0] - 1500
    easy_gain = rated(1500, 1200, True)[0] - 1500
    assert hard_gain > easy_gain > 0
    assert 1500 - rated(1500, 1200, False)[0] > 1500 - rated(1500, 1800, False)[0] > 0


def test_the_daily_puzzle_depends_on_the_day_alone() -> None:
    pool = [PuzzleRow(n, 1, "sedma", n, 3, 0, "best", (("a", 1.0), ("b", 0.0)), 1500.0)
            for n in range(1, 30)]  # fmt: skip
    first = daily_pick(pool, 1, "2026-12-02")
    assert first == daily_pick(list(pool), 1, "2026-12-02")
    days = {daily_pick(pool, 1, f"2026-12-{d:02d}") for d in range(1, 29)}
    assert len(days) > 5 and daily_pick([], 1, "2026-12-02") is None


async def test_only_a_first_try_is_rated_and_a_forgotten_member_leaves_none(
    store_location: str | Path,
) -> None:
    record = played_record("sedma", {"players": 2}, 5)
    async with Store(store_location) as store:
        db = store.database
        await db.run(
            "INSERT INTO deal_records (table_id, number, guild_id, game, finished_at, fair,"
            " result, record) VALUES (NULL, 1, 1, 'sedma', 0, 1, '', ?)", (record.to_text(),))
        review = review_deal(record, 0, seed=1, samples=8, face_up=False)
        finds = find_puzzles(record, review, confirm=False) or []
        puzzles = PuzzleStore(store)
        (deal_id, _), = await puzzles.unharvested(1, "sedma", 5)
        assert finds, "seed 5's deal has a clear-cut decision on 8 worlds (fixed, not timed)"
        await puzzles.add(1, "sedma", deal_id, finds, model_for("sedma").thresholds.clear)
        assert await puzzles.unharvested(1, "sedma", 5) == []
        puzzle = (await puzzles.puzzles(1, "sedma", "best"))[0]
        first = await puzzles.answer(puzzle, 901, "Asha", puzzle.best)
        assert first is not None and first[0] and first[2] > first[1]
        assert await puzzles.answer(puzzle, 901, "Asha", puzzle.best) is None
        assert await puzzles.untried(1, "sedma", "best", 901) == [
            p for p in await puzzles.puzzles(1, "sedma", "best") if p.id != puzzle.id]
        await forget_member(store, 901)
        assert await puzzles.rating(1, 901) is None and not await puzzles.tried(puzzle.id, 901)


def test_a_puzzle_with_more_moves_than_a_menu_holds_still_offers_its_answer() -> None:
    """A three-hand Sheepshead bury has 66 choices and a select menu holds 25: the answer (here
    the game's last move in its own order) and the moves nearest it are among those offered."""
    record = played_record("sheepshead", {"players": 3}, 1)
    step = next(s for s in range(8) if len(list(state_at(record, s).legal_actions())) > 25)
    position = state_at(record, step)
    legal = [str(a) for a in position.legal_actions()]
    mover = position.current_player or 0
    choices = tuple((notation, float(place)) for place, notation in enumerate(reversed(legal)))
    puzzle = PuzzleRow(8, 1, "sheepshead", 1, step, mover, "best", choices, 1500.0)
    _, options, _ = puzzle_page(puzzle, position, list(record.names))
    offered = [value for _, value in options]
    assert len(offered) == 25 and puzzle.best == legal[-1] in offered
    assert offered == [n for n in legal if n in offered], "in the game's own order"

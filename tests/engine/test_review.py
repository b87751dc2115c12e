"""The review of a finished deal: a clearly bad move (the worst one of a real position, played
in place of the real one) is marked, the best one is not; the figures come from the seat's
view only (the same position with the hidden cards dealt otherwise gives the same figures);
the same deal reviewed with two seeds gives close figures."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.ai import choose_action
from engine.records import DealRecord, SeatEntry, make_record, state_at
from engine.review import Mark, ReviewUnavailable, model_for, review_deal, weigh

GAMES = [
    ("sedma", {"players": 2}),
    ("hola", {"players": 2}),
    ("seep", {"players": 2}),
    ("seep30", {"players": 2}),
    ("suipe", {"players": 2}),
    ("suipe", {"players": 3}),
    ("sheepshead", {"players": 3}),
]


def played_record(
    game: str, rules: dict[str, int], seed: int, changed: dict[int, str] | None = None
) -> DealRecord:
    """One deal played by normal computers, the moves at the given steps (0 first) replaced."""
    match = registry.new_match(game, 1000 + seed, **rules)  # the same cards every time
    rng = random.Random(seed)
    changed = changed or {}
    while match.deals_finished < 1:
        player = match.current_player
        assert player is not None
        step = len(match.actions)
        move = changed.get(step) or choose_action(match, player, "normal", rng)
        match.apply(move)
    seats = [SeatEntry(f"Seat {p + 1}", "human") for p in range(match.num_players)]
    return DealRecord.from_text(make_record(match, 1, seats, "2026-12-01T10:00:00Z").to_text())


def clearest_decision(record: DealRecord) -> tuple[int, str, str]:
    """Of seat 0's decisions, the one whose worst choice lies farthest behind its best: (its
    step, 0 first; the best choice; the worst), from the review itself."""
    review = review_deal(record, 0, seed=3)
    decision = max(review.decisions, key=lambda d: d.best.value - min(c.value for c in d.choices))
    worst = min(decision.choices, key=lambda c: c.value)
    return decision.step - 1, decision.best.notation, worst.notation


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_a_clearly_bad_move_is_marked_and_the_best_is_not(
    game: str, rules: dict[str, int]
) -> None:
    record = played_record(game, rules, 5)
    step, best, worst = clearest_decision(record)
    thresholds = model_for(game).thresholds

    bad = review_deal(played_record(game, rules, 5, {step: worst}), 0, seed=3)
    (decision,) = [d for d in bad.decisions if d.step == step + 1]
    assert decision.played.notation == worst
    assert decision.mark is not Mark.NONE, (decision.loss, decision.noise)
    assert decision.loss >= thresholds.small and bad.total_loss >= decision.loss

    good = review_deal(played_record(game, rules, 5, {step: best}), 0, seed=3)
    (decision,) = [d for d in good.decisions if d.step == step + 1]
    assert decision.played.notation == best
    assert decision.mark is Mark.NONE and decision.loss < thresholds.small


@pytest.mark.parametrize(("game", "rules"), [*GAMES, ("sheepshead", {"players": 5})])
def test_the_figures_come_from_the_seats_view_only(game: str, rules: dict[str, int]) -> None:
    """The real deal and one whose hidden cards (other hands, stock, blind) are dealt again
    give the seat the same figures, world by world."""
    record = played_record(game, rules, 8)
    model = model_for(game)
    for step in range(3, len(record.actions)):  # a decision of seat 0 with a choice
        match = state_at(record, step)
        ours = match.pending_cut is None and match.current_player == 0
        if ours and len(match.legal_actions()) > 1:
            break
    action = record.actions[step]
    deal = match.deal  # type: ignore[attr-defined]
    seat = model.mover(deal, 0)
    other = model.imagine(deal, seat, random.Random(99))  # the same view, other hidden cards
    hidden = [hand for s, hand in enumerate(deal.hands) if s != seat]
    assert hidden != [hand for s, hand in enumerate(other.hands) if s != seat]
    real, _ = weigh(deal, seat, action, model, random.Random(1), samples=12)
    dealt_otherwise, _ = weigh(other, seat, action, model, random.Random(1), samples=12)
    assert [values for _, _, values in real] == [values for _, _, values in dealt_otherwise]


def test_two_seeds_give_close_figures_and_a_player_reviews_only_a_real_seat() -> None:
    record = played_record("sedma", {"players": 2}, 11)
    first, second = review_deal(record, 1, seed=1), review_deal(record, 1, seed=2)
    assert [d.step for d in first.decisions] == [d.step for d in second.decisions]
    apart = [abs(a.loss - b.loss) for a, b in zip(first.decisions, second.decisions, strict=True)]
    assert sum(apart) / len(apart) < model_for("sedma").thresholds.clear
    with pytest.raises(ReviewUnavailable):
        review_deal(record, 5)


def test_a_game_not_listed_finds_the_review_beside_its_lazy_computer_players() -> None:
    """A built-in game copies Sedma's layout (a `LazyComputer`, `review.py` beside `ai.py`):
    its review is found without a line in `REVIEWS` (before, it was looked for in `engine`)."""
    from dataclasses import replace

    from engine.sedma.review import REVIEW

    copy = registry.register_game(replace(registry.game("sedma"), name="sedmacopy"))
    try:
        assert model_for(copy.name) is REVIEW
    finally:
        registry._GAMES.pop(copy.name)
    with pytest.raises(ReviewUnavailable):
        model_for("tinytricks")  # its package has no review.py

"""The review's face-up view: the seat's last decisions solved on the real cards, apart from
the figures of what the seat could know. A move the cards punish (the worst face-up choice,
played in place of the real one) shows a loss there, the best one shows none, and the sampled
figures are the same with or without the face-up view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.records import state_at
from engine.review import model_for, review_deal
from engine.review_faceup import TooBig, solve_choices
from tests.engine.test_review import played_record

GAMES = [
    ("sedma", {"players": 2}),
    ("sedma", {"players": 4}),
    ("hola", {"players": 2}),
    ("seep", {"players": 2}),
    ("seep30", {"players": 2}),
    ("suipe", {"players": 2}),
    ("suipe", {"players": 3}),
    ("sheepshead", {"players": 5}),
]
TWO_SIDES = [g for g in GAMES if g != ("suipe", {"players": 3})]


def sides(model: Any, deal: Any) -> Sequence[int] | None:
    """The deal's two sides, where the game's model says it has two (the solver prunes)."""
    found = getattr(model, "sides", None)
    return found(deal) if found is not None else None


def widest_face_up_step(game: str, rules: dict[str, int]) -> tuple[int, int, str, str]:
    """Of seat 0's face-up decisions in the first deal (from seed 5 on) where a late choice
    matters, the one whose worst choice lies farthest behind its best (the real cards,
    solved): the deal's seed, the step (0 first), the best and worst notations."""
    for seed in range(5, 15):
        found = _spread(game, rules, seed)
        if found[0] > 0:
            return seed, found[1], found[2], found[3]
    raise AssertionError("no late choice mattered in ten deals")


def _spread(game: str, rules: dict[str, int], seed: int) -> tuple[float, int, str, str]:
    record = played_record(game, rules, seed)
    model = model_for(game)
    review = review_deal(record, 0, seed=1, samples=4)
    assert review.face_up, "the last decisions are solved face up"
    found = []
    for solved in review.face_up:
        match = state_at(record, solved.step - 1)
        deal = match.deal  # type: ignore[attr-defined]
        answers = solve_choices(deal, model.mover(deal, 0), model.final, sides=sides(model, deal))
        best = max(answers, key=lambda a: a[1])
        worst = min(answers, key=lambda a: a[1])
        found.append((best[1] - worst[1], solved.step - 1, best[0], worst[0]))
    return max(found)


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_a_move_the_cards_punish_shows_face_up_and_the_best_does_not(
    game: str, rules: dict[str, int]
) -> None:
    seed, step, best, worst = widest_face_up_step(game, rules)
    bad = review_deal(played_record(game, rules, seed, {step: worst}), 0, seed=1, samples=4)
    (solved,) = [f for f in bad.face_up if f.step == step + 1]
    assert solved.played.notation == worst and solved.best.notation != worst
    assert solved.loss > 0 and solved.best.value > solved.played.value

    good = review_deal(played_record(game, rules, seed, {step: best}), 0, seed=1, samples=4)
    (solved,) = [f for f in good.face_up if f.step == step + 1]
    assert solved.played.notation == best and solved.loss == 0


@pytest.mark.parametrize(("game", "rules"), TWO_SIDES)
def test_two_sides_pruned_give_the_figures_of_every_player_for_themselves(
    game: str, rules: dict[str, int]
) -> None:
    """Where a deal has two sides the solver prunes (alpha-beta): each choice's figure is the
    one the full search (max-n) finds."""
    record = played_record(game, rules, 6)
    model = model_for(game)
    review = review_deal(record, 0, seed=1, samples=2)
    compared = 0
    for solved in review.face_up:
        deal = state_at(record, solved.step - 1).deal  # type: ignore[attr-defined]
        two = sides(model, deal)
        assert two is not None and len(set(two)) == 2
        mover = model.mover(deal, 0)
        try:
            full = solve_choices(deal, mover, model.final, budget=60_000)
        except TooBig:
            continue  # reached by the pruned search only: an earlier decision
        assert solve_choices(deal, mover, model.final, sides=two) == full
        compared += 1
    assert compared >= 1


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_the_face_up_view_is_kept_apart_from_what_the_seat_could_know(
    game: str, rules: dict[str, int]
) -> None:
    record = played_record(game, rules, 5)
    with_view = review_deal(record, 0, seed=1, samples=4)
    without = review_deal(record, 0, seed=1, samples=4, face_up=False)
    assert with_view.face_up and not without.face_up
    assert with_view.decisions == without.decisions, "the face-up view changes no figure"
    assert with_view.total_loss == without.total_loss
    steps = [d.step for d in with_view.decisions]
    assert [f.step for f in with_view.face_up] == steps[-len(with_view.face_up) :]


def test_the_start_of_a_deal_is_too_big_to_solve_face_up() -> None:
    record = played_record("sheepshead", {"players": 5}, 5)
    match = state_at(record, 0)
    deal = match.deal  # type: ignore[attr-defined]
    model = model_for("sheepshead")
    with pytest.raises(TooBig):
        solve_choices(deal, deal.turn, model.final, budget=5_000)


@pytest.mark.parametrize(
    ("game", "rules"), [("sedma", {"players": 2}), ("sheepshead", {"players": 5})]
)
def test_the_face_up_view_names_each_move_as_it_was_then(game: str, rules: dict[str, int]) -> None:
    """A face-up move reads as the decision's own moves do ("Play 9♦: takes the trick so
    far"), not as the same card would at the deal's end ("Lead 9♦")."""
    record = played_record(game, rules, 5)
    review = review_deal(record, 0, seed=1, samples=4)
    assert review.face_up
    names = list(record.names)
    for solved in review.face_up:
        match = state_at(record, solved.step - 1)
        actions = {str(a): a for a in match.legal_actions()}
        for choice in (solved.played, solved.best):
            assert choice.words == match.describe(actions[choice.notation], names), solved.step

"""Puzzles from finished deals: positions where one move is clearly best from the mover's own
knowledge (the review's figures, engine/review.py), and Sheepshead's pick-or-pass trainer.

A puzzle is a finished deal's record, a move number and the figures of the mover's choices
there. Its position is rebuilt from the record and shown only as the mover saw it (their own
view of the table and their hand); the hidden cards of the record are never read to pose or
explain it. A puzzle's difficulty and its solvers' skill are Elo ratings: a solver gains more
for a puzzle rated above them, a puzzle rises each time it is missed.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engine.records import DealRecord, state_at
from engine.review import DealReview, model_for, weigh

PICK_OR_PASS = frozenset({"pick", "pass"})
CONFIRM_WORLDS = 24  # a candidate is weighed again on this many worlds before it is kept
CONFIRMED_AT_MOST = 4  # candidates of one deal weighed again (the widest leads first)
START_RATING = 1500.0
K_FACTOR = 32.0


@dataclass(frozen=True, slots=True)
class PuzzleFind:
    """A position worth posing: the record's move `step` (0 first) by `player`, its choices'
    figures (notation, figure; best first), and whether it is the pick-or-pass trainer's."""

    step: int
    player: int
    choices: tuple[tuple[str, float], ...]
    kind: str = "best"  # "best": find the best move; "pick": pick or pass

    @property
    def best(self) -> str:
        return self.choices[0][0]

    @property
    def gap(self) -> float:
        """How far the best move lies ahead of the next one."""
        return self.choices[0][1] - self.choices[1][1] if len(self.choices) > 1 else 0.0


def find_puzzles(record: DealRecord, review: DealReview, confirm: bool = True) -> list[PuzzleFind]:
    """The decisions of the reviewed seat where one choice is clearly best, and every pick
    or pass (`candidates`, then `kept`)."""
    found = candidates(record, review)
    return kept(record, found) if confirm else found


def candidates(record: DealRecord, review: DealReview) -> list[PuzzleFind]:
    """The reviewed seat's decisions whose best choice leads every other by the game's
    clear-loss threshold in the review (a quick one: to be weighed again, `kept`), and every
    pick or pass."""
    clear = model_for(record.game).thresholds.clear
    found = []
    for decision in review.decisions:
        weighed = sorted((c for c in decision.choices if c.worlds >= decision.best.worlds),
                         key=lambda c: -c.value)  # fmt: skip
        if len(weighed) < 2:
            continue
        choices = tuple((c.notation, c.value) for c in weighed)
        notations = {c.notation for c in decision.choices}
        if notations >= PICK_OR_PASS:
            found.append(PuzzleFind(decision.step - 1, review.seat, choices, "pick"))
        elif choices[0][1] - choices[1][1] >= clear:
            found.append(PuzzleFind(decision.step - 1, review.seat, choices))
    return found


def kept(
    record: DealRecord, found: list[PuzzleFind], at_most: int = CONFIRMED_AT_MOST,
    seconds: float | None = None,
) -> list[PuzzleFind]:  # fmt: skip
    """Every pick or pass, and of the other candidates the `at_most` widest leads weighed
    again on more worlds (so that a quick review's noise is not taken for a lead), those
    that still lead by the clear-loss threshold; in the deal's order. With `seconds` (the
    bot's), the candidates share that time, each weighed on fewer worlds once past its share
    (four at least); without, each on `CONFIRM_WORLDS`."""
    clear = model_for(record.game).thresholds.clear
    picks = [f for f in found if f.kind == "pick"]
    best = sorted((f for f in found if f.kind != "pick"), key=lambda f: -f.gap)[:at_most]
    end = time.perf_counter() + (seconds or 0.0)
    again = []
    for left, find in zip(range(len(best), 0, -1), best, strict=True):
        now = time.perf_counter()
        deadline = None if seconds is None else now + max(0.0, end - now) / left
        again.append(confirmed(record, find, deadline=deadline))
    return sorted(picks + [f for f in again if f.gap >= clear], key=lambda f: f.step)


def confirmed(
    record: DealRecord, find: PuzzleFind, worlds: int = CONFIRM_WORLDS,
    deadline: float | None = None,
) -> PuzzleFind:  # fmt: skip
    """The candidate's choices weighed again, on more worlds (from the mover's view; fewer,
    four at least, past `deadline`)."""
    model = model_for(record.game)
    match = state_at(record, find.step)
    deal = match.deal  # type: ignore[attr-defined]
    seat = model.mover(deal, find.player)
    rng = random.Random(f"puzzle {record.game} {find.step}")
    weighed, _ = weigh(deal, seat, record.actions[find.step], model, rng, samples=worlds,
                       deadline=deadline)  # fmt: skip
    full = max(len(values) for _, _, values in weighed)
    choices = sorted(((n, sum(v) / len(v)) for n, _, v in weighed if len(v) == full),
                     key=lambda c: -c[1])  # fmt: skip
    return PuzzleFind(find.step, find.player, tuple(choices), find.kind)


def starting_rating(gap: float, clear: float) -> float:
    """A new puzzle's rating: the narrower its best move's lead, the harder it is thought."""
    lead = max(1.0, gap / clear)
    return START_RATING + 200.0 / lead


def expected(solver: float, puzzle: float) -> float:
    """The chance an Elo rating of `solver` gives them of solving a puzzle rated `puzzle`."""
    return 1.0 / (1.0 + 10 ** ((puzzle - solver) / 400.0))


def rated(solver: float, puzzle: float, solved: bool) -> tuple[float, float]:
    """Both ratings after one first try: a hard puzzle solved counts more, an easy one missed
    costs more."""
    change = K_FACTOR * ((1.0 if solved else 0.0) - expected(solver, puzzle))
    return solver + change, puzzle - change


def has_pick_or_pass(game: str) -> bool:
    """Whether `game` opens its deals with a pick or a pass (the pick-or-pass trainer's
    decision): read from a new match's first choices, not from the game's name."""
    from engine import registry

    match = registry.new_match(game, 0)
    return {action.notation for action in match.legal_actions()} >= PICK_OR_PASS

"""Reviewing a finished deal: what each decision of one seat was worth, from that seat's knowledge.

For every decision the seat made (a bid, a capture, a house, a pick, a bury, a lead, ...),
every legal choice is weighed as the hard computer player weighs its own: the cards the seat
could not see are dealt again at random (the game's own world sampler, from the seat's view
only), each choice is played in each imagined world and the deal played on by the computer
players' judgement, and the choice's figure is its average result there, in the game's own
currency (see `ReviewModel.unit`). All choices are compared on the same worlds, and a world's
play-outs share one random seed, so that the difference between two choices is measured on
equal cards. A choice far behind after the first `trial` worlds is left there (its figure is
over those worlds only); the one played and the best `finalists` are weighed on every world.

A decision's loss is the best figure minus the figure of the choice made. It is marked (small,
clear, big: each game's thresholds, see docs/review.md) only where it passes the threshold and
twice its standard error, so that the noise of the sampling is not called a mistake. Nothing
here reads another seat's cards: they are replaced before any choice is tried.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import import_module
from typing import Any, Protocol

from engine import registry
from engine.core import AnyGame, GameError
from engine.records import DealRecord, RecordError, walk
from engine.review_faceup import NODES, TooBig, best_of, solve_choices
from engine.words import say


class ReviewUnavailable(GameError):
    """The game has no review, or the seat did not play the deal; the message says which."""


class Mark(StrEnum):
    NONE = "none"
    SMALL = "small"
    CLEAR = "clear"
    BIG = "big"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The losses (in the game's unit) from which a decision is a small, clear or big loss."""

    small: float
    clear: float
    big: float

    def mark(self, loss: float, noise: float) -> Mark:
        if loss <= 2 * noise:
            return Mark.NONE  # within the sampling's noise: not called a mistake
        if loss >= self.big:
            return Mark.BIG
        if loss >= self.clear:
            return Mark.CLEAR
        if loss >= self.small:
            return Mark.SMALL
        return Mark.NONE


class ReviewModel(Protocol):
    """What a game gives its review: its imagined worlds, its play-outs and its thresholds."""

    unit: str  # "points" (the deal's points), "card points", "units" (a scoresheet's)
    thresholds: Thresholds
    samples: int  # worlds per decision, at most (fewer once the loss is steady: `STEADY`)
    trial: int  # worlds every choice is played in, before the weak ones are left (at least)
    finalists: int  # choices (besides the one played) weighed on every world
    digits: int  # decimals shown

    def mover(self, deal: Any, player: int) -> int:
        """The seat of the deal that `player` (to move) plays (two-handed Seep: one of two)."""

    def imagine(self, deal: Any, seat: int, rng: random.Random) -> Any:
        """A copy of `deal` with every card `seat` cannot see dealt again at random."""

    def choices(self, deal: Any) -> Sequence[Any]:
        """The legal choices of the seat to move (the deal's own moves)."""

    def shortlist(
        self, deal: Any, seat: int, options: Sequence[Any], rng: random.Random
    ) -> set[int]:
        """The choices worth weighing (by index; the one played is always added)."""

    def value(self, world: Any, action: Any, seat: int, rng: random.Random, memo: Any) -> float:
        """`action` played in `world` (left unchanged) and the deal played on: `seat`'s
        result in the unit. `memo` is one decision's cache (`new_memo`)."""

    def new_memo(self) -> Any: ...

    def final(self, deal: Any, seat: int) -> float:
        """A finished deal's figure for `seat`, in the unit (the face-up view's)."""


@dataclass(frozen=True, slots=True)
class Choice:
    notation: str
    words: str  # the move in the reader's words
    value: float  # its average figure
    worlds: int  # over how many imagined worlds


@dataclass(frozen=True, slots=True)
class Decision:
    step: int  # the action's number in the record (1 first)
    played: Choice
    best: Choice
    choices: tuple[Choice, ...]  # best first
    loss: float  # best.value - played.value (≥ 0)
    noise: float  # the loss's standard error over the worlds
    mark: Mark

    @property
    def significant(self) -> bool:
        """A loss beyond the sampling's noise (marked or not: many small ones add up)."""
        return self.loss > 2 * self.noise


@dataclass(frozen=True, slots=True)
class DealReview:
    game: str
    seat: int
    unit: str
    thresholds: Thresholds
    samples: int
    digits: int
    decisions: tuple[Decision, ...]
    face_up: tuple[FaceUp, ...] = field(default=())

    @property
    def total_loss(self) -> float:
        """Every loss beyond the noise, marked or not, so that many small ones show."""
        return sum(d.loss for d in self.decisions if d.significant)

    @property
    def marked(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.mark is not Mark.NONE)


@dataclass(frozen=True, slots=True)
class FaceUp:
    """A late decision solved with every card face up: the choice the cards allowed, and what
    the one played gave (exact, given everyone's best play from there)."""

    step: int
    played: Choice
    best: Choice

    @property
    def loss(self) -> float:
        return max(0.0, self.best.value - self.played.value)


# ----- finding a game's review ---------------------------------------------------------------


REVIEWS = {
    "seep": "engine.seep.review:REVIEW",
    "seep30": "engine.seep.review:REVIEW30",
    "suipe": "engine.suipe.review:REVIEW",
    "sedma": "engine.sedma.review:REVIEW",
    "hola": "engine.sedma.review:HOLA_REVIEW",
    "sheepshead": "engine.sheepshead.review:REVIEW",
}
"""Each built-in game's review model ("module:name"); another game's is found under
`engine/<game>/review.py` as `REVIEW`, or it has none."""


def _package_of(spec: registry.GameSpec) -> str:
    """The package of a game's computer players (`engine.sedma` for a `LazyComputer` of
    "engine.sedma.ai:COMPUTER"), where its `review.py` is looked for."""
    computer = spec.computer
    if isinstance(computer, registry.LazyComputer):
        module = computer.target.partition(":")[0]
    else:
        module = type(computer).__module__
    return module.rpartition(".")[0] or spec.name


def model_for(game: str) -> ReviewModel:
    target = REVIEWS.get(game)
    try:
        if target is None:
            package = _package_of(registry.game(game))
            target = f"{package}.review:REVIEW"
        module, _, name = target.partition(":")
        model: ReviewModel = getattr(import_module(module), name)
    except (ImportError, AttributeError, GameError):
        raise ReviewUnavailable(say("Deals of this game cannot be reviewed yet.")) from None
    return model


# ----- weighing one decision -------------------------------------------------------------------


STEADY = 1 / 4
"""A decision is weighed on more worlds (twice its `trial` at least, its model's `samples` at
most) until the standard error of its loss is at most this share of the game's small-loss
threshold."""


LEAST = 4  # worlds a decision is weighed on, whatever the time


def weigh(
    deal: Any,
    seat: int,
    played: str,
    model: ReviewModel,
    rng: random.Random,
    describe: Callable[[Any], str] = str,
    samples: int | None = None,
    deadline: float | None = None,
) -> tuple[list[tuple[str, Any, list[float]]], int]:
    """Every choice of `seat` (to move in `deal`) with its values per imagined world, and the
    index of the one `played` (by notation)."""
    options = list(model.choices(deal))
    notations = [str(action) for action in options]
    if played not in notations:
        raise RecordError(say("The record was altered: a move is not among the legal ones."))
    chosen = notations.index(played)
    values: list[list[float]] = [[] for _ in options]
    alive = sorted(model.shortlist(deal, seat, options, rng) | {chosen})
    memo = model.new_memo()
    total = samples or model.samples
    steady = model.thresholds.small * STEADY
    for world_number in range(total):
        if deadline is not None and world_number >= LEAST and time.perf_counter() > deadline:
            break  # the bot's time for this decision is up (see `review_deal`)
        if world_number == model.trial and len(alive) > model.finalists + 1:
            ranked = sorted(alive, key=lambda i: -_mean(values[i]))
            kept = ranked[: model.finalists]
            alive = sorted(set(kept) | {chosen})
        if world_number >= 2 * model.trial and world_number % 4 == 0 and samples is None:
            best = max(alive, key=lambda i: _mean(values[i]))
            diffs = [b - p for b, p in zip(values[best], values[chosen], strict=True)]
            if _standard_error(diffs) <= steady:
                break  # the loss is known well enough: a steady figure
        world = model.imagine(deal, seat, rng)
        play_seed = rng.getrandbits(64)
        for index in alive:
            values[index].append(
                model.value(world, options[index], seat, random.Random(play_seed), memo)
            )
    return [(notations[i], options[i], values[i]) for i in range(len(options))], chosen


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("-inf")


def decide(
    weighed: list[tuple[str, Any, list[float]]],
    chosen: int,
    step: int,
    thresholds: Thresholds,
    describe: Callable[[Any], str],
) -> Decision:
    full = len(weighed[chosen][2])
    choices = [
        Choice(notation, describe(action), _mean(values), len(values))
        for notation, action, values in weighed
    ]
    # the best among the choices weighed on every world (the others were left behind)
    finalists = [i for i, (_, _, values) in enumerate(weighed) if len(values) == full]
    best = max(finalists, key=lambda i: (choices[i].value, i == chosen))
    diffs = [b - p for b, p in zip(weighed[best][2], weighed[chosen][2], strict=True)]
    loss = max(0.0, _mean(diffs))
    noise = _standard_error(diffs)
    ranked = sorted(range(len(choices)), key=lambda i: (-choices[i].worlds, -choices[i].value))
    return Decision(
        step=step,
        played=choices[chosen],
        best=choices[best],
        choices=tuple(choices[i] for i in ranked),
        loss=loss,
        noise=noise,
        mark=thresholds.mark(loss, noise),
    )


def _standard_error(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))


# ----- a whole deal --------------------------------------------------------------------------


def review_deal(
    record: DealRecord,
    seat: int,
    seed: int | str = 0,
    samples: int | None = None,
    names: Sequence[str] | None = None,
    seconds: float | None = None,
    face_up: bool = True,
    nodes: int = NODES,
) -> DealReview:
    """Every decision of `seat` in the finished deal `record` (checked as it is replayed).

    With `seconds` (the bot's), the review's time is shared out among the decisions left,
    and a decision past its share stops adding worlds (after `LEAST` of them): a crowded Seep
    floor then costs fewer worlds rather than a long wait. Without it, every decision gets its
    worlds (reproducible whatever the machine's load).

    With `face_up`, the seat's last decisions are also solved with every card face up (each
    within `nodes` positions): the review's second view, `DealReview.face_up`."""
    model = model_for(record.game)
    if not 0 <= seat < len(record.seats or ()) and record.seats:
        raise ReviewUnavailable(say("There is no such seat in this deal."))
    decisions: list[Decision] = []
    late: list[tuple[int, Any, int, str, dict[str, str]]] = []  # for the face-up view
    who = list(names or record.names)
    left = _count_decisions(record, seat, model) if seconds is not None else 0
    end = time.perf_counter() + (seconds or 0.0)
    for step, match in walk(record):
        if step >= len(record.actions):
            break
        if not _decides(match, seat):
            continue
        played = record.actions[step]
        deal = match.deal  # type: ignore[attr-defined]
        if len(model.choices(deal)) < 2:
            continue
        rng = random.Random(f"review {seed} {record.game} {seat} {step}")  # (each decision's own)
        mover = model.mover(deal, seat)
        deadline = None
        if seconds is not None:
            now = time.perf_counter()
            deadline = now + max(0.0, end - now) / max(1, left)
            left -= 1
        weighed, chosen = weigh(deal, mover, played, model, rng, samples=samples,
                                deadline=deadline)  # fmt: skip
        describe = _describer(match, who)
        decisions.append(decide(weighed, chosen, step + 1, model.thresholds, describe))
        # each choice's words now: `match` moves on, and a move described after the deal
        # reads as it would at its end ("Lead 9♦" for a card played to a trick)
        words = {str(action): describe(action) for action in model.choices(deal)}
        late.append((step + 1, deal.copy(), mover, played, words))
    return DealReview(
        game=record.game,
        seat=seat,
        unit=model.unit,
        thresholds=model.thresholds,
        samples=samples or model.samples,
        digits=model.digits,
        decisions=tuple(decisions),
        face_up=face_up_view(late, model, nodes) if face_up else (),
    )


def face_up_view(
    late: Sequence[tuple[int, Any, int, str, dict[str, str]]],
    model: ReviewModel,
    nodes: int = NODES,
) -> tuple[FaceUp, ...]:
    """The seat's last decisions solved with every card face up (see engine.review_faceup),
    from the last one back to the first one too big to solve; in the deal's order."""
    solved: list[FaceUp] = []
    for step, deal, mover, played, words in reversed(late):
        sides_of = getattr(model, "sides", None)  # (a game's own model may have none)
        sides = sides_of(deal) if sides_of is not None else None
        try:
            answers = solve_choices(deal, mover, model.final, nodes, sides)
        except TooBig:
            break
        best, best_value = best_of(answers, played)
        value = dict(answers)[played]
        solved.append(FaceUp(
            step=step,
            played=Choice(played, words[played], value, 1),
            best=Choice(best, words[best], best_value, 1),
        ))  # fmt: skip
    return tuple(reversed(solved))


def _count_decisions(record: DealRecord, seat: int, model: ReviewModel) -> int:
    count = 0
    for step, match in walk(record):
        if step < len(record.actions) and _decides(match, seat):
            count += len(model.choices(match.deal)) > 1  # type: ignore[attr-defined]
    return count


def _decides(match: AnyGame, seat: int) -> bool:
    return match.pending_cut is None and match.current_player == seat and not match.is_terminal


def _describer(match: AnyGame, names: Sequence[str]) -> Callable[[Any], str]:
    def describe(action: Any) -> str:
        try:
            return match.describe(action, names)
        except (GameError, ValueError):
            return str(action)

    return describe

"""A paired A/B test of two hard-player budgets in a fishing game, run by hand:
`python -m benchmarks.fishing_ab --game seep --players 4 --b depth=4 --deals 100 --first-seed 101`.

Both budgets play the same duplicate shuffles (each shuffle once with hard on each side, the
others normal), so the cards cancel out twice: the figure that matters is the paired
difference, B's hard − normal minus A's, shuffle by shuffle, with a 95% interval. Every
decision has its own random generator, seeded by shuffle, side and decision number, so A and B
play alike until a decision of theirs differs (`--shared-seeds`: one generator for the hand,
as `benchmarks.ai` does, and a change's extra draws move every later decision).

`--a` and `--b` take `field=value` pairs of `SearchBudget` (none: the default budget).
`--save-a`/`--save-b` write each side's per-shuffle results and decision times to a JSON file;
`--a-file` and `--b-file` read a side's from one instead of playing it (a code change is then
measured against the saved run of the code before it, on the same shuffles), and `--only-b`
plays B alone, to be compared later.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.ai import Setup, decide, duplicate, interval, sides_of
from bot.players import HARD_BUDGET
from engine.ai import SearchBudget
from engine.games import new_match


@dataclass(slots=True)
class Side:
    """One budget's results: hard − normal per shuffle, and hard's decision times."""

    label: str
    results: dict[int, float] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)

    def play(self, setup: Setup, seed: int, own_seeds: bool) -> float:
        if own_seeds:
            sides = range(sides_of(setup.game, setup.players))
            value = statistics.fmean(play_deal(setup, seed, side, self.times) for side in sides)
        else:
            value, times = duplicate(("deal", setup, seed))
            self.times.extend(times.get("hard", []))
        self.results[seed] = value
        return value

    def save(self, path: Path) -> None:
        data = {"label": self.label, "results": self.results, "times": self.times}
        path.write_text(json.dumps(data))

    @classmethod
    def load(cls, path: Path) -> Side:
        data = json.loads(path.read_text())
        results = {int(seed): float(value) for seed, value in data["results"].items()}
        return cls(str(data["label"]), results, [float(t) for t in data["times"]])


def play_deal(setup: Setup, seed: int, first_side: int, hard_times: list[float]) -> float:
    """One deal with `setup.first` on `first_side`, each decision with its own generator: the
    first side's score minus the others' average."""
    match: Any = new_match(setup.game, seed, players=setup.players)  # a fishing match
    times: dict[str, list[float]] = {}
    decisions = 0
    while not match.deal_results:
        player = match.current_player
        mine = match.deal.side_of(match.deal.turn) == first_side
        rng = random.Random(f"{seed}:{first_side}:{decisions}")
        match.apply(decide(match, setup.first if mine else setup.second, rng, setup, times), player)
        decisions += 1
    hard_times.extend(times.get(setup.first, []))
    totals = [side.total for side in match.deal_results[0].score.sides]
    others = [total for side, total in enumerate(totals) if side != first_side]
    return float(totals[first_side] - statistics.fmean(others))


def parse_budget(pairs: list[str], seconds: float | None) -> SearchBudget:
    """`SearchBudget` with `field=value` overrides (`none` for None, `true`/`false`)."""
    budget = dataclasses.replace(SearchBudget(), seconds=seconds)
    types = {f.name: f for f in dataclasses.fields(SearchBudget)}
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in types:
            raise SystemExit(f"no budget field {name!r}")
        changes[name] = _value(text)
    return dataclasses.replace(budget, **changes)


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered == "none":
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    return float(text) if "." in text else int(text)


def summary(side: Side, seeds: list[int]) -> str:
    mean, half = interval([side.results[seed] for seed in seeds])
    times = sorted(side.times)
    if not times:
        return f"{side.label}: hard − normal {mean:+.2f} ± {half:.2f}"
    p95 = times[int(0.95 * (len(times) - 1))]
    return (
        f"{side.label}: hard − normal {mean:+.2f} ± {half:.2f}; hard median "
        f"{1000 * statistics.median(times):.1f} ms, p95 {1000 * p95:.1f} ms "
        f"over {len(times)} decisions"
    )


def report(a: Side, b: Side, seeds: list[int]) -> str:
    diffs = [b.results[seed] - a.results[seed] for seed in seeds]
    mean, half = interval(diffs)
    return "\n".join(
        (
            f"shuffles {seeds[0]}–{seeds[-1]} ({len(seeds)})",
            "    " + summary(a, seeds),
            "    " + summary(b, seeds),
            f"    paired B − A: {mean:+.2f} ± {half:.2f}",
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="seep", choices=("seep", "seep30", "suipe"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100, help="shuffles")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--a", nargs="*", default=[], help="A's budget: field=value ...")
    parser.add_argument("--b", nargs="*", default=[], help="B's budget: field=value ...")
    parser.add_argument("--a-file", type=Path, help="A's results, saved by an earlier run")
    parser.add_argument("--b-file", type=Path, help="B's results, saved by an earlier run")
    parser.add_argument("--only-b", action="store_true", help="play B alone (save it)")
    parser.add_argument("--save-a", type=Path)
    parser.add_argument("--save-b", type=Path)
    parser.add_argument(
        "--seconds",
        type=float,
        default=HARD_BUDGET.seconds,
        help="the hard player's thinking time, as in the bot (0: no limit)",
    )
    parser.add_argument(
        "--shared-seeds", action="store_true", help="one generator a hand (benchmarks.ai)"
    )
    parser.add_argument("--every", type=int, default=10, help="report every so many shuffles")
    args = parser.parse_args()
    seconds = args.seconds or None
    seeds = list(range(args.first_seed, args.first_seed + args.deals))
    a = Side.load(args.a_file) if args.a_file else Side("A " + (" ".join(args.a) or "default"))
    b = Side.load(args.b_file) if args.b_file else Side("B " + (" ".join(args.b) or "default"))
    for path, side in ((args.a_file, a), (args.b_file, b)):
        missing = [seed for seed in seeds if seed not in side.results]
        if path and missing:
            raise SystemExit(f"{path} lacks shuffles {missing[0]}…")
    setup_a = Setup(args.game, args.players, "hard", "normal", parse_budget(args.a, seconds))
    setup_b = Setup(args.game, args.players, "hard", "normal", parse_budget(args.b, seconds))
    play_a = not (args.a_file or args.only_b)
    started = time.perf_counter()
    for done, seed in enumerate(seeds, 1):
        if play_a:
            a.play(setup_a, seed, not args.shared_seeds)
        if not args.b_file:
            b.play(setup_b, seed, not args.shared_seeds)
        if done % args.every and done < len(seeds):
            continue
        played = seeds[:done]
        text = summary(b, played) if args.only_b else report(a, b, played)
        print(text, f"({time.perf_counter() - started:.0f} s)", end="\n\n", flush=True)
        if args.save_a and play_a:
            a.save(args.save_a)
        if args.save_b and not args.b_file:
            b.save(args.save_b)


if __name__ == "__main__":
    main()

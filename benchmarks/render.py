"""Render speed, run by hand from the project root: `python -m benchmarks.render`.

Median time to render the table image and encode it as PNG (sprites and fonts cached after the
first image, as in the running bot), and the PNG size, for a set of positions.
"""

from __future__ import annotations

import random
import statistics
import time

from engine.seep import SeepMatch, SeepRules, parse_position
from engine.suipe import SuipeMatch, SuipeRules
from renderers import hand, summary, table
from renderers.gallery import SEEP_POSITIONS

NAMES = ["Asha", "Dev", "Ravi", "Mira"]


def timed(render, repeats: int = 30) -> tuple[float, int]:
    render()  # warm the caches
    times = []
    size = 0
    for _ in range(repeats):
        started = time.perf_counter()
        size = len(render())
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), size


def played(match, plays: int):
    rng = random.Random(1)
    for _ in range(plays):
        match.apply(rng.choice(match.legal_actions()))
    return match


def main() -> None:
    cases = {
        f"seep {name}": SeepMatch.from_position(parse_position(text)).view()
        for name, text in SEEP_POSITIONS.items()
    }
    cases["seep mid-deal"] = played(SeepMatch(SeepRules(), 2), 20).view()
    cases["suipe 3 players"] = played(SuipeMatch(SuipeRules(players=3), 2), 20).view()
    print("Table image: render + PNG encode (median of 30)")
    for name, view in cases.items():
        ms, size = timed(lambda view=view: table.render_png(view, NAMES))
        print(f"  {name:<36} {ms:6.1f} ms  {size / 1024:6.1f} KB")
    own = played(SeepMatch(SeepRules(), 2), 20)
    ms, size = timed(lambda: hand.render_png(own.view(own.current_player)))
    print(f"Hand image: {ms:.1f} ms, {size / 1024:.1f} KB")
    finished = SeepMatch(SeepRules(baazis=2), 3)
    rng = random.Random(3)
    while len(finished.deal_results) < 3:
        finished.apply(rng.choice(finished.legal_actions()))
    ms, size = timed(lambda: summary.render_png(finished.view(), NAMES))
    print(f"Deal summary: {ms:.1f} ms, {size / 1024:.1f} KB")


if __name__ == "__main__":
    main()

"""Deal records and animated replays, run by hand from the project root:
`python -m benchmarks.records`.

Reports, for a deal of each game played by computer seats from fresh secret keys:
- the record file's size in bytes (docs/records.md);
- the animated replay of a 4-player Seep deal and a 5-player Sheepshead hand: render time
  (wall clock, one core) and size, for GIF and WebP (the target: at most 2 s and 5 MB).
"""

from __future__ import annotations

import random
import time

from engine import registry
from engine.ai import choose_action
from engine.core import PUBLIC, GameState
from engine.fairness import DealKeys
from engine.records import SeatEntry, make_record, walk
from renderers.replay import render_animation
from tests.engine.sample_tables import BUILT_IN_TABLES

GAMES = BUILT_IN_TABLES


def played_deal(game: str, rules: dict[str, int], seed: int) -> GameState:
    match = registry.new_match(game, DealKeys.fresh(), **rules)
    rng = random.Random(seed)
    while match.deals_finished == 0:
        player = match.current_player
        assert player is not None
        match.apply(choose_action(match, player, "easy", rng))
    return match


def main() -> None:
    print("record size per deal (bytes, median of 5 deals):")
    records = {}
    for game, rules in GAMES:
        sizes = []
        for seed in range(5):
            match = played_deal(game, rules, seed)
            seats = [SeatEntry(f"Player {p + 1}", "normal") for p in range(match.num_players)]
            record = make_record(match, 1, seats, "2026-11-26T10:00:00Z")
            sizes.append(len(record.to_text().encode()))
            records[game] = record
        sizes.sort()
        print(f"  {game:<11} {sizes[len(sizes) // 2]:>6}")
    for game in ("seep", "sheepshead"):
        record = records[game]
        pictures = [
            match.view(PUBLIC).picture(record.names)
            for _, match in walk(record)
            if match.pending_cut is None
        ]
        for kind in ("gif", "webp"):
            began = time.perf_counter()
            data = render_animation(pictures, kind=kind)
            took = time.perf_counter() - began
            print(
                f"replay {game} {kind}: {len(pictures)} frames, {took:.2f} s, "
                f"{len(data) / 1e6:.2f} MB"
            )


if __name__ == "__main__":
    main()

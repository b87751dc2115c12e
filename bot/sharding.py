"""Which Discord shards a process runs, and so which tables it serves.

Discord sends a guild's events (its interactions among them) to shard
`(guild_id >> 22) % shard_count`. A table belongs to its guild, so the process running that
shard is the one that restores and serves the table; every process reads and writes the
shared database for everything else (boards, stats, settings).
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """The shards this process runs, out of `count`; no plan means one unsharded process."""

    ids: tuple[int, ...]
    count: int

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}"


def parse_shards(text: str, count: int) -> ShardPlan:
    """`0-3`, `4`, `0,2,5-7` → a plan; a ValueError with a one-line reason otherwise."""
    if count < 1:
        raise ValueError(f"the shard count must be at least 1, not {count}")
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"shards are numbers or ranges like 0-3, not {text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ValueError(f"the shard range {part} runs backwards")
        ids.update(range(low, high + 1))
    if max(ids) >= count:
        raise ValueError(f"shard {max(ids)} does not exist: shards run from 0 to {count - 1}")
    return ShardPlan(tuple(sorted(ids)), count)

"""What each of the bot's processes asks of Discord's global bucket, as they share it."""

from __future__ import annotations

from bot.storage.store import Store


class PaceStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def say(self, process: str, wanted: float, now: float) -> None:
        """`process` asked for `wanted` requests a second lately (said at `now`)."""
        await self.store.database.run(
            "INSERT INTO pace_demands (process, wanted, said_at) VALUES (?, ?, ?)"
            " ON CONFLICT (process) DO UPDATE SET wanted = excluded.wanted,"
            " said_at = excluded.said_at",
            (process, wanted, now),
        )

    async def demands(self, since: float) -> dict[str, float]:
        """Each process's demand said since `since`; older ones are of processes gone."""
        rows = await self.store.database.all(
            "SELECT process, wanted FROM pace_demands WHERE said_at >= ?", (since,)
        )
        return {str(process): float(wanted) for process, wanted in rows}

    async def leave(self, process: str) -> None:
        """`process` stops: its share is free for the others at once."""
        await self.store.database.run("DELETE FROM pace_demands WHERE process = ?", (process,))

    async def forget_before(self, moment: float) -> None:
        await self.store.database.run("DELETE FROM pace_demands WHERE said_at < ?", (moment,))

"""Puzzles from a server's finished deals (engine/puzzles.py finds them): harvested from the
deal records, served, tried once per member, rated, and a daily puzzle per server and game.

Only finished deals have records (a daily deal's only once its day is over), so a puzzle never
comes from a deal still in play. The daily puzzle is chosen from the server's puzzles by the
day alone: every member gets the same one that day.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.backends import Database, integer, json_text, real
from bot.storage.store import Store
from engine.core import GameError
from engine.puzzles import START_RATING, PuzzleFind, candidates, kept, rated, starting_rating
from engine.records import DealRecord
from engine.review import ReviewUnavailable, model_for, review_deal

HARVEST_SECONDS = 4.0  # a deal's review time when it is looked at for puzzles (the bot's)
CONFIRM_SECONDS = 2.0  # then its candidates' time, weighed again (the bot's)
HARVEST_AT_ONCE = 3  # deals looked at, at most, when a server has no puzzle to serve

PUZZLE_COLUMNS = "id, guild_id, game, deal_id, step, player, kind, choices, rating, tries, solved"


@dataclass(frozen=True, slots=True)
class PuzzleRow:
    id: int
    guild_id: int
    game: str
    deal_id: int
    step: int
    player: int
    kind: str
    choices: tuple[tuple[str, float], ...]  # best first
    rating: float
    tries: int = 0
    solved: int = 0

    @property
    def best(self) -> str:
        return self.choices[0][0]


@dataclass(frozen=True, slots=True)
class RatingRow:
    user_id: int
    name: str
    rating: float
    tries: int
    solved: int


def _puzzle(row: Sequence[object]) -> PuzzleRow:
    choices = tuple((str(n), real(v)) for n, v in json.loads(json_text(row[7])))
    return PuzzleRow(integer(row[0]), integer(row[1]), str(row[2]), integer(row[3]),
                     integer(row[4]), integer(row[5]), str(row[6]), choices, real(row[8]),
                     integer(row[9]), integer(row[10]))  # fmt: skip


class PuzzleStore:
    """The puzzle tables of the bot's store (migration 17)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def db(self) -> Database:
        return self.store.database

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None:
        row = await self.db.one(f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = ?",
                                (puzzle_id,))  # fmt: skip
        return _puzzle(row) if row else None

    async def puzzles(self, guild_id: int, game: str, kind: str) -> list[PuzzleRow]:
        rows = await self.db.all(
            f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE guild_id = ? AND game = ? AND kind = ?"
            " ORDER BY id",
            (guild_id, game, kind),
        )
        return [_puzzle(row) for row in rows]

    async def untried(self, guild_id: int, game: str, kind: str, user_id: int) -> list[PuzzleRow]:
        rows = await self.db.all(
            f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE guild_id = ? AND game = ? AND kind = ?"
            " AND id NOT IN (SELECT puzzle_id FROM puzzle_tries WHERE user_id = ?) ORDER BY id",
            (guild_id, game, kind, user_id),
        )
        return [_puzzle(row) for row in rows]

    async def unharvested(self, guild_id: int, game: str, limit: int) -> list[tuple[int, str]]:
        """Finished deals of the server and game not yet looked at: (id, record), newest first."""
        rows = await self.db.all(
            "SELECT id, record FROM deal_records WHERE guild_id = ? AND game = ? AND id NOT IN"
            " (SELECT deal_id FROM puzzle_harvested) ORDER BY id DESC LIMIT ?",
            (guild_id, game, limit),
        )
        return [(int(row[0]), str(row[1])) for row in rows]

    async def add(self, guild_id: int, game: str, deal_id: int, finds: Sequence[PuzzleFind],
                  clear: float) -> None:  # fmt: skip
        async with self.db.transaction() as tx:
            for find in finds:
                await tx.run(
                    "INSERT INTO puzzles (guild_id, game, deal_id, step, player, kind, choices,"
                    " rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (deal_id, step)"
                    " DO NOTHING",
                    (guild_id, game, deal_id, find.step, find.player, find.kind,
                     json.dumps(find.choices), starting_rating(find.gap, clear)),
                )  # fmt: skip
            await tx.run("INSERT INTO puzzle_harvested (deal_id) VALUES (?)"
                         " ON CONFLICT (deal_id) DO NOTHING", (deal_id,))  # fmt: skip

    async def daily(self, guild_id: int, local_day: str, game: str,
                    kind: str) -> PuzzleRow | None:  # fmt: skip
        """The puzzle chosen for the server's day (None: none chosen yet)."""
        columns = ", ".join(f"p.{c}" for c in PUZZLE_COLUMNS.split(", "))
        row = await self.db.one(
            f"SELECT {columns} FROM daily_puzzles d JOIN puzzles p ON p.id = d.puzzle_id"
            " WHERE d.guild_id = ? AND d.local_day = ? AND d.game = ? AND d.kind = ?",
            (guild_id, local_day, game, kind),
        )
        return _puzzle(row) if row else None

    async def keep_daily(self, puzzle: PuzzleRow, local_day: str) -> PuzzleRow:
        """Keep `puzzle` as the server's puzzle of the day; one already kept (by another
        process, a moment before) stays, and is returned."""
        await self.db.run(
            "INSERT INTO daily_puzzles (guild_id, local_day, game, kind, puzzle_id)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, local_day, game, kind) DO NOTHING",
            (puzzle.guild_id, local_day, puzzle.game, puzzle.kind, puzzle.id),
        )
        kept_one = await self.daily(puzzle.guild_id, local_day, puzzle.game, puzzle.kind)
        return kept_one or puzzle

    async def solvers(self, puzzle: PuzzleRow, since: float, until: float) -> list[str]:
        """The members whose first try solved `puzzle` between `since` and `until`, in the
        order they solved it (their names as last seen)."""
        rows = await self.db.all(
            "SELECT r.name FROM puzzle_tries t JOIN puzzle_ratings r ON r.user_id = t.user_id"
            " AND r.guild_id = ? WHERE t.puzzle_id = ? AND t.solved = 1 AND t.tried_at >= ?"
            " AND t.tried_at < ? ORDER BY t.tried_at, t.user_id",
            (puzzle.guild_id, puzzle.id, since, until),
        )
        return [str(row[0]) for row in rows]

    async def rating(self, guild_id: int, user_id: int) -> RatingRow | None:
        row = await self.db.one(
            "SELECT user_id, name, rating, tries, solved FROM puzzle_ratings"
            " WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return RatingRow(int(row[0]), str(row[1]), float(row[2]), int(row[3]),
                         int(row[4])) if row else None  # fmt: skip

    async def board(self, guild_id: int, limit: int = 10) -> list[RatingRow]:
        rows = await self.db.all(
            "SELECT user_id, name, rating, tries, solved FROM puzzle_ratings WHERE guild_id = ?"
            " ORDER BY rating DESC, solved DESC, user_id LIMIT ?",
            (guild_id, limit),
        )
        return [RatingRow(int(r[0]), str(r[1]), float(r[2]), int(r[3]), int(r[4])) for r in rows]

    async def tried(self, puzzle_id: int, user_id: int) -> bool:
        row = await self.db.one("SELECT 1 FROM puzzle_tries WHERE puzzle_id = ? AND user_id = ?",
                                (puzzle_id, user_id))  # fmt: skip
        return row is not None

    async def answer(self, puzzle: PuzzleRow, user_id: int, name: str, answer: str,
                     now: float | None = None) -> tuple[bool, float, float] | None:  # fmt: skip
        """A member's answer (at `now`, the daily deal's clock: the day's board counts the
        day's solvers): (solved, their rating before, after). A second try of the same
        puzzle is checked but not rated (None)."""
        solved = answer == puzzle.best
        async with self.db.transaction() as tx:
            first = await tx.one(
                "INSERT INTO puzzle_tries (puzzle_id, user_id, answer, solved, tried_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (puzzle_id, user_id) DO NOTHING"
                " RETURNING puzzle_id",
                (puzzle.id, user_id, answer, int(solved), time.time() if now is None else now),
            )
            if first is None:
                return None
            row = await tx.one("SELECT rating FROM puzzle_ratings WHERE guild_id = ? AND"
                               " user_id = ?", (puzzle.guild_id, user_id))  # fmt: skip
            before = float(row[0]) if row else START_RATING
            stored = await tx.one("SELECT rating FROM puzzles WHERE id = ?", (puzzle.id,))
            difficulty = float(stored[0]) if stored else puzzle.rating
            after, harder = rated(before, difficulty, solved)
            await tx.run(
                "INSERT INTO puzzle_ratings (guild_id, user_id, name, rating, tries, solved)"
                " VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
                " name = excluded.name, rating = excluded.rating,"
                " tries = puzzle_ratings.tries + 1, solved = puzzle_ratings.solved + ?",
                (puzzle.guild_id, user_id, name, after, int(solved), int(solved)),
            )
            await tx.run("UPDATE puzzles SET rating = ?, tries = tries + 1, solved = solved + ?"
                         " WHERE id = ?", (harder, int(solved), puzzle.id))  # fmt: skip
        return solved, before, after


def harvest_deal(
    record_text: str, seconds: float | None = HARVEST_SECONDS, samples: int | None = None
) -> list[PuzzleFind]:
    """The puzzles of one finished deal: each seat that decided something, reviewed (pure and
    slow: run it on a worker thread).

    The bot gives the review `seconds` for the whole deal (shared among its seats), and its
    candidates `CONFIRM_SECONDS` to be weighed again, so that a member asking for a puzzle
    waits a few seconds whatever the deal; which puzzles a deal yields then depends a little
    on the machine's load. With `samples` (each decision weighed on that many worlds, each
    candidate again on `CONFIRM_WORLDS`, whatever the time) the yield is the same on every
    machine: the tests' budget."""
    if samples is not None:
        seconds = None
    try:
        record = DealRecord.from_text(record_text)
        model_for(record.game)
    except (GameError, ReviewUnavailable):
        return []
    finds: list[PuzzleFind] = []
    seats = len(record.seats or record.names)
    for seat in range(seats):
        share = None if seconds is None else seconds / seats
        try:
            review = review_deal(record, seat, seed="puzzle", samples=samples, seconds=share,
                                 face_up=False)  # fmt: skip
        except (GameError, ReviewUnavailable):
            continue
        finds += candidates(record, review)
    return kept(record, finds, seconds=None if seconds is None else CONFIRM_SECONDS)


def daily_pick(puzzles: Sequence[PuzzleRow], guild_id: int, local_day: str) -> PuzzleRow | None:
    """The day's puzzle among the server's: the same for every member, from the day alone."""
    if not puzzles:
        return None
    digest = hashlib.sha256(f"{guild_id} {local_day}".encode()).digest()
    return puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]


def pick_for(puzzles: Sequence[PuzzleRow], rating: float, rng: random.Random) -> PuzzleRow:
    """A puzzle near the member's rating (the closest few, one of them at random)."""
    near = sorted(puzzles, key=lambda p: abs(p.rating - rating))[:5]
    return rng.choice(near)

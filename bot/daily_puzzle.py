"""The puzzle of the day beside the daily deal: one puzzle per server, game and kind for the
server's day (the daily deal's day, in its time zone and from its hour), kept once chosen so
that the pool growing during the day changes nothing, and the members who solved it on their
first try that day, for the day's board (docs/review.md, "Puzzles")."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.i18n import _, ngettext, slashes_said
from bot.puzzles import PuzzleRow, PuzzleStore, daily_pick
from bot.storage.daily import DayRow

KINDS = ("best", "pick")  # shown on the board in this order, where the day has one
SOLVERS_SHOWN = 10  # names on the board; the rest are counted


@dataclass(frozen=True, slots=True)
class DayPuzzle:
    puzzle: PuzzleRow
    solvers: tuple[str, ...]  # first tries that solved it during the day, first solver first


async def day_puzzle(
    puzzles: PuzzleStore,
    day: DayRow,
    game: str,
    kind: str,
    harvest: Callable[[], Awaitable[None]] | None = None,
) -> PuzzleRow | None:
    """The server's puzzle of `day`: the one kept for it, or one chosen now from the pool
    (by the day alone, `daily_pick`) and kept. With `harvest`, an empty pool is filled from
    the server's finished deals first; without it (the boards), nothing slow is done."""
    found = await puzzles.daily(day.guild_id, day.local_day, game, kind)
    if found is not None:
        return found
    pool = await puzzles.puzzles(day.guild_id, game, kind)
    if not pool and harvest is not None:
        await harvest()
        pool = await puzzles.puzzles(day.guild_id, game, kind)
    chosen = daily_pick(pool, day.guild_id, day.local_day)
    if chosen is None:
        return None
    return await puzzles.keep_daily(chosen, day.local_day)


async def board_puzzles(
    puzzles: PuzzleStore, day: DayRow, game: str, now: float
) -> list[DayPuzzle]:
    """The day's puzzles of `game` for its board, with their solvers: today's "best" puzzle
    is chosen if nobody has asked for it yet; a day that is over shows only what it had."""
    shown = []
    for kind in KINDS:
        if kind == "best" and not day.over(now):
            puzzle = await day_puzzle(puzzles, day, game, kind)
        else:
            puzzle = await puzzles.daily(day.guild_id, day.local_day, game, kind)
        if puzzle is not None:
            solvers = await puzzles.solvers(puzzle, day.starts_at, day.ends_at)
            shown.append(DayPuzzle(puzzle, tuple(solvers)))
    return shown


def board_text(shown: Sequence[DayPuzzle], over: bool) -> str:
    """The board's lines on the day's puzzles, in the reader's language."""
    lines = []
    for entry in shown:
        puzzle = entry.puzzle
        if puzzle.kind == "pick":
            what = _("Pick or pass: puzzle {number} (rated {rating})", number=puzzle.id,
                     rating=round(puzzle.rating))  # fmt: skip
        else:
            what = _("Puzzle {number} (rated {rating})", number=puzzle.id,
                     rating=round(puzzle.rating))  # fmt: skip
        if not over:
            ask = "`/puzzle daily:True pick_or_pass:True`" if puzzle.kind == "pick" else (
                "`/puzzle daily:True`")  # fmt: skip
            what += " · " + slashes_said(ask)
        lines.append(what)
        names = list(entry.solvers[:SOLVERS_SHOWN])
        hidden = len(entry.solvers) - len(names)
        if names:
            solved = ", ".join(names)
            if hidden:
                solved += " " + ngettext("and {count} more", "and {count} more", hidden)
            lines.append(_("Solved on the first try: {names}", names=solved))
        elif over:
            lines.append(_("Nobody solved it on the first try."))
        else:
            lines.append(_("Nobody has solved it on the first try yet."))
    return "\n".join(lines)

"""The puzzle of the day on the daily board, end to end: the server's day (the daily deal's)
has one puzzle of each game, the same for every member and kept once chosen though new
puzzles come in; the day's board shows it and the members who solved it on their first try
that day, in the reader's language; the board posted when the day ends says who solved it
(SQLite and PostgreSQL).
Puzzles are harvested on a fixed count of worlds (`harvest_samples`), so what a deal yields
does not depend on the machine's load."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.puzzles import PuzzleStore, harvest_deal
from engine.review import model_for
from tests.engine.test_review import played_record

from .conftest import Env
from .fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord
from .helpers import select
from .test_daily import (
    ASHA,
    DEV,
    MANAGE_GUILD,
    MIRA,
    cog_of,
    daily,
    daily_env,  # noqa: F401  (the fixture: SQLite and PostgreSQL)
    members_at_a_set_clock,
    play_out,
    text_of,
)
from .test_daily import answer as said

HARVEST_SAMPLES = 8
PUZZLE_SEED = 5  # this Sedma deal has a clear-cut decision on 8 worlds (tests/bot/test_puzzles)


async def finished_deal_in_store(env: Env, seed: int) -> int:
    """A finished two-hand Sedma deal of the server, as a table leaves it: its record's id."""
    record = played_record("sedma", {"players": 2}, seed)
    db = env.bot.store.database
    await db.run(
        "INSERT INTO deal_records (table_id, number, guild_id, game, finished_at, fair, result,"
        " record) VALUES (NULL, 1, ?, 'sedma', 0, 1, '', ?)", (GUILD_ID, record.to_text()))
    row = await db.one("SELECT MAX(id) FROM deal_records")
    return int(row[0])


async def asked(fake: FakeDiscord, user: int, **options: Any) -> dict[str, Any]:
    """/puzzle: the private message once its puzzle is posed (in any language)."""
    step = await fake.slash(user, "puzzle", **options)
    assert step.message_id is not None
    for _ in range(1200):
        message = fake.messages[step.message_id]
        if fake.components(message):
            return message
        await asyncio.sleep(0.05)
    raise AssertionError(f"no puzzle posed: {message.get('content')!r}")


def puzzle_field(message: dict[str, Any]) -> str:
    fields = [f for e in message.get("embeds") or [] for f in e.get("fields", [])]
    found = [f for f in fields if f["name"] in ("Puzzle of the day", "Rätsel des Tages")]
    assert len(found) == 1, fields
    return str(found[0]["value"])


async def solved(fake: FakeDiscord, user: int, posed: dict[str, Any], value: str) -> str:
    menu = select(fake, posed)
    step = await fake.click(user, int(posed["id"]), menu["custom_id"], [value])
    return str(fake.messages[step.message_id]["content"])


@pytest.fixture
def board_env(daily_env: tuple[Env, str | Path]) -> Env:  # noqa: F811
    return daily_env[0]


async def test_the_days_puzzle_and_its_first_try_solvers_show_on_the_daily_board(
    board_env: Env,
) -> None:
    env = board_env
    fake = env.fake
    now = members_at_a_set_clock(env, {ASHA: "Asha", DEV: "Dev"})
    fake.add_member(MIRA, "Mira", locale="de")
    cog = env.bot.get_cog("PuzzleCommands")
    assert cog is not None
    cog.harvest_samples = HARVEST_SAMPLES  # type: ignore[attr-defined]
    await finished_deal_in_store(env, PUZZLE_SEED)
    store = PuzzleStore(env.bot.store)

    # Dev and Mira ask for the day's puzzle: the same one; Dev solves it, Mira misses it.
    dev = await asked(fake, DEV, game="sedma", daily=True)
    mira = await asked(fake, MIRA, game="sedma", daily=True)
    menu = select(fake, dev)
    assert menu["custom_id"] == select(fake, mira)["custom_id"], "the same for every member"
    puzzle = await store.puzzle(int(menu["custom_id"].split(":")[1]))
    assert puzzle is not None and puzzle.game == "sedma"
    wrong = next(o["value"] for o in menu["options"] if o["value"] != puzzle.best)
    assert "Right" in await solved(fake, DEV, dev, puzzle.best)
    assert "Diesmal nicht" in await solved(fake, MIRA, mira, wrong)

    # New puzzles come in during the day: the day's puzzle stays the one it was.
    more = harvest_deal(played_record("sedma", {"players": 2}, 1).to_text(),
                        samples=HARVEST_SAMPLES)  # fmt: skip
    assert more, "the second deal has puzzles too"
    deal_id = await finished_deal_in_store(env, 1)
    await store.add(GUILD_ID, "sedma", deal_id, more, model_for("sedma").thresholds.clear)
    again = await asked(fake, ASHA, game="sedma", daily=True)
    assert select(fake, again)["custom_id"] == menu["custom_id"]

    # Asha finishes the day's deal: its board names the day's puzzle and Dev, its solver
    # (Mira missed it; Asha has not answered).
    board = await play_out(fake, ASHA, await daily(fake, ASHA, "sedma"))
    assert "The daily deal is over" in board["content"]
    shown = puzzle_field(board)
    assert f"Puzzle {puzzle.id} (rated" in shown and "/puzzle daily:True" in shown
    assert "Solved on the first try: Dev" in shown and "Mira" not in shown

    # Asha solves it on her first try, after Dev: the board says so, in that order; a
    # second try (Dev's) changes nothing. Mira reads the board in German.
    now[0] += 600  # ten minutes later
    assert "Right" in await solved(fake, ASHA, again, puzzle.best)
    retried = await asked(fake, DEV, game="sedma", daily=True)
    assert "Not rated" in await solved(fake, DEV, retried, puzzle.best)
    today = await daily(fake, ASHA, "sedma", show="today's board")
    assert "Solved on the first try: Dev, Asha" in puzzle_field(today)
    german = await play_out(fake, MIRA, await daily(fake, MIRA, "sedma"))
    assert "Beim ersten Versuch gelöst: Dev, Asha" in puzzle_field(german)

    # The day ends: the posted board says who solved the day's puzzle.
    saved = await fake.slash(ASHA, "settings", "daily", permissions=MANAGE_GUILD,
                             announce_here=True)  # fmt: skip
    assert "posted in <#" in said(saved)
    now[0] += 86_400
    assert await cog_of(env).announce_due() == 1
    (posted,) = [m for m in fake.channel_messages(CHANNEL_ID) if "daily deal" in text_of(m)]
    shown = puzzle_field(posted)
    assert f"Puzzle {puzzle.id} (rated" in shown and "/puzzle" not in shown
    assert "Solved on the first try: Dev, Asha" in shown
    assert not fake.violations

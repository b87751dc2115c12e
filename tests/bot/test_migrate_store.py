"""Moving a SQLite store into PostgreSQL: finished tables keep their results and boards,
unfinished ones continue from the same position, and new tables get new ids."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

from bot.daily import Daily
from bot.leaderboards import Board, standings
from bot.storage import Store
from bot.storage.lfg import LfgStore
from bot.tables import Tables
from tests.bot.running import run_module
from tests.postgres_server import LocalPostgres

GUILD = 1_180_000_000_000_000_001
NOON_UTC = 1_764_072_000.0  # 2025-11-25 12:00 UTC


async def fill(store: Store) -> dict[int, dict]:
    """Two finished matches, a table in play and a lobby; the games in play by channel."""
    tables = Tables(store)
    for channel, seed in ((10, 1), (11, 2)):
        done = await tables.create(GUILD, channel, 100, "suipe", {"players": 2, "deals": 1},
                                   seed=seed)  # fmt: skip
        await done.join(100, "Sina")
        await done.join(200, "Tavita")
        await done.start(100)
        rng = random.Random(seed)
        while not done.match.is_terminal:
            mover = (100, 200)[done.match.current_player]
            await done.play(mover, rng.choice(done.match.legal_actions()).notation)
    playing = await tables.create(GUILD, 12, 100, "seep", {"players": 4}, seed=8)
    await playing.join(100, "आशा")
    for _ in range(3):
        await playing.add_computer(100, "hard")
    await playing.start(100)
    await playing.play_computers()
    for _ in range(4):
        await playing.play(100, playing.match.legal_actions()[0])
        await playing.play_computers()
    lobby = await tables.create(GUILD, 13, 300, "sedma", {"players": 2})
    await lobby.join(300, "Jana")
    # its seat card (/lfg), waiting for a player, and a member who asked to hear of such cards
    cards = LfgStore(store)
    await cards.add_card(GUILD, lobby.id, 20, 300, "sedma", fill_at=NOON_UTC + 600)
    await cards.toggle_notify(GUILD, "sedma", 200)
    await cards.claim_ping(GUILD, "sedma", NOON_UTC, 1800)
    await store.update_guild_settings(GUILD, {"turn_timer": 120})
    await store.update_player_prefs(100, {"language": "hi", "auto_play": True})
    # a daily deal under way, which goes on where it was after the move
    daily = Daily(store, clock=lambda: NOON_UTC)
    attempt = await daily.begin(GUILD, 100, "आशा", "sedma")
    await daily.play(attempt, 100, attempt.match.legal_actions()[0].notation,
                            attempt.turn_number)  # fmt: skip
    return {12: playing.match.to_dict(), 0: {"daily": attempt.row}}


def migrate(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_module("bot.migrate_store", folder, {}, *args, timeout=120)


async def test_a_sqlite_store_moves_into_postgres_and_every_table_continues(
    tmp_path: Path, postgres: LocalPostgres
) -> None:
    source = tmp_path / "bot.sqlite3"
    async with Store(source) as store:
        positions = await fill(store)
        board_before = standings(await store.player_results(GUILD, "suipe"), "suipe",
                                 Board.HEADLINE)  # fmt: skip
    url = await postgres.create_database(f"moved_{os.getpid()}")

    result = migrate(tmp_path, "--from", str(source), "--to", url)
    assert result.returncode == 0, result.stderr
    assert (
        result.stdout.strip().startswith("seepbot: moved 4 tables (2 unfinished), ")
        and "player results" in result.stdout
    )
    again = migrate(tmp_path, "--from", str(source), "--to", url)  # never into a store in use
    assert again.returncode == 2 and "must be empty" in again.stderr
    assert "Traceback" not in again.stderr

    async with Store(url) as store:
        tables = Tables(store)
        assert await tables.restore() == 2
        playing = tables.get(12)
        assert playing.match.to_dict() == positions[12]
        assert playing.seats[0].name == "आशा" and playing.seats[1].computer_level == "hard"
        await playing.play(100, playing.match.legal_actions()[0])  # it plays on
        await playing.play_computers()
        assert tables.get(13).seats[0].name == "Jana" and tables.get(13).row.status == "lobby"
        assert standings(await store.player_results(GUILD, "suipe"), "suipe",
                         Board.HEADLINE) == board_before  # fmt: skip
        assert (await store.guild_settings(GUILD)).settings == {"turn_timer": 120}
        assert await store.player_prefs(100) == {"language": "hi", "auto_play": True}
        moved = await Daily(store).store.attempt(GUILD, "2025-11-25", "sedma", 100)
        assert moved == positions[0]["daily"] and moved.actions
        # a new table gets an id after the moved ones
        fresh = await tables.create(GUILD, 14, 100, "suipe", {"players": 2})
        assert fresh.id == 5
        cards = LfgStore(store)
        [card] = await cards.open_cards()
        assert (card.table_id, card.fill_at) == (tables.get(13).id, NOON_UTC + 600)
        assert await cards.listeners(GUILD, "sedma", 10) == [200]
        assert not await cards.claim_ping(GUILD, "sedma", NOON_UTC + 60, 1800)
        assert (await cards.add_card(GUILD, fresh.id, 20, 100, "suipe", None)).id == card.id + 1


def test_moving_from_a_file_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    result = migrate(
        tmp_path, "--from", str(tmp_path / "none.sqlite3"), "--to", "postgresql://x@h/db"
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"seepbot: there is no SQLite file at {tmp_path / 'none.sqlite3'}"
    ]

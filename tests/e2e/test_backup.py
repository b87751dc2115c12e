"""`python -m bot backup FILE` while the players play, and `python -m bot restore FILE` into a
fresh store, from which a new bot restores every table the backup holds and plays on."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

from bot.backup import TABLES, StoreLock
from bot.storage import Store
from tests.bot.running import ROOT, SETTINGS, run_bot

from .conftest import Env, start_bot, stop_bot
from .fake_discord import CHANNEL_ID, NO_FILES_CHANNEL_ID, THREADS_CHANNEL_ID
from .helpers import lobby_button, play_first_move, whose_turn

PLAYERS = {CHANNEL_ID: (901, 902), NO_FILES_CHANNEL_ID: (903, 904)}


async def run_command(folder: Path, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """`python -m bot args…` as an operator runs it, beside the running test."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=folder,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


def stored_games(path: Path) -> dict[int, list[str]]:
    """Each unfinished table's moves, by channel."""
    db = sqlite3.connect(path)
    try:
        games = {}
        for table_id, channel in db.execute(
            "SELECT id, channel_id FROM game_tables WHERE status IN ('lobby', 'playing')"
        ):
            rows = db.execute(
                "SELECT notation FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
            )
            games[channel] = [row[0] for row in rows]
        return games
    finally:
        db.close()


def row_counts(path: Path) -> dict[str, int]:
    db = sqlite3.connect(path)
    try:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
    finally:
        db.close()


async def open_tables(env: Env) -> None:
    fake = env.fake
    for channel, (host, guest) in PLAYERS.items():
        fake.add_member(host, f"host{host}")
        fake.add_member(guest, f"guest{guest}")
        new = await fake.slash(host, "table", "new suipe", channel_id=channel, players=2)
        lobby = fake.messages[new.message_id]
        await fake.click(guest, new.message_id, lobby_button(fake, lobby, "join"))
        await fake.click(host, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    # a lobby too, and a player's choice: every kind of row is in the backup
    await fake.slash(905, "table", "new seep", channel_id=THREADS_CHANNEL_ID, players=2)
    await fake.slash(901, "autoplay", on=False)


async def test_a_backup_made_during_play_restores_every_table(env: Env, tmp_path: Path) -> None:
    fake = env.fake
    await open_tables(env)
    settings = {"DATABASE_PATH": str(env.database)}
    backup_file = tmp_path / "backups" / "seep.sqlite3"
    backing_up = asyncio.create_task(run_command(tmp_path, settings, "backup", str(backup_file)))
    for _ in range(8):  # players move while the copy is made (a match lasts longer)
        for channel in PLAYERS:
            await play_first_move_in(env, channel)
        await env.bot.idle()
        if backing_up.done():
            break
    code, out, err = await backing_up
    assert code == 0, err
    assert out.startswith(f"seepbot: backed up {env.database} to {backup_file}: 3 table(s), ")
    saved = stored_games(backup_file)
    live = stored_games(env.database)
    assert set(saved) == set(live) and len(saved) == 3
    for channel, actions in saved.items():
        assert live[channel][: len(actions)] == actions  # one consistent moment of each game
    counts = row_counts(backup_file)

    # a fresh machine: the store is restored from the backup alone
    await stop_bot(env.bot)
    fresh = tmp_path / "fresh" / "data" / "seepbot.sqlite3"
    code, out, err = await run_command(
        tmp_path, {"DATABASE_PATH": str(fresh)}, "restore", str(backup_file)
    )
    assert code == 0, err
    assert out.splitlines() == [f"seepbot: restored {fresh}: 3 table(s), "
                                f"{counts['actions']} move(s), schema {counts_schema(fresh)} "
                                f"from {backup_file}"]  # fmt: skip
    assert row_counts(fresh) == counts  # every row of every table
    env.bot = await start_bot(fake, fresh)
    restored = env.bot.tables.by_channel
    assert {s.row.channel_id for s in restored.values()} == set(saved)
    for session in restored.values():
        if session.match is not None:
            assert [a.notation for a in session.match.actions] == saved[session.row.channel_id]
    for channel in PLAYERS:  # and play goes on from there
        session = env.bot.tables.get(channel)
        turn = session.turn_number
        # (the channel's last table message is from after the backup: the player to move is
        # the restored game's)
        mover = session.seats[session.match.current_player].user_id
        await play_first_move_in(env, channel, mover)
        await env.bot.idle()
        assert env.bot.tables.get(channel).turn_number > turn


def counts_schema(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


async def play_first_move_in(env: Env, channel: int, mover: int | None = None) -> None:
    """The player to move at `channel`'s table (as its last message says, unless given) plays
    their first move."""
    fake = env.fake
    original = fake.channel_messages

    def in_channel(channel_id: int = channel) -> list:  # type: ignore[type-arg]
        return original(channel_id)

    fake.channel_messages = in_channel  # type: ignore[method-assign]
    try:
        await play_first_move(fake, mover or whose_turn(fake))
    finally:
        fake.channel_messages = original  # type: ignore[method-assign]


async def first_start(store: Path) -> None:
    """The store made as the bot's first start makes it."""
    async with Store(store):
        pass


def test_restore_refuses_a_running_store_a_wrong_file_and_a_backup_over_a_file(
    tmp_path: Path,
) -> None:
    store = tmp_path / "data" / "seepbot.sqlite3"
    settings = {"DATABASE_PATH": str(store)}
    made = run_bot(tmp_path, settings, "backup", "copy.sqlite3")
    assert made.returncode == 2
    expected = f"seepbot: there is no SQLite file at {store} (check DATABASE_PATH)"
    assert made.stderr.strip() == expected
    store.parent.mkdir()
    sqlite3.connect(store).close()
    (tmp_path / "notes.txt").write_text("not a database", encoding="utf-8")
    wrong = run_bot(tmp_path, settings, "restore", "notes.txt")
    assert wrong.returncode == 2 and len(wrong.stderr.strip().splitlines()) == 1
    assert wrong.stderr.startswith("seepbot: notes.txt is not a backup of the bot's store: ")

    checked = run_bot(tmp_path, {**settings, "DISCORD_TOKEN": "MTIz.a.b"}, "--check")
    assert checked.returncode == 0 and "no store at" in checked.stdout  # --check makes none
    asyncio.run(first_start(store))
    made = run_bot(tmp_path, settings, "backup", "copy.sqlite3")
    assert made.returncode == 0, made.stderr
    again = run_bot(tmp_path, settings, "backup", "copy.sqlite3")
    assert again.returncode == 2
    expected = "seepbot: copy.sqlite3 exists already: give the backup a new name"
    assert again.stderr.strip() == expected
    with StoreLock(store).take("testing"):  # as `python -m bot` holds it while it runs
        running = run_bot(tmp_path, settings, "restore", "copy.sqlite3")
    assert running.returncode == 2
    assert running.stderr.strip() == (
        f"seepbot: another bot process uses the SQLite file {store}: stop it before restoring"
    )
    done = run_bot(tmp_path, settings, "restore", "copy.sqlite3")
    assert done.returncode == 0, done.stderr
    kept = done.stdout.strip().splitlines()[-1]
    assert kept.startswith(f"seepbot: the store as it was before is kept in {store}.before-")
    postgres = run_bot(tmp_path, {"DATABASE_URL": "postgresql://u:p@db/seep"}, "backup", "x")
    assert postgres.returncode == 2 and "pg_dump" in postgres.stderr

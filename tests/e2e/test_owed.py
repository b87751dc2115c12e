"""Nothing a player is owed is lost to a crash: the bot process dies (as by kill -9, through the
`SEEPBOT_CRASH_AT` hook, so each window is hit exactly) right after Start, after a move is
answered and before its table message, and before the match's summary; after each restart the
player to move is pinged once, the summary with its result and Rematch button comes once, and
nothing is posted twice. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Store
from bot.tables import stored_seed
from engine.fairness import Cut
from engine.registry import restore

from .fake_discord import FakeDiscord
from .helpers import lobby_button, message_text, sections

pytestmark = pytest.mark.slow

CRASHED = 70  # the exit status of the crash hook
ASHA, DEV = 41_001, 41_002


def bot_process(api_base: str, gateway_url: str, location: str, crash_at: str, ready: Any) -> None:
    os.environ["SEEPBOT_CRASH_AT"] = crash_at
    asyncio.run(_serve(api_base, gateway_url, location, ready))


async def _serve(api_base: str, gateway_url: str, location: str, ready: Any) -> None:
    from bot.config import Settings

    from .bot_process import start_against_fake

    if location.startswith("postgresql://"):
        settings = Settings(token="x", database_url=location)
    else:
        settings = Settings(token="x", database_path=Path(location))
    _, runner = await start_against_fake(api_base, gateway_url, settings)
    ready.set()
    await runner  # until it crashes or is stopped


class Bot:
    """The bot in a process of its own, started again after each crash."""

    def __init__(self, fake: FakeDiscord, location: str) -> None:
        self.fake, self.location = fake, location
        self.context = multiprocessing.get_context("spawn")
        self.child: Any = None

    async def start(self, crash_at: str = "") -> None:
        ready = self.context.Event()
        self.child = self.context.Process(
            target=bot_process,
            args=(self.fake.api_base, self.fake.gateway_url, self.location, crash_at, ready),
            daemon=True,
        )
        self.child.start()
        assert await asyncio.to_thread(ready.wait, 60), "the bot did not start"

    async def crashed(self) -> None:
        """Wait until the process has died at its crash point."""
        await asyncio.to_thread(self.child.join, 30)
        assert self.child.exitcode == CRASHED, f"exit status {self.child.exitcode}"

    def stop(self) -> None:
        if self.child is not None and self.child.is_alive():
            self.child.kill()
            self.child.join(10)


def posted(fake: FakeDiscord, filename: str) -> list[dict[str, Any]]:
    """Every message the bot posted with this image (deleted ones too), in order."""
    return [
        fake.messages[mid]
        for mid, files in fake.files.items()
        if any(f["name"] == filename for f in files) and mid in fake.messages
    ]


def pinged(fake: FakeDiscord, user: int) -> int:
    """How many table messages pinged `user`."""
    return sum(user in fake.pings.get(int(m["id"]), []) for m in posted(fake, "table.png"))


async def stored_match(location: str, channel: int) -> Any:
    async with Store(location if location.startswith("postgresql://") else Path(location)) as store:
        rows = [row for row in await store.unfinished_tables() if row.channel_id == channel]
        (row,) = rows
        actions = await store.actions(row.id)
    return restore(
        {"game": row.game, "rules": row.rules, "seed": stored_seed(row), "actions": actions}
    )


async def wait_until(check: Any, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("it did not happen in time")


async def test_each_crash_window_leaves_nothing_owed_unposted(
    store_location: str | Path,
) -> None:
    location = str(store_location)
    fake = FakeDiscord()
    await fake.start()
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    users = (ASHA, DEV)
    bot = Bot(fake, location)
    try:
        # 1. right after Start: the start is answered, then the bot dies before the table
        await bot.start("table")
        new = await fake.slash(ASHA, "table", "new suipe", players=2, deals=1)
        lobby = fake.messages[new.message_id]
        channel = int(lobby["channel_id"])
        await fake.click(DEV, new.message_id, lobby_button(fake, lobby, "join"))
        await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
        await bot.crashed()
        assert posted(fake, "table.png") == []

        # 2. the restart posts the table and pings the player to move, once; that player's
        # move is answered, then the bot dies before the move's table message
        await bot.start("table:2")
        await wait_until(lambda: len(posted(fake, "table.png")) == 1)
        match = await stored_match(location, channel)
        first = users[match.current_player]
        assert pinged(fake, first) == 1
        move = match.legal_actions()[0]
        answer = await fake.slash(first, "play", channel_id=channel,
                                  move=f"{move.notation}#{len(match.actions)}")  # fmt: skip
        assert answer.responses[-1]["data"]["content"].startswith("Your move")
        match.apply(move, match.current_player)
        await bot.crashed()
        assert len(posted(fake, "table.png")) == 1

        # 3. the restart pings the next player once; the match is played to its end, and the
        # bot dies after the last move is answered, before its summary
        await bot.start("summary")
        await wait_until(lambda: len(posted(fake, "table.png")) == 2)
        second = users[match.current_player]
        assert pinged(fake, second) == 1 + (second == first)
        while True:
            mover = match.current_player
            move = match.legal_actions()[0]
            before = len(posted(fake, "table.png"))
            answer = await fake.slash(users[mover], "play", channel_id=channel,
                                      move=f"{move.notation}#{len(match.actions)}")  # fmt: skip
            assert answer.responses[-1]["data"]["content"].startswith("Your move")
            match.apply(move, mover)
            if match.is_terminal:
                break
            await wait_until(lambda before=before: len(posted(fake, "table.png")) == before + 1)
        await bot.crashed()
        assert posted(fake, "summary.png") == []

        # 4. the restart posts the summary with the result and Rematch once, the last table
        # once, and shows the result on the lobby; the channel is free
        await bot.start()
        await wait_until(
            lambda: posted(fake, "summary.png")
            and "The match is over" in str(fake.messages[int(lobby["id"])])
        )
        await asyncio.sleep(0.5)  # anything posted twice would come now
        summaries = posted(fake, "summary.png")
        assert len(summaries) == 1
        fields = sections(summaries[0])
        assert "Match over" in fields
        assert any(c.get("label") == "Rematch" for c in fake.components(summaries[0]))
        tables = posted(fake, "table.png")
        moves = [a for a in match.actions if not isinstance(a, Cut)]  # the table's own cut
        assert len(tables) == len(moves) + 1, "one table message per move, and Start"
        for table in tables[:-1]:  # each pinged the one player to move
            assert len(fake.pings[int(table["id"])]) == 1
        assert "The match is over." in message_text(tables[-1])
        status = await fake.slash(ASHA, "table", "status", channel_id=channel)
        assert "There is no table" in status.responses[-1]["data"]["content"]
        await asyncio.sleep(0.5)  # nothing more comes
        assert len(posted(fake, "summary.png")) == 1 and len(posted(fake, "table.png")) == len(
            tables
        )
        assert not fake.violations, fake.violations
    finally:
        bot.stop()
        with contextlib.suppress(Exception):
            await fake.stop()


def live_tables(fake: FakeDiscord) -> list[dict[str, Any]]:
    """The table messages still in the channel (not deleted)."""
    return [m for m in posted(fake, "table.png") if int(m["id"]) not in fake.deleted]


async def test_a_crash_between_posting_and_recording_leaves_one_table_and_one_ping(
    store_location: str | Path,
) -> None:
    """The bot dies right after posting a table message (before it is recorded), then right
    after recording one (before the one it replaced is deleted), then again after posting
    when the restart comes too late for Discord to recognise the message's nonce: after each
    restart exactly one table message is left in the channel, naming the player to move,
    who was pinged once for the turn; a summary posted just before a crash comes once."""
    location = str(store_location)
    fake = FakeDiscord()
    await fake.start()
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    users = (ASHA, DEV)
    bot = Bot(fake, location)

    async def play(match: Any, channel: int) -> None:
        move = match.legal_actions()[0]
        answer = await fake.slash(users[match.current_player], "play", channel_id=channel,
                                  move=f"{move.notation}#{len(match.actions)}")  # fmt: skip
        assert answer.responses[-1]["data"]["content"].startswith("Your move")
        match.apply(move, match.current_player)

    def one_live_table_pinging(match: Any) -> None:
        (table,) = live_tables(fake)
        to_move = users[match.current_player]
        assert f"<@{to_move}>" in message_text(table)
        assert fake.pings[int(table["id"])] == [to_move]

    try:
        # 1. the first move's table message is posted, and the bot dies before recording it
        await bot.start("posted:2")
        new = await fake.slash(ASHA, "table", "new suipe", players=2, deals=1)
        lobby = fake.messages[new.message_id]
        channel = int(lobby["channel_id"])
        await fake.click(DEV, new.message_id, lobby_button(fake, lobby, "join"))
        await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
        await wait_until(lambda: len(posted(fake, "table.png")) == 1)
        match = await stored_match(location, channel)
        await play(match, channel)
        await bot.crashed()
        assert len(live_tables(fake)) == 2  # the new one and the one it was to replace
        # 2. the restart finds the same message by its nonce: no second one, no second ping;
        # the old one goes. The next table is recorded, and the bot dies before the one it
        # replaces is deleted.
        await bot.start("recorded:2")
        await wait_until(lambda: len(live_tables(fake)) == 1)
        assert len(posted(fake, "table.png")) == 2
        one_live_table_pinging(match)
        await play(match, channel)
        await bot.crashed()
        assert len(live_tables(fake)) == 2
        # 3. the restart deletes the stale one; then a table is posted and the bot dies, and
        # it restarts when Discord no longer knows the nonce: the message left behind is
        # found in the channel by the moves it shows, and kept (no second post, no second
        # ping); the one it replaced goes
        await bot.start("posted:1")
        await wait_until(lambda: len(live_tables(fake)) == 1)
        one_live_table_pinging(match)
        await play(match, channel)
        await bot.crashed()
        assert len(live_tables(fake)) == 2 and len(posted(fake, "table.png")) == 4
        fake.nonce_seconds = 0.0
        await bot.start("summary posted")
        await wait_until(lambda: len(live_tables(fake)) == 1)
        assert len(posted(fake, "table.png")) == 4
        one_live_table_pinging(match)
        fake.nonce_seconds = 120.0
        # 4. the match is played to its end; the bot dies right after posting its summary
        while not match.is_terminal:
            before = len(posted(fake, "table.png"))
            await play(match, channel)
            if not match.is_terminal:
                await wait_until(lambda before=before: len(posted(fake, "table.png")) > before)
                await wait_until(lambda: len(live_tables(fake)) == 1)
                one_live_table_pinging(match)
        await bot.crashed()
        assert len(posted(fake, "summary.png")) == 1
        await bot.start()
        await wait_until(lambda: "The match is over" in str(fake.messages[int(lobby["id"])]))
        await asyncio.sleep(0.5)  # anything posted twice would come now
        assert len(posted(fake, "summary.png")) == 1, "the summary and its Rematch come once"
        assert len(live_tables(fake)) == 1
        assert not fake.violations, fake.violations
    finally:
        bot.stop()
        with contextlib.suppress(Exception):
            await fake.stop()

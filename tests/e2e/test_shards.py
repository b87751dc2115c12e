"""Two bot processes, each running one of two shards, sharing one PostgreSQL database, against
the fake Discord (which sends each guild's events to its shard's connection only).

Tables in guilds of both shards play; a leaderboard shows the same figures whichever process
draws it; a process killed with SIGKILL and restarted continues its tables while the other
process's tables never wait; and after the shards swap processes every table plays on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest

from bot.storage import PlayerResult, Store
from engine.registry import restore
from tests.postgres_server import LocalPostgres

from .fake_discord import GUILD_ID, FakeDiscord, shard_of
from .helpers import lobby_button

TABLES_PER_GUILD = 3
FAST_ANSWER = 3.0  # seconds: Discord's own limit for a first answer


def bot_process(api_base: str, gateway_url: str, url: str, shards: str, ready: Any) -> None:
    asyncio.run(_serve(api_base, gateway_url, url, shards, ready))


async def _serve(api_base: str, gateway_url: str, url: str, shards: str, ready: Any) -> None:
    from bot.config import Settings
    from bot.sharding import parse_shards

    from .bot_process import start_against_fake

    settings = Settings(token="x", database_url=url, shards=parse_shards(shards, 2))
    _, runner = await start_against_fake(api_base, gateway_url, settings)
    ready.set()
    await runner  # until stopped


class Processes:
    """The bot processes by shard ("0", "1")."""

    def __init__(self, fake: FakeDiscord, url: str) -> None:
        self.fake, self.url = fake, url
        self.context = multiprocessing.get_context("spawn")
        self.running: dict[str, Any] = {}

    async def start(self, *shard_sets: str) -> None:
        started = []
        for shards in shard_sets:
            ready = self.context.Event()
            child = self.context.Process(
                target=bot_process,
                args=(self.fake.api_base, self.fake.gateway_url, self.url, shards, ready),
                daemon=True,
            )
            child.start()
            self.running[shards] = child
            started.append(ready)
        for ready in started:
            assert await asyncio.to_thread(ready.wait, 90), "a bot process did not start"

    def kill(self, shards: str) -> None:
        child = self.running.pop(shards)
        os.kill(child.pid, signal.SIGKILL)
        child.join(10)

    def kill_all(self) -> None:
        for shards in list(self.running):
            self.kill(shards)


async def stored_games(url: str) -> dict[int, dict[str, Any]]:
    """Each playing table's game as the shared database holds it, by channel."""
    connection = await asyncpg.connect(url)
    try:
        games = {}
        for table in await connection.fetch(
            "SELECT id, channel_id, game, rules, seed, deal_keys FROM game_tables"
            " WHERE status = 'playing'"
        ):
            actions = await connection.fetch(
                "SELECT notation FROM actions WHERE table_id = $1 ORDER BY number", table["id"]
            )
            games[table["channel_id"]] = {
                "game": table["game"], "rules": json.loads(table["rules"]),
                "seed": json.loads(table["deal_keys"]) if table["deal_keys"] else table["seed"],
                "actions": [a["notation"] for a in actions],
            }  # fmt: skip
        return games
    finally:
        await connection.close()


async def play_moves(
    fake: FakeDiscord, url: str, channels: list[int], users: dict[int, tuple[int, int]], moves: int
) -> list[float]:
    """`moves` moves at each table (all tables at once), by /play; each answer's seconds."""
    games = await stored_games(url)
    waits: list[float] = []

    async def play(channel: int) -> None:
        match = restore(games[channel])
        for _ in range(moves):
            player = match.current_player
            action = match.legal_actions()[0]
            began = time.monotonic()
            answer = await fake.slash(users[channel][player], "play", channel_id=channel,
                                      move=action.notation)  # fmt: skip
            waits.append(time.monotonic() - began)
            text = answer.responses[-1]["data"]["content"]
            assert text.startswith("Your move"), f"table {channel}: {text}"
            match.apply(action, player)

    await asyncio.gather(*(play(c) for c in channels))
    after = await stored_games(url)
    for channel in channels:  # every move answered is stored, once
        assert len(after[channel]["actions"]) == len(games[channel]["actions"]) + moves
    return waits


async def board(fake: FakeDiscord, channel: int) -> tuple[str, bytes]:
    answer = await fake.slash(11, "leaderboard", channel_id=channel, game="suipe")
    message = fake.messages[answer.message_id]
    return message["embeds"][0]["footer"]["text"], fake.files[answer.message_id][0]["data"]


async def test_two_shard_processes_share_one_postgres_and_survive_kill_9(
    postgres: LocalPostgres,
) -> None:
    url = await postgres.create_database(f"shards_{os.getpid()}")
    fake = FakeDiscord(extra_channels=TABLES_PER_GUILD, other_guilds=1,
                       guild_channels=TABLES_PER_GUILD)  # fmt: skip
    await fake.start()
    other = next(iter(fake.other_guilds))
    assert shard_of(GUILD_ID, 2) != shard_of(other, 2)
    by_shard = {
        str(shard_of(GUILD_ID, 2)): list(fake.extra_channels),
        str(shard_of(other, 2)): list(fake.other_guilds[other]),
    }
    users: dict[int, tuple[int, int]] = {}
    for n, channel in enumerate(fake.extra_channels + fake.other_guilds[other]):
        users[channel] = (30_000 + 2 * n, 30_001 + 2 * n)
        for k, user in enumerate(users[channel]):
            fake.add_member(user, f"{'AB'[k]}{n}")
    processes = Processes(fake, url)
    try:
        await processes.start("0", "1")
        assert sorted(fake.identifies) == [(0, 2), (1, 2)]

        # tables open and start in guilds of both shards, each through its own process
        for channel, (a, b) in users.items():
            new = await fake.slash(a, "table", "new suipe", channel_id=channel, players=2)
            lobby = fake.messages[new.message_id]
            await fake.click(b, new.message_id, lobby_button(fake, lobby, "join"))
            await fake.click(a, new.message_id, lobby_button(fake, lobby, "start"))
        await play_moves(fake, url, list(users), users, 2)

        # the same figures whichever process draws the board
        async with Store(url) as store:
            for guild in (GUILD_ID, other):
                done = await store.create_table(guild, 1, 11, "suipe", {"players": 2}, 1)
                await store.set_status(done, "finished")
                await store.insert_player_results([
                    PlayerResult(done, user, guild, "suipe", name, side, None, side + 1,
                                 ("win", "loss")[side], 2, 9 - side, 14 - side, 12 + side,
                                 True, False, 1_800_000_000.0 + side, {"sweeps": 1})
                    for side, (user, name) in enumerate(((11, "Sina"), (12, "Tavita")))
                ])  # fmt: skip
        boards = {shards: await board(fake, channels[0]) for shards, channels in by_shard.items()}
        assert boards["0"] == boards["1"]
        assert "2 players" in boards["0"][0]

        # kill -9 the process of shard 1: shard 0's tables never wait
        processes.kill("1")
        waits = await play_moves(fake, url, by_shard["0"], users, 3)
        assert max(waits) < FAST_ANSWER, f"shard 0's tables waited {max(waits):.2f} s"
        await processes.start("1")  # its tables continue where the store left them
        await play_moves(fake, url, by_shard["1"], users, 3)

        # the shards change processes: every table is served again, once, and plays on
        processes.kill_all()
        await processes.start("1", "0")
        await play_moves(fake, url, list(users), users, 2)
        swapped = {shards: await board(fake, channels[0]) for shards, channels in by_shard.items()}
        assert swapped == boards
        assert not fake.violations, fake.violations
    finally:
        processes.kill_all()
        with contextlib.suppress(Exception):
            await fake.stop()


def newcomer_process(api_base: str, gateway_url: str, url: str, shards: str) -> None:
    """A process started for shards another live process runs: exit status 3 when refused."""
    from bot.storage import ShardsTaken

    ready = multiprocessing.get_context("spawn").Event()
    try:
        asyncio.run(_serve(api_base, gateway_url, url, shards, ready))
    except ShardsTaken:
        sys.exit(3)


@pytest.fixture
def own_postgres() -> Iterator[LocalPostgres]:
    """A server of this test's own, to restart under the bot."""
    server = LocalPostgres().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.slow
async def test_a_postgres_restart_under_two_shard_processes_keeps_each_shard_with_its_process(
    own_postgres: LocalPostgres,
) -> None:
    """PostgreSQL restarts (every connection is cut, the shard locks with them): each process
    takes its shards again before it serves on, and a process started afterwards for a running
    shard is refused, as before the restart."""
    url = await own_postgres.create_database("restart")
    fake = FakeDiscord(extra_channels=1, other_guilds=1, guild_channels=1)
    await fake.start()
    other = next(iter(fake.other_guilds))
    channels = [*fake.extra_channels, *fake.other_guilds[other]]
    users = {channel: (32_000 + 2 * n, 32_001 + 2 * n) for n, channel in enumerate(channels)}
    for channel, pair in users.items():
        for k, user in enumerate(pair):
            fake.add_member(user, f"{'AB'[k]}{channel % 100}")
    processes = Processes(fake, url)
    try:
        await processes.start("0", "1")
        for channel, (a, b) in users.items():
            new = await fake.slash(a, "table", "new suipe", channel_id=channel, players=2)
            lobby = fake.messages[new.message_id]
            await fake.click(b, new.message_id, lobby_button(fake, lobby, "join"))
            await fake.click(a, new.message_id, lobby_button(fake, lobby, "start"))
        await play_moves(fake, url, channels, users, 1)

        await asyncio.to_thread(own_postgres.restart, 1.0)
        refusals: list[str] = []

        async def play_once_served(channel: int) -> None:
            for _ in range(200):
                match = restore((await stored_games(url))[channel])
                player = match.current_player
                move = f"{match.legal_actions()[0].notation}#{len(match.actions)}"
                answer = await fake.slash(users[channel][player], "play", channel_id=channel,
                                          move=move)  # fmt: skip
                text = answer.responses[-1]["data"]["content"]
                if text.startswith("Your move"):
                    return
                refusals.append(text)
                await asyncio.sleep(0.1)
            raise AssertionError(f"table {channel} was not served again")

        await asyncio.gather(*(play_once_served(c) for c in channels))
        assert set(refusals) <= {"Moves can't be saved right now: try again in a moment."}

        spawn = multiprocessing.get_context("spawn")
        newcomer = spawn.Process(
            target=newcomer_process, args=(fake.api_base, fake.gateway_url, url, "0"), daemon=True
        )
        newcomer.start()
        await asyncio.to_thread(newcomer.join, 60)
        assert newcomer.exitcode == 3, "a second process for shard 0 was let in"
        assert all(child.is_alive() for child in processes.running.values())
        await play_moves(fake, url, channels, users, 2)  # both processes serve on
        assert not fake.violations, fake.violations
    finally:
        processes.kill_all()
        with contextlib.suppress(Exception):
            await fake.stop()

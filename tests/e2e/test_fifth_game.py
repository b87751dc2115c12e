"""A fifth game added as docs/adding-a-game.md says, then removed again.

Added: a package of its own (here a copy of the test game, renamed Fifth Tricks), whose one
registration is its `seepbot.games` entry point, installed with pip; the bot started after it
offers the game everywhere (`/table new`, `/rules`, `/stats`, the leaderboard), speaks its
words from its own catalogues and plays it to the end. Removed: the bot started without the
package starts cleanly, offers it nowhere, frees the channel of the table left open (ended,
with a warning line), keeps its results and deal records, and answers what names it with a
clear, private message (docs/adding-a-game.md, "Removing a game")."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl

from bot import __version__

from .conftest import start_bot, stop_bot
from .fake_discord import EPHEMERAL, GUILD_ID, NO_FILES_CHANNEL_ID, FakeDiscord
from .fifth_game_process import serve_with
from .helpers import (
    latest_table,
    lobby_button,
    message_text,
    play_first_move,
    rated_table_players,
    whose_turn,
)

ROOT = Path(__file__).resolve().parents[2]
NAME, TITLE = "fifthtricks", "Fifth Tricks"
ASHA, DEV = 801, 802

pytestmark = pytest.mark.slow
MAJOR, MINOR = (int(part) for part in __version__.split(".")[:2])
DEPENDS = f'dependencies = ["seepbot>={MAJOR}.{MINOR},<{MAJOR}.{MINOR + 1}"]'


def write_package(folder: Path) -> Path:
    """A game package of its own, as docs/architecture.md's walk through Tiny Tricks lays it
    out (pyproject.toml with the entry point and the package data, the rules and spec, its
    catalogues and /rules pages): the test game under another name."""
    source = ROOT / "tests" / "games" / "tinytricks"
    package = folder / "seepbot-fifthtricks"
    shutil.copytree(source / "tinytricks", package / NAME,
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    shutil.copy(source / "pyproject.toml", package / "pyproject.toml")
    for path in [package / "pyproject.toml", *(package / NAME).rglob("*.*")]:
        text = path.read_text(encoding="utf-8")
        text = text.replace("tinytricks", NAME).replace("Tiny Tricks", TITLE)
        if path.name == "pyproject.toml":  # it depends on the release it was written for
            text = text.replace('license = "MIT"\n', f'license = "MIT"\n{DEPENDS}\n')
        path.write_text(text, encoding="utf-8")
        if "tinytricks" in path.name:
            path.rename(path.with_name(path.name.replace("tinytricks", NAME)))
    return package


def pip_install(package: Path, site: Path) -> None:
    """`pip install` of the package: its dependency on the bot is met by the bot installed
    here (a dry run in this environment), then it goes into a folder of its own, so that this
    environment never has it."""
    dry = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--no-index",
         "--no-build-isolation", str(package)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert "Would install seepbot-fifthtricks-0.1.0" in dry.stdout.splitlines()[-1], dry.stdout
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
         "--no-index", "--target", str(site), str(package)],
        check=True, capture_output=True,
    )  # fmt: skip


class Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname} {record.getMessage()}")


@pytest.fixture
def warnings() -> Iterator[Warnings]:
    handler = Warnings()
    logging.getLogger("seepbot").addHandler(handler)
    yield handler
    logging.getLogger("seepbot").removeHandler(handler)


def published(fake: FakeDiscord) -> dict[str, set[str]]:
    """Where a game may be named in the published commands: the `/table new`, `/rules` and
    `/stats` subcommands, the leaderboard's game choices."""
    commands = {c["name"]: c for c in fake.commands}

    def subcommands(node: dict[str, Any]) -> set[str]:
        return {o["name"] for o in node.get("options", [])}

    new = next(o for o in commands["table"]["options"] if o["name"] == "new")
    game = next(o for o in commands["leaderboard"]["options"] if o["name"] == "game")
    return {"table new": subcommands(new), "rules": subcommands(commands["rules"]),
            "stats": subcommands(commands["stats"]),
            "leaderboard": {c["value"] for c in game["choices"]}}  # fmt: skip


async def until(condition: Any, timeout: float = 15.0) -> None:
    """Wait for the bot of the other process to have done something the fake shows."""
    for _ in range(int(timeout / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the bot did not get there")


def table_over(fake: FakeDiscord) -> bool:
    return any("Match over" in message_text(m) for m in fake.channel_messages())


def table_shown(fake: FakeDiscord) -> bool:
    posted = fake.channel_messages()
    return bool(posted) and any(c.get("label") == "My hand" for c in fake.components(posted[-1]))


def moved_on(fake: FakeDiscord, shown: int) -> bool:
    """The match is over, or a newer table message than `shown` is up. (After the last move
    the final table, which has no "My hand", replaces `shown` before the summary says the
    match is over: for that moment neither is true yet.)"""
    if table_over(fake):
        return True
    tables = [m for m in fake.channel_messages()
              if any(c.get("label") == "My hand" for c in fake.components(m))]  # fmt: skip
    return bool(tables) and tables[-1]["id"] != shown


async def play_added_game(fake: FakeDiscord, channel: int) -> None:
    """With the game installed: offered everywhere, a match played to the end, another table
    left being played in `channel`."""
    offered = published(fake)
    assert all(NAME in names for names in offered.values()), offered
    await rated_table_players(fake, {ASHA: "Asha", DEV: "Dev"})
    new = await fake.slash(ASHA, "table", f"new {NAME}", players=2, hands=1)
    lobby = fake.messages[new.message_id]
    assert lobby["embeds"][0]["title"].startswith(f"{TITLE} · table")
    await fake.click(DEV, new.message_id, lobby_button(fake, lobby, "join"))
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    while not table_over(fake):
        await until(lambda: table_over(fake) or table_shown(fake))
        if table_over(fake):
            break
        shown = latest_table(fake)["id"]
        answer = await play_first_move(fake, whose_turn(fake))
        assert answer.startswith("Your move: ") and " plays " in answer, answer
        await until(functools.partial(moved_on, fake, shown))
    board = await fake.slash(DEV, "leaderboard", channel_id=NO_FILES_CHANNEL_ID, game=NAME)
    embed = fake.messages[board.message_id]["embeds"][0]
    assert embed["title"] == f"{TITLE} leaderboard · by wins"
    assert len(embed["description"].splitlines()) == 2  # Asha and Dev
    pages = await fake.slash(ASHA, "rules", NAME, locale="hi", topic="tricks")
    assert pages.responses[-1]["data"]["flags"] & EPHEMERAL
    assert fake.messages[pages.message_id]["embeds"][0]["title"].endswith(" · हाथ जीतना")

    other = await fake.slash(ASHA, "table", f"new {NAME}", channel_id=channel, players=2)
    lobby = fake.messages[other.message_id]
    await fake.click(DEV, other.message_id, lobby_button(fake, lobby, "join"))
    await fake.click(ASHA, other.message_id, lobby_button(fake, lobby, "start"))
    await until(lambda: any(
        c.get("label") == "My hand" for m in fake.channel_messages(channel)
        for c in fake.components(m)))  # fmt: skip


async def test_a_game_added_as_its_own_package_then_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, warnings: Warnings
) -> None:
    site = tmp_path / "site"
    pip_install(write_package(tmp_path), site)
    database = tmp_path / "bot.sqlite3"
    fake = FakeDiscord(extra_channels=1)
    await fake.start()
    channel = fake.extra_channels[0]
    spawn = multiprocessing.get_context("spawn")
    ready, stop = spawn.Event(), spawn.Event()
    child = spawn.Process(target=serve_with, daemon=True, args=(
        str(site), fake.api_base, fake.gateway_url, str(database), ready, stop))  # fmt: skip
    bot = None
    try:
        child.start()
        started = await asyncio.to_thread(ready.wait, 60)
        assert started, f"the bot with the fifth game did not start: {fake.violations}"
        await play_added_game(fake, channel)
        stop.set()
        await asyncio.to_thread(child.join, 30)
        assert child.exitcode == 0

        # the package is uninstalled: the bot of this process never had it
        shutil.rmtree(site)
        monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
        monkeypatch.setattr(
            discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
        )
        bot = await start_bot(fake, database)
        await bot.sync_commands()
        assert all(NAME not in names for names in published(fake).values())
        ended = [line for line in warnings.lines if "a game no longer installed" in line]
        assert len(ended) == 1 and f"channel {channel}" in ended[0] and NAME in ended[0], ended

        # its channel is free again; what it left is kept, and said plainly
        opened = await fake.slash(ASHA, "table", "new suipe", channel_id=channel, players=2)
        assert fake.messages[opened.message_id]["embeds"][0]["title"].startswith("Suipe · table")
        assert {r.user_id for r in await bot.store.player_results(GUILD_ID, NAME)} == {ASHA, DEV}
        history = await fake.slash(ASHA, "history")
        listed = history.responses[-1]["data"]["content"]
        deal = int(listed.split("**Deal ")[1].split("**")[0])
        assert f" · {NAME} · " in listed
        for command in ("replay", "verify", "review"):
            answer = (await fake.slash(ASHA, command, deal=deal)).responses[-1]["data"]
            assert answer["flags"] & EPHEMERAL
            assert answer["content"] == (
                f"Deal {deal} is a deal of {NAME}, a game this bot no longer offers: its record "
                "is kept, but it cannot be shown or checked until the game is installed again."
            )
        stats = (await fake.slash(ASHA, "stats", "all")).responses[-1]["data"]["content"]
        assert stats == "Asha has no finished matches here yet."
        old = (await fake.slash(ASHA, "table", f"new {NAME}")).responses[-1]["data"]
        assert old["flags"] & EPHEMERAL and f"{NAME} is not one of the choices" in old["content"]
        await bot.idle()
    finally:
        stop.set()
        if child.is_alive():
            child.kill()
        if bot is not None and not bot.is_closed():
            await stop_bot(bot)
        await fake.stop()
    assert not fake.violations, fake.violations
    assert not [line for line in warnings.lines if line.startswith(("ERROR", "CRITICAL"))]

"""The bot in a process of its own with a game package installed into `site` (a folder
`pip install --target` filled): tests/e2e/test_fifth_game.py. Nothing of the bot is imported
before the folder is on the path, so the process finds the game as a bot started after
`pip install` would, through its entry point."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any


def serve_with(site: str, api_base: str, gateway_url: str, database: str, ready: Any,
               stop: Any) -> None:  # fmt: skip
    sys.path.insert(0, site)
    asyncio.run(_serve(api_base, gateway_url, database, ready, stop))


async def _serve(api_base: str, gateway_url: str, database: str, ready: Any, stop: Any) -> None:
    from bot.config import Settings

    from .bot_process import start_against_fake

    settings = Settings(token="fake.token", database_path=Path(database))
    bot, runner = await start_against_fake(api_base, gateway_url, settings)
    bot.computer_delay = 0
    await bot.sync_commands()  # as `python -m bot --sync` after installing a game
    ready.set()
    await asyncio.to_thread(stop.wait)
    await bot.idle()
    await bot.close()
    await runner

"""`python -m bot [--sync]`: start the Discord bot from the settings in the environment / `.env`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

import discord

from bot.client import create_bot
from bot.config import ConfigError, load_settings
from renderers.palette import palette_image
from renderers.theme import DEFAULT_THEME


async def run(sync: bool) -> int:
    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # The image palette is read once (it ships ready made), before the first table needs it.
    await asyncio.to_thread(palette_image, DEFAULT_THEME)
    bot = create_bot(settings)
    async with bot:
        if sync:
            await bot.login(settings.token)  # runs setup_hook, which loads the cogs
            synced = await bot.sync_commands()
            print(f"seepbot: synced {len(synced)} command(s)")
            return 0
        await bot.start(settings.token)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot")
    parser.add_argument("--sync", action="store_true", help="publish the slash commands and exit")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(run(args.sync))
    except ConfigError as error:
        print(f"seepbot: {error}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("seepbot: Discord refused the token: check DISCORD_TOKEN in .env", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())

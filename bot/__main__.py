"""`python -m bot [--sync] [--shards 0-3 --shard-count 8]`: start the Discord bot from the
settings in the environment / `.env` (the command line's shards win over theirs)."""

from __future__ import annotations

import argparse
import asyncio
import base64
import binascii
import logging
import sys

import aiohttp
import discord

from bot.client import create_bot
from bot.config import ConfigError, load_settings
from bot.storage import StoreUnavailable
from renderers.palette import palette_image
from renderers.theme import DEFAULT_THEME


async def run(sync: bool, overrides: dict[str, str]) -> int:
    settings = load_settings(overrides=overrides)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # the bot has no voice: no warnings about voice libraries, no "logging in" line
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    logging.getLogger("discord.client").setLevel(logging.WARNING)
    # The image palette is read once (it ships ready made), before the first table needs it.
    await asyncio.to_thread(palette_image, DEFAULT_THEME)
    bot = create_bot(settings)
    await bot.open_store()  # a database problem is told before any Discord one
    async with bot:
        if sync:
            await bot.login(settings.token)  # runs setup_hook, which loads the cogs
            synced = await bot.sync_commands()
            print(f"seepbot: synced {len(synced)} command(s)")
            return 0
        await bot.start(settings.token)
    if bot.fatal:
        raise StoreUnavailable(bot.fatal)
    return 0


# What the bot needs in a channel: see its messages and history, post, embed the table and
# attach its images, open a thread per table and post there.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


def application_id(token: str) -> int:
    """The application's id, which a bot token carries in its first part (base64)."""
    first = token.split(".", 1)[0]
    try:
        return int(base64.b64decode(first + "=" * (-len(first) % 4)).decode())
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ConfigError("DISCORD_TOKEN does not look like a bot token") from None


def invite_link(token: str) -> str:
    scopes = ("bot", "applications.commands")
    return discord.utils.oauth_url(application_id(token), permissions=PERMISSIONS, scopes=scopes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot")
    parser.add_argument("--sync", action="store_true", help="publish the slash commands and exit")
    parser.add_argument(
        "--invite", action="store_true", help="print the link that adds the bot to a server"
    )
    parser.add_argument(
        "--shards", metavar="IDS", help="run these shards only, e.g. 0-3 (or SHARDS in .env)"
    )
    parser.add_argument(
        "--shard-count", metavar="N", help="how many shards the bot has in all (SHARD_COUNT)"
    )
    args = parser.parse_args(argv)
    overrides = {"SHARDS": args.shards or "", "SHARD_COUNT": args.shard_count or ""}
    try:
        if args.invite:
            print(invite_link(load_settings().token))
            return 0
        return asyncio.run(run(args.sync, overrides))
    except ConfigError as error:
        print(f"seepbot: {error}", file=sys.stderr)
        return 2
    except StoreUnavailable as error:
        print(f"seepbot: {error}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("seepbot: Discord refused the token: check DISCORD_TOKEN in .env", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as error:
        reason = str(error) or type(error).__name__
        print(f"seepbot: cannot reach Discord ({reason}): check the network", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("seepbot: Discord refused an intent the bot does not need", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())

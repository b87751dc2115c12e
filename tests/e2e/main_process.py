"""`python -m bot` as an operator starts it (its `main`, its settings from the environment,
its signals), in a process of its own, against the fake Discord."""

from __future__ import annotations

import os
import sys


def run_main(api_base: str, gateway_url: str, environment: dict[str, str]) -> None:
    import discord
    import yarl

    from bot.__main__ import main

    os.environ.update(environment)
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    sys.exit(main([]))

"""The types of discord.py's components as the cogs use them: an item may sit in a classic view
or a layout view (a table message is a layout, the same buttons edited in place a view)."""

from __future__ import annotations

from typing import TypeAlias

import discord

AnyView: TypeAlias = discord.ui.View | discord.ui.LayoutView
ViewItem: TypeAlias = discord.ui.Item[AnyView]
ViewButton: TypeAlias = discord.ui.Button[AnyView]
ViewSelect: TypeAlias = discord.ui.Select[AnyView]

"""The types of discord.py's components as the cogs use them: an item may sit in a classic view
or a layout view (a table message is a layout, the same buttons edited in place a view)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias, TypedDict, TypeVar

import discord

AnyView: TypeAlias = discord.ui.View | discord.ui.LayoutView
ViewItem: TypeAlias = discord.ui.Item[AnyView]
ViewButton: TypeAlias = discord.ui.Button[AnyView]
ViewSelect: TypeAlias = discord.ui.Select[AnyView]


class MessageParts(TypedDict, total=False):
    """A message as keyword arguments for discord.py's `send` (or an edit): what the
    presenter builds and `cogs.wire` encodes. (discord.py's overloads of `send` take each
    combination apart, so a message built ahead is handed over where the channel is
    untyped.)"""

    content: str | None
    embed: discord.Embed | None
    embeds: list[discord.Embed]
    file: discord.File
    files: list[discord.File]
    attachments: list[discord.File]
    view: discord.ui.View | discord.ui.LayoutView | None
    allowed_mentions: discord.AllowedMentions
    nonce: str | int
    flags: discord.MessageFlags
    images: list[tuple[bytes, str]]  # a summary's files kept as bytes between tries (no keyword)


def interaction_data(interaction: discord.Interaction) -> dict[str, object]:
    """What Discord sent with an interaction (its command's options, or the component's id,
    type and values), read field by field."""
    return dict(interaction.data or {})


def custom_id_of(interaction: discord.Interaction) -> str:
    return str(interaction_data(interaction).get("custom_id", ""))


def component_type_of(interaction: discord.Interaction) -> int:
    kind = interaction_data(interaction).get("component_type", 0)
    return int(kind) if isinstance(kind, int | str) else 0


def values_of(interaction: discord.Interaction) -> list[str]:
    """The values chosen in a select (none for anything else)."""
    values = interaction_data(interaction).get("values")
    return [str(value) for value in values] if isinstance(values, list) else []


R = TypeVar("R")


def called(method: Callable[..., R], parts: MessageParts, **more: object) -> R:
    """`method` (a `send`, an edit) called with a message built ahead: discord.py's overloads
    take each combination of its keywords apart, which a message made elsewhere cannot
    name."""
    return method(**parts, **more)

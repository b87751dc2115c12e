"""A channel message made ready to post away from the event loop: its request body encoded,
files included, in the worker thread that drew its image, so that the loop only sends it.

The body is what discord.py's `send` would send (`handle_message_parameters` makes its JSON);
only the multipart form is written here in one piece, in the form aiohttp writes it, instead
of by aiohttp's form machinery on the loop. It goes through discord.py's HTTP client all the
same, with its rate limits and its retries.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from typing import Any

import discord
from aiohttp import BytesPayload

from cogs.ui_types import MessageParts, ViewItem, called

# Past this size aiohttp asks for a file object instead of bytes (its ResourceWarning):
# such a message is sent the usual way.
LARGEST_BODY = 1024 * 1024


@dataclass(frozen=True, slots=True)
class EncodedMessage:
    """The body of `POST /channels/{id}/messages` and its content type."""

    body: bytes
    content_type: str

    async def post(self, http: discord.http.HTTPClient, channel_id: int) -> int:
        """Post it in the channel; the new message's id (the message itself is not built)."""
        route = discord.http.Route("POST", "/channels/{channel_id}/messages",
                                   channel_id=channel_id)  # fmt: skip
        payload = BytesPayload(self.body, content_type=self.content_type)
        sent = await http.request(route, data=payload)
        return int(sent["id"])

    async def follow_up(
        self, http: discord.http.HTTPClient, application_id: int, token: str
    ) -> int:
        """Post it as a follow-up of an interaction (its own webhook, outside the bot's
        global rate limit), in the interaction's channel; the new message's id."""
        route = discord.http.Route("POST", "/webhooks/{webhook_id}/{webhook_token}",
                                   webhook_id=application_id, webhook_token=token)  # fmt: skip
        payload = BytesPayload(self.body, content_type=self.content_type)
        sent = await http.request(route, data=payload, params={"wait": "true"})
        return int(sent["id"])


def encode_message(
    message: MessageParts, allowed_mentions: discord.AllowedMentions | None
) -> EncodedMessage | MessageParts:
    """`message` (keyword arguments for `send`) encoded, or `message` itself when it must go
    through `send`: a view with an item other than a `DynamicItem` (found by its custom id,
    whatever the message) is registered for its message there, and a body too large for
    bytes goes as a file."""
    view = message.get("view")
    if view is not None and any(_registered(item) for item in view.walk_children()):
        return message
    fields: MessageParts = {**message}
    nonce = fields.pop("nonce", None)
    fields.pop("images", None)
    with called(
        discord.http.handle_message_parameters,
        fields,
        nonce=secrets.randbits(64) if nonce is None else nonce,  # as `send` makes one
        previous_allowed_mentions=allowed_mentions,
    ) as params:
        if params.files and params.multipart:  # as `HTTPClient.send_message` tells them apart
            encoded = _multipart(params.multipart)
        else:
            body = discord.utils._to_json(params.payload).encode()
            encoded = EncodedMessage(body, "application/json")
    return message if len(encoded.body) > LARGEST_BODY else encoded


def _registered(item: ViewItem) -> bool:
    """An item that answers presses only once registered for its message: a button or a
    select that is not a `DynamicItem` (a layout's containers and rows hold items, a text
    display or an image answers nothing)."""
    if isinstance(item, discord.ui.DynamicItem) or hasattr(item, "walk_children"):
        return False
    return item.is_dispatchable()


def _multipart(fields: list[dict[str, Any]]) -> EncodedMessage:
    """A multipart/form-data body of discord.py's form fields, as aiohttp's FormData writes
    it (a text field as text/plain in UTF-8, a file with its name and content type)."""
    boundary = uuid.uuid4().hex
    parts = []
    for field in fields:
        value = field["value"]
        disposition = f'form-data; name="{field["name"]}"'
        if "filename" in field:
            disposition += f'; filename="{field["filename"]}"'
            kind = field.get("content_type") or "application/octet-stream"
            data = value.read()
        else:
            kind = "text/plain; charset=utf-8"
            data = str(value).encode()
        head = f"--{boundary}\r\nContent-Type: {kind}\r\nContent-Disposition: {disposition}\r\n\r\n"
        parts += [head.encode(), data, b"\r\n"]
    parts.append(f"--{boundary}--\r\n".encode())
    return EncodedMessage(b"".join(parts), f"multipart/form-data; boundary={boundary}")

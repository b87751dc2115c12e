"""The fake Discord refuses a layout-components message where Discord refuses it: 400, code
50035, the field at fault named under its path; and accepts what discord.py's `LayoutView`
sends when it keeps to the rules."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route, handle_message_parameters

from .discord_components import COMPONENTS_V2
from .fake_discord import CHANNEL_ID, FakeDiscord

TOKEN = "Bot fake.token"
V2 = COMPONENTS_V2


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    try:
        yield server
    finally:
        server.violations.clear()  # each refusal is also noted there: the tests read them
        await server.stop()


@pytest.fixture
async def web() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


@pytest.fixture
async def http(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[HTTPClient]:
    """discord.py's HTTP client, logged in to the fake."""
    monkeypatch.setattr(Route, "BASE", fake.api_base)
    client = HTTPClient(asyncio.get_running_loop())
    await client.static_login("fake.token")
    try:
        yield client
    finally:
        await client.close()


async def send(
    web: aiohttp.ClientSession,
    fake: FakeDiscord,
    payload: dict[str, Any],
    method: str = "POST",
    message_id: int | None = None,
) -> tuple[int, Any]:
    path = f"/channels/{CHANNEL_ID}/messages" + ("" if message_id is None else f"/{message_id}")
    headers = {"Authorization": TOKEN}
    async with web.request(method, fake.api_base + path, json=payload, headers=headers) as reply:
        return reply.status, json.loads(await reply.text() or "null")


def text(content: str = "Asha to play.") -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str = "hand:1", label: str = "My hand") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(options: int = 3, **fields: Any) -> dict[str, Any]:
    choices = [{"label": f"move {n}", "value": str(n)} for n in range(options)]
    return {"type": 3, "custom_id": "pick:1", "options": choices, **fields}


def container(*items: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"type": 17, "components": list(items), **fields}


def gallery(*urls: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}} for url in urls]}


def errors_at(body: Any, *path: str) -> list[dict[str, Any]]:
    """Discord's form errors under `path` ([] where there are none)."""
    node = body.get("errors") or {}
    for part in path:
        node = node.get(part) or {}
    return list(node.get("_errors") or [])


WITHIN = {"flags": V2, "components": [container(text(), row(button()))]}


async def test_a_layout_message_within_the_rules_is_posted(
    web: aiohttp.ClientSession, fake: FakeDiscord
) -> None:
    status, message = await send(web, fake, WITHIN)
    assert status == 200 and message["flags"] & V2
    assert not fake.violations


# each case: a message Discord refuses, and the path of the field its answer names
REFUSED: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "content with the flag": ({**WITHIN, "content": "hello"}, ("content",)),
    "embeds with the flag": ({**WITHIN, "embeds": [{"title": "Seep"}]}, ("embeds",)),
    "stickers with the flag": ({**WITHIN, "sticker_ids": ["1"]}, ("sticker_ids",)),
    "a poll with the flag": ({**WITHIN, "poll": {"question": {"text": "?"}}}, ("poll",)),
    "a text display without the flag": ({"components": [text()]}, ("components", "0", "type")),
    "six action rows without the flag": (
        {"components": [row(button(f"b{n}")) for n in range(6)]},
        ("components",),
    ),
    "41 components": (
        {"flags": V2, "components": [container(*(text(f"line {n}") for n in range(40)))]},
        ("components",),
    ),
    "4,001 characters of text": (
        {"flags": V2, "components": [text("a" * 2000), container(text("b" * 2001))]},
        ("components",),
    ),
    "a container in a container": (
        {"flags": V2, "components": [container(container(text()))]},
        ("components", "0", "components", "0", "type"),
    ),
    "a button outside a row": (
        {"flags": V2, "components": [container(button())]},
        ("components", "0", "components", "0", "type"),
    ),
    "a section without an accessory": (
        {"flags": V2, "components": [{"type": 9, "components": [text()]}]},
        ("components", "0", "accessory"),
    ),
    "a section of four texts": (
        {"flags": V2, "components": [{"type": 9, "components": [text()] * 4,
                                      "accessory": button()}]},
        ("components", "0", "components"),
    ),
    "a section holding a row": (
        {"flags": V2, "components": [{"type": 9, "components": [row(button())],
                                      "accessory": button()}]},
        ("components", "0", "components", "0", "type"),
    ),
    "six buttons in a row": (
        {"flags": V2, "components": [row(*(button(f"b{n}") for n in range(6)))]},
        ("components", "0", "components"),
    ),
    "a select beside a button": (
        {"flags": V2, "components": [row(select(), button())]},
        ("components", "0", "components"),
    ),
    "an empty row": ({"flags": V2, "components": [row()]}, ("components", "0", "components")),
    "an empty text display": ({"flags": V2, "components": [text("")]},
                              ("components", "0", "content")),
    "a gallery of eleven": (
        {"flags": V2, "components": [gallery(*(["https://cdn.invalid/a.png"] * 11))]},
        ("components", "0", "items"),
    ),
    "an attachment that is not there": (
        {"flags": V2, "components": [gallery("attachment://table.png")]},
        ("components", "0", "items", "0", "media", "url"),
    ),
    "alt text over 1,024": (
        {"flags": V2, "components": [{"type": 12, "items": [
            {"media": {"url": "https://cdn.invalid/a.png"}, "description": "x" * 1025}]}]},
        ("components", "0", "items", "0", "description"),
    ),
    "a button label over 80": (
        {"flags": V2, "components": [container(row(button(label="x" * 81)))]},
        ("components", "0", "components", "0", "components", "0", "label"),
    ),
    "a custom id over 100": (
        {"flags": V2, "components": [row(button(custom_id="x" * 101))]},
        ("components", "0", "components", "0", "custom_id"),
    ),
    "a custom id twice": (
        {"flags": V2, "components": [row(button("same"), button("same"))]},
        ("components", "0", "components", "1", "custom_id"),
    ),
    "a select of 26 options": (
        {"flags": V2, "components": [row(select(26))]},
        ("components", "0", "components", "0", "options"),
    ),
    "a select choosing more than it offers": (
        {"flags": V2, "components": [row(select(2, min_values=1, max_values=3))]},
        ("components", "0", "components", "0", "max_values"),
    ),
    "an option label over 100": (
        {"flags": V2, "components": [row({**select(1), "options": [
            {"label": "x" * 101, "value": "1"}]})]},
        ("components", "0", "components", "0", "options", "0", "label"),
    ),
    "an accent colour past white": (
        {"flags": V2, "components": [container(text(), accent_color=0x1000000)]},
        ("components", "0", "accent_color"),
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
async def test_the_fake_refuses_what_discord_refuses(
    web: aiohttp.ClientSession, fake: FakeDiscord, case: str
) -> None:
    payload, path = REFUSED[case]
    status, body = await send(web, fake, payload)
    assert status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert errors_at(body, *path), (case, body)
    assert fake.violations and not fake.channel_messages()  # noted, and nothing posted


async def test_the_flag_cannot_be_taken_off_by_an_edit(
    web: aiohttp.ClientSession, fake: FakeDiscord
) -> None:
    _, message = await send(web, fake, WITHIN)
    status, body = await send(web, fake, {"flags": 0, "content": "plain again"}, "PATCH",
                              int(message["id"]))  # fmt: skip
    assert status == 400 and errors_at(body, "flags")
    # an edit that leaves the flag alone keeps it, and keeps to the layout's rules
    status, edited = await send(web, fake, {"components": [text("Dev to play.")]}, "PATCH",
                                int(message["id"]))  # fmt: skip
    assert status == 200 and edited["flags"] & V2
    status, body = await send(web, fake, {"content": "hello"}, "PATCH", int(message["id"]))
    assert status == 400 and errors_at(body, "content")


async def test_an_edit_may_set_the_flag_only_clearing_the_legacy_fields(
    web: aiohttp.ClientSession, fake: FakeDiscord
) -> None:
    _, message = await send(web, fake, {"content": "hello"})
    layout = {"flags": V2, "components": [text()]}
    status, body = await send(web, fake, layout, "PATCH", int(message["id"]))
    assert status == 400 and errors_at(body, "content")  # the content would stay
    status, edited = await send(web, fake, {**layout, "content": None}, "PATCH",
                                int(message["id"]))  # fmt: skip
    assert status == 200 and edited["flags"] & V2


def table_view(buttons: int = 4) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=0x4285F4)
    box.add_item(discord.ui.TextDisplay("### Seep · table 1\nAsha & Ravi 12 · Dev & Mira 9"))
    box.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://table.png",
                                                                  description="Floor: 9♠")))
    box.add_item(discord.ui.TextDisplay("<@1>, your turn."))
    box.add_item(discord.ui.ActionRow(*(
        discord.ui.Button(label=f"b{n}", custom_id=f"b{n}") for n in range(buttons))))
    view.add_item(box)  # fmt: skip
    return view


async def test_what_discord_py_sends_for_a_layout_view_is_accepted_with_its_file(
    http: HTTPClient, fake: FakeDiscord
) -> None:
    png = discord.File(io.BytesIO(b"\x89PNG fake"), filename="table.png")
    with handle_message_parameters(view=table_view(), file=png) as params:
        posted = await http.send_message(CHANNEL_ID, params=params)
    assert int(posted["flags"]) & V2 and posted["attachments"][0]["filename"] == "table.png"
    # the same view without its file names an attachment the message does not have
    with handle_message_parameters(view=table_view()) as params, pytest.raises(
        discord.HTTPException
    ) as refused:
        await http.send_message(CHANNEL_ID, params=params)
    assert refused.value.status == 400 and refused.value.code == 50035
    # an edit keeps the file it does not replace: the gallery still finds it
    with handle_message_parameters(view=table_view(3)) as params:
        edited = await http.edit_message(CHANNEL_ID, int(posted["id"]), params=params)
    assert len(fake.components(edited)) == 3
    # an edit that uploads the picture its gallery shows is refused (discord-api-docs#7529):
    # a table message is posted anew, never edited into another picture
    fresh = discord.File(io.BytesIO(b"\x89PNG other"), filename="table.png")
    with handle_message_parameters(view=table_view(), file=fresh) as params, pytest.raises(
        discord.HTTPException
    ) as refused:
        await http.edit_message(CHANNEL_ID, int(posted["id"]), params=params)
    assert refused.value.status == 400 and refused.value.code == 50035

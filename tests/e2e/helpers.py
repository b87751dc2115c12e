"""What a player does in the tests: open their hand, pick a card and a move, confirm."""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest

from engine import fairness

from .discord_components import MEDIA_GALLERY, TEXT_DISPLAY, walk
from .fake_discord import EPHEMERAL, FakeDiscord

MANAGE_GUILD = 1 << 5  # the permission to manage the server


def button(fake: FakeDiscord, message: dict[str, Any], label: str) -> str:
    for component in fake.components(message):
        if component.get("label") == label:
            return component["custom_id"]
    raise AssertionError(f"no {label!r} button in {message.get('content')!r}")


def lobby_button(fake: FakeDiscord, message: dict[str, Any], action: str) -> str:
    """A lobby button by what it does (its label is in the table's language)."""
    for component in fake.components(message):
        if str(component.get("custom_id", "")).endswith(f":{action}"):
            return str(component["custom_id"])
    raise AssertionError(f"no {action!r} button in the lobby")


def select(fake: FakeDiscord, message: dict[str, Any]) -> dict[str, Any]:
    for component in fake.components(message):
        if component.get("type") == 3:
            return component
    raise AssertionError(f"no select in {message.get('content')!r}")


def latest_table(fake: FakeDiscord, hand_label: str = "My hand") -> dict[str, Any]:
    """The latest table message (found by its hand button, `hand_label` in its language)."""
    tables = [
        m
        for m in fake.channel_messages()
        if any(c.get("label") == hand_label for c in fake.components(m))
    ]
    assert tables, f"no table message with a {hand_label} button"
    return tables[-1]


def message_text(message: dict[str, Any]) -> str:
    """The text a player reads in a message, in order: its content, its embeds' words, and
    the text displays of a layout message (wherever they are nested)."""
    parts = [str(message.get("content") or "")]
    for embed in message.get("embeds") or []:
        parts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        for entry in embed.get("fields") or []:
            parts += [str(entry.get("name") or ""), str(entry.get("value") or "")]
        parts.append(str((embed.get("footer") or {}).get("text") or ""))
    parts += [str(c.get("content") or "") for c in walk(message.get("components") or [])
              if c.get("type") == TEXT_DISPLAY]  # fmt: skip
    return "\n".join(part for part in parts if part)


def message_title(message: dict[str, Any]) -> str:
    """A message's title: its embed's, or a layout message's heading ("### …")."""
    embeds = message.get("embeds") or []
    if embeds and embeds[0].get("title"):
        return str(embeds[0]["title"])
    for c in walk(message.get("components") or []):
        if c.get("type") == TEXT_DISPLAY and str(c.get("content", "")).startswith("### "):
            return str(c["content"]).splitlines()[0][4:]
    return ""


def sections(message: dict[str, Any]) -> dict[str, str]:
    """A message's named parts: its embed's fields, or a layout message's text displays that
    begin with a bold heading ("**Match recap**\n…"), by name."""
    found: dict[str, str] = {}
    for embed in message.get("embeds") or []:
        for entry in embed.get("fields") or []:
            found[str(entry.get("name"))] = str(entry.get("value") or "")
    for c in walk(message.get("components") or []):
        content = str(c.get("content") or "") if c.get("type") == TEXT_DISPLAY else ""
        if content.startswith("**") and "**\n" in content:
            heading, _, text = content[2:].partition("**\n")
            found[heading] = text
    return found


def since_the_last_table(message: dict[str, Any]) -> list[str]:
    """The plays a table message lists under "Since the last table" (one "• …" line each)."""
    lines = message_text(message).splitlines()
    if "**Since the last table**" not in lines:
        return []
    after = lines[lines.index("**Since the last table**") + 1 :]
    listed = []
    for line in after:
        if not line.startswith("• "):
            break
        listed.append(line)
    return listed


def last_play(message: dict[str, Any]) -> str | None:
    """The last play a table message tells ("**Last play** · …"), or None."""
    for line in message_text(message).splitlines():
        if line.startswith("**Last play** · "):
            return line[len("**Last play** · "):]
    return None


def gallery_items(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The media gallery items of a layout message (its pictures, with their alt texts)."""
    return [item for c in walk(message.get("components") or []) if c.get("type") == MEDIA_GALLERY
            for item in c.get("items") or []]  # fmt: skip


def whose_turn(fake: FakeDiscord, hand_label: str = "My hand") -> int:
    text = message_text(latest_table(fake, hand_label))
    return int(text.split("<@")[1].split(">")[0])


async def start_table(
    env: Any,
    host: int,
    game: str,
    *,
    joiners: tuple[int, ...] = (),
    computers: int = 0,
    **options: Any,
) -> tuple[dict[str, Any], Any]:
    """`/table new`, the other players join, the host adds computer players and starts; the
    lobby message and the table's session once the first moves are made."""
    fake = env.fake
    new = await fake.slash(host, "table", f"new {game}", **options)
    lobby = fake.messages[new.message_id]
    for user in joiners:
        await fake.click(user, new.message_id, lobby_button(fake, lobby, "join"))
    for _ in range(computers):
        await fake.click(host, new.message_id, lobby_button(fake, lobby, "computer"))
    await fake.click(host, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    return lobby, env.bot.tables.get(int(lobby["channel_id"]))


async def suipe_for_two(
    env: Any, members: dict[int, str], **options: Any
) -> tuple[Any, int, str]:
    """The two members open and start a two-player Suipe table (the first hosts); its
    session, whose turn it is and a legal move of theirs."""
    host, guest = members
    for user_id, name in members.items():
        env.fake.add_member(user_id, name)
    _, session = await start_table(env, host, "suipe", joiners=(guest,), players=2, **options)
    mover = (host, guest)[session.match.current_player]
    return session, mover, session.match.legal_actions()[0].notation


# the answer to a move, in our languages
PLAYED = ("Your move", "आपकी चाल", "તમારી ચાલ", "Váš tah", "Váš ťah", "Dein Zug")


def played_text(step: Any) -> str:
    """The answer to a click that played a move ("Your move: …"), or ""."""
    content = (step.responses[-1].get("data") or {}).get("content") or ""
    return content if content.startswith(PLAYED) else ""


async def finish_picker(
    fake: FakeDiscord, user_id: int, picker: dict[str, Any], choose: Any = None
) -> tuple[str, int]:
    """Go through an open picker until a move is played: `choose(select)` gives the values
    (default: the first `min_values` options). Returns the answer and the taps it took
    (a button 1, a select 2: open it, pick)."""
    taps = 0
    while True:
        buttons = [c for c in fake.components(picker) if c.get("type") == 2]
        confirm = [c for c in buttons if c.get("label") == "Confirm"]
        forced = [c for c in buttons if str(c.get("custom_id", "")).endswith(":forced")]
        if confirm or forced:
            done = await fake.click(user_id, int(picker["id"]), (confirm or forced)[0]["custom_id"])
            return done.responses[-1]["data"]["content"], taps + 1
        choice = select(fake, picker)
        values = choose(choice) if choose else None
        if values is None:
            count = choice.get("min_values", 1)
            values = [o["value"] for o in choice["options"]][:count]
        step = await fake.click(user_id, int(picker["id"]), choice["custom_id"], values)
        taps += 2
        if played_text(step):
            return played_text(step), taps
        picker = fake.messages[int(picker["id"])]


async def play_first_move(fake: FakeDiscord, user_id: int) -> str:
    """Open the hand from the latest table message and play the first move offered."""
    table = latest_table(fake)
    opened = await fake.click(user_id, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    assert picker["flags"] & EPHEMERAL and picker["attachments"], "the hand comes privately"
    answer, _ = await finish_picker(fake, user_id, picker)
    return answer


async def rated_table_players(fake: FakeDiscord, members: dict[int, str]) -> None:
    """The members join the server, and the first, as a manager, has the server rate games
    with computer players (so that a finished match reaches the leaderboard)."""
    for user_id, name in members.items():
        fake.add_member(user_id, name)
    manager = next(iter(members))
    await fake.slash(manager, "settings", "tables", permissions=MANAGE_GUILD,
                     rate_computer_games=True)  # fmt: skip


def fix_deals(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Deal secrets from a seeded generator instead of the system's, for a test that needs a
    particular deal (every table opened afterwards deals the same cards)."""
    fixed = random.Random(seed)
    monkeypatch.setattr(fairness, "token_bytes", fixed.randbytes)
    monkeypatch.setattr(fairness, "randbelow", fixed.randrange)
    monkeypatch.setattr(secrets, "randbits", fixed.getrandbits)  # the computers' seed

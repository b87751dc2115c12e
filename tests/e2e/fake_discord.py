"""A small fake of Discord on 127.0.0.1 for end-to-end tests of the real discord.py client.

It serves the gateway websocket (HELLO, heartbeat ACK, IDENTIFY → READY + GUILD_CREATE, RESUME,
and INTERACTION_CREATE when a test "clicks"), sharded as Discord shards it: a connection that
identifies with a shard pair [id, count] receives the events of the guilds of that shard only
(shard = (guild_id >> 22) % count), and an impossible pair is closed with 4010. It serves the
REST routes the bot uses, records every request, and enforces the Discord limits a real
server would: one acknowledgement per interaction within 3 seconds, custom_id ≤ 100
characters, ≤ 5 action rows, ≤ 25 select options, a message's text ≤ 2,000 characters (refused
as Discord refuses it: 400, code 50035), ≤ 10 embeds of ≤ 6,000 characters in all, ≤ 10 files
within the upload limit of a server without boosts (8 MiB). A breach is recorded in
`violations`; the test fixture fails on any.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
import time
import unicodedata
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

from aiohttp import WSMsgType, web

from .discord_components import (
    INTERACTIVE,
    TEXT_DISPLAY,
    FormRefused,
    check_message,
    walk,
)
from .discord_limits import (
    BOT_DM_CONTEXT,
    FOLLOW_UPS_AS_APP,
    GUILD_CONTEXT,
    GUILD_INSTALL,
    INVALID_WEBHOOK_TOKEN,
    MAX_FOLLOW_UPS,
    MISSING_ACCESS,
    PRIVATE_CHANNEL_CONTEXT,
    TOKEN_SECONDS,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    USER_INSTALL,
    RateLimits,
)

UPLOAD_LIMIT = 8 * 1024 * 1024  # the files of one message, in a server without boosts
GUILD_ID = 900_000_000_000_000_001
CHANNEL_ID = 900_000_000_000_000_002
NO_FILES_CHANNEL_ID = 900_000_000_000_000_003
READ_ONLY_CHANNEL_ID = 900_000_000_000_000_004
THREADS_CHANNEL_ID = 900_000_000_000_000_005  # the one channel where the bot may open threads
NO_EMBEDS_CHANNEL_ID = 900_000_000_000_000_006
EMBED_LINKS = 1 << 14
SEND_MESSAGES = 1 << 11
CREATE_PUBLIC_THREADS = 1 << 35
# Places the bot reaches only as an app installed to a person's account: a group DM, and a
# server that has not added the bot (a DM with the bot is made per person: `dm_channel`)
GROUP_DM_ID = 900_000_000_000_000_020
PEOPLE_DM_ID = 900_000_000_000_000_021  # a DM between two people (not with the bot)
NO_BOT_GUILD_ID = 900_000_000_000_000_030
NO_BOT_CHANNEL_ID = 900_000_000_000_000_031
APP_ID = 900_000_000_000_000_010
BOT_ID = APP_ID
DISCORD_EPOCH_MS = 1_420_070_400_000  # 2015-01-01, where snowflakes count from
EPHEMERAL = 64
GUILD_MESSAGES = 1 << 9  # gateway intents: message events in servers (the bot's own included)
GUILD_MESSAGE_TYPING = 1 << 11  # typing in servers
ALL_PERMISSIONS = str((1 << 50) - 1)
ATTACH_FILES = 1 << 15


def user_payload(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
    }


def pinged_users(content: str, allowed: dict[str, Any] | None) -> list[int]:
    """The users a message notifies: its <@id> mentions, as far as allowed_mentions lets
    them (no allowed_mentions: all of them)."""
    mentioned = [int(found) for found in re.findall(r"<@!?(\d+)>", content)]
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    listed = {int(user) for user in allowed.get("users") or []}
    return [user for user in mentioned if user in listed]




def valid_name(name: str) -> bool:
    r"""Discord's `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, in lower case."""

    def allowed(char: str) -> bool:
        return (
            char in "-_"
            or unicodedata.category(char)[0] in "LN"
            or "\u0900" <= char <= "\u097f"  # Devanagari, its vowel signs too
            or "\u0e00" <= char <= "\u0e7f"  # Thai
        )

    return 1 <= len(name) <= 32 and all(map(allowed, name)) and name == name.lower()


COMMAND_CHARACTERS = 8000  # a command's names, descriptions and choices, all levels together
COMMANDS = 100  # chat-input commands of one scope
SUBCOMMAND, GROUP, USER, ROLE = 1, 2, 6, 8
BOT_ROLE_ID = 900_000_000_000_000_020  # the bot's own role, above the champion's
CHAMPION_ROLE_ID = 900_000_000_000_000_021  # a role the bot may give and take
HIGH_ROLE_ID = 900_000_000_000_000_022  # a role above the bot's own: Discord refuses it to the bot
ROLE_POSITIONS = {  # the server's roles above @everyone: (name, position)
    BOT_ROLE_ID: ("Seep Bot", 2),
    CHAMPION_ROLE_ID: ("Champion", 1),
    HIGH_ROLE_ID: ("Moderators", 3),
}
ADMINISTRATOR = 1 << 3
MANAGE_ROLES = 1 << 28
EVERYONE_PERMISSIONS = (1 << 40) - 1 - ADMINISTRATOR  # what @everyone may do, unless a test says


def role_payload(role_id: int, name: str, position: int) -> dict[str, Any]:
    return {"id": str(role_id), "name": name, "permissions": "0", "position": position,
            "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}


@dataclass(frozen=True, slots=True)
class RoleOption:
    """A command option that names a role of the server (`champion=RoleOption(...)`)."""

    role_id: int


@dataclass(frozen=True, slots=True)
class MemberOption:
    """A command option that names a member (`slash(..., partner=MemberOption(703))`)."""

    user_id: int


def _localised(value: str, localisations: dict[str, str] | None) -> int:
    """Discord counts the longest of a field's default text and its translations."""
    return max([len(value), *(len(text) for text in (localisations or {}).values())])


def command_size(command: dict[str, Any]) -> int:
    size = _localised(command.get("name", ""), command.get("name_localizations"))
    size += _localised(command.get("description", ""), command.get("description_localizations"))
    for choice in command.get("choices") or []:
        size += _localised(choice.get("name", ""), choice.get("name_localizations"))
        size += len(str(choice.get("value", "")))
    return size + sum(command_size(option) for option in command.get("options") or [])


def command_problems(command: dict[str, Any], where: str = "", depth: int = 0) -> list[str]:
    """What Discord refuses in a published command (or option): names of 1-32 lower-case
    word characters (translations too), descriptions of 1-100 characters (translations too),
    at most 25 options, subcommands or choices at each level, choices of 1-100 characters,
    subcommand groups only at the top and holding only subcommands, no subcommand beside
    plain options, required options before optional ones, a range with low ≤ high, and at
    most 8000 characters in all."""
    where = f"{where}/{command.get('name', '?')}"
    problems = []
    names = [command.get("name", ""), *(command.get("name_localizations") or {}).values()]
    for name in names:
        if not valid_name(name):
            problems.append(f"{where}: invalid name {name!r}")
    kind = command.get("type", 1) if depth == 0 else command.get("type")
    descriptions = [
        command.get("description", ""),
        *(command.get("description_localizations") or {}).values(),
    ]
    if (depth == 0 and kind in (1, None)) or depth > 0:
        for description in descriptions:
            if not 1 <= len(description) <= 100:
                problems.append(f"{where}: description of {len(description)} characters")
    options = command.get("options") or []
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options")
    choices = command.get("choices") or []
    if len(choices) > 25:
        problems.append(f"{where}: more than 25 choices")
    for choice in choices:
        texts = [choice.get("name", ""), *(choice.get("name_localizations") or {}).values()]
        if any(not 1 <= len(text) <= 100 for text in texts):
            problems.append(f"{where}: a choice name of {max(map(len, texts))} characters")
        if isinstance(choice.get("value"), str) and len(choice["value"]) > 100:
            problems.append(f"{where}: a choice value longer than 100")
    low, high = command.get("min_value"), command.get("max_value")
    if low is not None and high is not None and low > high:
        problems.append(f"{where}: a range from {low} to {high}")
    nested = [o for o in options if o.get("type") in (SUBCOMMAND, GROUP)]
    if nested and len(nested) != len(options):
        problems.append(f"{where}: subcommands beside plain options")
    if depth > 0 and kind == GROUP and any(o.get("type") == GROUP for o in options):
        problems.append(f"{where}: a subcommand group inside a group")
    if depth > 0 and kind == SUBCOMMAND and nested:
        problems.append(f"{where}: a subcommand holding subcommands")
    if depth >= 2 and kind == GROUP:
        problems.append(f"{where}: a group nested too deep")
    required = [bool(o.get("required")) for o in options if o.get("type") not in (1, 2)]
    if required != sorted(required, reverse=True):
        problems.append(f"{where}: a required option after an optional one")
    for option in options:
        problems += command_problems(option, where, depth + 1)
    if depth == 0 and command_size(command) > COMMAND_CHARACTERS:
        problems.append(f"{where}: {command_size(command)} characters in all")
    return problems


def commands_problems(commands: list[dict[str, Any]]) -> list[str]:
    """A whole published set: each command's limits, at most 100 chat-input commands, names
    unique."""
    problems = [p for command in commands for p in command_problems(command)]
    chat = [c.get("name") for c in commands if c.get("type", 1) == 1]
    if len(chat) > COMMANDS:
        problems.append(f"{len(chat)} chat-input commands (the limit is {COMMANDS})")
    if len(chat) != len(set(chat)):
        problems.append("two commands of the same name")
    return problems


CONTENT_LIMIT = 2000


def embed_characters(embed: dict[str, Any]) -> int:
    """What counts towards Discord's 6,000 characters over a message's embeds."""
    fields = embed.get("fields") or []
    return (
        len(embed.get("title") or "")
        + len(embed.get("description") or "")
        + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
        + len((embed.get("footer") or {}).get("text") or "")
        + len((embed.get("author") or {}).get("name") or "")
    )


def message_problems(payload: dict[str, Any], files: list[dict[str, Any]]) -> list[str]:
    """What Discord refuses in a message: its text, embeds, files and components."""
    problems: list[str] = []
    content = payload.get("content") or ""
    if len(content) > 2000:
        problems.append(f"content of {len(content)} characters (the limit is 2000)")
    if len(files) > 10:
        problems.append(f"{len(files)} files (the limit is 10)")
    if sum(f["size"] for f in files) > UPLOAD_LIMIT:
        problems.append(f"files of {sum(f['size'] for f in files)} bytes in all")
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (the limit is 10)")
    characters = sum(embed_characters(embed) for embed in embeds)
    if characters > 6000:
        problems.append(f"embeds of {characters} characters (the limit is 6000)")
    for embed in embeds:
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            if len(embed.get(key) or "") > limit:
                problems.append(f"embed {key} longer than {limit}")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append("an embed with more than 25 fields")
        for entry in fields:
            if len(entry.get("name", "")) > 256 or len(entry.get("value", "")) > 1024:
                problems.append(f"embed field too long: {entry.get('name')!r}")
        footer = (embed.get("footer") or {}).get("text") or ""
        if len(footer) > 2048:
            problems.append("embed footer longer than 2048")
    rows = payload.get("components") or []
    if len(rows) > 5:
        problems.append(f"{len(rows)} action rows (the limit is 5)")
    for row in rows:
        for component in row.get("components", []):
            if len(component.get("custom_id", "")) > 100:
                problems.append(f"custom_id too long: {component['custom_id']}")
            if len(component.get("options", [])) > 25:
                problems.append("a select with more than 25 options")
            if component.get("type") == 3:
                low = component.get("min_values", 1)
                high = component.get("max_values", 1)
                if not 0 <= low <= high <= min(25, len(component.get("options", []))):
                    problems.append(f"a select choosing {low} to {high} options")
            for option in component.get("options", []):
                if len(option.get("label", "")) > 100 or len(option.get("value", "")) > 100:
                    problems.append(f"a select option too long: {option['label']!r}")
            if len(component.get("label") or "") > 80:
                problems.append("a button label longer than 80")
    return problems


def too_long(payload: Any) -> str | None:
    """Where a request's message text breaks Discord's limit ("content", or "data.content" in
    an interaction's answer), or None."""
    if not isinstance(payload, dict):
        return None
    if len(str(payload.get("content") or "")) > CONTENT_LIMIT:
        return "content"
    data = payload.get("data")
    if isinstance(data, dict) and len(str(data.get("content") or "")) > CONTENT_LIMIT:
        return "data.content"
    return None


def invalid_form_body(field: str) -> web.Response:
    """Discord's answer to a message text over the limit."""
    problem = {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
    errors: dict[str, Any] = {"_errors": [problem]}
    for part in reversed(field.split(".")):
        errors = {part: errors}
    return json_response({"message": "Invalid Form Body", "code": 50035, "errors": errors}, 400)


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py parses JSON only when Content-Type is exactly application/json.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


@dataclass
class Interaction:
    id: int
    token: str
    payload: dict[str, Any]
    sent_at: float
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)
    responses: list[dict[str, Any]] = field(default_factory=list)
    message_id: int | None = None  # the message created by the response, if any
    # a deferred answer (type 5 or 6) is completed by an edit or a follow-up: the deferred
    # response's "data" then holds the message the user sees (as tests read any answer)
    completed: asyncio.Event = field(default_factory=asyncio.Event)
    aged: float = 0.0  # seconds a test let pass for its token (see FakeDiscord.age_tokens)
    follow_ups: int = 0
    made: set[int] = field(default_factory=set)  # the messages it created (answer, follow-ups)

    @property
    def as_app(self) -> bool:
        """Authorized by a person's install only (no server install where it happened): the
        app is not a member there, and Discord limits what it may do."""
        return GUILD_INSTALL not in (self.payload.get("authorizing_integration_owners") or {})
    resolved: dict[str, Any] = field(default_factory=dict)  # members a command option names

    def complete(self, message: dict[str, Any]) -> None:
        """What the user sees as the answer: the first edit or follow-up after a deferral
        (later follow-ups are messages of their own)."""
        if self.completed.is_set():
            return
        if self.responses and self.responses[0].get("type") in (5, 6):
            self.responses[0]["data"] = message
        self.completed.set()


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's rule, written here apart from the bot's own (bot.sharding) so that the fake
    checks the bot instead of agreeing with it."""
    return (guild_id >> 22) % shard_count


def text_channel(channel_id: int, name: str, position: int, denied: int) -> dict[str, Any]:
    """A text channel of the test guild where everyone is denied the `denied` permissions."""
    overwrites = [{"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(denied)}]
    return {
        "id": str(channel_id),
        "type": 0,
        "name": name,
        "position": position,
        "guild_id": str(GUILD_ID),
        "permission_overwrites": overwrites if denied else [],
        "nsfw": False,
    }


class FakeDiscord:
    def __init__(
        self,
        extra_channels: int = 0,
        other_guilds: int = 0,
        guild_channels: int = 1,
        rate_limits: bool = True,
    ) -> None:
        # Discord's rate limits (see discord_limits): on unless a caller turns them off
        self.limits = RateLimits(enabled=rate_limits, application_id=APP_ID)
        # more text channels, for many tables at once (benchmarks)
        self.extra_channels = [CHANNEL_ID + 100 + n for n in range(extra_channels)]
        # more servers, each with `guild_channels` text channels: the k-th lands on shard k of
        # a count above k (its id's timestamp part is GUILD_ID's plus k)
        self.other_guilds: dict[int, list[int]] = {}  # guild → its channels
        for k in range(1, other_guilds + 1):
            guild = (((GUILD_ID >> 22) + k) << 22) | (GUILD_ID & ((1 << 22) - 1))
            self.other_guilds[guild] = [guild + 2 + n for n in range(guild_channels)]
        self.channel_guilds = {
            channel: guild for guild, channels in self.other_guilds.items() for channel in channels
        }
        self.sockets: dict[int, web.WebSocketResponse] = {}  # by shard
        self.shard_count = 1
        self.identifies: list[tuple[int, int]] = []  # every (shard, count) that identified
        self.posted: dict[int, list[asyncio.Future[dict[str, Any]]]] = {}
        self._last_id = 0
        self.app = web.Application(client_max_size=32 * 1024 * 1024)
        self.app.router.add_get("/gateway", self._gateway)
        self.app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.sequence = 0
        self.requests: list[tuple[str, str]] = []
        self.violations: list[str] = []
        self.refused: list[FormRefused] = []  # requests refused under the components' rules
        self.pings: dict[int, list[int]] = {}  # by message: the users Discord would notify
        self.gone_channels: set[int] = set()  # deleted threads: Discord answers 10003
        self.messages: dict[int, dict[str, Any]] = {}
        # every message the bot sent or edited (content, embeds, components) and every answer
        # to an autocomplete or a modal, as sent: what players read, whatever became of it
        self.sent: list[dict[str, Any]] = []
        self.files: dict[int, list[dict[str, Any]]] = {}  # what each message attached
        self.deleted: set[int] = set()
        self.typing: list[tuple[int, float]] = []  # (channel, when): "the bot is typing…"
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.intents: dict[int, int] = {}  # by shard: the intents it identified with
        self.identified = asyncio.Event()
        self.members: dict[int, str] = {}
        self.locales: dict[int, str] = {}
        self.new_message = asyncio.Condition()
        self.threads: dict[int, dict[str, Any]] = {}
        self.scheduled_events: dict[int, dict[str, Any]] = {}  # the servers' scheduled events
        self.member_roles: dict[int, set[int]] = {}  # roles the bot gave members (by user)
        self.refused_roles: list[tuple[str, int, int]] = []  # (method, user, role) refused
        self.everyone_permissions = EVERYONE_PERMISSIONS  # `set_everyone_permissions`
        self.commands: list[dict[str, Any]] = []  # the last published commands
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}  # a server's own copy
        self.in_no_server = False  # a bot nobody has invited yet
        # A message created with a nonce and `enforce_nonce` is remembered for this long:
        # the same author's message with the same nonce in the same channel is answered with
        # the first message, and no new one is made ("the past few minutes", says Discord).
        self.nonce_seconds = 120.0
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}  # → (message, when)
        # the answers (status, Discord's code) the next messages posted in a channel (or as
        # an interaction's follow-up) get instead of being posted: a passing fault of
        # Discord's, as tests set them
        self.refused_posts: list[tuple[int, int]] = []
        self.reactions: list[tuple[str, int, str]] = []  # (PUT or DELETE, message, emoji)
        # people who installed the app to their account, and the places it reaches that way
        self.installed: set[int] = set()
        self.group_dm: list[int] = []  # the people in the group DM GROUP_DM_ID
        self.people_dm: list[int] = []  # the two people of the DM PEOPLE_DM_ID
        self.dms: dict[int, int] = {}  # a person's DM channel with the bot
        # which interaction made each message (a press on it is authorized by the same owners)
        self.made_by: dict[int, Interaction] = {}

    # ----- lifecycle --------------------------------------------------------------------

    async def start(self) -> None:
        self.runner = web.AppRunner(self.app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self.sockets.values()):
            await ws.close()
        if self.runner is not None:
            await self.runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def next_id(self) -> int:
        """A snowflake as Discord makes them: its creation time (milliseconds since Discord's
        epoch) in the high bits, so `created_at` of a message or interaction is real."""
        made = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last_id = max(made, self._last_id + 1)
        return self._last_id

    # ----- gateway ----------------------------------------------------------------------

    @property
    def ws(self) -> web.WebSocketResponse | None:
        """The connection of shard 0 (the only one of an unsharded bot)."""
        return self.sockets.get(0)

    def guilds(self) -> list[int]:
        if self.in_no_server:
            return []
        return [GUILD_ID, *self.other_guilds]

    def guild_of(self, channel_id: int) -> int:
        thread = self.threads.get(channel_id)
        if thread is not None:
            return int(thread["guild_id"])
        return self.channel_guilds.get(channel_id, GUILD_ID)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        shard = 0
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            op = data.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op in (2, 6):
                asked = data.get("d") or {}
                pair = asked.get("shard") or [0, 1]
                shard, count = int(pair[0]), int(pair[1])
                if not 0 <= shard < count:  # Discord: "Invalid shard"
                    await ws.close(code=4010)
                    break
                self.shard_count = count
                self.sockets[shard] = ws
                if op == 2:
                    self.identifies.append((shard, count))
                    self.intents[shard] = int(asked.get("intents") or 0)
                    mine = [g for g in self.guilds() if shard_of(g, count) == shard]
                    ready = self._ready(mine)
                    if "shard" in asked:
                        ready["shard"] = [shard, count]  # as Discord tells a sharded session
                    await self._dispatch("READY", ready, shard=shard)
                    for guild in mine:
                        await self._dispatch("GUILD_CREATE", self._guild(guild), shard=shard)
                    self.identified.set()
                else:
                    await self._dispatch("RESUMED", {}, shard=shard)
        if self.sockets.get(shard) is ws:
            del self.sockets[shard]
        return ws

    async def _dispatch(
        self, event: str, data: dict[str, Any], guild_id: int = GUILD_ID, shard: int | None = None
    ) -> None:
        """An event to the connection of the guild's shard (or of `shard`)."""
        shard = shard_of(guild_id, self.shard_count) if shard is None else shard
        ws = self.sockets.get(shard)
        assert ws is not None, f"the bot is not connected on shard {shard}"
        self.sequence += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self.sequence, "d": data}))

    async def _tell_bot(self, intent: int, event: str, data: dict[str, Any]) -> None:
        """A message event, as Discord sends it to a bot whose intents ask for it (the bot's
        own messages included), on its guild's shard; none while that shard is offline."""
        if "guild_id" not in data or int(data["guild_id"]) not in self.guilds():
            return  # no member there: Discord tells the bot of nothing that happens there
        guild = int(data["guild_id"])
        shard = shard_of(guild, self.shard_count)
        if self.sockets.get(shard) is not None and self.intents.get(shard, 0) & intent:
            await self._dispatch(event, data, guild)

    async def _message_created(self, message: dict[str, Any]) -> None:
        if not int(message.get("flags") or 0) & EPHEMERAL:  # nobody else sees an ephemeral one
            await self._tell_bot(GUILD_MESSAGES, "MESSAGE_CREATE", message)

    async def _message_updated(self, message: dict[str, Any]) -> None:
        if not int(message.get("flags") or 0) & EPHEMERAL:
            await self._tell_bot(GUILD_MESSAGES, "MESSAGE_UPDATE", message)

    async def _message_deleted(self, message_id: int) -> None:
        message = self.messages.get(message_id)
        if message is not None and not int(message.get("flags") or 0) & EPHEMERAL:
            data = {"id": str(message_id), "channel_id": message["channel_id"],
                    "guild_id": message.get("guild_id")}  # fmt: skip
            if data["guild_id"] is None:
                return
            await self._tell_bot(GUILD_MESSAGES, "MESSAGE_DELETE", data)

    def _ready(self, guilds: list[int]) -> dict[str, Any]:
        return {
            "v": 10,
            "user": user_payload(BOT_ID, "Seep Bot", bot=True),
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [],
        }

    def _guild(self, guild_id: int = GUILD_ID) -> dict[str, Any]:
        if guild_id != GUILD_ID:
            return self._other_guild(guild_id)
        channel = text_channel(CHANNEL_ID, "cards", 0, CREATE_PUBLIC_THREADS)
        threads_allowed = text_channel(THREADS_CHANNEL_ID, "card-room", 3, 0)
        no_files = text_channel(
            NO_FILES_CHANNEL_ID, "no-files", 1, ATTACH_FILES | CREATE_PUBLIC_THREADS
        )
        read_only = text_channel(READ_ONLY_CHANNEL_ID, "read-only", 2, SEND_MESSAGES)
        no_embeds = text_channel(NO_EMBEDS_CHANNEL_ID, "no-embeds", 3, EMBED_LINKS)
        extra = [
            text_channel(cid, f"cards-{n}", 5 + n, CREATE_PUBLIC_THREADS)
            for n, cid in enumerate(self.extra_channels)
        ]
        members = [{**self._member(BOT_ID, "Seep Bot", bot=True), "roles": [str(BOT_ROLE_ID)]}]
        members += [self._member(uid, name) for uid, name in self.members.items()]
        return {
            "id": str(GUILD_ID),
            "name": "Card Club",
            "owner_id": "1",
            "icon": None,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(GUILD_ID),
                    "name": "@everyone",
                    "permissions": str(self.everyone_permissions),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                },
                *(role_payload(role_id, name, position)
                  for role_id, (name, position) in ROLE_POSITIONS.items()),
            ],
            "channels": [channel, no_files, read_only, threads_allowed, no_embeds, *extra],
            "threads": list(self.threads.values()),
            "members": members,
            "member_count": len(members),
            "presences": [],
            "voice_states": [],
            "large": False,
            "unavailable": False,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "mfa_level": 0,
            "verification_level": 0,
            "premium_tier": 0,
            "system_channel_flags": 0,
            "preferred_locale": "en-US",
            "stage_instances": [],
            "guild_scheduled_events": [],
            "nsfw_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
        }

    def _other_guild(self, guild_id: int) -> dict[str, Any]:
        """Another server: its text channels, like the first server's "cards"."""
        guild = self._guild(GUILD_ID)
        channels = [
            {**guild["channels"][0], "id": str(channel), "name": f"cards-{n}", "position": n,
             "guild_id": str(guild_id), "permission_overwrites": [
                 {"id": str(guild_id), "type": 0, "allow": "0",
                  "deny": str(CREATE_PUBLIC_THREADS)}]}
            for n, channel in enumerate(self.other_guilds[guild_id])
        ]  # fmt: skip
        role = {**guild["roles"][0], "id": str(guild_id)}
        return {**guild, "id": str(guild_id), "name": f"Card Club {guild_id % 1000}",
                "roles": [role], "channels": channels, "threads": []}  # fmt: skip

    def _member(self, user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
        return {
            "user": user_payload(user_id, name, bot),
            "roles": [],
            "nick": None,
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": ALL_PERMISSIONS,
        }

    # ----- what tests do: users act -----------------------------------------------------

    def add_member(self, user_id: int, name: str, locale: str = "en-US") -> None:
        """A member of the server; `locale` is the language of their Discord app, sent with
        each of their interactions."""
        self.members[user_id] = name
        self.locales[user_id] = locale

    async def archive_thread(self, thread_id: int, locked: bool = False) -> None:
        """The thread archives (a day without messages), or a moderator locks it."""
        meta = self.threads[thread_id]["thread_metadata"]
        meta["archived"], meta["locked"] = True, locked
        await self._dispatch("THREAD_UPDATE", self.threads[thread_id])

    async def delete_thread(self, thread_id: int) -> None:
        """A moderator deletes a thread: it and its messages are gone."""
        thread = self.threads.pop(thread_id)
        self.gone_channels.add(thread_id)
        await self._dispatch("THREAD_DELETE", {
            "id": str(thread_id), "guild_id": str(GUILD_ID),
            "parent_id": thread["parent_id"], "type": thread.get("type", 11),
        })  # fmt: skip

    # ----- places the bot reaches as an app -------------------------------------------

    def install(self, user_id: int, name: str, locale: str = "en-US") -> None:
        """A person installs the app to their account (its user-install link)."""
        self.installed.add(user_id)
        self.members.setdefault(user_id, name)
        self.locales.setdefault(user_id, locale)

    def dm_channel(self, user_id: int) -> int:
        """The DM channel of a person with the bot."""
        return self.dms.setdefault(user_id, GROUP_DM_ID + 1000 + len(self.dms))

    def place(self, channel_id: int) -> str:
        """"server" (one that added the bot), "dm", "group_dm", "people_dm" (a DM between two
        people) or "no_bot" (a server that has not added it)."""
        if channel_id == GROUP_DM_ID:
            return "group_dm"
        if channel_id == PEOPLE_DM_ID:
            return "people_dm"
        if channel_id in self.dms.values():
            return "dm"
        if channel_id == NO_BOT_CHANNEL_ID:
            return "no_bot"
        return "server"

    def app_only(self, channel_id: int) -> bool:
        """The bot is no member there: it may not post, read or open threads."""
        return self.place(channel_id) in ("group_dm", "people_dm", "no_bot")

    def age_tokens(self, seconds: float) -> None:
        """Let `seconds` pass for every interaction token given so far (a table left idle):
        past 15 minutes Discord refuses them (401, 50027 Invalid Webhook Token)."""
        for record in self.interactions.values():
            record.sent_at -= seconds
            record.aged += seconds

    def _refused_here(self, channel_id: int, what: str) -> web.Response | None:
        """Discord's answer to the bot's own routes in a place it is no member of."""
        if not self.app_only(channel_id):
            return None
        self.violations.append(f"{what} in a {self.place(channel_id)}, where the bot is no member")
        return json_response({"message": "Missing Access", "code": MISSING_ACCESS}, 403)

    def _app_payload(
        self, payload: dict[str, Any], user_id: int, channel_id: int, installer: int
    ) -> None:
        """An interaction's payload where the bot is present only as `installer`'s app."""
        place = self.place(channel_id)
        user = user_payload(user_id, self.members.get(user_id, f"user{user_id}"))
        payload["authorizing_integration_owners"] = {USER_INSTALL: str(installer)}
        # what its answers may carry there (no channel permissions of its own)
        payload["app_permissions"] = str(EMBED_LINKS | ATTACH_FILES | SEND_MESSAGES)
        if place == "no_bot":
            payload["guild_id"] = str(NO_BOT_GUILD_ID)
            payload["channel"] = {"id": str(channel_id), "type": 0, "name": "elsewhere",
                                  "guild_id": str(NO_BOT_GUILD_ID), "position": 0,
                                  "permission_overwrites": [], "nsfw": False}  # fmt: skip
            payload["context"] = GUILD_CONTEXT
            return
        payload.pop("guild_id", None)
        payload.pop("guild_locale", None)
        payload.pop("member", None)
        payload["user"] = user
        if place == "dm":
            payload["context"] = BOT_DM_CONTEXT
            payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": [user],
                                  "last_message_id": None}  # fmt: skip
        elif place == "people_dm":  # Discord's private-channel context, in a channel of type DM
            payload["context"] = PRIVATE_CHANNEL_CONTEXT
            other = next(p for p in self.people_dm if p != user_id)
            recipient = user_payload(other, self.members[other])
            payload["channel"] = {"id": str(channel_id), "type": 1, "last_message_id": None,
                                  "recipients": [recipient]}  # fmt: skip
        else:
            payload["context"] = PRIVATE_CHANNEL_CONTEXT
            people = [user_payload(p, self.members.get(p, f"user{p}")) for p in self.group_dm]
            payload["channel"] = {"id": str(channel_id), "type": 3, "recipients": people,
                                  "name": None, "icon": None, "owner_id": str(self.group_dm[0]),
                                  "last_message_id": None}  # fmt: skip

    async def _send_interaction(self, record: Interaction) -> None:
        guild = record.payload.get("guild_id")
        await self._dispatch("INTERACTION_CREATE", record.payload,
                             int(guild) if guild else GUILD_ID)  # fmt: skip

    def _base_interaction(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        permissions: int | None = None,
        late: float = 0.0,
        installer: int | None = None,
    ) -> Interaction:
        """An interaction as Discord sends it; `late`: the seconds it took to reach the bot
        (made that long ago, by its snowflake and by the 3 seconds Discord allows)."""
        interaction_id = self.next_id()
        if late:  # its snowflake says when the user acted
            interaction_id -= int(late * 1000) << 22
        guild = self.guild_of(channel_id)
        token = f"token-{interaction_id}"
        channel_type = {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild),
            "name": "cards",
            "permissions": ALL_PERMISSIONS,
        }
        if channel_id in self.threads:
            channel_type = {**self.threads[channel_id], "permissions": ALL_PERMISSIONS}
        payload = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(guild),
            "channel_id": str(channel_id),
            "channel": channel_type,
            "member": {
                **self._member(user_id, self.members.get(user_id, f"user{user_id}")),
                **({} if permissions is None else {"permissions": str(permissions)}),
            },
            "app_permissions": ALL_PERMISSIONS,
            "locale": self.locales.get(user_id, "en-US"),
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild)},
            "context": 0,
            "attachment_size_limit": UPLOAD_LIMIT,
        }
        if self.place(channel_id) != "server":
            if self.place(channel_id) == "group_dm" and user_id not in self.group_dm:
                raise AssertionError(f"{user_id} is not in the group DM: it shows them nothing")
            if self.place(channel_id) == "people_dm" and user_id not in self.people_dm:
                raise AssertionError(f"{user_id} is not in the DM: it shows them nothing")
            self._app_payload(payload, user_id, channel_id, installer or user_id)
        record = Interaction(interaction_id, token, payload, time.monotonic() - late)
        self.interactions[interaction_id] = record
        self.by_token[token] = record
        return record

    async def _send_command(
        self, record: Interaction, name: str, options: list[dict[str, Any]]
    ) -> Interaction:
        """Sends a slash command's interaction (typed or being typed) and waits for its answer."""
        record.payload["data"] = {
            "id": str(self.next_id()),
            "name": name,
            "type": 1,
            "options": options,
            **({"resolved": record.resolved} if record.resolved else {}),
        }
        if "guild_id" in record.payload:
            record.payload["data"]["guild_id"] = record.payload["guild_id"]
        channel_id = int(record.payload["channel_id"])
        if self.place(channel_id) != "server":
            self._check_offered(name, int(record.payload["context"]), record)
        await self._send_interaction(record)
        return await self._answered(record)

    def _check_offered(self, name: str, context: int, record: Interaction) -> None:
        """Discord offers a command outside servers that added the bot only to a person who
        installed the app, and only if the command allows user installs and the context."""
        user = int((record.payload.get("user") or record.payload["member"]["user"])["id"])
        command = next((c for c in self.commands if c.get("name") == name), None)
        if user not in self.installed:
            raise AssertionError(f"/{name}: {user} has not installed the app, so it is not offered")
        if command is None:
            raise AssertionError(f"/{name} is not published globally, so it is not offered here")
        installs = command.get("integration_types") or [0]
        contexts = command.get("contexts") or [GUILD_CONTEXT, BOT_DM_CONTEXT]
        if 1 not in installs or context not in contexts:
            raise AssertionError(f"Discord does not offer /{name} in context {context}")

    async def slash(
        self,
        user_id: int,
        name: str,
        subcommand: str | None = None,
        channel_id: int = CHANNEL_ID,
        permissions: int | None = None,
        locale: str | None = None,
        late: float = 0.0,
        **options: Any,
    ) -> Interaction:
        option_list = [
            {
                "type": USER if isinstance(v, MemberOption) else ROLE if isinstance(v, RoleOption)
                else 5 if isinstance(v, bool) else 4 if isinstance(v, int) else 3,
                "name": k,
                "value": str(v.user_id) if isinstance(v, MemberOption)
                else str(v.role_id) if isinstance(v, RoleOption) else v,
            }
            for k, v in options.items()
        ]  # fmt: skip
        roles = [v.role_id for v in options.values() if isinstance(v, RoleOption)]
        chosen = [v.user_id for v in options.values() if isinstance(v, MemberOption)]
        for level, part in enumerate(reversed((subcommand or "").split())):
            kind = SUBCOMMAND if level == 0 else GROUP
            option_list = [{"type": kind, "name": part, "options": option_list}]
        record = self._base_interaction(2, user_id, channel_id, permissions, late)
        if locale is not None:
            record.payload["locale"] = locale
        if roles:  # and a role option: the role
            record.resolved["roles"] = {
                str(r): role_payload(r, *ROLE_POSITIONS.get(r, ("role", 1))) for r in roles
            }
        if chosen:  # Discord resolves a member option: the member and their user
            record.resolved |= {
                "members": {str(u): {k: v for k, v in self._member(
                    u, self.members.get(u, f"user{u}")).items() if k != "user"}
                    for u in chosen},
                "users": {str(u): user_payload(u, self.members.get(u, f"user{u}"))
                          for u in chosen},
            }  # fmt: skip
        return await self._send_command(record, name, option_list)

    async def autocomplete(
        self,
        user_id: int,
        name: str,
        focused: str,
        typed: str,
        channel_id: int = CHANNEL_ID,
        subcommand: str | None = None,
        filled: dict[str, str] | None = None,
    ) -> list[dict[str, Any]]:
        """A user typing into a command option (`filled`: the options already given); returns
        the choices the bot offers."""
        record = self._base_interaction(4, user_id, channel_id)
        options: list[dict[str, Any]] = [
            {"type": 3, "name": name, "value": value} for name, value in (filled or {}).items()
        ]
        options.append({"type": 3, "name": focused, "value": typed, "focused": True})
        if subcommand is not None:
            options = [{"type": 1, "name": subcommand, "options": options}]
        answered = await self._send_command(record, name, options)
        response = answered.responses[-1]
        if response["type"] != 8:
            self.violations.append("an autocomplete was answered with something else")
        return response["data"]["choices"]

    async def click(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        values: list[str] | None = None,
        permissions: int | None = None,
        late: float = 0.0,
    ) -> Interaction:
        message = self.messages[message_id]
        if not any(c.get("custom_id") == custom_id for c in self.components(message)):
            raise AssertionError(
                f"Discord's client cannot press {custom_id!r}: message {message_id} has no such"
                " component (any more)"
            )
        maker = self.made_by.get(message_id)
        installer = None
        if maker is not None and maker.as_app:  # authorized by the same person's install
            installer = int(maker.payload["authorizing_integration_owners"][USER_INSTALL])
        record = self._base_interaction(
            3, user_id, int(message["channel_id"]), permissions, late, installer
        )
        record.payload["message"] = message
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            self._check_choice(message, custom_id, values)
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        record.payload["data"] = data
        await self._send_interaction(record)
        return await self._answered(record)

    async def submit(
        self, user_id: int, opened: Interaction, values: dict[str, str]
    ) -> Interaction:
        """`user_id` fills in the modal that `opened` answered with (values by the text
        inputs' custom ids) and sends it, as Discord's client does: only the modal's own
        inputs, each within its lengths, a required one never empty."""
        shown = next((r for r in opened.responses if r.get("type") == 9), None)
        if shown is None:
            raise AssertionError("that interaction opened no modal")
        modal = shown["data"]
        rows = []
        for component in modal.get("components", []):
            inputs = ([component["component"]] if component.get("type") == 18
                      else component.get("components", []))  # fmt: skip
            filled = []
            for text_input in inputs:
                value = values.get(text_input["custom_id"], "")
                low, high = text_input.get("min_length", 0), text_input.get("max_length", 4000)
                if text_input.get("required", True) and not value:
                    raise AssertionError(f"Discord's client requires {text_input['custom_id']}")
                if value and not low <= len(value) <= high:
                    raise AssertionError(f"Discord's client keeps the text within {low}–{high}")
                filled.append({"type": 4, "custom_id": text_input["custom_id"], "value": value})
            if component.get("type") == 18:
                rows.append({"type": 18, "component": filled[0]})
            else:
                rows.append({"type": 1, "components": filled})
        record = self._base_interaction(5, user_id, int(opened.payload["channel_id"]), None, 0.0)
        if "message" in opened.payload:
            record.payload["message"] = opened.payload["message"]
        record.payload["data"] = {"custom_id": modal["custom_id"], "components": rows}
        await self._dispatch("INTERACTION_CREATE", record.payload, int(record.payload["guild_id"]))
        return await self._answered(record)

    def _check_choice(self, message: dict[str, Any], custom_id: str, values: list[str]) -> None:
        """Discord's client sends only offered values, as many as the select allows."""
        found = (c for c in self.components(message) if c.get("custom_id") == custom_id)
        select = next(found, None)
        if select is None or select.get("type") != 3:
            return
        offered = {o["value"] for o in select.get("options", [])}
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if not set(values) <= offered or not low <= len(values) <= high:
            raise AssertionError(f"Discord would not send {values} from {custom_id}")

    async def _answered(self, record: Interaction) -> Interaction:
        """Returns once the interaction is answered: at once for an answer, after its edit or
        follow-up for a deferred one (what the user then sees)."""
        try:
            left = 3.0 - (time.monotonic() - record.sent_at)
            await asyncio.wait_for(record.acknowledged.wait(), timeout=max(left, 0.5))
        except TimeoutError:
            self.violations.append(f"interaction {record.id} was not answered within 3 seconds")
            return record
        if record.responses and record.responses[0].get("type") in (5, 6):
            try:
                await asyncio.wait_for(record.completed.wait(), timeout=15.0)
            except TimeoutError:
                self.violations.append(f"deferred interaction {record.id} was never completed")
        return record

    # ----- what tests read --------------------------------------------------------------

    def channel_messages(self, channel_id: int = CHANNEL_ID) -> list[dict[str, Any]]:
        return [
            m
            for mid, m in self.messages.items()
            if int(m["channel_id"]) == channel_id
            and mid not in self.deleted
            and not int(m.get("flags", 0)) & EPHEMERAL
        ]

    def components(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """The message's buttons and selects, wherever they sit (in an action row, a
        container's row, a section's accessory)."""
        return [c for c in walk(message.get("components") or []) if c.get("type") in INTERACTIVE]

    async def wait_for_message(self, predicate: Any, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        async with self.new_message:
            while True:
                for mid, message in self.messages.items():
                    if mid not in self.deleted and predicate(message):
                        return message
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError("no such message was posted")
                try:
                    await asyncio.wait_for(self.new_message.wait(), remaining)
                except TimeoutError:
                    continue

    # ----- REST -------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        """A request, within Discord's rate limits: refused (429) or served, its answer
        carrying its bucket's headers."""
        path = "/" + request.match_info["path"]
        authorization = request.headers.get("Authorization")
        ticket, refusal = self.limits.admit(request.method, path, authorization)
        if refusal is not None:
            return refusal
        assert ticket is not None
        if authorization is None and not path.startswith(("/interactions/", "/webhooks/")):
            response = json_response({"message": "401: Unauthorized", "code": 0}, 401)
        else:
            try:
                response = await self._serve(request, path)
            except FormRefused as refused:  # Discord's rules on components: see its module
                self.violations.append(f"refused {request.method} {path}: {refused}")
                self.refused.append(refused)
                prefix = ("data",) if path.endswith("/callback") else ()
                response = refused.response(prefix)
        self.limits.answered(ticket, response)
        return response

    async def _serve(self, request: web.Request, path: str) -> web.Response:
        self.requests.append((request.method, path))
        payload, files = await self._body(request)
        parts = path.strip("/").split("/")
        if request.method in ("POST", "PATCH") and (field := too_long(payload)):
            self.violations.append(f"a message text over {CONTENT_LIMIT} characters ({field})")
            return invalid_form_body(field)
        if path == "/users/@me":
            return json_response(user_payload(BOT_ID, "Seep Bot", bot=True))
        if path == "/users/@me/guilds":
            after = int(request.query.get("after") or 0)
            ids = sorted(gid for gid in self.guilds() if gid > after)
            limit = int(request.query.get("limit") or 200)
            return json_response([{"id": str(gid), "name": f"server {gid}", "icon": None,
                                   "owner": False, "permissions": ALL_PERMISSIONS,
                                   "features": []} for gid in ids[:limit]])  # fmt: skip
        if path in ("/oauth2/applications/@me", "/applications/@me"):
            return json_response(
                {
                    "id": str(APP_ID),
                    "name": "Seep Bot",
                    "icon": None,
                    "description": "",
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "verify_key": "00",
                    "owner": user_payload(1, "Owner"),
                    "flags": 0,
                    "summary": "",
                    "team": None,
                }
            )
        if parts[0] == "applications" and parts[-1] == "commands":
            guild = int(parts[3]) if parts[2] == "guilds" else None
            if request.method == "PUT":
                problems = commands_problems(payload)
                if problems:
                    self.violations += problems
                    return json_response({"message": "Invalid Form Body", "code": 50035}, 400)
                published = [self._command(c, parts) for c in payload]
                if guild is None:
                    self.commands = published
                else:
                    self.guild_commands[guild] = published
            if guild is None:
                return json_response(self.commands)
            return json_response(self.guild_commands.get(guild, []))
        if parts[0] == "interactions" and parts[-1] == "callback":
            return await self._callback(int(parts[1]), payload, files)
        if parts[0] == "webhooks":
            return await self._webhook(request.method, parts, payload, files)
        reaction = parts[0] == "channels" and len(parts) == 7 and parts[4] == "reactions"
        if reaction and request.method in ("PUT", "DELETE") and parts[6] == "@me":
            self.reactions.append((request.method, int(parts[3]), parts[5]))
            return web.Response(status=204)
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            return await self._channel_messages(
                request.method, int(parts[1]), parts, payload, files, dict(request.query)
            )
        if parts[0] == "channels" and len(parts) >= 2 and parts[1].isdigit():
            refused = self._refused_here(int(parts[1]), f"{request.method} {path}")
            if refused is not None:
                return refused
        if parts[0] == "channels" and len(parts) == 2 and int(parts[1]) in self.dms.values():
            user = next(u for u, c in self.dms.items() if c == int(parts[1]))
            return json_response({"id": parts[1], "type": 1, "last_message_id": None,
                                  "recipients": [user_payload(user, self.members.get(
                                      user, f"user{user}"))]})  # fmt: skip
        if parts[0] == "channels" and len(parts) == 3 and parts[2] == "typing":
            if int(parts[1]) in self.gone_channels:
                return json_response({"message": "Unknown Channel", "code": 10003}, 404)
            self.typing.append((int(parts[1]), time.monotonic()))
            channel_id = int(parts[1])
            typing = {"channel_id": str(channel_id), "guild_id": str(self.guild_of(channel_id)),
                      "user_id": str(BOT_ID), "timestamp": int(time.time()),
                      "member": self._member(BOT_ID, "Seep Bot", bot=True)}  # fmt: skip
            await self._tell_bot(GUILD_MESSAGE_TYPING, "TYPING_START", typing)
            return web.Response(status=204)
        if parts[0] == "channels" and len(parts) == 3 and parts[2] == "threads":
            return await self._create_thread(int(parts[1]), payload)
        member_role = parts[0] == "guilds" and len(parts) == 6 and parts[4] == "roles"
        if member_role and request.method in ("PUT", "DELETE"):  # a role given or taken
            return self._member_role(request.method, int(parts[3]), int(parts[5]))
        if parts[0] == "guilds" and len(parts) >= 3 and parts[2] == "scheduled-events":
            return self._scheduled_event(request.method, int(parts[1]), parts[3:], payload)
        if parts[0] == "channels" and int(parts[1]) in self.gone_channels:
            return json_response({"message": "Unknown Channel", "code": 10003}, 404)
        if parts[0] == "channels" and len(parts) == 2 and request.method == "GET":
            thread = self.threads.get(int(parts[1]))
            if thread is not None:
                return json_response(thread)
        self.violations.append(f"unexpected request {request.method} {path}")
        return json_response({"message": "Unknown route", "code": 0}, 404)

    def _member_role(self, method: str, user_id: int, role_id: int) -> web.Response:
        """A role given (PUT) or taken (DELETE) as Discord rules: the bot needs Manage Roles
        (or Administrator), and the role must lie below the bot's highest role."""
        if role_id not in ROLE_POSITIONS:
            return json_response({"message": "Unknown Role", "code": 10011}, 404)
        allowed = self.everyone_permissions  # (the bot's own role adds none)
        mine = ROLE_POSITIONS[BOT_ROLE_ID][1]
        if not allowed & (MANAGE_ROLES | ADMINISTRATOR) or ROLE_POSITIONS[role_id][1] >= mine:
            self.refused_roles.append((method, user_id, role_id))
            return json_response({"message": "Missing Permissions", "code": 50013}, 403)
        held = self.member_roles.setdefault(user_id, set())
        (held.add if method == "PUT" else held.discard)(role_id)
        return web.Response(status=204)

    async def set_everyone_permissions(self, permissions: int) -> None:
        """A moderator changes what @everyone (the bot among them) may do in the server."""
        self.everyone_permissions = permissions
        role = self._guild()["roles"][0]
        await self._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(GUILD_ID), "role": role})

    def _scheduled_event(
        self, method: str, guild_id: int, rest: list[str], payload: dict[str, Any]
    ) -> web.Response:
        """A server's scheduled event: made (POST) or changed (PATCH), as Discord keeps it."""
        if method == "POST" and not rest:
            if payload.get("entity_type") == 3 and not payload.get("scheduled_end_time"):
                return invalid_form_body("scheduled_end_time")  # an external one needs its end
            event_id = self.next_id()
            event = {"id": str(event_id), "guild_id": str(guild_id), "creator_id": str(BOT_ID),
                     "channel_id": None, "status": 1, "privacy_level": 2, "user_count": 0,
                     "entity_id": None, "description": None, "image": None,
                     "recurrence_rule": None, **payload}  # fmt: skip
            self.scheduled_events[event_id] = event
            return json_response(event)
        if method == "PATCH" and len(rest) == 1 and int(rest[0]) in self.scheduled_events:
            event = self.scheduled_events[int(rest[0])]
            event.update(payload)
            return json_response(event)
        self.violations.append(f"unexpected scheduled-event request {method} {rest}")
        return json_response({"message": "Unknown Guild Scheduled Event", "code": 10070}, 404)

    def _command(self, command: dict[str, Any], parts: list[str]) -> dict[str, Any]:
        """A published command as Discord answers it (with its id and version)."""
        guild = {"guild_id": parts[3]} if parts[2] == "guilds" else {}
        return {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            **guild,
            "id": str(self.next_id()),
            "application_id": str(APP_ID),
            "version": str(self.next_id()),
        }

    async def _create_thread(self, parent_id: int, payload: dict[str, Any]) -> web.Response:
        if parent_id != THREADS_CHANNEL_ID:
            self.violations.append("a thread was opened where the bot may not create threads")
            return json_response({"message": "Missing Permissions", "code": 50013}, 403)
        thread_id = self.next_id()
        thread = {
            "id": str(thread_id),
            "type": int(payload.get("type") or 11),
            "name": payload.get("name", "table"),
            "guild_id": str(GUILD_ID),
            "parent_id": str(parent_id),
            "owner_id": str(BOT_ID),
            "last_message_id": None,
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int(payload.get("auto_archive_duration") or 1440),
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
            },
        }
        self.threads[thread_id] = thread
        # Like Discord: the creator learns of its new thread through the gateway too.
        await self._dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return json_response(thread, 201)

    async def _body(self, request: web.Request) -> tuple[Any, list[dict[str, Any]]]:
        if not request.can_read_body:
            return {}, []
        if request.content_type.startswith("multipart/"):
            # parsed whole with the standard library (aiohttp's part reader warns of an API
            # of its own it deprecates)
            payload: Any = {}
            files = []
            head = f"Content-Type: {request.headers['Content-Type']}\r\n\r\n".encode()
            form = BytesParser(policy=HTTP).parsebytes(head + await request.read())
            for part in form.iter_parts():  # type: ignore[attr-defined]
                data = part.get_payload(decode=True) or b""
                if part.get_param("name", header="content-disposition") == "payload_json":
                    payload = json.loads(data.decode())
                else:
                    files.append({"name": part.get_filename(), "size": len(data), "data": data})
            return payload, files
        text = await request.text()
        return (json.loads(text) if text else {}), []

    def _check_message(
        self, payload: dict[str, Any], files: list[dict[str, Any]] | None = None
    ) -> None:
        """Discord's limits on a message (it answers 400, code 50035, to a breach; 413 to
        files over the upload limit)."""
        self.sent.append(copy.deepcopy(payload))
        self.violations += message_problems(payload, files or [])

    def _make_message(
        self,
        channel_id: int,
        payload: dict[str, Any],
        files: list[dict[str, Any]],
        message_id: int | None = None,
        old: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        if old is None:
            check_message(payload, [f["name"] for f in files])
        self._check_message(payload, files)
        message_id = message_id or self.next_id()
        place = self.place(channel_id)
        guild = {"server": self.guild_of(channel_id), "no_bot": NO_BOT_GUILD_ID}.get(place)
        message = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            **({} if guild is None else {"guild_id": str(guild)}),
            "author": user_payload(BOT_ID, "Seep Bot", bot=True),
            "content": payload.get("content") or "",
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "flags": payload.get("flags") or 0,
            "attachments": [
                {
                    "id": str(self.next_id()),
                    "filename": f["name"],
                    "size": f["size"],
                    "url": f"https://cdn.invalid/{f['name']}",
                    "proxy_url": f"https://cdn.invalid/{f['name']}",
                }
                for f in files
            ],
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "type": 0,
        }
        self.messages[message_id] = message
        self.files[message_id] = files
        # a layout message pings from its text displays as a message does from its content
        said = [message["content"]] + [str(c.get("content") or "") for c in walk(
            message["components"]) if c.get("type") == TEXT_DISPLAY]  # fmt: skip
        self.pings[message_id] = pinged_users("\n".join(said), payload.get("allowed_mentions"))
        return message

    def _edit(
        self, message_id: int, payload: dict[str, Any], files: list[dict[str, Any]]
    ) -> dict[str, Any]:
        old = self.messages[message_id]
        merged = {**payload}
        kept_files = old["attachments"]
        if "attachments" in payload:
            kept = {str(a.get("id")) for a in payload["attachments"] if a.get("id") is not None}
            kept_files = [a for a in old["attachments"] if a["id"] in kept]
        # a media item of an edit finds only the files the message kept: Discord answers an
        # edit that brings a media gallery's picture with it 400, "attachment not found"
        # (discord-api-docs#7529, open), whatever the route of the edit
        check_message(payload, [a["filename"] for a in kept_files], old)
        if "attachments" in payload and not files:
            old["attachments"] = kept_files
        for key in ("content", "embeds", "components", "flags"):
            if key in merged and merged[key] is not None:
                old[key] = merged[key]
            elif key == "content" and key in merged:  # null clears it (to set the layout flag)
                old[key] = ""
        if files:
            pinged = self.pings.get(message_id, [])
            new = self._make_message(int(old["channel_id"]), {**old, **merged}, files, message_id,
                                     old)  # fmt: skip
            self.pings[message_id] = pinged  # an edit notifies nobody
            return new
        self._check_message(old)
        old["edited_timestamp"] = "2026-01-01T00:00:01+00:00"
        return old

    async def _notify(self) -> None:
        async with self.new_message:
            self.new_message.notify_all()

    def next_post(self, channel_id: int) -> asyncio.Future[dict[str, Any]]:
        """A future for the next message the bot posts in a channel (cheap with many tables)."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.posted.setdefault(channel_id, []).append(future)
        return future

    def _posted(self, channel_id: int, message: dict[str, Any]) -> None:
        for future in self.posted.pop(channel_id, []):
            if not future.done():
                future.set_result(message)

    async def _callback(
        self, interaction_id: int, payload: dict[str, Any], files: list[dict[str, Any]]
    ) -> web.Response:
        record = self.interactions[interaction_id]
        if record.acknowledged.is_set():
            self.violations.append(f"interaction {interaction_id} acknowledged twice")
            return json_response(
                {"message": "Interaction has already been acknowledged.", "code": 40060}, 400
            )
        if time.monotonic() - record.sent_at > 3.0:
            self.violations.append(f"interaction {interaction_id} acknowledged after 3 seconds")
            return json_response({"message": "Unknown interaction", "code": 10062}, 404)
        kind = payload.get("type")
        data = payload.get("data") or {}
        record.responses.append(payload)
        if kind in (8, 9):  # autocomplete choices, a modal
            self.sent.append(data)
        channel_id = int(record.payload["channel_id"])
        message = None
        if kind in (4, 5):
            message = self._make_message(channel_id, data, files)
            record.message_id = int(message["id"])
            record.made.add(record.message_id)
            self.made_by[record.message_id] = record
        elif kind in (6, 7):
            source = record.payload.get("message")
            if source is not None:
                if kind == 7:
                    message = self._edit(int(source["id"]), data, files)
                else:
                    message = self.messages[int(source["id"])]
                record.message_id = int(source["id"])
        record.acknowledged.set()
        await self._notify()
        if message is not None:
            if kind in (4, 5):
                await self._message_created(message)
            elif kind == 7:
                await self._message_updated(message)
        body: dict[str, Any] = {
            "interaction": {
                "id": str(interaction_id),
                "type": record.payload["type"],
                "response_message_id": str(record.message_id) if record.message_id else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL),
            }
        }
        if message is not None:
            body["resource"] = {"type": kind, "message": message}
        return json_response(body)

    def _history(self, channel_id: int, query: dict[str, str] | None) -> web.Response:
        """GET /channels/{id}/messages: the channel's messages, newest first, `after` an id
        (then the oldest of those first, as Discord answers), at most `limit` (1-100, 50)."""
        query = query or {}
        limit = int(query.get("limit") or 50)
        if not 1 <= limit <= 100:
            return invalid_form_body("limit")
        found = sorted(
            (m for m in self.channel_messages(channel_id)), key=lambda m: int(m["id"])
        )
        if "after" in query:
            after = int(query["after"])
            found = [m for m in found if int(m["id"]) > after][:limit]
            return json_response(list(reversed(found)))
        return json_response(list(reversed(found))[:limit])

    def _record_for_token(self, token: str) -> Interaction | None:
        return self.by_token.get(token)

    async def _webhook(
        self, method: str, parts: list[str], payload: Any, files: list[dict[str, Any]]
    ) -> web.Response:
        record = self._record_for_token(parts[2])
        if record is None:  # a token Discord never gave (or one of another application)
            self.violations.append("a webhook token Discord never gave was used")
            return json_response({"message": "Unknown Webhook", "code": UNKNOWN_WEBHOOK}, 404)
        if time.monotonic() - record.sent_at > TOKEN_SECONDS:
            if time.monotonic() - record.sent_at - record.aged > TOKEN_SECONDS:
                # the bot should know that a token lasts 15 minutes (a test's ageing aside)
                self.violations.append(f"interaction {record.id} used after its token expired")
            return json_response(
                {"message": "Invalid Webhook Token", "code": INVALID_WEBHOOK_TOKEN}, 401
            )
        own = len(parts) < 5 or parts[4] == "@original" or int(parts[4]) in record.made
        if record.as_app and not own:  # only its own answer and follow-ups
            self.violations.append(f"interaction {record.id} touched a message not its own")
            return json_response({"message": "Unknown Message", "code": UNKNOWN_MESSAGE}, 404)
        if len(parts) == 3 and method == "POST" and record.as_app:
            if record.follow_ups >= FOLLOW_UPS_AS_APP:
                self.violations.append(f"interaction {record.id}: a 6th follow-up as an app")
                text = "This interaction has hit the maximum number of follow up messages"
                return json_response({"message": text, "code": MAX_FOLLOW_UPS}, 400)
            record.follow_ups += 1
        if len(parts) == 3 and method == "POST":  # a follow-up message
            if self.refused_posts:
                status, code = self.refused_posts.pop(0)
                return json_response({"message": "Refused for a while", "code": code}, status)
            deferred = record.responses[0].get("type") if record.responses else None
            if deferred == 5 and not record.completed.is_set() and record.message_id:
                # Discord: the first follow-up of a deferred command is its answer, in place
                # of "thinking…", and private if the deferral was
                flags = int(self.messages[record.message_id].get("flags") or 0) & EPHEMERAL
                message = self._edit(record.message_id, {**payload, "flags": flags}, files)
                record.complete(message)
                await self._notify()
                await self._message_updated(message)
                return json_response(message)
            channel_id = int(record.payload["channel_id"])
            thread = self.threads.get(channel_id)
            public = not int(payload.get("flags") or 0) & EPHEMERAL
            if thread is not None and public and thread["thread_metadata"]["archived"]:
                # as a message posted there: it unarchives the thread, unless it is locked
                if thread["thread_metadata"]["locked"]:
                    return json_response({"message": "Thread is locked", "code": 50083}, 400)
                thread["thread_metadata"]["archived"] = False
                await self._dispatch("THREAD_UPDATE", thread)
            message = self._make_message(channel_id, payload, files)
            record.made.add(int(message["id"]))
            self.made_by[int(message["id"])] = record
            record.complete(message)
            if not int(message.get("flags") or 0) & EPHEMERAL:
                self._posted(channel_id, message)
            await self._notify()
            await self._message_created(message)
            return json_response(message)
        target = parts[4]
        message_id = record.message_id if target == "@original" else int(target)
        if message_id is None:
            return json_response({"message": "Unknown message", "code": 10008}, 404)
        if method == "GET":
            return json_response(self.messages[message_id])
        if method == "DELETE":
            if message_id in self.deleted:
                return json_response({"message": "Unknown Message", "code": 10008}, 404)
            self.deleted.add(message_id)
            await self._message_deleted(message_id)
            return web.Response(status=204)
        message = self._edit(message_id, payload, files)
        if target == "@original":
            record.complete(message)
        await self._notify()
        await self._message_updated(message)
        return json_response(message)

    async def _channel_messages(
        self,
        method: str,
        channel_id: int,
        parts: list[str],
        payload: Any,
        files: list[dict[str, Any]],
        request_query: dict[str, str] | None = None,
    ) -> web.Response:
        if channel_id in self.gone_channels:
            return json_response({"message": "Unknown Channel", "code": 10003}, 404)
        refused = self._refused_here(channel_id, f"{method} of the channel's messages")
        if refused is not None:
            return refused
        thread = self.threads.get(channel_id)
        if thread is not None and method == "POST" and thread["thread_metadata"]["archived"]:
            # Like Discord: a message unarchives a thread, unless a moderator locked it.
            if thread["thread_metadata"]["locked"]:
                return json_response({"message": "Thread is locked", "code": 50083}, 400)
            thread["thread_metadata"]["archived"] = False
            await self._dispatch("THREAD_UPDATE", thread)
        if method == "POST" and len(parts) == 3:
            if channel_id == READ_ONLY_CHANNEL_ID:
                self.violations.append("a message was posted where the bot may not send")
                return json_response({"message": "Missing Permissions", "code": 50013}, 403)
            if payload.get("embeds") and channel_id == NO_EMBEDS_CHANNEL_ID:
                # Discord posts the message but shows no embed: the table would be invisible
                self.violations.append("an embed was sent where the bot may not embed links")
            if files and channel_id == NO_FILES_CHANNEL_ID:
                self.violations.append("a file was sent where the bot may not attach files")
                return json_response({"message": "Missing Permissions", "code": 50013}, 403)
            if self.refused_posts:
                status, code = self.refused_posts.pop(0)
                return json_response({"message": "Refused for a while", "code": code}, status)
            nonce = payload.get("nonce")
            if nonce is not None and len(str(nonce)) > 25:
                self.violations.append(f"a nonce over 25 characters: {nonce!r}")
                return invalid_form_body("nonce")
            if nonce is not None and payload.get("enforce_nonce"):
                seen = self.nonces.get((channel_id, str(nonce)))
                if seen is not None and time.monotonic() - seen[1] < self.nonce_seconds:
                    return json_response(self.messages[seen[0]])  # the first one, again
            message = self._make_message(channel_id, payload, files)
            if nonce is not None:
                message["nonce"] = str(nonce)
                if payload.get("enforce_nonce"):
                    self.nonces[(channel_id, str(nonce))] = (int(message["id"]), time.monotonic())
            self._posted(channel_id, message)
            await self._notify()
            await self._message_created(message)
            return json_response(message)
        if method == "GET" and len(parts) == 3:
            return self._history(channel_id, request_query)
        message_id = int(parts[3])
        if method == "DELETE":
            if message_id in self.deleted or message_id not in self.messages:
                return json_response({"message": "Unknown Message", "code": 10008}, 404)
            self.deleted.add(message_id)
            await self._message_deleted(message_id)
            return web.Response(status=204)
        if method == "PATCH":
            message = self._edit(message_id, payload, files)
            await self._notify()
            await self._message_updated(message)
            return json_response(message)
        return json_response(self.messages[message_id])

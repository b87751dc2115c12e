"""The fake Discord limits requests as Discord does: plain HTTP requests see Discord's buckets,
headers and 429s, and discord.py's own HTTP client reacts to them as it does to Discord's."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route, handle_message_parameters

from .conftest import Env, bot_env
from .discord_limits import (
    CALLBACK,
    CREATE_MESSAGE,
    DELETE_MESSAGE,
    EDIT_MESSAGE,
    FOLLOW_UP,
    GLOBAL,
    RATE_LIMITED,
    TYPING,
    Refusal,
    RouteLimit,
)
from .fake_discord import APP_ID, CHANNEL_ID, READ_ONLY_CHANNEL_ID, FakeDiscord
from .helpers import suipe_for_two, whose_turn

TOKEN = "Bot fake.token"
OTHER_CHANNEL = CHANNEL_ID + 100  # the fake's first extra channel


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord(extra_channels=1)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def web_client() -> AsyncIterator[aiohttp.ClientSession]:
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


class Answer:
    def __init__(self, status: int, headers: Any, body: str) -> None:
        self.status, self.headers, self.body = status, headers, body

    def json(self) -> Any:
        return json.loads(self.body)


async def call(
    web: aiohttp.ClientSession,
    fake: FakeDiscord,
    method: str,
    path: str,
    payload: Any = None,
    token: str | None = TOKEN,
) -> Answer:
    headers = {} if token is None else {"Authorization": token}
    async with web.request(method, fake.api_base + path, json=payload, headers=headers) as reply:
        return Answer(reply.status, reply.headers, await reply.text())


def post(web: aiohttp.ClientSession, fake: FakeDiscord, channel: int = CHANNEL_ID) -> Any:
    return call(web, fake, "POST", f"/channels/{channel}/messages", {"content": "hello"})


def stop_clock(fake: FakeDiscord) -> list[float]:
    """The limits' clock held still (a test moves it by changing the list's one value)."""
    now = [time.monotonic()]
    fake.limits.clock = lambda: now[0]
    return now


# ----- per-route buckets --------------------------------------------------------------------


async def test_a_burst_over_five_messages_in_five_seconds_draws_discords_429(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    before = time.time()
    answers = [await post(web_client, fake) for _ in range(6)]
    assert [a.status for a in answers] == [200] * 5 + [429]
    for left, answer in zip([4, 3, 2, 1, 0], answers, strict=False):
        headers = answer.headers
        assert headers["X-RateLimit-Limit"] == "5"
        assert headers["X-RateLimit-Remaining"] == str(left)
        assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 5
        assert before < float(headers["X-RateLimit-Reset"]) <= time.time() + 5
        assert len(headers["X-RateLimit-Bucket"]) == 32
        assert headers["Via"] == "1.1 google"
        assert "X-RateLimit-Scope" not in headers
    refused = answers[-1]
    body = refused.json()
    assert body["message"] == RATE_LIMITED and body["global"] is False
    assert isinstance(body["retry_after"], float) and 0 < body["retry_after"] <= 5
    assert refused.headers["Retry-After"] == str(math.ceil(body["retry_after"]))
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert refused.headers["X-RateLimit-Bucket"] == answers[0].headers["X-RateLimit-Bucket"]
    assert refused.headers["Via"] == "1.1 google"
    assert "X-RateLimit-Global" not in refused.headers
    assert refused.headers["Content-Type"] == "application/json"
    assert len(fake.channel_messages()) == 5, "the refused message was not posted"
    # the bucket is the channel's: another channel still takes messages
    assert (await post(web_client, fake, OTHER_CHANNEL)).status == 200


async def test_a_bucket_opens_again_when_it_resets(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    now = stop_clock(fake)
    for _ in range(5):
        assert (await post(web_client, fake)).status == 200
    refused = await post(web_client, fake)
    assert refused.status == 429
    now[0] += refused.json()["retry_after"]
    again = await post(web_client, fake)
    assert again.status == 200 and again.headers["X-RateLimit-Remaining"] == "4"


async def test_editing_shows_the_bucket_of_creating_but_counts_apart(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    created = [await post(web_client, fake) for _ in range(5)]
    message = created[0].json()["id"]
    edited = await call(
        web_client, fake, "PATCH", f"/channels/{CHANNEL_ID}/messages/{message}", {"content": "x"}
    )
    assert edited.status == 200
    assert edited.headers["X-RateLimit-Bucket"] == created[0].headers["X-RateLimit-Bucket"]
    assert edited.headers["X-RateLimit-Remaining"] == "4"


async def test_deleting_typing_and_reactions_have_buckets_of_their_own(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    ids = [(await post(web_client, fake)).json()["id"] for _ in range(5)]
    deletes = [
        await call(web_client, fake, "DELETE", f"/channels/{CHANNEL_ID}/messages/{i}") for i in ids
    ]
    # five deletions a second for messages younger than ten seconds
    assert [a.status for a in deletes] == [204] * 5
    assert deletes[0].headers["X-RateLimit-Limit"] == "5"
    assert float(deletes[0].headers["X-RateLimit-Reset-After"]) <= 1
    again = await call(web_client, fake, "DELETE", f"/channels/{CHANNEL_ID}/messages/{ids[0]}")
    assert again.status == 429 and again.json()["retry_after"] <= 1
    typing = [await call(web_client, fake, "POST", f"/channels/{CHANNEL_ID}/typing")]
    assert typing[0].status == 204 and typing[0].headers["X-RateLimit-Remaining"] == "4"
    buckets = {a.headers["X-RateLimit-Bucket"] for a in (deletes[0], typing[0])}
    assert len(buckets) == 2
    reaction = f"/channels/{CHANNEL_ID}/messages/{ids[0]}/reactions/%F0%9F%91%8D/@me"
    first = await call(web_client, fake, "PUT", reaction)
    second = await call(web_client, fake, "DELETE", reaction)
    assert first.status == 204 and first.headers["X-RateLimit-Limit"] == "1"
    assert second.status == 429, "adding and removing a reaction share one bucket a quarter second"
    assert second.json()["retry_after"] <= 0.25


# ----- the global bucket ----------------------------------------------------------------


async def test_the_global_bucket_allows_fifty_requests_a_second_per_token(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    now = stop_clock(fake)
    # a route without a limit of its own: only the global bucket counts
    answers = [await call(web_client, fake, "GET", "/users/@me") for _ in range(51)]
    assert [a.status for a in answers] == [200] * 50 + [429]
    assert "X-RateLimit-Limit" not in answers[0].headers, "no route headers without a route limit"
    refused = answers[-1]
    body = refused.json()
    assert body == {"message": RATE_LIMITED, "retry_after": body["retry_after"], "global": True}
    assert 0 < body["retry_after"] <= 1
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global"
    assert refused.headers["Retry-After"] == "1"
    assert refused.headers["Via"] == "1.1 google"
    assert "X-RateLimit-Bucket" not in refused.headers
    # every route of the token shares it: a message too is refused, globally
    message = await post(web_client, fake, OTHER_CHANNEL)
    assert message.status == 429 and message.json()["global"] is True
    # another bot's token has a bucket of its own
    other = await call(web_client, fake, "GET", "/users/@me", token="Bot another.token")
    assert other.status == 200
    now[0] += 1.0
    assert (await call(web_client, fake, "GET", "/users/@me")).status == 200


async def test_processes_of_one_token_share_the_global_bucket(fake: FakeDiscord) -> None:
    stop_clock(fake)
    fake.limits.global_per_second = 10
    # two processes' connections (two sessions), one token
    async with aiohttp.ClientSession() as first, aiohttp.ClientSession() as second:
        statuses = []
        for n in range(12):
            session = (first, second)[n % 2]
            statuses.append((await call(session, fake, "GET", "/users/@me")).status)
    assert statuses == [200] * 10 + [429] * 2


async def test_interaction_answers_and_their_webhook_are_outside_the_global_bucket(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    stop_clock(fake)
    fake.add_member(1, "Asha")
    for _ in range(50):
        await call(web_client, fake, "GET", "/users/@me")
    assert (await call(web_client, fake, "GET", "/users/@me")).status == 429
    record = fake._base_interaction(2, 1, CHANNEL_ID)
    answered = await call(
        web_client, fake, "POST", f"/interactions/{record.id}/{record.token}/callback",
        {"type": 5}, token=None,
    )  # fmt: skip
    assert answered.status == 200
    follow_ups = [
        await call(web_client, fake, "POST", f"/webhooks/{APP_ID}/{record.token}",
                   {"content": f"step {n}"}, token=None)
        for n in range(6)
    ]  # fmt: skip
    # the interaction's webhook has its own bucket: five follow-ups in two seconds
    assert [a.status for a in follow_ups] == [200] * 5 + [429]
    assert follow_ups[0].headers["X-RateLimit-Limit"] == "5"
    assert follow_ups[-1].json()["global"] is False
    edit = await call(
        web_client, fake, "PATCH", f"/webhooks/{APP_ID}/{record.token}/messages/@original",
        {"content": "done"}, token=None,
    )  # fmt: skip
    assert edit.status == 200
    # the request log tells the two kinds apart
    kinds = fake.limits.log.by_kind()
    assert kinds[GLOBAL] == 51 and kinds["exempt"] == 8
    routes = fake.limits.log.by_route()
    assert routes[CALLBACK] == 1 and routes[FOLLOW_UP] == 6
    assert fake.limits.log.refused[("global", "GET /users/@me")] == 1
    assert fake.limits.log.refused[("user", FOLLOW_UP)] == 1


async def test_the_limits_can_be_turned_off(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    fake.limits.enabled = False
    answers = [await post(web_client, fake) for _ in range(8)]
    assert {a.status for a in answers} == {200}
    assert "X-RateLimit-Limit" not in answers[0].headers
    assert fake.limits.log.by_route()[CREATE_MESSAGE] == 8, "still counted"


# ----- the forms of a 429 -------------------------------------------------------------------


async def test_cloudflare_refuses_with_a_plain_page_and_no_via(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    fake.limits.force(CREATE_MESSAGE, refusal=Refusal.CLOUDFLARE)
    refused = await post(web_client, fake)
    assert refused.status == 429
    assert refused.headers["Content-Type"].startswith("text/html")
    assert "Via" not in refused.headers and "X-RateLimit-Scope" not in refused.headers
    assert "<html>" in refused.body and "rate limited" in refused.body
    assert (await post(web_client, fake)).status == 200, "only the next answer was forced"


async def test_a_forced_429_of_the_resource_has_scope_shared_and_is_not_invalid(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    fake.limits.force(CREATE_MESSAGE, 2, Refusal.SHARED, retry_after=12.5, code=20028)
    answers = [await post(web_client, fake) for _ in range(3)]
    assert [a.status for a in answers] == [429, 429, 200]
    body = answers[0].json()
    assert body == {"message": "The resource is being rate limited.", "retry_after": 12.5,
                    "global": False, "code": 20028}  # fmt: skip
    assert answers[0].headers["X-RateLimit-Scope"] == "shared"
    assert answers[0].headers["Retry-After"] == "13"
    assert fake.limits.invalid_requests() == 0


async def test_a_forced_429_can_be_held_to_one_channel(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    fake.limits.force(CREATE_MESSAGE, major=OTHER_CHANNEL)
    assert (await post(web_client, fake)).status == 200
    assert (await post(web_client, fake, OTHER_CHANNEL)).status == 429


# ----- the invalid-request count ------------------------------------------------------------


async def test_refused_requests_are_counted_and_too_many_ban_the_address(
    fake: FakeDiscord, web_client: aiohttp.ClientSession
) -> None:
    now = stop_clock(fake)
    assert fake.limits.invalid_limit == 10_000 and fake.limits.invalid_window == 600
    unauthorised = await call(web_client, fake, "GET", "/users/@me", token=None)
    assert unauthorised.status == 401
    for _ in range(6):  # five messages pass, the sixth is refused
        await post(web_client, fake)
    assert fake.limits.invalid_requests() == 2, "a 401 and a 429"
    now[0] += 601
    assert fake.limits.invalid_requests() == 0, "ten minutes later both are forgotten"
    fake.limits.invalid_limit = 20
    for _ in range(20):
        await call(web_client, fake, "GET", "/users/@me", token=None)
    assert fake.limits.invalid_requests() == 20 and fake.limits.banned
    # banned: everything is refused as Cloudflare refuses it, interaction answers too
    for refused in (
        await call(web_client, fake, "GET", "/users/@me"),
        await call(web_client, fake, "POST", "/interactions/1/token/callback", {"type": 1}),
    ):
        assert refused.status == 429 and "Via" not in refused.headers
        assert refused.headers["Content-Type"].startswith("text/html")
    now[0] += 3600
    assert (await call(web_client, fake, "GET", "/users/@me")).status == 200


async def test_a_403_counts_as_invalid(fake: FakeDiscord, http: HTTPClient) -> None:
    with pytest.raises(discord.Forbidden):
        await http.send_message(READ_ONLY_CHANNEL_ID, params=handle_message_parameters("x"))
    assert fake.limits.invalid_requests() == 1
    fake.violations.clear()  # the fake also records that the bot posted where it may not


# ----- discord.py's client against them -----------------------------------------------------


def message(text: str = "hello") -> Any:
    return handle_message_parameters(content=text)


async def test_discord_py_follows_the_headers_and_draws_no_429(
    fake: FakeDiscord, http: HTTPClient
) -> None:
    fake.limits.routes[CREATE_MESSAGE] = RouteLimit("create message", 2, 1.0, shown="message")
    started = time.monotonic()
    await asyncio.gather(*(http.send_message(CHANNEL_ID, params=message()) for _ in range(5)))
    assert len(fake.channel_messages()) == 5
    assert not fake.limits.log.refused, "the client waited for the bucket to reset"
    assert time.monotonic() - started >= 2, "five messages at two a second: three windows"


@pytest.mark.parametrize("refusal", [Refusal.USER, Refusal.GLOBAL, Refusal.SHARED])
async def test_discord_py_retries_a_429_in_discords_form_and_succeeds(
    fake: FakeDiscord, http: HTTPClient, refusal: Refusal
) -> None:
    fake.limits.force(CREATE_MESSAGE, refusal=refusal, retry_after=0.3)
    started = time.monotonic()
    sent = await http.send_message(CHANNEL_ID, params=message())
    assert time.monotonic() - started >= 0.3
    assert [m["id"] for m in fake.channel_messages()] == [sent["id"]]
    assert sum(fake.limits.log.refused.values()) == 1
    assert fake.limits.log.by_route()[CREATE_MESSAGE] == 2


async def test_discord_py_waits_out_a_long_retry_after(fake: FakeDiscord, http: HTTPClient) -> None:
    fake.limits.force(TYPING, retry_after=2.5)
    started = time.monotonic()
    await http.send_typing(CHANNEL_ID)
    assert time.monotonic() - started >= 2.5
    assert len(fake.typing) == 1


@pytest.mark.parametrize("refusal", [Refusal.WITHOUT_VIA, Refusal.CLOUDFLARE])
async def test_discord_py_gives_up_on_a_429_not_from_discord(
    fake: FakeDiscord, http: HTTPClient, refusal: Refusal
) -> None:
    fake.limits.force(CREATE_MESSAGE, refusal=refusal)
    with pytest.raises(discord.HTTPException) as raised:
        await http.send_message(CHANNEL_ID, params=message())
    assert raised.value.status == 429
    assert not fake.channel_messages()


async def test_discord_py_gives_up_after_five_429s_in_a_row(
    fake: FakeDiscord, http: HTTPClient
) -> None:
    fake.limits.force(DELETE_MESSAGE, 5, retry_after=0.05)
    sent = await http.send_message(CHANNEL_ID, params=message())
    with pytest.raises(discord.HTTPException) as raised:
        await http.delete_message(CHANNEL_ID, sent["id"])
    assert raised.value.status == 429
    assert not fake.deleted
    await http.delete_message(CHANNEL_ID, sent["id"])  # the sixth try goes through
    assert fake.deleted == {int(sent["id"])}


async def test_edits_by_discord_py_share_the_bucket_it_learnt_from_messages(
    fake: FakeDiscord, http: HTTPClient
) -> None:
    sent = await http.send_message(CHANNEL_ID, params=message())
    await http.edit_message(CHANNEL_ID, sent["id"], params=message("edited"))
    assert fake.messages[int(sent["id"])]["content"] == "edited"
    assert fake.limits.log.by_route()[EDIT_MESSAGE] == 1


# ----- the bot in the end-to-end tests --------------------------------------------------


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Env]:
    database = tmp_path / "bot.sqlite3"
    async with bot_env(database, database, monkeypatch) as environment:
        yield environment


async def test_the_bot_retries_a_refused_table_message(env: Env) -> None:
    fake = env.fake
    assert fake.limits.enabled, "the end-to-end tests run under Discord's limits"
    fake.limits.force(CREATE_MESSAGE, refusal=Refusal.USER, retry_after=0.2)
    before = fake.limits.log.copy()
    _, mover, _ = await suipe_for_two(env, {1: "Asha", 2: "Ravi"})
    assert whose_turn(fake) == mover, "the table message came after the 429"
    made = fake.limits.log.since(before)
    assert made.refused == {("user", CREATE_MESSAGE): 1}
    assert made.by_kind()["exempt"] >= 3, "the command and the clicks are answered directly"

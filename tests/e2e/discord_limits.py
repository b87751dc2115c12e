"""Discord's REST rate limits, as the fake Discord applies them.

What Discord documents (docs/topics/rate-limits) and what its answers show:
- a global bucket of 50 requests a second per bot token (the Authorization header), whatever
  the process or shard sends them; interaction answers (`POST /interactions/{id}/{token}/
  callback`) and everything through the interaction's webhook (`/webhooks/{application_id}/
  {token}…`) are outside it;
- per-route buckets, counted per token and per top-level resource (channel_id, guild_id, or
  webhook_id + token), each answer carrying `X-RateLimit-Limit`, `-Remaining`, `-Reset` (epoch
  seconds), `-Reset-After` (seconds) and `-Bucket` (a hash naming the limit; two routes may show
  the same hash and still count apart, as creating and editing a message do);
- a refused request: 429 with `{"message", "retry_after" (float seconds), "global"}` (and a
  `code` for some limits), the `Retry-After` header (whole seconds), `X-RateLimit-Scope`
  (`user`, `global` or `shared`), `X-RateLimit-Global` on a global refusal, and `Via` (Discord's
  answers pass Google's front end; discord.py retries a 429 only when `Via` is there);
- Cloudflare's refusal in front of Discord: a plain HTML 429 without `Via`;
- invalid requests: 401, 403 and 429 answers (except 429s of scope `shared`) counted per
  10 minutes; past 10,000 the address is refused everything for an hour.

A route without a limit of its own answers without `X-RateLimit-*` headers, as Discord does.
The limits below are the ones Discord's answers have shown; they are settings, so a test can
tighten or loosen them.
"""

from __future__ import annotations

import enum
import hashlib
import json
import math
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import web

DISCORD_EPOCH_MS = 1_420_070_400_000
VIA = "1.1 google"  # on every answer of Discord's API (its load balancer)
RATE_LIMITED = "You are being rate limited."
RESOURCE_LIMITED = "The resource is being rate limited."
CLOUDFLARE_PAGE = (
    "<!DOCTYPE html>\n<html><head><title>Access denied | discord.com used Cloudflare to restrict"
    " access</title></head><body><h1>Error 1015</h1><h2>You are being rate limited</h2>"
    "<p>The owner of this website (discord.com) has banned you temporarily from accessing this"
    " website.</p></body></html>\n"
)

# the routes, written as Discord's documentation writes them
CREATE_MESSAGE = "POST /channels/{channel_id}/messages"
EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"
DELETE_MESSAGE = "DELETE /channels/{channel_id}/messages/{message_id}"
DELETE_MESSAGE_OLDER = DELETE_MESSAGE + " (older than 10 seconds)"
DELETE_MESSAGE_OLDEST = DELETE_MESSAGE + " (older than 2 weeks)"
TYPING = "POST /channels/{channel_id}/typing"
ADD_REACTION = "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
REMOVE_REACTION = "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
FOLLOW_UP = "POST /webhooks/{webhook_id}/{webhook_token}"
WEBHOOK_MESSAGE = "{method} /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"

GLOBAL, EXEMPT = "global", "exempt"  # the two kinds of request for the global bucket


@dataclass(frozen=True)
class RouteLimit:
    """`limit` requests per `per` seconds; `bucket`: the name of its counter (routes that
    share one count together); `shown`: the name whose hash `X-RateLimit-Bucket` shows
    (by default the bucket's own)."""

    bucket: str
    limit: int
    per: float
    shown: str = ""

    @property
    def hash(self) -> str:
        return hashlib.md5((self.shown or self.bucket).encode()).hexdigest()


def default_routes() -> dict[str, RouteLimit]:
    """The per-route limits Discord's answers show (per channel, or per interaction for its
    webhook). Creating and editing a message show one bucket hash but count apart; deleting
    a message is limited by its age (a message younger than 10 seconds, and an unknown one,
    in one bucket)."""
    webhook = {
        WEBHOOK_MESSAGE.format(method=method, webhook_id="{webhook_id}",
                               webhook_token="{webhook_token}", message_id="{message_id}"):
        RouteLimit(f"webhook message {method}", 5, 2.0)
        for method in ("GET", "PATCH", "DELETE")
    }  # fmt: skip
    return {
        CREATE_MESSAGE: RouteLimit("create message", 5, 5.0, shown="message"),
        EDIT_MESSAGE: RouteLimit("edit message", 5, 5.0, shown="message"),
        DELETE_MESSAGE: RouteLimit("delete message", 5, 1.0),
        DELETE_MESSAGE_OLDER: RouteLimit("delete older message", 3, 1.0),
        DELETE_MESSAGE_OLDEST: RouteLimit("delete old message", 30, 120.0),
        TYPING: RouteLimit("typing", 5, 5.0),
        ADD_REACTION: RouteLimit("reaction", 1, 0.25),
        REMOVE_REACTION: RouteLimit("reaction", 1, 0.25),
        FOLLOW_UP: RouteLimit("follow-up", 5, 2.0),
        **webhook,
    }


class Refusal(enum.Enum):
    """The forms of a 429."""

    USER = "user"  # a per-route limit of the bot: retried by discord.py
    SHARED = "shared"  # a limit of the resource (not counted as invalid)
    GLOBAL = "global"  # the token's global bucket
    WITHOUT_VIA = "without via"  # Discord's JSON but no Via header: discord.py raises
    CLOUDFLARE = "cloudflare"  # Cloudflare's HTML page: discord.py raises


@dataclass
class Forced:
    """The next `times` requests of `route` (in `major`, if given) are refused so."""

    route: str
    times: int
    refusal: Refusal
    retry_after: float
    major: str | None
    code: int | None


@dataclass
class Bucket:
    limit: RouteLimit
    remaining: int = 0
    resets_at: float = 0.0  # on the limits' clock

    def take(self, now: float) -> bool:
        if now >= self.resets_at:  # a window starts with its first request
            self.remaining, self.resets_at = self.limit.limit, now + self.limit.per
        if self.remaining <= 0:
            return False
        self.remaining -= 1
        return True


@dataclass
class Route:
    """A request as the limits see it: its route template, its top-level resource, the
    identity its limits count for (the token, or the address without one) and its kind for
    the global bucket."""

    key: str
    major: str
    who: str
    kind: str


@dataclass
class Ticket:
    """What an admitted request's answer is told: its bucket's state after it."""

    route: Route
    headers: dict[str, str]


NUMBERED = {"channels": "channel_id", "guilds": "guild_id", "messages": "message_id",
            "applications": "application_id", "users": "user_id"}  # fmt: skip


def route_of(method: str, path: str, authorization: str | None, application_id: int) -> Route:
    """The route template and major parameter of a request (`path` under /api/v10)."""
    parts = path.strip("/").split("/")
    template: list[str] = []
    major = ""
    previous = ""
    for index, part in enumerate(parts):
        if previous == "webhooks":
            template.append("{webhook_id}")
            major = "+".join(parts[index : index + 2])
        elif previous == "interactions":
            template.append("{interaction_id}")
        elif index >= 2 and parts[index - 2] in ("webhooks", "interactions"):
            template.append("{webhook_token}" if parts[index - 2] == "webhooks"
                            else "{interaction_token}")  # fmt: skip
        elif previous == "reactions":
            template.append("{emoji}")
        elif previous == "messages" and (part.isdigit() or part == "@original"):
            template.append("{message_id}")
        elif previous in NUMBERED and part.isdigit():
            name = NUMBERED[previous]
            template.append("{" + name + "}")
            if name in ("channel_id", "guild_id") and not major:
                major = part
        else:
            template.append(part)
        previous = part
    key = f"{method} /" + "/".join(template)
    exempt = parts[0] == "interactions" or (
        parts[0] == "webhooks" and len(parts) > 1 and parts[1] == str(application_id)
    )
    who = authorization or "address 127.0.0.1"
    return Route(key, major, who, EXEMPT if exempt else GLOBAL)


def _snowflake_age(message_id: str) -> float:
    """Seconds since a snowflake was made."""
    made_ms = (int(message_id) >> 22) + DISCORD_EPOCH_MS
    return time.time() - made_ms / 1000


def _reset_headers(bucket: Bucket, now: float) -> dict[str, str]:
    after = max(0.0, bucket.resets_at - now)
    return {
        "X-RateLimit-Limit": str(bucket.limit.limit),
        "X-RateLimit-Remaining": str(max(0, bucket.remaining)),
        "X-RateLimit-Reset": f"{time.time() + after:.3f}",
        "X-RateLimit-Reset-After": f"{after:.3f}",
        "X-RateLimit-Bucket": bucket.limit.hash,
    }


@dataclass
class RequestLog:
    """Every request the fake received, by kind for the global bucket (`global` or `exempt`)
    and by route template; and every 429 it answered, by scope and route."""

    requests: Counter[tuple[str, str]] = field(default_factory=Counter)
    refused: Counter[tuple[str, str]] = field(default_factory=Counter)

    def by_kind(self) -> Counter[str]:
        kinds: Counter[str] = Counter()
        for (kind, _), count in self.requests.items():
            kinds[kind] += count
        return kinds

    def by_route(self) -> Counter[str]:
        routes: Counter[str] = Counter()
        for (_, route), count in self.requests.items():
            routes[route] += count
        return routes

    def copy(self) -> RequestLog:
        return RequestLog(Counter(self.requests), Counter(self.refused))

    def since(self, earlier: RequestLog) -> RequestLog:
        """The requests made after `earlier` (a copy taken then)."""
        return RequestLog(self.requests - earlier.requests, self.refused - earlier.refused)


class RateLimits:
    """The fake's rate limits: settings a test may change at any time, the buckets' state,
    the invalid-request count and the request log."""

    def __init__(self, enabled: bool = True, application_id: int = 0) -> None:
        self.enabled = enabled
        self.global_per_second = 50
        self.routes = default_routes()
        self.invalid_limit = 10_000  # invalid requests per `invalid_window` before the ban
        self.invalid_window = 600.0
        self.ban_seconds = 3600.0
        self.application_id = application_id
        self.log = RequestLog()
        self._buckets: dict[tuple[str, str, str], Bucket] = {}
        self._global: dict[str, Bucket] = {}
        self._forced: list[Forced] = []
        self._invalid: deque[float] = deque()  # when each invalid answer was given
        self.banned_until = 0.0  # on `clock`
        self.clock: Callable[[], float] = time.monotonic  # a test may stop or move it

    # ----- what tests set -------------------------------------------------------------

    def force(
        self,
        route: str,
        times: int = 1,
        refusal: Refusal = Refusal.USER,
        retry_after: float = 0.25,
        major: int | str | None = None,
        code: int | None = None,
    ) -> None:
        """The next `times` requests of `route` (a template such as CREATE_MESSAGE; in the
        channel, guild or webhook `major` only, if given) are refused in the form `refusal`
        with `retry_after` seconds, whether or not the limits are on."""
        where = None if major is None else str(major)
        self._forced.append(Forced(route, times, refusal, retry_after, where, code))

    def invalid_requests(self) -> int:
        """The invalid answers (401, 403, 429 but those of scope `shared`) of the last 10
        minutes: what Cloudflare counts towards its ban."""
        self._forget_old(self.clock())
        return len(self._invalid)

    @property
    def banned(self) -> bool:
        return self.clock() < self.banned_until

    # ----- what the fake does with each request ----------------------------------------

    def admit(
        self, method: str, path: str, authorization: str | None
    ) -> tuple[Ticket | None, web.Response | None]:
        """Checks a request before it is served: either a ticket (serve it, then `answered`)
        or the refusal to send instead."""
        now = self.clock()
        route = route_of(method, path, authorization, self.application_id)
        self.log.requests[(route.kind, route.key)] += 1
        if now < self.banned_until:
            return None, self._refuse(route, Refusal.CLOUDFLARE, self.banned_until - now)
        forced = self._take_forced(route)
        if forced is not None:
            bucket = self._bucket(route, path)
            headers = {} if bucket is None else _reset_headers(bucket, now)
            if bucket is not None:
                headers["X-RateLimit-Remaining"] = "0"
            return None, self._refuse(
                route, forced.refusal, forced.retry_after, headers, forced.code
            )
        if not self.enabled:
            return Ticket(route, {}), None
        if route.kind == GLOBAL:
            top = self._global.get(route.who)
            if top is None or top.limit.limit != self.global_per_second:
                top = Bucket(RouteLimit(GLOBAL, self.global_per_second, 1.0))
                self._global[route.who] = top
            if not top.take(now):
                return None, self._refuse(route, Refusal.GLOBAL, top.resets_at - now)
        bucket = self._bucket(route, path)
        if bucket is None:
            return Ticket(route, {}), None
        if not bucket.take(now):
            headers = _reset_headers(bucket, now)
            return None, self._refuse(route, Refusal.USER, bucket.resets_at - now, headers)
        return Ticket(route, _reset_headers(bucket, now)), None

    def answered(self, ticket: Ticket, response: web.StreamResponse) -> None:
        """The served answer gets its bucket's headers (and Via); a 401 or 403 counts as
        invalid."""
        response.headers.update(ticket.headers)
        response.headers["Via"] = VIA
        if response.status in (401, 403):
            self._count_invalid()

    # ----- inside -------------------------------------------------------------------------

    def _bucket(self, route: Route, path: str) -> Bucket | None:
        key = route.key
        if key == DELETE_MESSAGE:
            age = _snowflake_age(path.strip("/").split("/")[3])
            if age > 14 * 24 * 3600:
                key = DELETE_MESSAGE_OLDEST
            elif age > 10:
                key = DELETE_MESSAGE_OLDER
        limit = self.routes.get(key)
        if limit is None:
            return None
        found = self._buckets.get((route.who, limit.bucket, route.major))
        if found is None or found.limit != limit:
            found = Bucket(limit)
            self._buckets[(route.who, limit.bucket, route.major)] = found
        return found

    def _take_forced(self, route: Route) -> Forced | None:
        for forced in self._forced:
            if forced.route == route.key and forced.major in (None, route.major):
                forced.times -= 1
                if forced.times <= 0:
                    self._forced.remove(forced)
                return forced
        return None

    def _forget_old(self, now: float) -> None:
        while self._invalid and self._invalid[0] <= now - self.invalid_window:
            self._invalid.popleft()

    def _count_invalid(self) -> None:
        now = self.clock()
        self._invalid.append(now)
        self._forget_old(now)
        if self.enabled and len(self._invalid) >= self.invalid_limit:
            self.banned_until = now + self.ban_seconds

    def _refuse(
        self,
        route: Route,
        refusal: Refusal,
        retry_after: float,
        headers: dict[str, str] | None = None,
        code: int | None = None,
    ) -> web.Response:
        self.log.refused[(refusal.value, route.key)] += 1
        if refusal is not Refusal.SHARED:
            self._count_invalid()
        if refusal is Refusal.CLOUDFLARE:
            return web.Response(
                text=CLOUDFLARE_PAGE, status=429, content_type="text/html",
                headers={"Server": "cloudflare", "Retry-After": str(math.ceil(retry_after))},
            )  # fmt: skip
        retry_after = round(max(retry_after, 0.001), 3)
        body: dict[str, object] = {
            "message": RESOURCE_LIMITED if refusal is Refusal.SHARED else RATE_LIMITED,
            "retry_after": retry_after,
            "global": refusal is Refusal.GLOBAL,
        }
        if code is not None:
            body["code"] = code
        answer = {"Retry-After": str(math.ceil(retry_after)), "Content-Type": "application/json"}
        if refusal is Refusal.GLOBAL:
            answer["X-RateLimit-Global"] = "true"
        else:
            answer.update(headers or {})
        answer["X-RateLimit-Scope"] = "user" if refusal is Refusal.WITHOUT_VIA else refusal.value
        if refusal is not Refusal.WITHOUT_VIA:
            answer["Via"] = VIA
        return web.Response(body=json.dumps(body).encode(), status=429, headers=answer)


# ----- where the app is not in the server: a DM, a group DM, a server that has not added it -----
# What Discord documents for user-installed apps (interactions "Receiving and Responding",
# "Interaction Context Types", "Authorizing Integration Owners Object"): the app reaches such a
# place only through interactions; its follow-ups are at most 5 per interaction when the
# interaction's authorizing integration owners hold only the user install (no guild install);
# an interaction's token answers for 15 minutes; the channel's own routes (posting, reading its
# history, opening threads) are refused with 403 Missing Access.
TOKEN_SECONDS = 15 * 60  # an interaction's token: follow-ups and edits for 15 minutes
FOLLOW_UPS_AS_APP = 5
MAX_FOLLOW_UPS = 40094  # "This interaction has hit the maximum number of follow up messages"
MISSING_ACCESS = 50001
INVALID_WEBHOOK_TOKEN = 50027
UNKNOWN_WEBHOOK = 10015
UNKNOWN_MESSAGE = 10008
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2  # interaction `context`
GUILD_INSTALL, USER_INSTALL = "0", "1"  # keys of `authorizing_integration_owners`

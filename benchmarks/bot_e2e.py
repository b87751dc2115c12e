"""The bot under load, through the fake Discord:
`python -m benchmarks.bot_e2e [TABLES…] [--kinds KIND…] [--limits on off] [--moves N]
[--fast-moves N] [--store sqlite postgres] [--processes 1 2] [--cpu-per-process CORES]`.

For each kind of table (`--kinds`: Suipe for two humans, the default of `python -m
benchmarks`; Seep for four with 4, 2 or 1 humans and computers in the other seats; Sheepshead
for five with one human and four computers) and each count of tables playing at once:
- latency from INTERACTION_CREATE to the next table message in the channel (rendering
  included: the table that shows the person's move) when every table moves at a human pace
  (each person's move PACE seconds on average, at random moments, after the table message
  that asks them; computer players answer as in production, `computer_delay` apart);
- requests per human move by bucket, from the fake Discord's request log over the paced
  phase: global-bucket requests (the token's 50 a second) and exempt ones (interaction
  answers and follow-ups), route by route, everything that follows a move included (the
  computers' replies, a deal's summary), and the 429s drawn; from them the tables one bot
  token serves at one human move per 6 s a table:
  tables = 40 / (global requests per move / 6 s) = 240 / global requests per move
  (Discord's 50 a second less 20% headroom);
- moves per second when every table moves as fast as the bot answers (saturation, `--fast-moves`
  moves a table; 0 skips it);
- memory: the bot process resident once connected and idle, and per active table; the bot's CPU
  time per move, and how it splits between the event loop's thread, the drawing thread (the
  images), the other worker threads and SQLite's thread.

The fake enforces Discord's rate limits (`--limits on`, the default) or only counts requests
(`--limits off`: `FakeDiscord(rate_limits=False)`).

Stores and process counts are measured side by side in one run: SQLite (one process; one
file is one process's store), and PostgreSQL (a server this run starts, a new database per
measurement) with one process running both shards or two processes running one shard each.
The tables are split between two servers that Discord puts on different shards.

With `--cpu-per-process` each bot process gets that many cores of CPU time (a cgroup quota, as
a container's CPU limit; see `benchmarks/cpu_budget.py`), so that on a small machine the bots
do not compete with PostgreSQL and the fake Discord for the same cores.

The bot runs in its own process(es), as it would in production; the fake Discord and the players
driving it run in this one, so the figures are the bot's and not the fake's. This process
follows each game on its own copy of the match (rebuilt from the bot's `to_dict`, and
brought up to date with the moves the bot's process reports before each person's move: the
computers' moves, the table's cuts and each new deal's secret are the bot's), which is how it
knows a legal move to send.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import math
import multiprocessing
import os
import random
import resource
import statistics
import tempfile
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from benchmarks.cpu_budget import BudgetError
from benchmarks.cpu_budget import limit as cpu_budget_limit
from benchmarks.cpu_budget import release as cpu_budget_release

# The players' side (the fake Discord, the matches it follows, the PostgreSQL server) is imported
# where it is used, so that the bot's process, which imports this module, holds only the bot.

PACED_MOVES = 4  # per table, at a human pace
FAST_MOVES = 12  # per table, as fast as the bot answers (a Suipe deal has 48)
PACE = 6.0  # seconds between a table's moves, on average
SHARD_COUNT = 2
PROFILE = "SEEPBOT_BENCH_PROFILE"  # see _Profile
LATE = 60.0  # seconds: a table message later than this is counted as late (and waited for)
GIVE_UP = 600.0  # seconds more: a table message this late is taken as lost (the run stops)
# One bot token's global bucket is 50 requests a second; the tables it serves are counted
# against 80% of it, and at one person's move per table every MOVE_EVERY seconds
GLOBAL_BUDGET = 50 * 0.8
MOVE_EVERY = 6.0


@dataclass(frozen=True)
class TableKind:
    """A kind of table: its game and rules, its people (seats 1 to `humans`) and computer
    players (the other seats, at the normal level)."""

    label: str
    game: str
    rules: dict[str, Any] = field(hash=False)
    humans: int
    computers: int


KINDS = {
    "suipe-2p": TableKind("Suipe 2p, 2 humans", "suipe", {"players": 2}, 2, 0),
    "seep-4h": TableKind("Seep 4p, 4 humans", "seep", {"players": 4}, 4, 0),
    "seep-2h2c": TableKind("Seep 4p, 2 humans + 2 computers", "seep", {"players": 4}, 2, 2),
    "seep-1h3c": TableKind("Seep 4p, 1 human + 3 computers", "seep", {"players": 4}, 1, 3),
    "sheepshead-1h4c": TableKind(
        "Sheepshead 5p, 1 human + 4 computers", "sheepshead", {"players": 5}, 1, 4
    ),
}
MEASURED_KINDS = ["seep-4h", "seep-2h2c", "seep-1h3c", "sheepshead-1h4c"]


def tables_per_token(global_per_move: float) -> float:
    """The tables one token's global bucket serves at one person's move per MOVE_EVERY
    seconds a table, each move costing `global_per_move` global-bucket requests in all."""
    if global_per_move <= 0:
        return math.inf
    return GLOBAL_BUDGET * MOVE_EVERY / global_per_move


# ----- the bot's process -------------------------------------------------------------------


def bot_process(
    connection: Connection,
    api_base: str,
    gateway_url: str,
    users: dict[int, Any],
    store: str,
    shards: str,
    kind: str = "suipe-2p",
) -> None:
    asyncio.run(_serve(connection, api_base, gateway_url, users, store, shards, kind))


async def _serve(
    connection: Connection,
    api_base: str,
    gateway_url: str,
    users: dict[int, Any],
    store: str,
    shards: str,
    kind_name: str,
) -> None:
    """`users`: channel → (guild, its people); `store`: a PostgreSQL URL, or "" for a SQLite
    file of this process's own; `kind_name`: a key of KINDS."""
    from bot.client import prepare_drawing
    from bot.config import Settings
    from bot.sharding import parse_shards
    from tests.e2e.bot_process import start_against_fake

    kind = KINDS[kind_name]
    plan = parse_shards(shards, SHARD_COUNT)
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(token="x", database_path=Path(folder) / "bench.sqlite3",
                            database_url=store or None, shards=plan)  # fmt: skip
        bot, runner = await start_against_fake(api_base, gateway_url, settings)
        gc.collect()
        idle_mb = _resident_mb()
        # as /table new does; the modules it loads are not a table's memory
        await asyncio.to_thread(prepare_drawing().join)
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        sessions = []
        mine = {c: people for c, (guild, people) in users.items() if plan.owns(guild)}
        for channel, people in mine.items():
            guild, host = users[channel][0], people[0]
            session = await bot.tables.create(guild, channel, host, kind.game,
                                              dict(kind.rules), seed=channel)  # fmt: skip
            for n, person in enumerate(people):
                await session.join(person, f"P{n + 1}")
            for _ in range(kind.computers):
                await session.add_computer(host)
            await session.start(host)
            sessions.append(session)
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        per_table = sum(s.size_diff for s in after.compare_to(before, "filename")) / len(mine)
        # each table's first message, after the computers' moves up to a person's turn
        await asyncio.gather(*(bot.flow.advance(session) for session in sessions))
        await bot.idle()
        games = {s.row.channel_id: s.match.to_dict() for s in sessions if s.match is not None}
        connection.send({"games": games, "kb_per_table": per_table / 1024, "idle_mb": idle_mb})
        profile = _Profile(os.environ.get(PROFILE))
        while True:
            request = await asyncio.to_thread(connection.recv)
            if request == "cpu":
                await bot.idle()
                usage = resource.getrusage(resource.RUSAGE_SELF)
                profile.toggle(plan)
                connection.send((usage.ru_utime + usage.ru_stime, _thread_cpu()))
            elif request == "idle":
                await bot.idle()
                connection.send("idle")
            elif isinstance(request, tuple) and request[0] == "match":
                found = bot.tables.get(request[1])
                match = None if found is None else found.match
                connection.send(None if match is None else match.to_dict())
            else:
                break
        await bot.idle()
        await bot.close()
        await runner
    connection.send("stopped")


class _Profile:
    """With PROFILE set to a path in the environment, the event loop's thread is profiled
    (cProfile, CPU time) over the saturated phase, from the first "cpu" request to the second,
    and the statistics are written to `<path>.<shards>` (read them with `python -m pstats`).
    Timing every call with the thread's CPU clock slows the loop several times over: it shows
    where the time goes, not the figures."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.profiler: Any = None

    def toggle(self, plan: Any) -> None:
        if not self.path:
            return
        import cProfile

        if self.profiler is None:
            self.profiler = cProfile.Profile(time.thread_time)
            self.profiler.enable()
            return
        self.profiler.disable()
        self.profiler.dump_stats(f"{self.path}.{'-'.join(map(str, plan.ids))}")
        self.path = None


# ----- the players' process ------------------------------------------------------------------


async def _ask(connection: Connection, request: Any) -> Any:
    connection.send(request)
    return await asyncio.to_thread(connection.recv)


class _Bots:
    """The bot processes as the players' side asks them, one request at a time on each pipe;
    `owner`: the process (its index) that plays each channel's table."""

    def __init__(self, pipes: list[Connection]) -> None:
        self.pipes = pipes
        self.locks = [asyncio.Lock() for _ in pipes]
        self.owner: dict[int, int] = {}

    async def ask(self, index: int, request: Any) -> Any:
        async with self.locks[index]:
            return await _ask(self.pipes[index], request)

    async def ask_all(self, request: Any) -> list[Any]:
        return list(await asyncio.gather(*(self.ask(n, request) for n in range(len(self.pipes)))))

    async def match(self, channel: int) -> dict[str, Any]:
        """A channel's match as the bot's process has it (`to_dict`: its rules, seed and
        moves in notation, the computers' and the cuts included)."""
        return dict(await self.ask(self.owner[channel], ("match", channel)))


def _watched_fake(**options: Any) -> Any:
    """The fake Discord, keeping for each channel the latest message posted in it and an
    event set at each post: how a table's players see whose turn it is. It serves Discord
    exactly as the fake does."""
    from tests.e2e.fake_discord import FakeDiscord

    class WatchedDiscord(FakeDiscord):
        def __init__(self, **options: Any) -> None:
            super().__init__(**options)
            self.latest: dict[int, dict[str, Any]] = {}
            self.changed: dict[int, asyncio.Event] = {}

        def _posted(self, channel_id: int, message: dict[str, Any]) -> None:
            self.latest[channel_id] = message
            self.changed.setdefault(channel_id, asyncio.Event()).set()
            super()._posted(channel_id, message)

    return WatchedDiscord(**options)


async def run(
    tables: int,
    store: str,
    processes: int,
    cpu_budget: float | None = None,
    kind: str = "suipe-2p",
    limits: bool = True,
    moves: int = PACED_MOVES,
    fast_moves: int = FAST_MOVES,
) -> dict[str, Any]:
    """`store`: a PostgreSQL URL, or "" for SQLite; `cpu_budget`: cores per bot process;
    `kind`: a key of KINDS; `limits`: whether the fake enforces Discord's rate limits;
    `moves` and `fast_moves`: each table's people's moves at a human pace and at saturation."""
    from tests.e2e.fake_discord import GUILD_ID

    table_kind = KINDS[kind]
    half = tables // 2
    fake = _watched_fake(extra_channels=tables - half, other_guilds=1, guild_channels=half,
                         rate_limits=limits)  # fmt: skip
    await fake.start()
    other = next(iter(fake.other_guilds))
    channels = [(GUILD_ID, c) for c in fake.extra_channels]
    channels += [(other, c) for c in fake.other_guilds[other][:half]]
    users = {}
    for n, (guild, channel) in enumerate(channels):
        people = tuple(10_000 + 10 * n + k for k in range(table_kind.humans))
        for k, person in enumerate(people):
            fake.add_member(person, f"P{n}.{k + 1}")
        users[channel] = (guild, people)
    spawn = multiprocessing.get_context("spawn")
    layout = ["0-1"] if processes == 1 else [str(n) for n in range(SHARD_COUNT)]
    children, pipes, budgets = [], [], []
    for shards in layout:
        ours, theirs = spawn.Pipe()
        child = spawn.Process(
            target=bot_process,
            args=(theirs, fake.api_base, fake.gateway_url, users, store, shards, kind),
        )
        child.start()
        children.append(child)
        pipes.append(ours)
        if cpu_budget is not None and child.pid is not None:
            budgets.append(cpu_budget_limit(child.pid, cpu_budget))
    try:
        seated = {c: p for c, (_, p) in users.items()}
        return await measure(fake, pipes, seated, tables, moves, fast_moves)
    finally:  # whatever happened, the bots' processes and the fake Discord stop
        for child in children:
            if child.is_alive():
                child.terminate()
                child.join(10)
            if child.is_alive():
                child.kill()
                child.join()
        for folder in budgets:
            cpu_budget_release(folder)
        await fake.stop()


async def measure(
    fake: Any,
    pipes: list[Connection],
    users: dict[int, tuple[int, ...]],
    tables: int,
    paced_moves: int = PACED_MOVES,
    fast_moves: int = FAST_MOVES,
) -> dict[str, Any]:
    """`fake`: the fake Discord of `_watched_fake`."""
    from bot.flow import TableFlow
    from engine.core import GameState
    from engine.games import match_from_dict

    bots = _Bots(pipes)
    readies = await asyncio.gather(*(asyncio.to_thread(pipe.recv) for pipe in pipes))
    games = {}
    for index, ready in enumerate(readies):
        for channel, game in ready["games"].items():
            games[channel] = game
            bots.owner[channel] = index
    assert sorted(games) == sorted(users), "a table was not opened by exactly one process"
    # each match as the bot's process rebuilds it (its rules, deal secrets and moves so far)
    matches = {channel: match_from_dict(data) for channel, data in games.items()}
    seeds = {channel: data["seed"] for channel, data in games.items()}
    latencies: list[float] = []
    refused: list[int] = []  # a table's move the bot answered "busy" (tried again)
    late: list[int] = []  # a table's message that came more than LATE seconds after its move
    # a move the bot did not answer within Discord's 3 seconds (a violation) and whose table
    # message had not come after LATE seconds: it was refused too late, so the player tries
    # again (should it have been played after all, the next move tells)
    unanswered: list[int] = []
    # a move answered by a deferral and then an edit (two requests instead of one)
    deferred: list[int] = []
    played: list[int] = []  # a person's move played (one entry a move)
    # each latency less the pauses the bot makes before the computers' replies it waits for
    unpaused: list[float] = []
    pacing = random.Random(tables)

    async def catch_up(channel: int) -> GameState:
        """This process's copy of the match, with the moves the bot's has played since."""
        match = matches[channel]
        data = await bots.match(channel)
        if data["seed"] != seeds[channel]:
            # a new deal's secret, drawn by the bot's process when it dealt: this copy, which
            # drew one of its own, is rebuilt with the bot's
            seeds[channel] = data["seed"]
            match = matches[channel] = match_from_dict(data)
            return match
        for notation in data["actions"][len(match.actions) :]:
            match.apply(notation)
        return match

    async def their_turn(channel: int, shown: int) -> None:
        """Waits until a table message from message `shown` on asks one of the table's
        people to move (the computers have answered), or the match is over."""
        people = set(users[channel])
        changed = fake.changed.setdefault(channel, asyncio.Event())
        waited = 0.0
        while True:
            latest = fake.latest.get(channel)
            if (
                latest is not None
                and int(latest["id"]) >= shown
                and people & set(fake.pings.get(int(latest["id"]), []))
            ):
                return
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), 2.0)
            except TimeoutError:
                waited += 2.0
                if (await catch_up(channel)).is_terminal:
                    return
                if waited > GIVE_UP:
                    message = f"the table in channel {channel} never asked anyone to move"
                    raise RuntimeError(message) from None

    async def play(channel: int, moves: int, paced: bool) -> None:
        match = matches[channel]
        people = users[channel]
        for _ in range(moves):
            if paced:
                await asyncio.sleep(pacing.uniform(0, 2 * PACE))
            match = await catch_up(channel)
            if match.is_terminal:
                return
            player = match.current_player
            assert player is not None and player < len(people), "a computer's turn, still"
            action = match.legal_actions()[0]
            started = time.perf_counter()
            while True:
                posted = fake.next_post(channel)
                asked = await fake.slash(people[player], "play", channel_id=channel,
                                         move=action.notation)  # fmt: skip
                if not _refused(asked):
                    _check_played(asked, action.notation)
                    if asked.responses and asked.responses[0].get("type") in (5, 6):
                        deferred.append(channel)
                    try:
                        await asyncio.wait_for(asyncio.shield(posted), LATE)
                        break
                    except TimeoutError:
                        if not asked.responses:  # unanswered (see below): taken as refused
                            unanswered.append(channel)
                        elif not _refused(asked):  # a deferred "busy" may come this late
                            late.append(channel)  # counted, and waited for
                            await asyncio.wait_for(posted, GIVE_UP)
                            break
                refused.append(channel)  # "busy": the player tries again a moment later
                posted.cancel()
                await asyncio.sleep(pacing.uniform(0.5, 1.5))
            latency = (time.perf_counter() - started) * 1000
            latencies.append(latency)
            played.append(channel)
            before = len(match.actions)
            await their_turn(channel, int(posted.result()["id"]))
            match = await catch_up(channel)
            # the computers' replies in between, each after the bot's pause before it
            replies = [a for a in match.actions[before + 1 :] if not a.notation.startswith("cut")]
            unpaused.append(latency - 1000 * TableFlow.computer_delay * len(replies))

    # Each table's first move, not counted with the others: it also removes the table
    # message of the start (which no person's interaction carried), as at a real table
    log_before = fake.limits.log.copy()
    await asyncio.gather(*(play(channel, 1, True) for channel in users))
    await bots.ask_all("idle")
    first = fake.limits.log.since(log_before).by_kind()
    latencies.clear()
    unpaused.clear()
    played.clear()
    log_before = fake.limits.log.copy()
    await asyncio.gather(*(play(channel, paced_moves, True) for channel in users))
    await bots.ask_all("idle")  # what the last moves still owed (a deletion) is counted too
    requests = fake.limits.log.since(log_before)
    paced = sorted(latencies)
    paced_count = len(played)
    paced_figures = {
        "p50": statistics.median(paced),
        "p99": _p99(paced),
        "unpaused_p50": statistics.median(unpaused),
        "unpaused_p99": _p99(sorted(unpaused)),
        "moves": paced_count,
        **_requests_per_move(requests, paced_count),
        "first_global_per_table": first["global"] / len(users),
        "first_exempt_per_table": first["exempt"] / len(users),
    }
    latencies.clear()
    deferred.clear()  # counted at saturation only
    cpu_before = await bots.ask_all("cpu")
    driver_before = _cpu_seconds()
    began = time.perf_counter()
    played.clear()
    await asyncio.gather(*(play(channel, fast_moves, False) for channel in users))
    elapsed = time.perf_counter() - began
    driver = _cpu_seconds() - driver_before
    cpu_after = await bots.ask_all("cpu")
    threads: dict[str, float] = {}
    for (_, start), (_, end) in zip(cpu_before, cpu_after, strict=True):
        for kind, seconds in end.items():
            threads[kind] = threads.get(kind, 0.0) + seconds - start.get(kind, 0.0)
    await bots.ask_all("stop")
    saturated = sorted(latencies)
    for violation in fake.violations[:5]:
        print(f"  violation: {violation}")
    moved = max(len(saturated), 1)
    return {
        **paced_figures,
        "moves_per_s": len(saturated) / elapsed,
        "sat_p50": statistics.median(saturated) if saturated else math.nan,
        "sat_p99": _p99(saturated) if saturated else math.nan,
        "cpu_ms_per_move": 1000
        * sum(end - start for (end, _), (start, _) in zip(cpu_after, cpu_before, strict=True))
        / moved,
        **{f"cpu_{kind}": 1000 * seconds / moved for kind, seconds in threads.items()},
        # the fake Discord and the players share the machine's cores with the bots
        "driver_ms_per_move": 1000 * driver / moved,
        "kb_per_table": statistics.mean(r["kb_per_table"] for r in readies),
        "idle_mb": statistics.mean(r["idle_mb"] for r in readies),
        "violations": len(fake.violations),
        "refused": len(refused),
        "late": len(late),
        "unanswered": len(unanswered),
        "deferred": len(deferred),
    }


def _requests_per_move(requests: Any, moves: int) -> dict[str, Any]:
    """The paced phase's requests (a `RequestLog`) per person's move: by kind for the global
    bucket, by route within each kind, the 429s by scope, and the tables one token serves."""
    from tests.e2e.discord_limits import EXEMPT, GLOBAL

    kinds = requests.by_kind()
    per_move = max(moves, 1)
    routes = {(kind, route): count / per_move for (kind, route), count in requests.requests.items()}
    refusals: Counter[str] = Counter()
    for (scope, _), count in requests.refused.items():
        refusals[scope] += count
    global_per_move = kinds[GLOBAL] / per_move
    return {
        "global_per_move": global_per_move,
        "exempt_per_move": kinds[EXEMPT] / per_move,
        "routes": routes,
        "refused_429": dict(refusals),
        "tables_per_token": tables_per_token(global_per_move),
    }


def _check_played(asked: Any, notation: str) -> None:
    """A move answered with anything but "Your move…" (nor "busy", nor left unanswered) means
    this process's copy of the match is not the bot's: the run stops and says so."""
    data = (asked.responses[-1].get("data") or {}) if asked.responses else {}
    content = str(data.get("content") or "")
    if asked.responses and not content.startswith("Your move"):
        raise RuntimeError(f"the bot did not play {notation!r}: {content!r}")


def _refused(asked: Any) -> bool:
    """Whether the bot answered a move with "busy" instead of playing it: at once, or after
    deferring (the deferred answer's data is then the edited message)."""
    first = asked.responses[0] if asked.responses else {}
    content = str((first.get("data") or {}).get("content") or "")
    return first.get("type") in (4, 5) and "busy" in content


def _thread_cpu() -> dict[str, float]:
    """CPU seconds of this process's threads by kind (Linux): the event loop's, the drawing
    thread's (`bot.drawing`: the images), the other worker threads' (`asyncio.to_thread`),
    the SQLite connection's and the rest."""
    import os
    import threading

    kinds = {t.native_id: _thread_kind(t) for t in threading.enumerate()}
    tick = os.sysconf("SC_CLK_TCK")
    spent: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the thread ended meanwhile
        kind = kinds.get(int(task.name), "other")
        spent[kind] = spent.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return spent


def _thread_kind(thread: Any) -> str:
    import threading

    from bot.drawing import THREAD_NAME

    if thread is threading.main_thread():
        return "loop"
    if thread.name.startswith(THREAD_NAME):
        return "drawing"
    if thread.name.startswith("asyncio_"):
        return "workers"
    if "connection_worker" in thread.name or "aiosqlite" in thread.name:
        return "store"
    return "other"


def _resident_mb() -> float:
    """This process's resident memory (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _p99(values: list[float]) -> float:
    return values[min(len(values) - 1, int(len(values) * 0.99))]


def _by_thread(result: dict[str, float]) -> str:
    kinds = ("loop", "drawing", "workers", "store", "other")
    return ", ".join(f"{k} {result.get('cpu_' + k, 0.0):.1f}" for k in kinds)


def _routes(result: dict[str, Any]) -> str:
    """The routes of each kind, busiest first, per person's move."""
    lines = []
    for kind in ("global", "exempt"):
        found = sorted(
            ((count, route) for (k, route), count in result["routes"].items() if k == kind),
            reverse=True,
        )
        shown = ", ".join(f"{route} {count:.2f}" for count, route in found) or "none"
        lines.append(f"      {kind}: {shown}")
    return "\n".join(lines)


def report(result: dict[str, Any], kind: str, tables: int, store: str, processes: int,
           limits: bool) -> str:  # fmt: skip
    refusals = ", ".join(f"{scope} {n}" for scope, n in sorted(result["refused_429"].items()))
    tables_served = result["tables_per_token"]
    served = "unbounded" if math.isinf(tables_served) else f"{tables_served:,.0f}"
    lines = [
        f"  {KINDS[kind].label}: {tables} tables {store} ×{processes}, limits "
        f"{'on' if limits else 'off'}, {result['moves']} moves",
        f"      move → table message: paced p50 {result['p50']:.1f} p99 {result['p99']:.1f} ms"
        f" (less the computers' pauses: p50 {result['unpaused_p50']:.1f} p99 "
        f"{result['unpaused_p99']:.1f} ms)",
        f"      per person's move {result['global_per_move']:.2f} global + "
        f"{result['exempt_per_move']:.2f} exempt requests → {served} tables a token; a table's "
        f"first move {result['first_global_per_table']:.2f} global + "
        f"{result['first_exempt_per_table']:.2f} exempt",
        f"      429s: {refusals or 'none'}; busy answers {result['refused']}  late "
        f"{result['late']}  unanswered {result['unanswered']}  violations {result['violations']}",
        _routes(result),
    ]
    if result["moves_per_s"] > 0:
        lines.append(
            f"      saturated {result['moves_per_s']:6.1f} moves/s (p50 {result['sat_p50']:6.1f} "
            f"p99 {result['sat_p99']:6.1f} ms)  bot CPU {result['cpu_ms_per_move']:4.1f} "
            f"ms/move ({_by_thread(result)}; fake Discord and players "
            f"{result['driver_ms_per_move']:4.1f})  {result['kb_per_table']:5.1f} KB/table  "
            f"idle {result['idle_mb']:4.1f} MB  deferred {result['deferred']}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bot_e2e")
    parser.add_argument("tables", nargs="*", type=int, default=[1, 50, 200])
    parser.add_argument("--kinds", nargs="+", choices=list(KINDS), default=MEASURED_KINDS)
    parser.add_argument(
        "--limits",
        nargs="+",
        choices=["on", "off"],
        default=["on"],
        help="whether the fake Discord enforces Discord's rate limits",
    )
    parser.add_argument(
        "--moves", type=int, default=PACED_MOVES, help="each table's people's moves at a human pace"
    )
    parser.add_argument(
        "--fast-moves",
        type=int,
        default=FAST_MOVES,
        help="each table's people's moves at saturation (0: none)",
    )
    parser.add_argument("--store", nargs="+", choices=["sqlite", "postgres"], default=["sqlite"])
    parser.add_argument("--processes", nargs="+", type=int, choices=[1, 2], default=[1])
    parser.add_argument(
        "--cpu-per-process",
        type=float,
        default=None,
        metavar="CORES",
        help="give each bot process this many cores (a cgroup CPU quota; needs root)",
    )  # fmt: skip
    args = parser.parse_args()
    if args.cpu_per_process is not None:
        print(f"each bot process is limited to {args.cpu_per_process:g} core(s) of CPU time")
    print(
        f"latency = INTERACTION_CREATE → next table message over {args.moves} moves per table "
        f"at one person's move per {PACE:.0f} s on average after the table asks them; "
        f"requests per person's move over those moves (computers' replies included); "
        f"tables a token = {GLOBAL_BUDGET:.0f}/s × {MOVE_EVERY:.0f} s / global requests per "
        f"move; moves/s (and the latency then) at saturation over {args.fast_moves} more"
    )
    from tests.postgres_server import LocalPostgres

    server = LocalPostgres().start() if "postgres" in args.store else None
    runs = itertools.count(1)
    try:
        for kind, tables, store, processes, limits in itertools.product(
            args.kinds, args.tables, args.store, args.processes, args.limits
        ):
            if store == "sqlite" and processes > 1:
                continue  # a SQLite file is one process's store
            url = ""
            if server is not None and store == "postgres":
                url = asyncio.run(server.create_database(f"bench_{next(runs)}"))
            result = asyncio.run(run(tables, url, processes, args.cpu_per_process, kind,
                                     limits == "on", args.moves, args.fast_moves))  # fmt: skip
            print(report(result, kind, tables, store, processes, limits == "on"), flush=True)
    except BudgetError as error:
        raise SystemExit(f"bot_e2e: {error}") from None
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()

"""The bot under load, through the fake Discord:
`python -m benchmarks.bot_e2e [TABLES…] [--store sqlite postgres] [--processes 1 2]
[--cpu-per-process CORES]`.

For 1, 50 and 200 tables playing at once (two human players each, Suipe so that every move is
a human's):
- latency from INTERACTION_CREATE to the new table message in the channel (rendering
  included) when every table moves at a brisk human pace (one move every PACE seconds on
  average, at random moments);
- moves per second when every table moves as fast as the bot answers (saturation);
- memory: the bot process resident once connected and idle, and per active table; the bot's CPU
  time per move, and how it splits between the event loop's thread, the drawing thread (the
  images), the other worker threads and SQLite's thread.

Stores and process counts are measured side by side in one run: SQLite (one process; one
file is one process's store), and PostgreSQL (a server this run starts, a new database per
measurement) with one process running both shards or two processes running one shard each.
The tables are split between two servers that Discord puts on different shards.

With `--cpu-per-process` each bot process gets that many cores of CPU time (a cgroup quota, as
a container's CPU limit; see `benchmarks/cpu_budget.py`), so that on a small machine the bots
do not compete with PostgreSQL and the fake Discord for the same cores.

The bot runs in its own process(es), as it would in production; the fake Discord and the players
driving it run in this one, so the figures are the bot's and not the fake's. This process
follows each game on its own copy of the match (rebuilt from the bot's rules and seed), which
is how it knows a legal move to send.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import multiprocessing
import os
import random
import resource
import statistics
import tempfile
import time
import tracemalloc
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.cpu_budget import BudgetError
from benchmarks.cpu_budget import limit as cpu_budget_limit
from benchmarks.cpu_budget import release as cpu_budget_release

if TYPE_CHECKING:
    from tests.e2e.fake_discord import FakeDiscord

# The players' side (the fake Discord, the matches it follows, the PostgreSQL server) is imported
# where it is used, so that the bot's process, which imports this module, holds only the bot.

PACED_MOVES = 4  # per table, at a human pace
FAST_MOVES = 12  # per table, as fast as the bot answers (a Suipe deal has 48)
PACE = 6.0  # seconds between a table's moves, on average
SHARD_COUNT = 2
PROFILE = "SEEPBOT_BENCH_PROFILE"  # see _Profile
LATE = 60.0  # seconds: a table message later than this is counted as late (and waited for)
GIVE_UP = 600.0  # seconds more: a table message this late is taken as lost (the run stops)


# ----- the bot's process -------------------------------------------------------------------


def bot_process(
    connection: Connection, api_base: str, gateway_url: str, users: dict, store: str, shards: str
) -> None:
    asyncio.run(_serve(connection, api_base, gateway_url, users, store, shards))


async def _serve(
    connection: Connection, api_base: str, gateway_url: str, users: dict, store: str, shards: str
) -> None:
    """`users`: channel → (guild, player A, player B); `store`: a PostgreSQL URL, or "" for a
    SQLite file of this process's own."""
    from bot.client import prepare_drawing
    from bot.config import Settings
    from bot.sharding import parse_shards
    from bot.tables import stored_seed
    from tests.e2e.bot_process import start_against_fake

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
        games = {}
        mine = {c: (a, b) for c, (guild, a, b) in users.items() if plan.owns(guild)}
        for channel, (a, b) in mine.items():
            guild = users[channel][0]
            session = await bot.tables.create(guild, channel, a, "suipe", {"players": 2},
                                              seed=channel)  # fmt: skip
            await session.join(a, "A")
            await session.join(b, "B")
            await session.start(a)
            games[channel] = (session.row.game, session.row.rules, stored_seed(session.row))
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        per_table = sum(s.size_diff for s in after.compare_to(before, "filename")) / len(mine)
        connection.send({"games": games, "kb_per_table": per_table / 1024, "idle_mb": idle_mb})
        profile = _Profile(os.environ.get(PROFILE))
        while True:
            request = await asyncio.to_thread(connection.recv)
            if request == "cpu":
                await bot.idle()
                usage = resource.getrusage(resource.RUSAGE_SELF)
                profile.toggle(plan)
                connection.send((usage.ru_utime + usage.ru_stime, _thread_cpu()))
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


async def run(
    tables: int, store: str, processes: int, cpu_budget: float | None = None
) -> dict[str, float]:
    """`store`: a PostgreSQL URL, or "" for SQLite; `cpu_budget`: cores per bot process."""
    from tests.e2e.fake_discord import GUILD_ID, FakeDiscord

    half = tables // 2
    fake = FakeDiscord(extra_channels=tables - half, other_guilds=1, guild_channels=half)
    await fake.start()
    other = next(iter(fake.other_guilds))
    channels = [(GUILD_ID, c) for c in fake.extra_channels]
    channels += [(other, c) for c in fake.other_guilds[other][:half]]
    users = {}
    for n, (guild, channel) in enumerate(channels):
        a, b = 10_000 + 2 * n, 10_001 + 2 * n
        fake.add_member(a, f"A{n}")
        fake.add_member(b, f"B{n}")
        users[channel] = (guild, a, b)
    spawn = multiprocessing.get_context("spawn")
    layout = ["0-1"] if processes == 1 else [str(n) for n in range(SHARD_COUNT)]
    children, pipes, budgets = [], [], []
    for shards in layout:
        ours, theirs = spawn.Pipe()
        child = spawn.Process(
            target=bot_process,
            args=(theirs, fake.api_base, fake.gateway_url, users, store, shards),
        )
        child.start()
        children.append(child)
        pipes.append(ours)
        if cpu_budget is not None and child.pid is not None:
            budgets.append(cpu_budget_limit(child.pid, cpu_budget))
    try:
        return await measure(fake, pipes, {c: (a, b) for c, (_, a, b) in users.items()}, tables)
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


async def _ask_all(pipes: list[Connection], request: Any) -> list[Any]:
    return list(await asyncio.gather(*(_ask(pipe, request) for pipe in pipes)))


async def measure(
    fake: FakeDiscord, pipes: list[Connection], users: dict[int, tuple[int, int]], tables: int
) -> dict[str, float]:
    from engine.fairness import seed_from_json
    from engine.games import new_match

    readies = await asyncio.gather(*(asyncio.to_thread(pipe.recv) for pipe in pipes))
    games = {channel: game for ready in readies for channel, game in ready["games"].items()}
    assert sorted(games) == sorted(users), "a table was not opened by exactly one process"
    matches = {
        channel: new_match(
            game, seed_from_json(seed), **{k: v for k, v in rules.items() if k != "game"}
        )
        for channel, (game, rules, seed) in games.items()
    }
    latencies: list[float] = []
    refused: list[int] = []  # a table's move the bot answered "busy" (tried again)
    late: list[int] = []  # a table's message that came more than LATE seconds after its move
    # a move the bot did not answer within Discord's 3 seconds (a violation) and whose table
    # message had not come after LATE seconds: it was refused too late, so the player tries
    # again (should it have been played after all, the next move tells)
    unanswered: list[int] = []
    # a move answered by a deferral and then an edit (two requests instead of one)
    deferred: list[int] = []
    pacing = random.Random(tables)

    async def play(channel: int, moves: int, paced: bool) -> None:
        match = matches[channel]
        for _ in range(moves):
            if paced:
                await asyncio.sleep(pacing.uniform(0, 2 * PACE))
            _default_cuts(match)
            player = match.current_player
            action = match.legal_actions()[0]
            started = time.perf_counter()
            while True:
                posted = fake.next_post(channel)
                asked = await fake.slash(users[channel][player], "play", channel_id=channel,
                                         move=action.notation)  # fmt: skip
                if not _refused(asked):
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
            latencies.append((time.perf_counter() - started) * 1000)
            match.apply(action, player)

    await asyncio.gather(*(play(channel, PACED_MOVES, True) for channel in users))
    paced = sorted(latencies)
    latencies.clear()
    deferred.clear()  # counted at saturation only
    fast = len(latencies)
    cpu_before = await _ask_all(pipes, "cpu")
    driver_before = _cpu_seconds()
    began = time.perf_counter()
    await asyncio.gather(*(play(channel, FAST_MOVES, False) for channel in users))
    elapsed = time.perf_counter() - began
    driver = _cpu_seconds() - driver_before
    cpu_after = await _ask_all(pipes, "cpu")
    threads: dict[str, float] = {}
    for (_, start), (_, end) in zip(cpu_before, cpu_after, strict=True):
        for kind, seconds in end.items():
            threads[kind] = threads.get(kind, 0.0) + seconds - start.get(kind, 0.0)
    await _ask_all(pipes, "stop")
    saturated = sorted(latencies[fast:])
    for violation in fake.violations[:5]:
        print(f"  violation: {violation}")
    return {
        "p50": statistics.median(paced),
        "p99": _p99(paced),
        "moves_per_s": len(saturated) / elapsed,
        "sat_p50": statistics.median(saturated),
        "sat_p99": _p99(saturated),
        "cpu_ms_per_move": 1000
        * sum(end - start for (end, _), (start, _) in zip(cpu_after, cpu_before, strict=True))
        / len(saturated),
        **{f"cpu_{kind}": 1000 * seconds / len(saturated) for kind, seconds in threads.items()},
        # the fake Discord and the players share the machine's cores with the bots
        "driver_ms_per_move": 1000 * driver / len(saturated),
        "kb_per_table": statistics.mean(r["kb_per_table"] for r in readies),
        "idle_mb": statistics.mean(r["idle_mb"] for r in readies),
        "violations": len(fake.violations),
        "refused": len(refused),
        "late": len(late),
        "unanswered": len(unanswered),
        "deferred": len(deferred),
    }


def _default_cuts(match: Any) -> None:
    """The cut the bot's table makes by itself (no cutter is asked: see
    tests/e2e/bot_process.py), made on this process's copy of the match too."""
    from engine.fairness import Cut

    while match.pending_cut is not None and not match.is_terminal:
        match.apply(Cut(match.pending_cut.default), match.pending_cut.cutter)


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


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bot_e2e")
    parser.add_argument("tables", nargs="*", type=int, default=[1, 50, 200])
    parser.add_argument("--store", nargs="+", choices=["sqlite", "postgres"], default=["sqlite"])
    parser.add_argument("--processes", nargs="+", type=int, choices=[1, 2], default=[1])
    parser.add_argument(
        "--cpu-per-process",
        type=float,
        default=None,
        metavar="CORES",
        help="give each bot process this many cores (a cgroup CPU quota; needs root)",
    )
    args = parser.parse_args()
    if args.cpu_per_process is not None:
        print(f"each bot process is limited to {args.cpu_per_process:g} core(s) of CPU time")
    print(
        f"latency = INTERACTION_CREATE → new table message over {PACED_MOVES} moves per table at "
        f"one move per {PACE:.0f} s on average; moves/s (and the latency then) at saturation "
        f"over {FAST_MOVES} more"
    )
    from tests.postgres_server import LocalPostgres

    server = LocalPostgres().start() if "postgres" in args.store else None
    runs = itertools.count(1)
    try:
        for tables in args.tables:
            for store in args.store:
                for processes in args.processes:
                    if store == "sqlite" and processes > 1:
                        continue  # a SQLite file is one process's store
                    url = ""
                    if server is not None and store == "postgres":
                        url = asyncio.run(server.create_database(f"bench_{next(runs)}"))
                    result = asyncio.run(run(tables, url, processes, args.cpu_per_process))
                    print(
                        f"  {tables:>3} tables {store:>8} ×{processes}: "
                        f"paced p50 {result['p50']:6.1f} p99 {result['p99']:6.1f} ms  "
                        f"{result['moves_per_s']:6.1f} moves/s (p50 {result['sat_p50']:6.1f} "
                        f"p99 {result['sat_p99']:6.1f} ms)  bot CPU "
                        f"{result['cpu_ms_per_move']:4.1f} ms/move ({_by_thread(result)}; "
                        f"fake Discord and players "
                        f"{result['driver_ms_per_move']:4.1f})  "
                        f"{result['kb_per_table']:5.1f} KB/table  "
                        f"idle {result['idle_mb']:4.1f} MB  "
                        f"busy answers {result['refused']}  "
                        f"late {result['late']}  unanswered {result['unanswered']}  "
                        f"deferred {result['deferred']}  "
                        f"violations {result['violations']}",
                        flush=True,
                    )
    except BudgetError as error:
        raise SystemExit(f"bot_e2e: {error}") from None
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()

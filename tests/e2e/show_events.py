"""What players see of two events, played against the fake Discord by people (with /play and
the My hand button) and computers, written to a folder for reading: a Sheepshead sessions event
of ten over two sessions and a Swiss event of eight in Suipe.

    python -m tests.e2e.show_events /work/notes/events

Writes `messages.txt` (every message of each event's thread and of one table's thread per
round, as a player reads it, with the standings message as it stood after each round) and the
pictures: each event's results, the first and last table picture of a table, a player's own
hand as their My hand button shows it, and the private `/tournament standings` answer's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Env, bot_env
from .fake_discord import EPHEMERAL, THREADS_CHANNEL_ID
from .helpers import button, message_text
from .test_tournaments import (
    HOST,
    PEOPLE,
    answer,
    event_status,
    event_thread,
    make_event,
    press,
    rows,
    standings_message,
)


class Notes:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lines: list[str] = []
        folder.mkdir(parents=True, exist_ok=True)

    def say(self, *lines: str) -> None:
        self.lines += lines

    def picture(self, name: str, data: bytes) -> None:
        (self.folder / name).write_bytes(data)
        self.say(f"[picture: {name}]")

    def message(self, env: Env, message: dict[str, Any], prefix: str = "") -> None:
        private = " (private)" if int(message.get("flags") or 0) & EPHEMERAL else ""
        files = [f["name"] for f in env.fake.files.get(int(message["id"]), [])]
        attached = f"  [attached: {', '.join(files)}]" if files else ""
        self.say(f"--- {prefix}message{private}{attached}", message_text(message), "")

    def write(self) -> None:
        (self.folder / "messages.txt").write_text("\n".join(self.lines) + "\n", encoding="utf-8")


def table_threads(env: Env, event_id: int) -> list[tuple[int, int, int, int]]:
    """(round, table, thread, table id) of every pairing of the event."""
    return [(int(r), int(t), int(th), int(tid)) for r, t, th, tid in rows(
        env, "SELECT round, table_number, thread_id, table_id FROM tournament_pairings"
        " WHERE event_id = ? AND table_id IS NOT NULL ORDER BY round, table_number", event_id)]


def hand_button_message(env: Env, thread: int) -> dict[str, Any] | None:
    found = [m for m in env.fake.channel_messages(thread)
             if any(c.get("label") == "My hand" for c in env.fake.components(m))]  # fmt: skip
    return found[-1] if found else None


async def play_and_watch(
    env: Env, notes: Notes, event_id: int, label: str, seats: int = 0
) -> None:
    """People play their first legal move whenever it is their turn; the first time in each
    round a person is to move (past the cut; at a table of `seats` where given), the table
    picture is kept and the person's hand opened and kept; the standings message is kept
    each time a round's last table finishes."""
    done = lambda: event_status(env, event_id) == "finished"  # noqa: E731
    shown_hands: set[int] = set()
    finished_rounds: set[int] = set()
    deadline = time.monotonic() + 240
    while not done():
        if time.monotonic() > deadline:
            for session in env.bot.tables.by_channel.values():
                match = session.match
                if session.row.options.event == event_id and match is not None:
                    print(session.id, match.is_terminal, session.ended, match.current_player,
                          getattr(match, "pending_cut", None), session.seats,
                          match.legal_actions()[:3], file=sys.stderr)  # fmt: skip
            for record in env.errors.records:
                print(logging.Formatter().format(record), file=sys.stderr)
            raise TimeoutError(f"{label}: the event did not finish")
        moved = False
        for session in list(env.bot.tables.by_channel.values()):
            if session.row.options.event != event_id or session.match is None:
                continue
            match = session.match
            if match.is_terminal or session.ended:
                continue
            row = session.seats.get(match.current_player or 0)
            if row is None or row.plays_itself:
                continue
            round_ = session.row.options.event_round or 0
            table = session.row.options.event_table or 0
            wanted = not seats or len(session.seats) == seats
            cutting = getattr(match, "pending_cut", None) is not None
            if wanted and not cutting and round_ not in shown_hands:
                await env.bot.idle()
                message = hand_button_message(env, session.row.channel_id)
                if message is not None:
                    shown_hands.add(round_)
                    where = f"round {round_}, table {table} ({len(session.seats)} seats)"
                    notes.say(f"=== {label}: the table message at {where}, in play")
                    notes.message(env, message)
                    for attached in env.fake.files.get(int(message["id"]), []):
                        notes.picture(f"{label}-round{round_}-table-in-play.png",
                                      attached["data"])  # fmt: skip
                    step = await env.fake.click(row.user_id, int(message["id"]),
                                                button(env.fake, message, "My hand"))  # fmt: skip
                    opened = env.fake.messages[step.message_id]
                    notes.say(f"=== {label}: {row.name} opens their hand there (My hand)")
                    notes.message(env, opened)
                    for n, attached in enumerate(env.fake.files.get(step.message_id, [])):
                        notes.picture(f"{label}-round{round_}-hand-{n + 1}.png", attached["data"])
            move = match.legal_actions()[0].notation
            step = await env.fake.slash(row.user_id, "play", channel_id=session.row.channel_id,
                                        move=f"{move}#{session.turn_number}")  # fmt: skip
            moved = moved or answer(step).startswith("Your move")
        results = rows(env, "SELECT round, result IS NOT NULL FROM tournament_pairings"
                       " WHERE event_id = ?", event_id)  # fmt: skip
        by_round: dict[int, list[bool]] = {}
        for round_, has in results:
            by_round.setdefault(int(round_), []).append(bool(has))
        for round_, finished in sorted(by_round.items()):
            if all(finished) and round_ not in finished_rounds:
                finished_rounds.add(round_)
                await env.bot.idle()
                notes.say(f"=== {label}: the standings message once round {round_} was over")
                notes.message(env, standings_message(env, event_id))
        await asyncio.sleep(0 if moved else 0.05)
    await env.bot.idle()


async def tell_event(env: Env, notes: Notes, event_id: int, label: str) -> None:
    """Everything of the event's thread and of table 1's thread of each round, the results
    picture, the tables' first and last pictures and the private standings answer."""
    thread = event_thread(env, event_id)
    notes.say(f"=== {label}: the event's thread, message by message")
    for message in env.fake.channel_messages(thread):
        notes.message(env, message)
        for attached in env.fake.files.get(int(message["id"]), []):
            if attached["name"] == "results.png":
                notes.picture(f"{label}-results.png", attached["data"])
    for round_, table, table_thread, table_id in table_threads(env, event_id):
        if table != 1:
            continue
        said = env.fake.channel_messages(table_thread)
        notes.say(f"=== {label}: round {round_}, table 1 (table {table_id}): its thread")
        kept: set[str] = set()
        for message in said:
            notes.message(env, message)
            for attached in env.fake.files.get(int(message["id"]), []):
                name = attached["name"].removesuffix(".png")
                if attached["name"].endswith(".png") and name not in kept:
                    kept.add(name)  # the first hand's summary, the final table, the recap
                    notes.picture(f"{label}-round{round_}-{name}.png", attached["data"])
    asked = await env.fake.slash(703, "tournament", "standings", channel_id=THREADS_CHANNEL_ID,
                                 event=event_id)  # fmt: skip
    notes.say(f"=== {label}: /tournament standings, as Kiran asks it")
    notes.message(env, env.fake.messages[asked.message_id])
    for attached in env.fake.files.get(asked.message_id, []):
        notes.picture(f"{label}-standings-private.png", attached["data"])
    seats = rows(env, "SELECT round, table_number, seats, result FROM tournament_pairings"
                 " WHERE event_id = ? ORDER BY round, table_number", event_id)  # fmt: skip
    notes.say(f"=== {label}: every table's seats and result (the store)")
    notes.say(*(f"round {r}, table {t}: seats {s}, scores {json.loads(res)['scores']}, "
                f"places {json.loads(res)['places']}" for r, t, s, res in seats), "")


async def show(folder: Path) -> None:
    notes = Notes(folder)
    names = ", ".join(f"{n} ({u})" for u, n in PEOPLE.items())
    notes.say(f"People: {names}; computers are entrants with negative ids.", "")
    monkeypatch = pytest.MonkeyPatch()
    with tempfile.TemporaryDirectory() as workdir:
        database = Path(workdir) / "bot.sqlite3"
        try:
            async with bot_env(database, database, monkeypatch) as env:
                sheepshead = await make_event(
                    env, "sheepshead", format="sessions", players=5, rounds=2, computers=4,
                    sheepshead_hands=5,
                )
                for user in PEOPLE:
                    if user != HOST:
                        await press(env, user, sheepshead, "join")
                await press(env, HOST, sheepshead, "join")
                notes.say("=== Sheepshead: the standings message before the start")
                notes.message(env, standings_message(env, sheepshead))
                await press(env, HOST, sheepshead, "start")
                await play_and_watch(env, notes, sheepshead, "sheepshead")
                await tell_event(env, notes, sheepshead, "sheepshead")

                swiss = await make_event(env, "suipe", format="swiss", players=2, rounds=3,
                                         computers=4, deals=1)  # fmt: skip
                for user in (702, 703, 704, HOST):
                    await press(env, user, swiss, "join")
                notes.say("=== Swiss: the standings message before the start")
                notes.message(env, standings_message(env, swiss))
                await press(env, HOST, swiss, "start")
                await play_and_watch(env, notes, swiss, "swiss")
                await tell_event(env, notes, swiss, "swiss")

                six = await make_event(env, "sheepshead", format="sessions", players=5,
                                       rounds=1, computers=5, sheepshead_hands=2)  # fmt: skip
                for user in PEOPLE:
                    await press(env, user, six, "join")
                notes.say("=== Eleven at Sheepshead: 6 + 5, the dealer out at six")
                await press(env, HOST, six, "start")
                await play_and_watch(env, notes, six, "eleven", seats=6)
                await tell_event(env, notes, six, "eleven")
        finally:
            monkeypatch.undo()
            notes.write()


if __name__ == "__main__":
    asyncio.run(show(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/notes/events")))

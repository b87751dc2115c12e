"""The step interpreter (`bot.flow.TableFlow`) on its own: a real store, real matches, an
output port that records what it is asked to post (as Discord would keep messages by nonce),
and a clock of the test's own (no real pauses). Live play and a restart at each point between
a move and what it owes lead to the same posts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.flow import Move, Rejoin, Start, TableFlow
from bot.snapshot import LobbySnapshot, TableSnapshot
from bot.storage import Store
from bot.table_options import TableOptions
from bot.tables import Tables, TableSession

GUILD, CHANNEL, HOST, TAVITA = 1, 10, 100, 200


@dataclass
class RecordingPort:
    """What the flow posts, in order: ("table", moves, ping), ("summary", deal), …; and the
    snapshots it made them from."""

    posts: list[tuple[Any, ...]] = field(default_factory=list)
    made: list[tuple[int, TableSnapshot]] = field(default_factory=list)  # (moves, snapshot)
    closed: list[LobbySnapshot] = field(default_factory=list)
    tables: list[tuple[int, int]] = field(default_factory=list)  # (id, moves shown)
    by_nonce: dict[str, int] = field(default_factory=dict)
    deleted: list[int] = field(default_factory=list)
    next_id: int = 1000

    def _id(self, nonce: str | None) -> tuple[int, bool]:
        if nonce is not None and nonce in self.by_nonce:
            return self.by_nonce[nonce], False  # Discord answers with the first message
        self.next_id += 1
        if nonce is not None:
            self.by_nonce[nonce] = self.next_id
        return self.next_id, True

    async def table_message(self, table: TableSnapshot, nonce: str | None = None) -> object:
        self.made.append((len(table.match.actions), table))
        match = table.match
        return ("table", len(match.actions), table.ping and not match.is_terminal, nonce)

    async def post_table(self, session: TableSession, message: object) -> int:
        assert isinstance(message, tuple)
        message_id, new = self._id(message[3])
        if new:
            self.posts.append(message[:3])
            self.tables.append((message_id, message[1]))
        return message_id

    async def delete_message(self, session: TableSession, message_id: int) -> bool:
        self.deleted.append(message_id)
        return True

    async def posted_since(self, session: TableSession, after: int) -> list[tuple[int, int]]:
        return [(mid, moves) for mid, moves in self.tables if mid > after]

    async def deal_summary(self, table: TableSnapshot, nonce: str | None = None) -> object:
        self.made.append((len(table.match.actions), table))
        return ("summary", table.match.deals_finished, nonce)

    async def post_deal_summary(self, session: TableSession, summary: object) -> None:
        assert isinstance(summary, tuple)
        _id, new = self._id(summary[2])
        if new:
            self.posts.append(summary[:2])

    async def post_notice(self, session: TableSession, text: str, mention: int | None) -> int:
        self.posts.append(("notice", text))
        return self._id(None)[0]

    async def thinking(self, session: TableSession) -> None:
        self.posts.append(("thinking",))

    async def close_lobby(self, table: LobbySnapshot, text: str) -> None:
        self.closed.append(table)
        self.posts.append(("result",))


class Clock:
    """The flow's pauses, recorded and skipped."""

    def __init__(self) -> None:
        self.slept: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.slept.append(seconds)


def flow_on(store: Store) -> tuple[TableFlow, RecordingPort, Clock]:
    tables = Tables(store)
    flow = TableFlow(store, tables)
    port = RecordingPort()
    flow.attach(port)
    clock = Clock()
    flow.sleep = clock  # type: ignore[method-assign]
    flow.computer_delay = 1.2
    return flow, port, clock


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with Store(tmp_path / "flow.sqlite3") as opened:
        yield opened


async def started(flow: TableFlow, **rules: int) -> TableSession:
    session = await flow.tables.create(GUILD, CHANNEL, HOST, "tinytricks",
                                       {"players": 2, **rules}, seed=3,
                                       options=TableOptions(turn_timer=0))  # fmt: skip
    await session.join(HOST, "Sina")
    await session.add_computer(HOST)
    await flow.play(session, Start(HOST))
    await flow.idle()
    return session


async def two_humans(flow: TableFlow, hands: int) -> TableSession:
    """A started two-seat table of two people: Sina (the host) and Tavita (200)."""
    session = await flow.tables.create(GUILD, CHANNEL, HOST, "tinytricks",
                                       {"players": 2, "hands": hands}, seed=3,
                                       options=TableOptions(turn_timer=0))  # fmt: skip
    await session.join(HOST, "Sina")
    await session.join(TAVITA, "Tavita")
    await flow.play(session, Start(HOST))
    await flow.idle()
    return session


async def play_human(flow: TableFlow, session: TableSession) -> None:
    match = session.match
    assert match is not None and session.seats[match.current_player or 0].user_id == HOST
    move = match.legal_actions()[0].notation
    await flow.play(session, Move(HOST, move, session.turn_number))
    await flow.idle()


async def test_the_table_comes_after_the_computers_and_the_match_ends_in_order(
    store: Store,
) -> None:
    flow, port, clock = flow_on(store)
    session = await started(flow, hands=1)
    while session.match is not None and not session.match.is_terminal:
        await play_human(flow, session)
    kinds = [post[0] for post in port.posts]
    # each table message pings the person to move; the computer's replies come first
    tables = [post for post in port.posts if post[0] == "table"]
    assert all(ping for _, _, ping in tables[:-1]) and not tables[-1][2]
    assert kinds[-3:] == ["table", "summary", "result"], "final table, summary, then result"
    assert kinds.count("summary") == 1 and kinds.count("result") == 1
    assert all(seconds == 1.2 for seconds in clock.slept[: kinds.count("thinking")])
    assert session.owed == []
    assert await store.owed(session.id) == []


async def test_a_restart_at_every_point_after_a_move_posts_what_it_owes_once(
    store: Store, tmp_path: Path
) -> None:
    """The bot stops right after each person's move is stored (before anything it owes is
    posted): a new flow on the same store restores the table and posts the same as a live
    flow would have, then the match goes on."""
    live_flow, live_port, _ = flow_on(store)
    live = await started(live_flow, hands=2)
    restart_flow, restart_port, _ = flow_on(store)
    assert await restart_flow.tables.restore() == 1
    (resumed,) = restart_flow.tables.restored()
    restart_flow.resume(resumed)
    await restart_flow.idle()
    assert restart_port.posts == [], "the start's table was posted: nothing is owed"
    session = resumed
    flow, port = restart_flow, restart_port
    while session.match is not None and not session.match.is_terminal:
        match = session.match
        move = match.legal_actions()[0].notation
        await session.play(HOST, move, session.turn_number)  # stored; the bot stops here
        again, again_port, _ = flow_on(store)
        assert await again.tables.restore() + len(again.tables.finished_owed) >= 1
        (restored,) = again.tables.restored()
        again.resume(restored)
        await again.idle()
        kinds = [post[0] for post in again_port.posts]
        if restored.match is not None and restored.match.is_terminal:
            assert kinds[-3:] == ["table", "summary", "result"]
        else:
            assert kinds.count("table") == 1 and kinds[-1] == "table"
            assert all(kind in ("thinking", "summary", "table") for kind in kinds)
        session, flow, port = restored, again, again_port
    assert await store.owed(session.id) == []
    del live, live_port, flow, port


async def test_a_rejoin_pings_the_player_again_without_a_move(store: Store) -> None:
    flow, port, _ = flow_on(store)
    session = await two_humans(flow, hands=2)
    seat = session.seat_of(TAVITA)
    assert seat is not None
    await session._set_missed(seat, 3)  # away: a computer plays for Tavita
    before = len(port.posts)
    await flow.play(session, Rejoin(TAVITA))
    await flow.idle()
    assert [post[0] for post in port.posts[before:]] == ["table"]


async def test_two_steps_after_one_move_post_its_table_once_even_without_a_nonce(
    store: Store,
) -> None:
    """A move's step and a restart's step can run at once for the same table; a table message
    sent as a follow-up carries no nonce (Discord keeps none for webhook messages), so only the
    flow itself can keep the move's table from coming twice."""
    flow, port, _ = flow_on(store)
    session = await two_humans(flow, hands=2)
    forget = port._id

    def without_nonce(nonce: str | None) -> tuple[int, bool]:
        return forget(None)

    port._id = without_nonce  # type: ignore[method-assign]
    match = session.match
    assert match is not None
    mover = session.seats[match.current_player or 0].user_id
    assert mover is not None
    await session.play(mover, match.legal_actions()[0].notation, session.turn_number)
    before = len(port.posts)
    flow.schedule(flow.advance(session))
    flow.schedule(flow.advance(session))
    await flow.idle()
    shown = [post[1] for post in port.posts[before:] if post[0] == "table"]
    assert len(shown) == len(set(shown)), f"a move's table came twice: {shown}"


async def test_two_steps_after_the_last_move_tell_the_result_once(store: Store) -> None:
    """The match's result (the lobby closed, an event told of the match's end) comes once,
    however many of the table's steps find it owed at the same moment."""
    flow, port, _ = flow_on(store)
    ended: list[int] = []

    async def told(session: TableSession) -> None:
        ended.append(session.id)

    flow.on_match_end.append(told)
    session = await two_humans(flow, hands=1)
    while (match := session.match) is not None and not match.is_terminal:
        mover = session.seats[match.current_player or 0].user_id
        assert mover is not None
        await session.play(mover, match.legal_actions()[0].notation, session.turn_number)
    flow.schedule(flow.advance(session))
    flow.schedule(flow.advance(session))
    await flow.idle()
    assert [post[0] for post in port.posts].count("result") == 1
    assert ended == [session.id]


async def test_the_port_makes_each_message_from_a_snapshot_that_stays_as_it_was(
    store: Store,
) -> None:
    """Every table message and summary is made from a snapshot of the table taken for it:
    kept by the port until the match is over, each still shows the moves its message showed,
    though the session has moved on since."""
    flow, port, _ = flow_on(store)
    session = await started(flow, hands=2)
    while session.match is not None and not session.match.is_terminal:
        await play_human(flow, session)
    assert len({moves for moves, _ in port.made}) >= 3
    assert all(table.turn_number == moves for moves, table in port.made)
    assert all(table.names == ("Sina", "Computer 2") for _, table in port.made)
    assert session.turn_number > port.made[0][1].turn_number
    assert [table.row.status for table in port.closed] == ["finished"]  # the lobby closed

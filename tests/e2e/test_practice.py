"""Play on from here, end to end for every game: a player reviews a finished deal, chooses one
of their decisions, and a practice table opens in a private thread with the same cards at that
move, the computers at their levels; they play it on to the deal's end, and nothing of it is
kept as a record or a result; the table ends with its deal. Someone who did not play the deal
is refused."""

from __future__ import annotations

import asyncio

import pytest

from engine.records import DealRecord, state_at

from .conftest import Env
from .fake_discord import EPHEMERAL, THREADS_CHANNEL_ID
from .helpers import select
from .test_puzzle import ASHA, DEV, finished_deal
from .test_records import answer

GAMES = [("sedma", 2), ("hola", 2), ("seep", 2), ("seep30", 2), ("suipe", 2), ("sheepshead", 3)]


@pytest.mark.parametrize(("game", "players"), GAMES)
async def test_a_player_plays_on_from_a_decision(env: Env, game: str, players: int) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    await finished_deal(env, game, players)
    stored = await env.bot.store.deal_record(1)
    assert stored is not None
    record = DealRecord.from_text(stored.record)

    step = await fake.slash(ASHA, "review", deal=1, channel_id=THREADS_CHANNEL_ID)
    assert step.message_id is not None
    for _ in range(600):
        if fake.components(fake.messages[step.message_id]):
            break
        await asyncio.sleep(0.05)
    review = fake.messages[step.message_id]
    menu = select(fake, review)
    assert menu["custom_id"] == "playon:1"
    chosen = menu["options"][len(menu["options"]) // 2]["value"]
    move = int(chosen)

    refused = await fake.click(DEV, int(review["id"]), menu["custom_id"], [chosen])
    assert "Only the players of deal 1" in answer(refused)["content"]

    played = await fake.click(ASHA, int(review["id"]), menu["custom_id"], [chosen])
    told = answer(played)
    assert told["flags"] & EPHEMERAL and "Your practice table is ready" in told["content"]
    await env.bot.idle()
    (thread_id, thread), = fake.threads.items()
    assert thread["type"] == 12, "a private thread"
    session = env.bot.tables.get(thread_id)
    assert session is not None and session.practice
    match = session.match
    assert match.actions[:move] == state_at(record, move).actions
    seat = session.seat_of(ASHA)
    assert seat is not None
    assert match.view(seat).hand == state_at(record, move).view(seat).hand, "the same cards"
    assert [r.computer_level for s, r in sorted(session.seats.items()) if s != seat] == [
        e.level for s, e in enumerate(record.seats) if s != seat]

    for _ in range(400):
        await env.bot.idle()
        match = session.match  # each stored move makes it anew
        if match.deals_finished:
            break
        assert match.current_player == seat
        notation = match.legal_actions()[-1].notation  # another line than the deal's
        moved = await fake.slash(ASHA, "play", channel_id=thread_id,
                                 move=f"{notation}#{session.turn_number}")  # fmt: skip
        assert answer(moved)["content"].startswith("Your move"), answer(moved)
    match = session.match
    assert match.deals_finished, "the practice deal ended"
    moves_at_end = len(match.actions)
    await env.bot.idle()
    db = env.bot.store.database
    (records,) = await db.one("SELECT count(*) FROM deal_records")
    assert records == 1, "a practice deal is not kept as a record"
    (results,) = await db.one("SELECT count(*) FROM player_results WHERE table_id = ?",
                              (session.id,))  # fmt: skip
    assert results == 0 and session.row.options.rated is False
    in_thread = [m for m in fake.channel_messages(thread_id) if m.get("content")]
    assert any("Nothing here counts for ratings or boards" in m["content"] for m in in_thread)
    if not match.is_terminal:  # (a deal that ends its match finishes the table as usual)
        assert session.ended and env.bot.tables.get(thread_id) is None, "it ends with its deal"
        assert "The practice deal is over" in in_thread[-1]["content"]
    else:
        assert session.row.status == "finished"
    assert len(session.match.actions) == moves_at_end, "no next deal is played"
    assert not fake.violations

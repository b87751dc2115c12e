"""Following a table from a busy channel: every play since the previous table message is
listed, and the private hand says what the others played since your own last turn."""

from __future__ import annotations

import pytest

from .conftest import Env
from .helpers import (
    button,
    finish_picker,
    fix_deals,
    latest_table,
    play_first_move,
    sections,
    since_the_last_table,
    start_table,
    whose_turn,
)

ASHA = 901


@pytest.fixture
def env(env: Env) -> Env:
    """The bot against the fake Discord, with Asha (who opens every table here) a member."""
    env.fake.add_member(ASHA, "Asha")
    return env


async def test_every_play_since_the_last_table_is_listed(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, 7)
    fake = env.fake
    _, session = await start_table(env, ASHA, "sedma", computers=3, players=4)
    checked = 0
    while checked < 3:
        before = len(session.match.actions)
        await play_first_move(fake, ASHA)
        await env.bot.idle()
        moves = session.match.actions[before:]
        if len(moves) == 1:
            continue  # Asha moves again (she may go again): nobody else played
        checked += 1
        table = latest_table(fake)
        listed = since_the_last_table(table)
        assert len(listed) == len(moves) >= 2  # Asha's move and the computers' after it
        assert listed[0].startswith("• Asha ")  # "• Asha threw 5♦"
        assert all(line.startswith("• Computer ") for line in listed[1:])
        # the private hand repeats what the others played since Asha's own move
        opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
        content = fake.messages[opened.message_id]["content"]
        assert content.startswith("Since your last turn:\n")
        assert all(line in content for line in listed[1:])
        assert listed[0] not in content


async def test_the_host_starts_a_rematch_in_one_tap_and_the_others_join(env: Env) -> None:
    from .test_sheepshead import DEV, act, summaries

    fake = env.fake
    fake.add_member(DEV, "Dev")
    lobby, session = await start_table(
        env, ASHA, "sheepshead", joiners=(DEV,), computers=1, players=3, sheepshead_hands=1
    )
    channel = int(lobby["channel_id"])
    while not session.match.is_terminal:
        await act(fake, whose_turn(fake))
        await env.bot.idle()
    final = summaries(fake, channel)[-1]
    fields = sections(final)
    assert "Match over" in fields and "/stats sheepshead" in fields["What next"]
    assert final["attachments"][0]["filename"] == "summary.png"
    rematch = button(fake, final, "Rematch")
    refused = await fake.click(DEV, int(final["id"]), rematch)
    assert "Only the host" in refused.responses[-1]["data"]["content"]
    opened = await fake.click(ASHA, int(final["id"]), rematch)
    message = fake.messages[opened.message_id]
    assert f"<@{DEV}>" in message["content"] and "Join" in message["content"]
    again = env.bot.tables.get(channel)
    assert again.id != session.id and again.row.rules == session.row.rules
    assert again.seats[0].user_id == ASHA and again.seats[2].is_computer and 1 not in again.seats
    twice = await fake.click(ASHA, int(final["id"]), rematch)
    assert "already open" in twice.responses[-1]["data"]["content"]
    await fake.click(DEV, opened.message_id, button(fake, message, "Join"))
    await fake.click(ASHA, opened.message_id, button(fake, message, "Start"))
    await env.bot.idle()
    assert again.seats[1].user_id == DEV and again.match is not None


async def test_the_winning_lead_is_a_table_option(env: Env) -> None:
    _, session = await start_table(env, ASHA, "seep30", computers=1, players=2, winning_lead=50)
    assert session.row.rules["target"] == 50 and session.match.rules.target_lead == 50
    # the option belongs to Seep's subcommands only: Suipe's does not offer it
    new = env.bot.tree.get_command("table").get_command("new")  # type: ignore[union-attr]
    assert "winning_lead" in {p.name for p in new.get_command("seep30").parameters}
    assert "winning_lead" not in {p.name for p in new.get_command("suipe").parameters}


async def test_a_server_sets_its_winning_lead_in_settings(env: Env) -> None:
    """/settings tables winning_lead: new Seep tables start with it; the host may still choose."""
    fake = env.fake
    saved = await fake.slash(ASHA, "settings", "tables", permissions=1 << 5, winning_lead=50)
    assert "Seep: the lead that wins a baazi: **50**" in saved.responses[-1]["data"]["content"]
    _, session = await start_table(env, ASHA, "seep", computers=1, players=2)
    assert session.match.rules.target_lead == 50
    await fake.slash(ASHA, "table", "end")
    await env.bot.idle()
    _, chosen = await start_table(env, ASHA, "seep", computers=1, players=2, winning_lead=200)
    assert chosen.match.rules.target_lead == 200
    await fake.slash(ASHA, "table", "end")
    await env.bot.idle()
    _, punjab = await start_table(env, ASHA, "seep30", computers=1, players=2)
    assert punjab.match.rules.target_lead == 30  # the 30-point game keeps its own lead


@pytest.mark.parametrize(
    ("game", "players", "options", "deals"),
    [("suipe", 2, {"deals": 1}, 6), ("seep", 2, {}, 16)],  # deals with a hand of many moves
)
async def test_a_move_takes_three_taps_and_a_forced_one_two(
    env: Env, monkeypatch: pytest.MonkeyPatch, game: str, players: int, options: dict, deals: int
) -> None:
    """Over a whole deal: "My hand", then one list of every move in words (open it, pick),
    played at once; a forced move is one button. A hand with more moves than one list holds
    (25) gets a list per few cards, each move still three taps."""
    fix_deals(monkeypatch, deals)
    fake = env.fake
    computers = players - 1
    _, session = await start_table(env, ASHA, game, computers=computers, players=players, **options)
    taps: list[tuple[int, int]] = []  # (legal moves, taps)
    while session.match.deals_finished == 0:
        legal = len(session.match.legal_actions())
        table = latest_table(fake)
        opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
        picker = fake.messages[opened.message_id]
        # one image, the hand: the table is the channel's message, above
        assert [a["filename"] for a in picker["attachments"]] == ["hand.png"]
        answer, used = await finish_picker(fake, ASHA, picker)
        assert answer.startswith("Your move")
        taps.append((legal, 1 + used))
        await env.bot.idle()
    assert len(taps) >= 6
    assert all(count <= 2 for legal, count in taps if legal == 1)
    assert all(count <= 3 for legal, count in taps if legal <= 100)
    assert any(legal > 25 for legal, _ in taps), "no hand with more moves than one list"
    ordinary = [count for legal, count in taps if legal > 1]
    most = max(legal for legal, _ in taps)
    print(f"{game} {players}p: {len(taps)} moves (up to {most} choices), "
          f"taps {sum(c for _, c in taps) / len(taps):.2f} a move")  # fmt: skip
    assert sum(ordinary) / len(ordinary) <= 3.2

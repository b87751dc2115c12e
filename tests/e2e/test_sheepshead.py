"""Sheepshead at the table, end to end: a five-player hand with two humans and three computer
seats from the pick (Pick/Pass buttons, the bury select, the call) to the score sheet; a leaster
of three humans; a restart in the middle of a hand."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Env, start_bot, stop_bot
from .fake_discord import EPHEMERAL, GUILD_ID, NO_FILES_CHANNEL_ID, FakeDiscord
from .helpers import (
    button,
    finish_picker,
    fix_deals,
    latest_table,
    message_text,
    message_title,
    played_text,
    rated_table_players,
    sections,
    start_table,
    whose_turn,
)

ASHA, DEV, MIRA = 901, 902, 903
SEED = 3  # deal secrets where the dealer is seat 5, so Asha (seat 1) is asked first


async def act(fake: FakeDiscord, user_id: int, answer: str = "Pass") -> tuple[str, list[str]]:
    """Open the hand and move: `answer` to pick or pass, the first cards offered otherwise.
    Returns the answer and the picker's prompts on the way."""
    table = latest_table(fake)
    opened = await fake.click(user_id, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    assert picker["flags"] & EPHEMERAL and picker["attachments"]
    prompts = [picker["content"]]
    buttons = [c for c in fake.components(picker) if c.get("label", "").startswith(answer)]
    if buttons:  # an answer button plays at once
        step = await fake.click(user_id, int(picker["id"]), buttons[0]["custom_id"])
        return played_text(step), prompts
    said, _ = await finish_picker(fake, user_id, picker)
    return said, prompts


def summaries(fake: FakeDiscord, channel: int) -> list[dict[str, Any]]:
    return [
        m
        for m in fake.channel_messages(channel)
        if message_title(m).startswith("Hand ")
    ]


async def test_five_players_from_the_pick_to_the_score_sheet(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, SEED)
    fake = env.fake
    await rated_table_players(fake, {ASHA: "Asha", DEV: "Dev"})
    lobby, session = await start_table(
        env, ASHA, "sheepshead", joiners=(DEV,), computers=3, players=5, sheepshead_hands=1
    )
    channel = int(lobby["channel_id"])
    assert session.row.rules == {"players": 5, "hands": 1}
    assert whose_turn(fake) == ASHA

    answer, prompts = await act(fake, ASHA, "Pick")
    assert prompts[0] == "Pick up the blind, or pass?"
    assert answer.startswith("Your move: Asha picked up the blind")  # the record, in the past
    await env.bot.idle()
    answer, prompts = await act(fake, ASHA)  # the bury: exactly two cards in one select
    assert prompts[0].startswith("Choose 2 cards to bury")
    assert answer.startswith("Your move: Asha buried 2 cards")
    hand = session.match.deal
    assert len(hand.buried) == 2
    public = message_text(latest_table(fake))
    assert all(card.pretty not in public for card in hand.buried)  # the bury stays hidden
    await env.bot.idle()
    answer, prompts = await act(fake, ASHA)
    assert prompts[0].startswith("Call your partner's card")
    assert "Asha called " in answer or "Asha went alone" in answer
    await env.bot.idle()
    while not session.match.is_terminal:
        player = whose_turn(fake)
        answer, _ = await act(fake, player)
        assert answer.startswith("Your move:")
        await env.bot.idle()

    summary = summaries(fake, channel)[-1]
    fields = sections(summary)
    assert "Asha picked and" in fields["Result"]
    assert fields["Score sheet"].startswith("Asha ")
    assert summary["attachments"][0]["filename"] == "summary.png"
    sheet = session.match.sheet
    assert sum(sheet) == 0 and sheet[0] != 0
    rows = await env.bot.store.player_results(GUILD_ID, "sheepshead")
    assert {r.user_id for r in rows} == {ASHA, DEV}
    asha = next(r for r in rows if r.user_id == ASHA)
    assert asha.stat("units") == sheet[0] and asha.stat("picked") == 1
    stats = await fake.slash(ASHA, "stats", "sheepshead")
    shown = {f["name"]: f["value"] for f in fake.messages[stats.message_id]["embeds"][0]["fields"]}
    assert shown["Units on the sheet"] == str(sheet[0])
    assert shown["Hands picked"] == "1"
    board = await fake.slash(DEV, "leaderboard", channel_id=NO_FILES_CHANNEL_ID, game="sheepshead")
    assert message_title(fake.messages[board.message_id]) == "Sheepshead leaderboard · by units"


async def test_everyone_passes_and_the_leaster_is_played_out(env: Env) -> None:
    fake = env.fake
    for user, name in ((ASHA, "Asha"), (DEV, "Dev"), (MIRA, "Mira")):
        fake.add_member(user, name)
    lobby, session = await start_table(
        env, ASHA, "sheepshead", joiners=(DEV, MIRA), players=3, sheepshead_hands=1
    )
    channel = int(lobby["channel_id"])
    for _ in range(3):
        answer, _ = await act(fake, whose_turn(fake), "Pass")
        await env.bot.idle()
    assert "leaster" in answer
    assert session.match.deal.leaster
    while not session.match.is_terminal:
        await act(fake, whose_turn(fake))
        await env.bot.idle()
    fields = sections(summaries(fake, channel)[-1])
    assert "wins the leaster" in fields["Result"]
    winner = session.match.deal_results[-1].score.winner
    assert sorted(session.match.sheet) == [-1, -1, 2] and session.match.sheet[winner] == 2


async def test_a_restart_in_the_middle_of_a_hand_plays_on(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, SEED)
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    lobby, session = await start_table(
        env, ASHA, "sheepshead", computers=3, players=4, sheepshead_hands=1
    )
    channel = int(lobby["channel_id"])
    while len(session.match.deal.records) < 8 and not session.match.is_terminal:
        await act(fake, ASHA, "Pick")
        await env.bot.idle()
    played = session.match.to_dict()
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)
    restored = env.bot.tables.get(channel)
    assert restored.match.to_dict() == played
    while not restored.match.is_terminal:
        await act(fake, ASHA, "Pick")
        await env.bot.idle()
    assert sum(restored.match.sheet) == 0
    assert message_title(summaries(fake, channel)[-1]) == "Hand 1 is over"

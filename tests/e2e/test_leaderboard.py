"""Leaderboards, stats and server settings, end to end."""

from __future__ import annotations

import time

from bot.storage import PlayerResult

from .conftest import Env
from .fake_discord import EPHEMERAL, GUILD_ID, NO_FILES_CHANNEL_ID
from .helpers import button, start_table

ASHA, DEV = 701, 702
MANAGE_GUILD = 1 << 5


async def finish_a_suipe_match(env: Env) -> None:
    """Two humans play a one-deal Suipe match with /play, always the first legal move."""
    fake = env.fake
    lobby, _ = await start_table(env, ASHA, "suipe", joiners=(DEV,), players=2, deals=1)
    session = env.bot.tables.get(int(lobby["channel_id"]))
    while not session.match.is_terminal:
        mover = (ASHA, DEV)[session.match.current_player]
        move = session.match.legal_actions()[0].notation
        await fake.slash(mover, "play", move=move)
        await env.bot.idle()


async def test_a_finished_match_shows_on_the_leaderboard_and_in_stats(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    empty = await fake.slash(ASHA, "leaderboard", game="suipe")
    assert "page 1 of 1" in fake.messages[empty.message_id]["embeds"][0]["footer"]["text"]
    nobody = await fake.slash(ASHA, "stats", "all")
    assert "no finished matches" in nobody.responses[-1]["data"]["content"]

    await finish_a_suipe_match(env)
    rows = await env.bot.store.player_results(GUILD_ID, "suipe")
    assert {r.user_id for r in rows} == {ASHA, DEV} and all(r.rated for r in rows)

    board = await fake.slash(DEV, "leaderboard", game="suipe", by="rating")
    message = fake.messages[board.message_id]
    assert message["attachments"][0]["filename"] == "leaderboard.png"
    assert "2 players" in message["embeds"][0]["footer"]["text"]
    text_board = await fake.slash(DEV, "leaderboard", channel_id=NO_FILES_CHANNEL_ID, game="suipe")
    lines = fake.messages[text_board.message_id]["embeds"][0]["description"].splitlines()
    assert len(lines) == 2 and all(("Asha" in line) != ("Dev" in line) for line in lines)

    stats = await fake.slash(ASHA, "stats", "suipe")
    embed = fake.messages[stats.message_id]["embeds"][0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert fields["Matches"].startswith("1:")
    assert fields["Rating"] != "not rated yet"
    assert fake.messages[stats.message_id]["attachments"][0]["filename"] == "recent.png"


def seeded(user: int, place: int, table: int) -> PlayerResult:
    return PlayerResult(
        table_id=table, user_id=user, guild_id=GUILD_ID, game="seep", name=f"Player {user:02d}",
        side=place - 1, partner_id=None, place=place, outcome="win" if place == 1 else "loss",
        deals=3, best_deal=70, points_for=200, points_against=150, rated=True,
        with_computers=False, finished_at=time.time(),
        stats={"baazis_won": 2 if place == 1 else 0, "baazis_lost": 0 if place == 1 else 2,
               "sweeps": 1},
    )  # fmt: skip


async def test_paging_through_a_long_leaderboard(env: Env) -> None:
    fake = env.fake
    # 25 players: player n (1-24) won n two-baazi matches against player 99.
    results = []
    for user in range(1, 25):
        for _ in range(user):
            channel = 1 + len(results)  # one open table per channel: each its own
            table = await env.bot.store.create_table(GUILD_ID, channel, user, "seep", {}, 1)
            results += [seeded(user, 1, table), seeded(99, 2, table)]
    await env.bot.store.insert_player_results(results)
    first = await fake.slash(5, "leaderboard", channel_id=NO_FILES_CHANNEL_ID, game="seep")
    message = fake.messages[first.message_id]
    assert "page 1 of 3" in message["embeds"][0]["footer"]["text"]
    lines = message["embeds"][0]["description"].splitlines()
    assert lines[0].startswith("1. Player 24 — 48 baazis")
    assert lines[-1] == "**20. Player 05 — 10 baazis (5W 0L · baazis 10-0)**"  # the viewer
    labels = {c["label"]: c for c in fake.components(message)}
    assert labels["Previous"].get("disabled") and not labels["Next"].get("disabled")
    second = await fake.click(5, first.message_id, labels["Next"]["custom_id"])
    assert second.responses[-1]["type"] == 7  # the same message, next page
    message = fake.messages[first.message_id]
    lines = message["embeds"][0]["description"].splitlines()
    assert "page 2 of 3" in message["embeds"][0]["footer"]["text"]
    assert lines[0].startswith("11. Player 14") and "**20. Player 05" in lines[-1]


async def test_settings_need_manage_server_and_set_new_tables(env: Env) -> None:
    fake = env.fake
    refused = await fake.slash(ASHA, "settings", "tables", permissions=0, timer="1 hour")
    data = refused.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "Manage Server" in data["content"]
    saved = await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD,
                             timer="1 hour", limited_houses=True)  # fmt: skip
    assert "Turn timer: **1 hour**" in saved.responses[-1]["data"]["content"]
    await fake.slash(ASHA, "table", "new seep", players=2)
    session = env.bot.tables.by_channel[next(iter(env.bot.tables.by_channel))]
    assert session.row.options.turn_timer == 3600
    assert session.row.rules["limited_houses"] is True

    season = await fake.slash(ASHA, "settings", "season", permissions=MANAGE_GUILD)
    confirm = fake.messages[season.message_id]
    done = await fake.click(ASHA, season.message_id, button(fake, confirm, "Start a new season"),
                            permissions=MANAGE_GUILD)  # fmt: skip
    assert "new season has started" in done.responses[-1]["data"]["content"]
    assert (await env.bot.store.guild_settings(GUILD_ID)).season_start > 0

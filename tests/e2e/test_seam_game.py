"""The game seam, end to end: a game that exists only in the tests (Tiny Tricks, a trick game
of the trick family) is registered and plays through the real bot on the fake Discord —
lobby, picker, images, a computer seat, results on the leaderboard and in /stats — although
no line of bot/, cogs/ or renderers/ names it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import registry
from tests.games import tinytricks

from .conftest import Env
from .fake_discord import EPHEMERAL, GUILD_ID, NO_FILES_CHANNEL_ID
from .helpers import button, latest_table, play_first_move, whose_turn

ASHA, DEV = 801, 802
MANAGE_GUILD = 1 << 5
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tiny_game() -> Iterator[registry.GameSpec]:
    """Registered before the bot starts (the env fixture comes after it), removed after."""
    spec = tinytricks.register()
    try:
        yield spec
    finally:
        tinytricks.unregister()


async def test_a_game_registered_in_the_tests_plays_end_to_end(tiny_game, env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    await fake.slash(ASHA, "settings", "tables", permissions=MANAGE_GUILD,
                     rate_computer_games=True)  # fmt: skip
    refused = await fake.slash(ASHA, "table", "new", game="tinytricks", players=3, baazis=2)
    assert "option of Seep" in refused.responses[-1]["data"]["content"]

    new = await fake.slash(ASHA, "table", "new", game="tinytricks", players=3, hands=2)
    lobby = fake.messages[new.message_id]
    assert lobby["embeds"][0]["title"].startswith("Tiny Tricks · table")
    await fake.click(DEV, new.message_id, button(fake, lobby, "Join"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    seats = fake.messages[new.message_id]["embeds"][0]["fields"][0]["value"]
    assert "Seat 3: Computer 3 (computer, normal)" in seats
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()
    session = env.bot.tables.get(int(lobby["channel_id"]))
    assert session is not None and session.match is not None

    played = 0
    while not session.match.is_terminal:
        table = latest_table(fake)
        assert table["attachments"][0]["filename"] == "table.png"
        answer = await play_first_move(fake, whose_turn(fake))
        assert answer.startswith("You played: plays ")
        played += 1
        await env.bot.idle()
    assert played >= 4  # two hands of three cards: the humans played their share
    posted = fake.channel_messages(session.row.channel_id)
    summaries = [m for m in posted if m["embeds"] and m["embeds"][0]["title"].startswith("Hand ")]
    assert [m["embeds"][0]["title"] for m in summaries] == ["Hand 1 is over", "Hand 2 is over"]
    assert summaries[-1]["attachments"][0]["filename"] == "summary.png"
    over = {f["name"]: f["value"] for f in summaries[-1]["embeds"][0]["fields"]}
    assert "tricks" in over["Match over"]

    rows = await env.bot.store.player_results(GUILD_ID, "tinytricks")
    assert {r.user_id for r in rows} == {ASHA, DEV}
    assert sum(r.stat("tricks") for r in rows) == sum(session.match.totals[:2])
    board = await fake.slash(DEV, "leaderboard", channel_id=NO_FILES_CHANNEL_ID, game="tinytricks")
    embed = fake.messages[board.message_id]["embeds"][0]
    assert embed["title"] == "Tiny Tricks leaderboard · by wins"
    assert len(embed["description"].splitlines()) == 2
    stats = await fake.slash(ASHA, "stats", game="tinytricks")
    fields = {f["name"]: f["value"] for f in fake.messages[stats.message_id]["embeds"][0]["fields"]}
    assert fields["Matches"].startswith("1:")
    assert fields["Tricks"] == str(next(r.stat("tricks") for r in rows if r.user_id == ASHA))


async def test_a_wrong_move_in_the_test_game_is_refused_privately(tiny_game, env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    new = await fake.slash(ASHA, "table", "new", game="tinytricks", players=2, hands=1)
    lobby = fake.messages[new.message_id]
    await fake.click(DEV, new.message_id, button(fake, lobby, "Join"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()
    mover = whose_turn(fake)
    other = DEV if mover == ASHA else ASHA
    wrong = await fake.slash(other, "play", move="AH")
    data = wrong.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "turn" in data["content"]


def test_no_line_of_the_bot_names_a_game() -> None:
    """Game names appear in bot/, cogs/, renderers/ and engine/ai/ only as data."""
    names = {spec.name for spec in registry.games()} | {tinytricks.NAME}
    found = []
    for folder in ("bot", "cogs", "renderers", "engine/ai"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "gallery.py":
                continue  # sample positions and seeded games: data
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#")[0]
                if any(f'"{name}"' in code or f"'{name}'" in code for name in names):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


async def test_the_commands_offer_the_registered_game_within_discords_limits(
    tiny_game, env: Env
) -> None:
    """Publishing checks Discord's limits (the fake refuses what Discord refuses)."""
    fake = env.fake
    await fake.slash(1, "admin", "sync", scope="this server")
    await env.bot.idle()
    await fake.wait_for_message(lambda m: "Published" in m["content"])
    assert not fake.violations
    published = {c["name"]: c for c in fake.guild_commands[GUILD_ID]}
    new = next(o for o in published["table"]["options"] if o["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    assert "tinytricks" in [c["value"] for c in options["game"]["choices"]]
    assert options["hands"]["min_value"] == 1 and options["hands"]["max_value"] == 5
    assert options["players"]["max_value"] == 6  # Sheepshead seats up to six
    board = {o["name"]: o for o in published["leaderboard"]["options"]}
    assert "tinytricks" in [c["value"] for c in board["game"]["choices"]]
    assert "wins" in [c["value"] for c in board["by"]["choices"]]
    rules = {o["name"]: o for o in published["rules"]["options"]}
    assert "tinytricks" not in [c["value"] for c in rules["game"]["choices"]]  # no pages

"""The game seam, end to end: Tiny Tricks, a game package of the test environment
(`tests/games/tinytricks`, installed by the README's test command), is found through its entry
point alone and plays through the real bot on the fake Discord — its own `/table new tinytricks`,
lobby, picker, images, a computer seat, results on the leaderboard and in /stats, its /rules
pages, its words in Hindi from its own catalogue, and a restart — although no line of bot/,
cogs/ or renderers/ names it and the shared catalogues hold none of its words."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

from engine import registry

from .conftest import Env, start_bot, stop_bot
from .fake_discord import EPHEMERAL, GUILD_ID, NO_FILES_CHANNEL_ID
from .helpers import (
    button,
    latest_table,
    lobby_button,
    message_title,
    play_first_move,
    rated_table_players,
    sections,
    start_table,
    whose_turn,
)

ASHA, DEV = 801, 802
ROOT = Path(__file__).resolve().parents[2]
NAME = "tinytricks"


def test_the_test_game_is_found_through_its_entry_point_alone() -> None:
    """Fails when the test game's package is not installed (README: the test command)."""
    points = {p.name: p for p in entry_points(group=registry.GROUP)}
    assert NAME in points, "install the test game: pip install -e ./tests/games/tinytricks"
    assert points[NAME].dist is not None and points[NAME].dist.name == "seepbot-tinytricks"
    assert NAME in registry.discovered()
    spec = registry.game(NAME)
    assert spec.locales is not None and (spec.locales / "hi.po").is_file()
    # its words are its own: none is in the shared catalogues
    shared = (ROOT / "bot" / "locales" / "messages.pot").read_text(encoding="utf-8")
    assert "Tiny Tricks" not in shared and "Tricks after each hand" not in shared


async def test_a_game_found_by_its_entry_point_plays_end_to_end(env: Env) -> None:
    fake = env.fake
    await rated_table_players(fake, {ASHA: "Asha", DEV: "Dev"})
    new = await fake.slash(ASHA, "table", "new tinytricks", players=3, hands=2)
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
        assert answer.startswith("Your move: ") and " plays " in answer  # the game's own words
        played += 1
        if played == 2:  # a restart in the middle of the match: the table plays on
            await stop_bot(env.bot)
            env.bot = await start_bot(fake, env.database)
            await env.bot.idle()
            session = env.bot.tables.get(int(lobby["channel_id"]))
            assert session is not None and session.match is not None
        await env.bot.idle()
    assert played >= 4  # two hands of three cards: the humans played their share
    posted = fake.channel_messages(session.row.channel_id)
    summaries = [m for m in posted if message_title(m).startswith("Hand ")]
    assert [message_title(m) for m in summaries] == ["Hand 1 is over", "Hand 2 is over"]
    assert summaries[-1]["attachments"][0]["filename"] == "summary.png"
    over = sections(summaries[-1])
    assert "tricks" in over["Match over"]

    rows = await env.bot.store.player_results(GUILD_ID, NAME)
    assert {r.user_id for r in rows} == {ASHA, DEV}
    assert sum(r.stat("tricks") for r in rows) == sum(session.match.totals[:2])
    board = await fake.slash(DEV, "leaderboard", channel_id=NO_FILES_CHANNEL_ID, game=NAME)
    embed = fake.messages[board.message_id]["embeds"][0]
    assert embed["title"] == "Tiny Tricks leaderboard · by wins"
    assert len(embed["description"].splitlines()) == 2
    stats = await fake.slash(ASHA, "stats", NAME)
    fields = {f["name"]: f["value"] for f in fake.messages[stats.message_id]["embeds"][0]["fields"]}
    assert fields["Matches"].startswith("1:")
    assert fields["Tricks"] == str(next(r.stat("tricks") for r in rows if r.user_id == ASHA))


async def test_the_test_game_speaks_hindi_from_its_own_catalogue(env: Env) -> None:
    """A table opened by a player whose Discord app speaks Hindi: the game's own words (its
    summaries, its refusals, its /rules pages) come from the game's catalogue and pages."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    new = await fake.slash(ASHA, "table", "new tinytricks", locale="hi", players=2, hands=1)
    lobby = fake.messages[new.message_id]
    await fake.click(DEV, new.message_id, lobby_button(fake, lobby, "join"))
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    session = env.bot.tables.get(int(lobby["channel_id"]))
    assert session is not None and session.match is not None
    while not session.match.is_terminal:
        move = session.match.legal_actions()[0].notation
        await fake.slash(whose_turn(fake, "मेरे पत्ते"), "play", move=move)
        await env.bot.idle()
    posted = fake.channel_messages(session.row.channel_id)
    summary = next(m for m in posted if "summary.png" in str(m["attachments"]))
    over = next(value for value in sections(summary).values() if "Asha: " in value)
    # "Asha: 2 tricks · Dev: 1 trick": the game's own message, from its own hi.po
    assert "हाथ" in over and "trick" not in over

    pages = await fake.slash(ASHA, "rules", NAME, locale="hi", topic="tricks")
    page = fake.messages[pages.message_id]
    assert page["flags"] & EPHEMERAL
    assert page["embeds"][0]["title"] == "टाइनी ट्रिक्स · हाथ जीतना"
    english = await fake.slash(DEV, "rules", NAME)
    assert fake.messages[english.message_id]["embeds"][0]["title"] == "Tiny Tricks · Quick start"


async def test_a_wrong_move_in_the_test_game_is_refused_privately(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    await start_table(env, ASHA, "tinytricks", joiners=(DEV,), players=2, hands=1)
    mover = whose_turn(fake)
    other = DEV if mover == ASHA else ASHA
    wrong = await fake.slash(other, "play", move="AH")
    data = wrong.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "turn" in data["content"]


def test_no_line_of_the_bot_names_a_game() -> None:
    """Game names appear in bot/, cogs/, renderers/ and engine/ai/ only as data."""
    names = {spec.name for spec in registry.games()} | {"Tiny Tricks"}
    found = []
    for folder in ("bot", "cogs", "renderers", "engine/ai"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "gallery.py":
                continue  # sample positions and seeded games: data
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#")[0]
                if any(f'"{name}"' in code or f"'{name}'" in code for name in names):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
                if "tinytricks" in line.lower() or "tiny tricks" in line.lower():
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


async def test_each_game_has_its_own_subcommands_within_discords_limits(env: Env) -> None:
    """Publishing checks Discord's limits (the fake refuses what Discord refuses)."""
    fake = env.fake
    await fake.slash(1, "admin", "sync", scope="this server")
    await env.bot.idle()
    await fake.wait_for_message(lambda m: "Published" in m["content"])
    assert not fake.violations
    published = {c["name"]: c for c in fake.guild_commands[GUILD_ID]}
    new = next(o for o in published["table"]["options"] if o["name"] == "new")
    assert new["type"] == 2  # a group: one subcommand per game
    games = {o["name"]: o for o in new["options"]}
    assert list(games) == registry.names()
    tiny = {o["name"]: o for o in games[NAME]["options"]}
    assert set(tiny) == {"players", "timer", "level", "beginner", "hands"}  # its own only
    assert tiny["hands"]["min_value"] == 1 and tiny["hands"]["max_value"] == 5
    assert tiny["players"]["min_value"] == 2 and tiny["players"]["max_value"] == 3
    # its option's description in Hindi comes from the game's own catalogue
    assert tiny["hands"]["description_localizations"]["hi"] == "टाइनी ट्रिक्स: मैच कितने दौर का हो"
    assert "baazis" not in {o["name"] for o in games["sheepshead"]["options"]}
    sheepshead = {o["name"]: o for o in games["sheepshead"]["options"]}
    assert sheepshead["players"]["max_value"] == 6
    rules = {o["name"]: o for o in published["rules"]["options"]}
    assert NAME in rules
    topics = next(o for o in rules[NAME]["options"] if o["name"] == "topic")
    # the game's own pages, then the shared page on how tournaments score
    assert [c["value"] for c in topics["choices"]] == ["quick-start", "tricks", "tournaments"]
    # the topics are named by the pages' titles, in Hindi from the game's Hindi pages
    assert [c["name_localizations"].get("hi") for c in topics["choices"]][:2] == [
        "जल्दी शुरुआत",
        "हाथ जीतना",
    ]
    stats = {o["name"] for o in published["stats"]["options"]}
    assert stats == {"all", *registry.names()}
    board = {o["name"]: o for o in published["leaderboard"]["options"]}
    assert NAME in [c["value"] for c in board["game"]["choices"]]


async def test_the_old_form_of_a_command_points_to_the_new_one(env: Env) -> None:
    """A Discord app that still has the old registration sends `/table new game:…`: the
    answer is private and shows the new form."""
    fake = env.fake
    old = await fake.slash(ASHA, "table", "new", game="suipe", players=2)
    data = old.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "`/table new suipe`" in data["content"]
    assert not env.bot.tables.by_channel  # no table was opened
    stats = await fake.slash(ASHA, "stats")
    assert "`/stats " in stats.responses[-1]["data"]["content"]
    rules = await fake.slash(ASHA, "rules", game="sedma", locale="hi")
    said = rules.responses[-1]["data"]["content"]
    assert "`/rules sedma`" in said and "बदल" in said  # in the asker's language

"""Tables where the bot is no member, as an app installed to a person's account: a group DM
of three, a DM with the bot against computers, a restart in the middle, a table left idle past
15 minutes, and what Discord refuses there. The fake refuses channel posts, reads and threads
in those places, expires tokens after 15 minutes and allows 5 follow-ups per interaction: any
attempt is a violation, and the test fails on it."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.contexts import PRIVATE_SCOPE, TableContext
from bot.storage.store import OwedKind
from bot.tables import TableSession

from .conftest import Env, start_bot, stop_bot
from .fake_discord import (
    APP_ID,
    EPHEMERAL,
    GROUP_DM_ID,
    GUILD_ID,
    NO_BOT_CHANNEL_ID,
    PEOPLE_DM_ID,
    FakeDiscord,
)
from .helpers import button, finish_picker, lobby_button, message_text

ASHA, DEV, MIRA = 811, 812, 813
GAME = "tinytricks"  # the test game: short matches of 2 or 3 players


def tables_in(fake: FakeDiscord, channel_id: int) -> list[dict[str, Any]]:
    """The channel's table messages (with a "My hand" button), oldest first."""
    return [
        m
        for m in fake.channel_messages(channel_id)
        if any(c.get("label") == "My hand" for c in fake.components(m))
    ]


def the_table(fake: FakeDiscord, channel_id: int) -> dict[str, Any]:
    found = tables_in(fake, channel_id)
    assert len(found) == 1, f"{len(found)} table messages: the table keeps one"
    return found[0]


def to_move(message: dict[str, Any]) -> int:
    return int(message_text(message).split("<@")[1].split(">")[0])


async def move(fake: FakeDiscord, channel_id: int, latest: bool = False) -> str:
    """The player to move opens their hand on the table message and plays the first move;
    `latest`: on the newest table message (older ones stay where their interactions expired)."""
    table = tables_in(fake, channel_id)[-1] if latest else the_table(fake, channel_id)
    user = to_move(table)
    opened = await fake.click(user, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    assert picker["flags"] & EPHEMERAL and picker["attachments"], "the hand comes privately"
    answer, _ = await finish_picker(fake, user, picker)
    return answer


def webhook_tokens(requests: list[tuple[str, str]]) -> set[str]:
    """The interaction tokens these requests used (/webhooks/{application}/{token}/…)."""
    return {path.split("/")[3] for _, path in requests if path.startswith("/webhooks/")}


def computer_to_move(session: TableSession) -> bool:
    match = session.match
    assert match is not None
    if match.is_terminal or match.current_player is None:
        return False
    row = session.seats.get(match.current_player)
    return row is not None and row.plays_itself


async def until_a_computer_waits(env: Env, channel_id: int, session: TableSession) -> None:
    """People move until a computer is to move after them: its move waits (a long delay),
    the table message it leads to still owed (computers move before the table is shown)."""
    env.bot.computer_delay = 60
    while not computer_to_move(session):
        await move(env.fake, channel_id)
        if not computer_to_move(session):
            await env.bot.idle()
    for _ in range(400):
        if all(owed.kind is OwedKind.TABLE for owed in session.owed):
            return
        await asyncio.sleep(0.025)
    raise AssertionError("the deal's summary was not shown")


async def restart(env: Env, idle_for: float = 0.0) -> TableSession:
    """The bot stopped in the middle of play (a computer's move waits) and started again on
    the same store; `idle_for`: seconds that pass for Discord's tokens meanwhile."""
    env.bot.shutdown_grace = 0.05  # too short for the computer's delay: the stop cuts it off
    channel_id = next(iter(env.bot.tables.by_channel))
    await stop_bot(env.bot, wait_for_work=False)
    env.fake.age_tokens(idle_for)
    env.bot = await start_bot(env.fake, env.database)
    await env.bot.idle()
    session = env.bot.tables.get(channel_id)
    assert session is not None and session.match is not None
    return session


async def published(env: Env) -> None:
    await env.bot.sync_commands()  # what Discord offers where comes from the published set


NAMES = {ASHA: "Asha", DEV: "Dev", MIRA: "Mira"}


async def seat(
    env: Env, channel_id: int, people: tuple[int, ...], computers: int = 0, game: str = GAME,
    **options: Any,
) -> tuple[dict[str, Any], TableSession]:
    """A table opened in `channel_id` by the first of `people` (the one who installed the app;
    the others just press its buttons), the others joining, `computers` added, and started.
    In the group DM, everyone in `NAMES` is there."""
    fake = env.fake
    host, *others = people
    fake.install(host, NAMES[host])
    for user in others:
        fake.members[user] = NAMES[user]
    if channel_id == GROUP_DM_ID:
        fake.group_dm = list(NAMES)
        fake.members.update(NAMES)
    if channel_id == PEOPLE_DM_ID:
        fake.people_dm = list(people)
    new = await fake.slash(host, "table", f"new {game}", channel_id=channel_id, **options)
    lobby = fake.messages[new.message_id]
    for user in others:
        await fake.click(user, new.message_id, lobby_button(fake, lobby, "join"))
    for _ in range(computers):
        await fake.click(host, new.message_id, lobby_button(fake, lobby, "computer"))
    await fake.click(host, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    session = env.bot.tables.get(channel_id)
    assert session is not None and session.match is not None
    return lobby, session


async def open_in_group_dm(env: Env, players: int = 3) -> tuple[dict[str, Any], TableSession]:
    """Asha, Dev (and Mira, for three) at a table of the test game in the group DM."""
    return await seat(env, GROUP_DM_ID, (ASHA, DEV, MIRA)[:players], players=players, hands=2)


async def test_a_whole_match_in_a_group_dm_of_three(env: Env) -> None:
    fake = env.fake
    await published(env)
    lobby, session = await open_in_group_dm(env)
    assert session.row.options.context == TableContext.GROUP_DM
    assert session.row.guild_id == PRIVATE_SCOPE  # its records are its players' own
    table = the_table(fake, GROUP_DM_ID)
    assert "Continue" in [c.get("label") for c in fake.components(table)]
    assert "press Continue" in message_text(table)  # the table says what happens when idle
    moves = 0
    while not session.match.is_terminal:
        assert (await move(fake, GROUP_DM_ID)).startswith("Your move: ")
        moves += 1
        await env.bot.idle()
    assert moves >= 6  # two hands of three cards each, for three people
    posted = fake.channel_messages(GROUP_DM_ID)
    summaries = [m for m in posted if m["embeds"] and m["embeds"][0]["title"].startswith("Hand ")]
    assert [m["embeds"][0]["title"] for m in summaries] == ["Hand 1 is over", "Hand 2 is over"]
    # the lobby (the answer to /table new) says the match is over
    assert "The match is over" in fake.messages[int(lobby["id"])]["embeds"][0]["description"]
    # every message came through an interaction: no channel route was used
    assert not [path for _, path in fake.requests if path.startswith(f"/channels/{GROUP_DM_ID}")]
    rows = await env.bot.store.player_results(PRIVATE_SCOPE, GAME)
    assert {r.user_id for r in rows} == {ASHA, DEV, MIRA}
    assert not await env.bot.store.player_results(GUILD_ID, GAME)  # no server's leaderboard

    # /stats and /history in the group DM show the private tables of the one who asks
    fake.install(DEV, "Dev")
    stats = await fake.slash(DEV, "stats", GAME, channel_id=GROUP_DM_ID)
    fields = {f["name"]: f["value"] for f in fake.messages[stats.message_id]["embeds"][0]["fields"]}
    assert fields["Matches"].startswith("1:")
    history = await fake.slash(DEV, "history", channel_id=GROUP_DM_ID)
    answer = history.responses[-1]["data"]
    assert answer["flags"] & EPHEMERAL and answer["content"].count("**Deal ") == 2
    everyone = await fake.slash(DEV, "history", channel_id=GROUP_DM_ID, everyone=True)
    assert "your own deals only" in everyone.responses[-1]["data"]["content"]
    # in the server, the same person has no records there
    fake.add_member(DEV, "Dev")
    here = await fake.slash(DEV, "stats", GAME)
    assert "no finished matches" in here.responses[-1]["data"]["content"]


async def test_a_whole_match_in_a_dm_against_computers(env: Env) -> None:
    fake = env.fake
    await published(env)
    dm = fake.dm_channel(ASHA)
    lobby, session = await seat(env, dm, (ASHA,), players=3, hands=1)
    # one person in a DM with the bot: the other seats are computers' at once, and it says so
    assert "every other seat goes to a computer player" in message_text(lobby)
    seats = lobby["embeds"][0]["fields"][0]["value"]
    assert "Computer 2" in seats and "Computer 3" in seats
    assert session.row.options.context == TableContext.DM
    while not session.match.is_terminal:
        await move(fake, dm)
        await env.bot.idle()
    summary = [m for m in fake.channel_messages(dm) if m["embeds"]
               and m["embeds"][0]["title"] == "Hand 1 is over"]  # fmt: skip
    assert summary and "Match over" in message_text(summary[0])
    # the finished table leaves the bot's memory (its store keeps what a restart would need)
    relay_output = env.bot.flow.port.relay  # type: ignore[attr-defined]
    assert session.id not in relay_output.tables


async def test_a_restart_in_the_middle_then_the_next_press_continues(env: Env) -> None:
    fake = env.fake
    await published(env)
    _, session = await open_in_group_dm(env)
    await move(fake, GROUP_DM_ID)
    await env.bot.idle()
    moves = len(session.match.actions)
    await stop_bot(env.bot)
    env.bot = await start_bot(fake, env.database)  # its interactions are gone with it
    await env.bot.idle()
    session = env.bot.tables.get(GROUP_DM_ID)
    assert session is not None and len(session.match.actions) == moves
    table = the_table(fake, GROUP_DM_ID)
    await fake.click(to_move(table), int(table["id"]), button(fake, table, "Continue"))
    await env.bot.idle()
    assert the_table(fake, GROUP_DM_ID)["id"] == table["id"]  # shown again in place
    while not session.match.is_terminal:
        await move(fake, GROUP_DM_ID)
        await env.bot.idle()


async def test_a_table_idle_past_15_minutes_waits_then_continues(env: Env) -> None:
    fake = env.fake
    await published(env)
    _, session = await open_in_group_dm(env)
    await move(fake, GROUP_DM_ID)
    await env.bot.idle()
    before = len(fake.sent)
    fake.age_tokens(16 * 60)  # the table is left alone for 16 minutes
    # the table owes a message (as after a rejoin): Discord refuses every token it holds
    session.owe_table()
    await env.bot.flow.advance(session)
    await env.bot.idle()
    refused = [p for m, p in fake.requests if m in ("POST", "PATCH") and p.startswith("/webhooks/")]
    assert refused and len(fake.sent) == before  # tried, refused (50027), nothing shown
    assert session.owes(OwedKind.TABLE)  # nothing lost: still owed
    assert session.id not in env.bot.flow.timers  # nobody can be told: no timer runs
    table = the_table(fake, GROUP_DM_ID)
    presser = next(u for u in (ASHA, DEV, MIRA) if u != to_move(table))  # any seated player
    await fake.click(presser, int(table["id"]), button(fake, table, "Continue"))
    await env.bot.idle()
    assert the_table(fake, GROUP_DM_ID)["id"] == table["id"]
    assert len(fake.sent) > before  # the table was shown again, in place
    assert not session.owes(OwedKind.TABLE)
    while not session.match.is_terminal:
        await move(fake, GROUP_DM_ID)
        await env.bot.idle()


async def test_continue_is_for_the_table_s_players(env: Env) -> None:
    fake = env.fake
    await published(env)
    _, _session = await open_in_group_dm(env, players=2)
    fake.members[900] = "Guest"
    fake.group_dm.append(900)  # in the group DM, not at the table
    table = the_table(fake, GROUP_DM_ID)
    pressed = await fake.click(900, int(table["id"]), button(fake, table, "Continue"))
    answer = pressed.responses[-1]["data"]
    assert answer["flags"] & EPHEMERAL and "Only the players" in answer["content"]


async def test_a_server_without_the_bot_plays_through_interactions(env: Env) -> None:
    fake = env.fake
    await published(env)
    lobby, session = await seat(env, NO_BOT_CHANNEL_ID, (ASHA, DEV), players=2, hands=1)
    assert "plays in" not in message_text(lobby)  # no thread where the bot is no member
    assert session.row.options.context == TableContext.APP_IN_SERVER
    assert session.row.guild_id == PRIVATE_SCOPE
    while not session.match.is_terminal:
        await move(fake, NO_BOT_CHANNEL_ID)
        await env.bot.idle()


async def test_commands_outside_servers_are_those_made_for_it(env: Env) -> None:
    """Discord offers in DMs only the commands that allow user installs there: /table, /play,
    /rules, /stats, /history do; /settings, /leaderboard and /admin stay in servers."""
    fake = env.fake
    await published(env)
    offered = {c["name"]: c for c in fake.commands}
    for name in ("table", "play", "hand", "rules", "stats", "history"):
        assert 1 in offered[name]["integration_types"], name
        assert set(offered[name]["contexts"]) == {0, 1, 2}, name
    for name in ("settings", "leaderboard", "admin"):
        assert 1 not in (offered[name].get("integration_types") or [0]), name
    fake.install(ASHA, "Asha")
    rules = await fake.slash(ASHA, "rules", GAME, channel_id=fake.dm_channel(ASHA))
    assert fake.messages[rules.message_id]["embeds"]
    with pytest.raises(AssertionError, match="does not offer /leaderboard"):
        await fake.slash(ASHA, "leaderboard", channel_id=fake.dm_channel(ASHA))
    with pytest.raises(AssertionError, match="has not installed the app"):
        await fake.slash(DEV, "rules", GAME, channel_id=fake.dm_channel(DEV))


async def test_discord_refuses_what_an_app_may_not_do_where_it_is_no_member(env: Env) -> None:
    """The fake answers as Discord does: the bot's own channel routes in a group DM are
    refused (403, 50001 Missing Access), a token past 15 minutes is refused (401, 50027), and
    a 6th follow-up of one interaction is refused (400, 40094)."""
    fake = env.fake
    await published(env)
    _, session = await open_in_group_dm(env, players=2)
    http = env.bot.http
    for attempt in (
        lambda: http.send_message(GROUP_DM_ID, params=_text("hello")),
        lambda: http.logs_from(GROUP_DM_ID, 10),
        lambda: http.start_thread_without_message(
            GROUP_DM_ID, name="t", auto_archive_duration=60, type=11
        ),
    ):
        with pytest.raises(discord.Forbidden) as refused:
            await attempt()
        assert refused.value.code == 50001
    assert len(fake.violations) == 3
    fake.violations.clear()

    table = the_table(fake, GROUP_DM_ID)
    pressed = await fake.click(ASHA, int(table["id"]), button(fake, table, "Rules"))
    hook = discord.Webhook.from_state({"id": str(APP_ID), "type": 3, "token": pressed.token},
                                      env.bot._connection)  # fmt: skip
    for _ in range(5):
        await hook.send("a follow-up", ephemeral=True)
    with pytest.raises(discord.HTTPException) as limited:
        await hook.send("a sixth", ephemeral=True)
    assert limited.value.code == 40094
    fake.age_tokens(15 * 60 + 1)
    with pytest.raises(discord.HTTPException) as expired:
        await hook.edit_message(int(table["id"]), content="late")
    assert expired.value.status == 401 and expired.value.code == 50027
    fake.violations.clear()  # the 6th follow-up, asked on purpose
    assert session.match is not None


def _text(content: str) -> Any:
    return discord.http.handle_message_parameters(content=content)


async def test_a_dm_table_left_idle_is_posted_in_the_dm_by_the_bot(env: Env) -> None:
    """In its own DM the bot may post: a table whose interactions no longer answer is shown
    there without waiting for a press."""
    fake = env.fake
    await published(env)
    dm = fake.dm_channel(ASHA)
    _, session = await seat(env, dm, (ASHA,), players=2, hands=2)
    await move(fake, dm)
    await env.bot.idle()
    fake.age_tokens(16 * 60)
    session.owe_table()
    await env.bot.flow.advance(session)
    await env.bot.idle()
    assert ("POST", f"/channels/{dm}/messages") in fake.requests
    assert not session.owes(OwedKind.TABLE)
    while not session.match.is_terminal:
        await move(fake, dm)
        await env.bot.idle()


async def test_any_press_wakes_a_table_that_went_quiet_and_says_why_privately(env: Env) -> None:
    fake = env.fake
    await published(env)
    _, session = await open_in_group_dm(env)
    await move(fake, GROUP_DM_ID)
    await env.bot.idle()
    fake.age_tokens(16 * 60)
    session.owe_table()
    await env.bot.flow.advance(session)
    await env.bot.idle()
    assert session.owes(OwedKind.TABLE)
    table = the_table(fake, GROUP_DM_ID)
    fake.locales[DEV] = "de"  # Dev's Discord app speaks German
    opened = await fake.click(DEV, int(table["id"]), button(fake, table, "My hand"))
    await env.bot.idle()
    notes = [m for m in fake.messages.values()
             if m["flags"] & EPHEMERAL and "15 Minuten" in message_text(m)]  # fmt: skip
    assert len(notes) == 1, "Dev is told privately, in German, why the table was still"
    assert opened.message_id is not None
    assert not session.owes(OwedKind.TABLE)  # and the table is shown again, below
    # the old table message stays (its interaction no longer answers: nothing can remove it)
    assert tables_in(fake, GROUP_DM_ID)[0]["id"] == table["id"]
    assert len(tables_in(fake, GROUP_DM_ID)) == 2


async def test_the_turn_timer_reaches_a_group_dm_through_interactions(env: Env) -> None:
    """While the table's interactions answer, the reminder and a computer's move for an
    absent player reach the group DM as follow-ups."""
    fake = env.fake
    await published(env)
    env.bot.timer_scale = 0.3 / 180  # the 3-minute default becomes 0.3 s
    _, session = await open_in_group_dm(env, players=2)
    reminder = await fake.wait_for_message(
        lambda m: "your turn" in message_text(m) and int(m["channel_id"]) == GROUP_DM_ID
    )
    taken = await fake.wait_for_message(lambda m: "Time's up" in message_text(m))
    assert int(taken["channel_id"]) == GROUP_DM_ID and "played for" in message_text(taken)
    env.bot.timer_scale = 1.0
    await env.bot.idle()
    assert reminder["id"] != taken["id"] and len(session.match.actions) >= 1
    assert not [path for _, path in fake.requests if path.startswith(f"/channels/{GROUP_DM_ID}")]


async def test_the_person_called_to_move_is_notified_though_nobody_pressed(env: Env) -> None:
    """A computer's move for an absent player reaches the table without a new press, and an
    edit of the table message would notify nobody: the turn's new person gets a new message,
    which pings them."""
    fake = env.fake
    await published(env)
    env.bot.timer_scale = 0.3 / 180
    _, session = await open_in_group_dm(env, players=2)
    await fake.wait_for_message(lambda m: "Time's up" in message_text(m))
    env.bot.timer_scale = 1.0
    await env.bot.idle()
    table = the_table(fake, GROUP_DM_ID)
    assert to_move(table) in fake.pings[int(table["id"])], "the person to move was pinged"
    assert session.match is not None and len(session.match.actions) >= 1


async def test_a_five_player_game_in_a_dm_seats_four_computers(env: Env) -> None:
    """One person is in a DM with the bot: a game for five is them and four computers, and
    the lobby says why; asking for another computer is refused privately."""
    fake = env.fake
    await published(env)
    fake.install(ASHA, "Asha")
    dm = fake.dm_channel(ASHA)
    new = await fake.slash(ASHA, "table", "new sheepshead", channel_id=dm, players=5)
    lobby = fake.messages[new.message_id]
    assert "every other seat goes to a computer player" in message_text(lobby)
    seats = lobby["embeds"][0]["fields"][0]["value"]
    assert all(f"Computer {n}" in seats for n in (2, 3, 4, 5))
    more = await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "computer"))
    answer = more.responses[-1]["data"]
    assert answer["flags"] & EPHEMERAL and "full" in answer["content"]


async def test_a_four_player_game_in_a_group_dm_of_three_and_a_computer(env: Env) -> None:
    """Sedma needs four: three people of the group DM and a computer play it to the end."""
    fake = env.fake
    await published(env)
    _, session = await seat(env, GROUP_DM_ID, (ASHA, DEV, MIRA), computers=1, game="sedma",
                            players=4, game_points=1)  # fmt: skip
    while not session.match.is_terminal:
        await move(fake, GROUP_DM_ID)
        await env.bot.idle()
    rows = await env.bot.store.player_results(PRIVATE_SCOPE, "sedma")
    assert {r.user_id for r in rows} == {ASHA, DEV, MIRA}
    assert not [path for _, path in fake.requests if path.startswith(f"/channels/{GROUP_DM_ID}")]


async def test_a_group_dm_table_restarted_mid_play_shows_itself_at_once(env: Env) -> None:
    """The interactions a table may still send through are kept in the store: after a
    restart, the computer's move it owed is shown at once, through an interaction from before
    the restart, with no press; then the table plays to the end."""
    fake = env.fake
    await published(env)
    lobby, session = await seat(env, GROUP_DM_ID, (ASHA, DEV), computers=1, players=3,
                                hands=2)  # fmt: skip
    await until_a_computer_waits(env, GROUP_DM_ID, session)
    shown = message_text(the_table(fake, GROUP_DM_ID))
    moves = len(session.match.actions)
    assert session.owes(OwedKind.TABLE)  # what the computer's move leads to
    kept, since = {i.token for i in fake.interactions.values()}, len(fake.requests)
    session = await restart(env)
    assert len(session.match.actions) > moves  # the computer moved after the restart
    table = the_table(fake, GROUP_DM_ID)  # still one table message: the old one went
    assert message_text(table) != shown and to_move(table) in (ASHA, DEV)
    used = webhook_tokens(fake.requests[since:])
    assert used and used <= kept, "through the interactions it had before the restart"
    assert not session.owes(OwedKind.TABLE)
    while not session.match.is_terminal:
        await move(fake, GROUP_DM_ID)
        await env.bot.idle()
    posted = fake.channel_messages(GROUP_DM_ID)
    titles = [m["embeds"][0]["title"] for m in posted if m["embeds"]]
    assert [t for t in titles if t.startswith("Hand ")] == ["Hand 1 is over", "Hand 2 is over"]
    # the lobby, the answer to /table new from before the restart, says the match is over
    assert "The match is over" in fake.messages[int(lobby["id"])]["embeds"][0]["description"]
    assert not [path for _, path in fake.requests if path.startswith(f"/channels/{GROUP_DM_ID}")]


async def test_a_dm_table_restarted_mid_play_goes_on_through_its_kept_interactions(
    env: Env,
) -> None:
    """In a DM against computers, after a restart the computers' moves reach the table through
    the interaction of the player's last move (no post of the bot's own), and the match plays
    to the end."""
    fake = env.fake
    await published(env)
    dm = fake.dm_channel(ASHA)
    _, session = await seat(env, dm, (ASHA,), players=3, hands=2)
    await until_a_computer_waits(env, dm, session)
    moves = len(session.match.actions)
    kept, since = {i.token for i in fake.interactions.values()}, len(fake.requests)
    session = await restart(env)
    assert len(session.match.actions) > moves and not computer_to_move(session)
    assert to_move(the_table(fake, dm)) == ASHA
    used = webhook_tokens(fake.requests[since:])
    assert used and used <= kept
    assert ("POST", f"/channels/{dm}/messages") not in fake.requests[since:]
    while not session.match.is_terminal:
        await move(fake, dm)
        await env.bot.idle()
    summaries = [m for m in fake.channel_messages(dm) if m["embeds"]
                 and m["embeds"][0]["title"] == "Hand 2 is over"]  # fmt: skip
    assert summaries and "Match over" in message_text(summaries[0])


async def test_a_restart_after_every_token_expired_waits_for_a_press(env: Env) -> None:
    """Left for 16 minutes across a restart, the table's kept interactions are refused by
    Discord: nothing is shown and nothing is lost; the next press says why privately, and the
    table comes below and plays to the end."""
    fake = env.fake
    await published(env)
    _, session = await seat(env, GROUP_DM_ID, (ASHA, DEV), computers=1, players=3, hands=2)
    await until_a_computer_waits(env, GROUP_DM_ID, session)
    old = the_table(fake, GROUP_DM_ID)
    shown, sent, since = message_text(old), len(fake.sent), len(fake.requests)
    session = await restart(env, idle_for=16 * 60)
    tried = [p for m, p in fake.requests[since:] if m in ("POST", "PATCH")
             and p.startswith("/webhooks/")]  # fmt: skip
    assert tried and len(fake.sent) == sent  # tried, refused: nothing shown
    assert message_text(the_table(fake, GROUP_DM_ID)) == shown
    assert session.owes(OwedKind.TABLE) and session.id not in env.bot.flow.timers
    await fake.click(DEV, int(old["id"]), button(fake, old, "My hand"))
    await env.bot.idle()
    notes = [m for m in fake.messages.values() if m["flags"] & EPHEMERAL
             and "quiet for more than 15 minutes" in message_text(m)]  # fmt: skip
    assert len(notes) == 1 and not session.owes(OwedKind.TABLE)
    tables = tables_in(fake, GROUP_DM_ID)
    assert len(tables) == 2 and tables[0]["id"] == old["id"]  # the old one stays, above
    while not session.match.is_terminal:
        await move(fake, GROUP_DM_ID, latest=True)
        await env.bot.idle()
    assert not [path for _, path in fake.requests if path.startswith(f"/channels/{GROUP_DM_ID}")]


async def test_a_dm_between_two_people_plays_as_a_group_dm_of_two(env: Env) -> None:
    """Asha opens a table in her DM with Dev (Discord's private-channel context, a channel of
    type DM): Dev joins with the lobby's button, a computer takes the third seat, and the
    match plays to the end through interactions alone, its records theirs."""
    fake = env.fake
    await published(env)
    _, session = await seat(env, PEOPLE_DM_ID, (ASHA, DEV), computers=1, players=3, hands=1)
    assert session.row.options.context == TableContext.GROUP_DM
    assert session.row.guild_id == PRIVATE_SCOPE
    while not session.match.is_terminal:
        await move(fake, PEOPLE_DM_ID)
        await env.bot.idle()
    rows = await env.bot.store.player_results(PRIVATE_SCOPE, GAME)
    assert {r.user_id for r in rows} == {ASHA, DEV}
    assert not [path for _, path in fake.requests if path.startswith(f"/channels/{PEOPLE_DM_ID}")]

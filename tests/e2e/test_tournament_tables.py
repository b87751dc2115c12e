"""Event tables end to end beyond the formats' own runs (tests/e2e/test_tournaments.py): a
Sheepshead session table of six whose dealer sits out each hand, rated events feeding the
ratings, and a league's champion role given, taken, and left alone where the bot may not
manage it."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from engine.outcome import SAT_OUT

from .conftest import Env
from .fake_discord import (
    CHAMPION_ROLE_ID,
    EVERYONE_PERMISSIONS,
    GUILD_ID,
    HIGH_ROLE_ID,
    MANAGE_ROLES,
    NO_FILES_CHANNEL_ID,
    THREADS_CHANNEL_ID,
    RoleOption,
)
from .helpers import MANAGE_GUILD
from .test_tournaments import (
    HOST,
    PEOPLE,
    answer,
    event_thread,
    make_event,
    press,
    results,
    rows,
    run_event,
    standings_message,
    until,
    use_formats,
)


async def test_eleven_at_sheepshead_sit_at_six_and_five_the_dealer_out_at_six(env: Env) -> None:
    use_formats(env)
    # five hands at five: six at six, so that each of the six deals (and sits out) once
    event_id = await make_event(env, "sheepshead", format="sessions", players=5, rounds=1,
                                computers=5, sheepshead_hands=5)  # fmt: skip
    for user in PEOPLE:
        await press(env, user, event_id, "join")
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    paired = results(env, event_id)
    assert [len(json.loads(r[2])) for r in paired] == [6, 5]
    tables = {r[3]: json.loads(r[4]) for r in paired}
    for table_id, result in tables.items():
        (rules_text,) = rows(env, "SELECT rules FROM game_tables WHERE id = ?", table_id)[0]
        rules = json.loads(rules_text)
        six = rules["players"] == 6
        assert bool(rules.get("dealer_out")) == six
        # five hands a player: five at five, six at six
        assert rules["hands"] == (6 if six else 5)
        deals = [json.loads(r[0]) for r in rows(
            env, "SELECT result FROM deal_results WHERE table_id = ? ORDER BY number", table_id
        )]  # fmt: skip
        played = [d for d in deals if not d.get("redeal")]
        assert len(played) == rules["hands"]
        if six:  # the dealer of each hand sits it out: nothing won or lost
            assert all(d["units"][d["dealer"]] == 0 for d in played)
            assert sorted(d["dealer"] for d in played) == [0, 1, 2, 3, 4, 5]
            # each person's result keeps the hands they played, the one they dealt sat out
            people = [r for r in await env.bot.store.player_results(GUILD_ID, "sheepshead")
                      if r.table_id == table_id]  # fmt: skip
            assert people and all(len(r.rounds) == 6 for r in people)
            assert all(sum(list(p) == list(SAT_OUT) for p in r.rounds) == 1 for r in people)
        assert sum(result["scores"]) == 0
    embed = standings_message(env, event_id)["embeds"][0]
    assert "Finished." in embed["description"]


async def one_round_of_suipe(env: Env, players: tuple[int, ...], **options: Any) -> int:
    """A Swiss event of one round of Suipe (one deal), entered by `players`, played to its end
    by them with /play."""
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=1, deals=1,
                                **options)  # fmt: skip
    for user in players:
        assert "You have entered" in await press(env, user, event_id, "join")
    assert "starts now" in await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    return event_id


def rating_shown(step: Any, env: Env) -> str:
    embed = env.fake.messages[step.message_id]["embeds"][0]
    return str({f["name"]: f["value"] for f in embed["fields"]}["Rating"])


async def test_an_events_tables_feed_the_ratings_only_where_the_server_says(env: Env) -> None:
    use_formats(env)
    dev, kiran = 702, 703
    first = await one_round_of_suipe(env, (dev, kiran))
    (table,) = [r[3] for r in results(env, first)]
    played = await env.bot.store.player_results(GUILD_ID, "suipe")
    assert {(r.user_id, r.table_id, r.rated) for r in played} == {
        (dev, table, False), (kiran, table, False)
    }  # by default an event's tables count for the boards, not the ratings
    assert rating_shown(await env.fake.slash(dev, "stats", "suipe"), env) == "not rated yet"

    refused = await env.fake.slash(dev, "tournament", "settings", channel_id=THREADS_CHANNEL_ID,
                                   permissions=0, rated=True)  # fmt: skip
    assert answer(refused) == "Only members who manage the server change this."
    saved = await env.fake.slash(HOST, "tournament", "settings", channel_id=THREADS_CHANNEL_ID,
                                 permissions=MANAGE_GUILD, rated=True)  # fmt: skip
    assert answer(saved) == "The event settings are saved."
    second = await one_round_of_suipe(env, (dev, kiran))
    (table,) = [r[3] for r in results(env, second)]
    played = await env.bot.store.player_results(GUILD_ID, "suipe")
    assert {(r.user_id, r.rated) for r in played if r.table_id == table} == {
        (dev, True), (kiran, True)
    }
    for user in (dev, kiran):
        assert rating_shown(await env.fake.slash(user, "stats", "suipe"), env) != "not rated yet"
    board = await env.fake.slash(dev, "leaderboard", channel_id=NO_FILES_CHANNEL_ID,
                                 game="suipe", by="rating")  # fmt: skip
    lines = env.fake.messages[board.message_id]["embeds"][0]["description"].splitlines()
    assert len(lines) == 2
    assert all(any(name in line for line in lines) for name in ("Dev", "Kiran"))


def season_points(env: Env, step: Any) -> dict[str, int]:
    lines = step.responses[-1]["data"]["embeds"][0]["description"].splitlines()
    return {line.split(". ", 1)[1].split(" — ")[0]: int(line.split(" — ")[1].split(" ")[0])
            for line in lines}  # fmt: skip


async def test_the_champion_role_is_given_to_the_seasons_leader_then_taken(env: Env) -> None:
    use_formats(env)
    dev = 702
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=1, deals=1,
                                computers=1)  # fmt: skip
    await press(env, dev, event_id, "join")
    made = await env.fake.slash(HOST, "tournament", "league", channel_id=event_thread(env, 1),
                                league="Friday", champion=RoleOption(CHAMPION_ROLE_ID))  # fmt: skip
    assert answer(made).startswith("Event 1 opens the league Friday")
    assert "cannot give" not in answer(made)  # the bot may manage the role: no warning
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    await until(lambda: len(rows(env, "SELECT id FROM tournaments")) == 2)
    await env.bot.idle()
    # Dev, the one member who played (computers hold no roles), leads the season
    assert env.fake.member_roles == {dev: {CHAMPION_ROLE_ID}}
    # the league's next event has the computer entrant of this one, and nobody else yet
    assert rows(env, "SELECT user_id, name FROM tournament_entrants WHERE event_id = 2") == [
        (-1, "Computer 1")
    ]
    # the league's next event: four others enter, Dev does not. Two entrants gave Dev at most
    # two points; four give each of them at least two, the best of them more
    for user in (703, 704, 705, 706):
        await press(env, user, 2, "join")
    await press(env, HOST, 2, "start")
    await run_event(env, 2)
    await until(lambda: len(rows(env, "SELECT id FROM tournaments")) == 3)
    await env.bot.idle()
    season = season_points(env, await env.fake.slash(
        703, "tournament", "season", channel_id=THREADS_CHANNEL_ID, league="Friday"))
    members = {name: user for user, name in PEOPLE.items()}
    best = max(points for name, points in season.items() if name in members)
    leaders = {members[name] for name, points in season.items() if points == best
               and name in members}  # fmt: skip
    assert dev not in leaders
    holders = {user for user, roles in env.fake.member_roles.items() if CHAMPION_ROLE_ID in roles}
    assert holders == leaders  # given to the new leaders, taken from Dev
    assert env.fake.refused_roles == []


async def test_a_champion_role_the_bot_may_not_manage_is_said_and_left_alone(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=1, deals=1,
                                computers=1)  # fmt: skip
    await press(env, 702, event_id, "join")
    thread = event_thread(env, event_id)
    above = await env.fake.slash(HOST, "tournament", "league", channel_id=thread,
                                 league="Friday", champion=RoleOption(HIGH_ROLE_ID))  # fmt: skip
    assert f"cannot give the role <@&{HIGH_ROLE_ID}> yet: it must be below my own highest" \
        in answer(above)
    # a moderator takes Manage Roles from everyone, the bot included
    await env.fake.set_everyone_permissions(EVERYONE_PERMISSIONS & ~MANAGE_ROLES)
    await until(lambda: not env.bot.get_guild(GUILD_ID).me.guild_permissions.manage_roles)
    made = await env.fake.slash(HOST, "tournament", "league", channel_id=thread,
                                league="Friday", champion=RoleOption(CHAMPION_ROLE_ID))  # fmt: skip
    assert answer(made).startswith("Event 1 opens the league Friday")
    assert "I need the Manage Roles permission" in answer(made)
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    await until(lambda: len(rows(env, "SELECT id FROM tournaments")) == 2)
    await env.bot.idle()
    # the bot asks Discord nothing it would refuse, and hands no role
    assert env.fake.member_roles == {} and env.fake.refused_roles == []
    settings = (await env.bot.store.guild_settings(GUILD_ID)).settings
    assert not settings.get("league_champions")  # so it is handed once the bot may
    # Discord's own rule, as the fake keeps it: a role given without Manage Roles is refused
    with pytest.raises(discord.Forbidden):
        await env.bot.http.add_role(GUILD_ID, 702, CHAMPION_ROLE_ID)
    assert env.fake.refused_roles == [("PUT", 702, CHAMPION_ROLE_ID)]
    await env.fake.set_everyone_permissions(EVERYONE_PERMISSIONS)
    await until(lambda: env.bot.get_guild(GUILD_ID).me.guild_permissions.manage_roles)
    with pytest.raises(discord.Forbidden):  # and a role above the bot's highest, always
        await env.bot.http.add_role(GUILD_ID, 702, HIGH_ROLE_ID)

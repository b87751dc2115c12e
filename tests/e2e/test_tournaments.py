"""Tournaments end to end: an event made, joined and started in its thread, each pairing's
table played in a thread of its own by people (with /play) and computers, the standings
message edited as tables finish; restarts in the middle of a round, members racing to join,
two presses of Start; the CSV export; bad input answered privately."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import sqlite3
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.tournaments.format import Pairing, Standing

from .conftest import Env, start_bot, stop_bot
from .fake_discord import (
    CHAMPION_ROLE_ID,
    CHANNEL_ID,
    EPHEMERAL,
    READ_ONLY_CHANNEL_ID,
    THREADS_CHANNEL_ID,
    MemberOption,
    RoleOption,
)
from .helpers import MANAGE_GUILD

HOST = 701
PEOPLE = {701: "Asha", 702: "Dev", 703: "Kiran", 704: "Mira", 705: "Olek", 706: "Petra"}


def use_formats(env: Env) -> None:
    """The bot runs the formats of `bot.tournaments.formats`."""
    assert {"swiss", "sessions", "knockout", "arena", "duplicate"} <= set(
        env.bot.tournaments.formats
    )


def answer(step: Any) -> str:
    return str((step.responses[-1].get("data") or {}).get("content") or "")


def standings_message(env: Env, event_id: int) -> dict[str, Any]:
    thread = event_thread(env, event_id)
    found = [m for m in env.fake.channel_messages(thread) if m.get("embeds")
             and m["embeds"][0].get("title", "").startswith(f"Event {event_id}:")]  # fmt: skip
    assert len(found) == 1, "one standings message, edited"
    return found[0]


def rows(env: Env, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(env.database)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def event_thread(env: Env, event_id: int) -> int:
    return int(rows(env, "SELECT thread_id FROM tournaments WHERE id = ?", event_id)[0][0])


def event_status(env: Env, event_id: int) -> str:
    return str(rows(env, "SELECT status FROM tournaments WHERE id = ?", event_id)[0][0])


async def make_event(env: Env, game: str, **options: Any) -> int:
    fake = env.fake
    for user_id, name in PEOPLE.items():
        fake.add_member(user_id, name)
    options.setdefault("start", "30")  # minutes from now: started by a press
    made = await fake.slash(HOST, "tournament", f"new {game}", channel_id=THREADS_CHANNEL_ID,
                            permissions=MANAGE_GUILD, **options)  # fmt: skip
    text = answer(made)
    assert "made event" in text and "<t:" in text, text
    return int(text.split("made event ")[1].split(" ")[0])


def event_button(env: Env, event_id: int, action: str) -> tuple[int, str]:
    message = standings_message(env, event_id)
    for component in env.fake.components(message):
        if component.get("custom_id") == f"event:{event_id}:{action}":
            return int(message["id"]), component["custom_id"]
    raise AssertionError(f"no {action} button on the standings message")


async def press(env: Env, user: int, event_id: int, action: str) -> str:
    message, custom_id = event_button(env, event_id, action)
    step = await env.fake.click(user, message, custom_id)
    await env.bot.idle()  # the standings message is edited after the answer
    return answer(step)


async def until(check: Callable[[], bool], timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def people_play(env: Env, event_id: int, stop: Callable[[], bool]) -> None:
    """The people at the event's tables play their first legal move with /play in their
    table's thread whenever it is their turn, until `stop()`."""
    while not stop():
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
            move = match.legal_actions()[0].notation
            step = await env.fake.slash(row.user_id, "play", channel_id=session.row.channel_id,
                                        move=f"{move}#{session.turn_number}")  # fmt: skip
            moved = moved or answer(step).startswith("Your move")
        await asyncio.sleep(0 if moved else 0.05)


async def run_event(env: Env, event_id: int, timeout: float = 240.0) -> None:
    done = lambda: event_status(env, event_id) == "finished"  # noqa: E731
    players = asyncio.create_task(people_play(env, event_id, done))
    try:
        await until(done, timeout)
    finally:
        await players
    await env.bot.idle()


def results(env: Env, event_id: int) -> list[tuple[Any, ...]]:
    return rows(env, "SELECT round, table_number, seats, table_id, result FROM"
                " tournament_pairings WHERE event_id = ? ORDER BY round, table_number",
                event_id)  # fmt: skip


async def test_a_swiss_event_of_eight_plays_to_its_end(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=3,
                                computers=4, deals=1)  # fmt: skip
    for user in (702, 703, 704):
        assert "You have entered" in await press(env, user, event_id, "join")
    assert "You have entered" in await press(env, HOST, event_id, "join")
    embed = standings_message(env, event_id)["embeds"][0]
    assert "Entered (8)" in embed["description"]
    listed = list(env.fake.scheduled_events.values())  # the server's scheduled events list it
    assert [e["name"] for e in listed] == [f"Event {event_id}: Swiss of Suipe"]
    assert "<t:" in embed["description"]
    assert "starts now" in await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    paired = results(env, event_id)
    assert [(r[0], r[1]) for r in paired] == [(n, t) for n in (1, 2, 3) for t in (1, 2, 3, 4)]
    meetings = [frozenset(json.loads(r[2])) for r in paired]
    assert len(set(meetings)) == len(meetings), "no pair meets twice"
    assert all(r[3] is not None and r[4] is not None for r in paired)
    # every table played in a thread of its own, its result in the standings
    threads = {r[0] for r in rows(env, "SELECT channel_id FROM game_tables")}
    assert len(threads) == 12
    embed = standings_message(env, event_id)["embeds"][0]
    assert "Finished." in embed["description"] and "Buchholz" in embed["description"]
    lines = [line for line in embed["description"].splitlines() if " — " in line]
    assert len(lines) == 8
    # the standings by hand: a win 1, a draw ½, from each table's places
    points: dict[int, float] = {}
    for _round, _table, seats, _id, result in paired:
        places = json.loads(result)["places"]
        for user, place in zip(json.loads(seats), places, strict=True):
            shared = places.count(place) > 1
            points[user] = points.get(user, 0.0) + (0.5 if shared else 1.0 if place == 1 else 0)
    shown = {line.split(". ", 1)[1].split(" — ")[0]: float(line.split(" — ")[1].split(" ")[0])
             for line in lines}  # fmt: skip
    names = {**{u: n for u, n in PEOPLE.items()}, **{-n: f"Computer {n}" for n in range(1, 5)}}
    assert shown == {names[u]: p for u, p in points.items()}
    said = env.fake.channel_messages(event_thread(env, event_id))
    final = [m for m in said if m["content"].startswith("The event is over. Winner:")]
    assert len(final) == 1 and env.fake.files[int(final[0]["id"])][0]["name"] == "results.png"
    asked = await env.fake.slash(703, "tournament", "standings", channel_id=THREADS_CHANNEL_ID,
                                 event=event_id)  # fmt: skip
    private = env.fake.messages[asked.message_id]
    assert private["flags"] & EPHEMERAL and private["attachments"]
    assert "Round 3, table 4" in private["content"] and "<#" in private["content"]
    exported = await env.fake.slash(HOST, "tournament", "export", channel_id=THREADS_CHANNEL_ID,
                                    event=event_id)  # fmt: skip
    response = exported.responses[-1]
    assert response["data"]["flags"] & EPHEMERAL
    attachment = env.fake.files[exported.message_id][0]["data"]
    table = list(csv.reader(io.StringIO(attachment.decode())))
    assert table[0][:4] == ["round", "table", "table_id", "thread_id"]
    assert len([row for row in table[1:] if row and row[0].isdigit() and len(row) == 10]) == 24


async def test_a_sheepshead_sessions_event_of_ten_over_two_sessions(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "sheepshead", format="sessions", players=5, rounds=2,
                                computers=5, sheepshead_hands=2)  # fmt: skip
    for user in PEOPLE:
        if user != 706:
            await press(env, user, event_id, "join")
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    paired = results(env, event_id)
    assert [(r[0], r[1]) for r in paired] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert all(len(json.loads(r[2])) == 5 for r in paired)
    embed = standings_message(env, event_id)["embeds"][0]
    assert "Finished." in embed["description"]


async def test_two_members_joining_at_once_and_a_full_event(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=1, capacity=3)
    message, custom_id = event_button(env, event_id, "join")
    clicks = [env.fake.click(user, message, custom_id) for user in (702, 703, 702, 703)]
    answers = [answer(step) for step in await asyncio.gather(*clicks)]
    entered_now = [a.startswith("You have entered event") for a in answers]
    assert sorted(entered_now) == [False, False, True, True]
    assert sum("already" in a for a in answers) == 2
    entered = rows(env, "SELECT user_id, entered FROM tournament_entrants WHERE event_id = ?"
                   " ORDER BY entered", event_id)  # fmt: skip
    assert sorted(u for u, _ in entered) == [702, 703] and [e for _, e in entered] == [0, 1]
    await press(env, 704, event_id, "join")
    full = await press(env, 705, event_id, "join")
    assert full == "This event is full."


async def test_two_presses_of_start_start_it_once(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=1,
                                computers=4, deals=1)  # fmt: skip
    message, custom_id = event_button(env, event_id, "start")
    presses = [env.fake.click(HOST, message, custom_id) for _ in range(2)]
    answers = sorted(answer(step) for step in await asyncio.gather(*presses))
    assert answers == ["Event 1 starts now.", "This event has already started."]
    await until(lambda: event_status(env, event_id) == "finished")
    await env.bot.idle()
    assert len(results(env, event_id)) == 2
    started = [m for m in env.fake.channel_messages(event_thread(env, event_id))
               if "The event has started" in m.get("content", "")]  # fmt: skip
    assert len(started) == 1
    joined = await press_late(env, event_id)
    assert "started" in joined


async def press_late(env: Env, event_id: int) -> str:
    step = await env.fake.slash(702, "tournament", "join", channel_id=THREADS_CHANNEL_ID,
                                event=event_id)  # fmt: skip
    return answer(step)


async def test_a_restart_in_the_middle_of_a_round(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=2,
                                computers=2, deals=1)  # fmt: skip
    for user in (702, 703):
        await press(env, user, event_id, "join")
    await press(env, HOST, event_id, "start")
    await until(lambda: len(results(env, event_id)) == 2)
    await env.bot.idle()
    thread = rows(env, "SELECT channel_id FROM game_tables ORDER BY id")[0][0]
    ended = await env.fake.slash(HOST, "table", "end", channel_id=thread)
    assert "plays a match of event 1" in answer(ended)  # a table of the event plays to its end
    assert ended.responses[-1]["data"]["flags"] & EPHEMERAL
    # the people have not moved: the round is in play; the bot stops in the middle of it
    await stop_bot(env.bot, wait_for_work=False)
    env.bot = await start_bot(env.fake, env.database)
    use_formats(env)
    await run_event(env, event_id)
    paired = results(env, event_id)
    assert [(r[0], r[1]) for r in paired] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    tables = rows(env, "SELECT COUNT(*) FROM game_tables")[0][0]
    assert tables == 4, "no pairing opened twice"


async def test_bad_input_is_answered_privately(env: Env) -> None:
    use_formats(env)
    fake = env.fake
    for user_id, name in PEOPLE.items():
        fake.add_member(user_id, name)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"permissions": 0}, "Only members who manage the server"),
        ({"start": "00:00"}, "has passed"),
        ({"format": "swiss", "game": "sheepshead"}, "does not fit"),
        ({"channel_id": READ_ONLY_CHANNEL_ID}, "I may not post"),
        ({"channel_id": CHANNEL_ID}, "I may not create threads"),
    ]
    for extra, expected in cases:
        game = extra.pop("game", "suipe")
        options = {"format": "swiss", "channel_id": THREADS_CHANNEL_ID,
                   "permissions": MANAGE_GUILD, **extra}  # fmt: skip
        step = await fake.slash(HOST, "tournament", f"new {game}", **options)
        response = step.responses[-1]
        assert response["data"]["flags"] & EPHEMERAL, answer(step)
        assert expected in answer(step), answer(step)
    past = await fake.slash(HOST, "tournament", "new suipe", channel_id=THREADS_CHANNEL_ID,
                            permissions=MANAGE_GUILD, format="swiss", start="-5")  # fmt: skip
    assert past.responses[-1]["data"]["flags"] & EPHEMERAL



async def test_a_result_left_untaken_by_a_stop_is_taken_at_the_restart(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=2,
                                computers=2, deals=1)  # fmt: skip
    for user in (702, 703):
        await press(env, user, event_id, "join")
    env.bot.flow.on_match_end.clear()  # the bot stops before the event hears of the ends
    await press(env, HOST, event_id, "start")
    def finished() -> bool:
        return rows(env, "SELECT COUNT(*) FROM game_tables WHERE status = 'finished'")[0][0] == 2

    players = asyncio.create_task(people_play(env, event_id, finished))
    await until(finished)
    await players
    assert all(r[4] is None for r in results(env, event_id)), "no result taken yet"
    await stop_bot(env.bot, wait_for_work=False)
    env.bot = await start_bot(env.fake, env.database)
    use_formats(env)
    await run_event(env, event_id)
    paired = results(env, event_id)
    assert [(r[0], r[1]) for r in paired] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert all(r[4] is not None for r in paired)


async def test_a_player_whose_matches_time_out_twice_is_withdrawn(env: Env) -> None:
    use_formats(env)
    env.bot.timer_scale = 0.002  # each turn timer runs out within a second
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=3,
                                computers=3, deals=1)  # fmt: skip
    await press(env, 702, event_id, "join")  # Dev enters and never plays a move
    await press(env, HOST, event_id, "start")
    await until(lambda: event_status(env, event_id) == "finished", 180)
    await env.bot.idle()
    dev = sorted({r[0] for r in results(env, event_id) if 702 in json.loads(r[2])})
    assert dev == [1, 2], "withdrawn after two tables a computer played for him"
    stood_in = [json.loads(r[4])["stood_in"] for r in results(env, event_id) if r[0] < 3]
    assert [702] in stood_in
    said = [m["content"] for m in env.fake.channel_messages(event_thread(env, event_id))]
    assert any("<@702> missed their last 2 matches and is withdrawn" in s for s in said)
    withdrawn = rows(env, "SELECT withdrawn FROM tournament_entrants WHERE user_id = 702")
    assert withdrawn == [(1,)]


class SameDeals:
    """A format of the tests: one round, two tables that play the same committed deals."""

    name = "duplicate"
    tiebreak_names = ()

    def fits(self, seats: int, partnerships: bool) -> bool:
        return seats == 2

    def pairings(self, state: Any, free: Any, now: float) -> list[Pairing]:
        if state.pairings:
            return []
        ids = [e.user_id for e in state.entrants]
        return [Pairing(1, 1, (ids[0], ids[1]), 1), Pairing(1, 2, (ids[2], ids[3]), 1)]

    def finished(self, state: Any, now: float) -> bool:
        return len(state.results) == 2

    def standings(self, state: Any) -> list[Standing]:
        return [Standing(e.user_id, 1, 0.0) for e in state.entrants]


async def test_a_deal_set_deals_the_same_committed_deals_at_each_of_its_tables(env: Env) -> None:
    env.bot.tournaments.formats["duplicate"] = SameDeals()
    event_id = await make_event(env, "suipe", format="duplicate", players=2, computers=4,
                                deals=1)  # fmt: skip
    await press(env, HOST, event_id, "start")
    await until(lambda: event_status(env, event_id) == "finished")
    await env.bot.idle()
    keys = [json.loads(k) for (k,) in rows(env, "SELECT deal_keys FROM game_tables ORDER BY id")]
    assert len(keys) == 2
    assert keys[0]["nonce"] == keys[1]["nonce"] and keys[0]["secrets"] == keys[1]["secrets"]
    assert keys[0]["uncut"] and keys[0]["first_dealer"] == keys[1]["first_dealer"] == 0
    first = [rows(env, "SELECT notation FROM actions WHERE table_id = ? AND number = 0", t)
             for t in (1, 2)]  # fmt: skip
    assert first[0] == first[1], "the same cards: the same first move by the same computer"


async def test_the_check_in_closes_entries_before_the_start(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=1,
                                start="1", checkin=1)  # fmt: skip
    await until(lambda: event_status(env, event_id) == "closed", 10)
    await env.bot.idle()
    step = await env.fake.slash(702, "tournament", "join", channel_id=THREADS_CHANNEL_ID,
                                event=event_id)  # fmt: skip
    assert answer(step) == "Entries to this event are closed."
    assert step.responses[-1]["data"]["flags"] & EPHEMERAL


async def test_a_knockout_event_plays_to_its_champion(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="knockout", players=2, computers=3,
                                deals=1)  # fmt: skip
    for user in (702, 703):
        await press(env, user, event_id, "join")
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    paired = results(env, event_id)
    # five entrants: a bracket of eight, three byes to the top seeds, then semi-finals, final
    # (a drawn match is played again: one more table for the same tie)
    ties = {n: {frozenset(json.loads(r[2])) for r in paired if r[0] == n} for n in (1, 2, 3)}
    assert [len(ties[n]) for n in (1, 2, 3)] == [1, 2, 1]
    assert {r[0] for r in paired} == {1, 2, 3}
    said = env.fake.channel_messages(event_thread(env, event_id))
    final = [m for m in said if m["content"].startswith("The event is over. Winner:")]
    assert [f["name"] for f in env.fake.files[int(final[0]["id"])]] == ["results.png",
                                                                       "bracket.png"]


async def test_an_arena_pairs_free_players_until_its_time_is_up(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="arena", players=2, computers=4, minutes=5,
                                deals=1)  # fmt: skip
    db = sqlite3.connect(env.database)
    with db:  # five minutes are four seconds here
        db.execute("UPDATE tournaments SET options = json_set(options, '$.format.duration', 4.0)")
    db.close()
    await press(env, HOST, event_id, "start")
    await until(lambda: event_status(env, event_id) == "finished", 60)
    await env.bot.idle()
    paired = results(env, event_id)
    assert len(paired) > 2, "players paired again as soon as they were free"
    assert all(r[4] is not None for r in paired), "tables playing at the end still count"
    started = rows(env, "SELECT started_at, finished_at FROM tournaments")[0]
    assert started[1] - started[0] >= 4.0


async def test_an_individual_duplicate_plays_the_same_deals_at_each_table(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "sheepshead", format="duplicate", players=5, rounds=2,
                                computers=10, sheepshead_hands=2)  # fmt: skip
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    paired = rows(env, "SELECT round, deal_set, table_id FROM tournament_pairings")
    assert len(paired) == 4 and all(deal_set is not None for _, deal_set, _ in paired)
    for number in (1, 2):
        tables = [t for r, _, t in paired if r == number]
        keys = [json.loads(rows(env, "SELECT deal_keys FROM game_tables WHERE id = ?", t)[0][0])
                for t in tables]  # fmt: skip
        assert keys[0]["secrets"][:2] == keys[1]["secrets"][:2], "the same committed deals"


async def test_partners_who_enter_together_sit_opposite_at_every_table(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "seep", format="swiss", players=4, rounds=1,
                                computers=2)  # fmt: skip
    joined = await env.fake.slash(702, "tournament", "join", channel_id=THREADS_CHANNEL_ID,
                                  event=event_id, partner=MemberOption(703))  # fmt: skip
    assert answer(joined) == f"You have entered event {event_id}."
    await press(env, 703, event_id, "join")
    alone = await env.fake.slash(704, "tournament", "join", channel_id=THREADS_CHANNEL_ID,
                                 event=event_id, partner=MemberOption(704))  # fmt: skip
    assert answer(alone) == "Choose someone else as your partner."
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    for _round, _table, seats, _table_id, result in results(env, event_id):
        seated = json.loads(seats)
        if 702 in seated:
            assert seated.index(703) == (seated.index(702) + 2) % 4, "partners sit opposite"
            scores = json.loads(result)["scores"]
            assert scores[seated.index(702)] == scores[seated.index(703)]
            break
    else:
        raise AssertionError("the partners never played")


async def test_a_league_makes_its_next_event_once_and_keeps_a_season_table(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "suipe", format="swiss", players=2, rounds=1, computers=3,
                                deals=1)  # fmt: skip
    await press(env, 702, event_id, "join")
    thread = event_thread(env, event_id)
    made = await env.fake.slash(HOST, "tournament", "league", channel_id=thread, league="Friday",
                                every=7, champion=RoleOption(CHAMPION_ROLE_ID))  # fmt: skip
    assert answer(made).startswith(f"Event {event_id} opens the league Friday")
    await press(env, HOST, event_id, "start")
    await run_event(env, event_id)
    await until(lambda: len(rows(env, "SELECT id FROM tournaments")) == 2)
    await env.bot.idle()
    (first, second) = rows(env, "SELECT starts_at, status, league, thread_id FROM tournaments"
                                " ORDER BY id")  # fmt: skip
    assert second[1:3] == ("open", "Friday") and second[3] is not None
    assert second[0] == pytest.approx(first[0] + 7 * 86400)
    said = [m["content"] for m in env.fake.channel_messages(thread)]
    assert any(s.startswith("The next event of Friday: event 2, <t:") for s in said)
    assert standings_message(env, 2)["embeds"][0]["description"].startswith("Open for entries")
    # asked again (a restart after the end), it is the same next event
    finished = await env.bot.tournaments.get(event_id)
    await env.bot.tournaments.next_in_league(finished)
    await env.bot.idle()
    assert len(rows(env, "SELECT id FROM tournaments")) == 2
    season = await env.fake.slash(703, "tournament", "season", channel_id=THREADS_CHANNEL_ID,
                                  league="Friday")  # fmt: skip
    embed = season.responses[-1]["data"]["embeds"][0]
    assert embed["title"] == "Friday: the season so far"
    lines = embed["description"].splitlines()
    assert len(lines) == 4 and lines[0].startswith("1. ") and "(1 played)" in lines[0]
    # the season's best-placed member holds the champion role (computers hold no roles):
    # Dev, the one member who played
    assert env.fake.member_roles == {702: {CHAMPION_ROLE_ID}}
    view = await env.bot.tournaments.view(event_id)
    # by hand: one point, and one per player finished below
    expected = sorted((len(view.standings) - s.rank + 1 for s in view.standings), reverse=True)
    assert [int(line.split(" — ")[1].split(" ")[0]) for line in lines] == expected

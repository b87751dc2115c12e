"""Sedma and Hola at the table, end to end: a four-player Sedma match (two humans, two computer
seats) to its end with a continued trick, then the leaderboard and /stats; a two-player Hola
hand with a fight."""

from __future__ import annotations

import pytest

from .conftest import Env
from .fake_discord import EPHEMERAL, GUILD_ID, NO_FILES_CHANNEL_ID, FakeDiscord
from .helpers import (
    button,
    finish_picker,
    fix_deals,
    latest_table,
    rated_table_players,
    start_table,
    whose_turn,
)

ASHA, DEV = 901, 902
SEED = 5
HOLA_SEED = 3  # a shuffle where Asha leads (and so may fight) early


async def play_preferring(fake: FakeDiscord, user_id: int, prefix: str) -> tuple[str, str]:
    """Open the hand and play: a move whose notation starts with `prefix` when offered (go
    again, fight), else one that takes the trick, else the first. Returns (the move chosen,
    the answer)."""
    table = latest_table(fake)
    opened = await fake.click(user_id, int(table["id"]), button(fake, table, "My hand"))
    picker = fake.messages[opened.message_id]
    assert picker["flags"] & EPHEMERAL and picker["attachments"]
    chosen = [""]

    def choose(choice: dict) -> list[str]:
        values = [o["value"] for o in choice["options"]]
        wanted = [v for v in values if v.startswith(prefix)]
        taking = [o["value"] for o in choice["options"] if "takes the trick" in o["label"]]
        value = (wanted or taking or values)[0]
        if choice["custom_id"].split(":")[3] in ("move", "play"):
            chosen[0] = value
        return [value]

    answer, _ = await finish_picker(fake, user_id, picker, choose)
    return chosen[0], answer


def posted_titles(fake: FakeDiscord, channel: int) -> list[str]:
    return [m["embeds"][0].get("title", "") for m in fake.channel_messages(channel) if m["embeds"]]


async def test_four_player_sedma_to_the_end_then_the_leaderboard(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    # fixed deal secrets, so that the humans get to go again
    fix_deals(monkeypatch, SEED)
    fake = env.fake
    await rated_table_players(fake, {ASHA: "Asha", DEV: "Dev"})
    new = await fake.slash(ASHA, "table", "new sedma", players=4, game_points=2)
    lobby = fake.messages[new.message_id]
    assert (
        "Partners sit opposite: seats 1 & 3 against seats 2 & 4."
        in (lobby["embeds"][0]["footer"]["text"])
    )
    await fake.click(DEV, new.message_id, button(fake, lobby, "Join"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Add computer player"))
    await fake.click(ASHA, new.message_id, button(fake, lobby, "Start"))
    await env.bot.idle()
    channel = int(lobby["channel_id"])
    session = env.bot.tables.get(channel)
    assert session.row.rules == {"players": 4, "target": 2}

    went_again = 0
    answers: list[str] = []
    while not session.match.is_terminal:
        table = latest_table(fake)
        assert table["attachments"][0]["filename"] == "table.png"
        move, answer = await play_preferring(fake, whose_turn(fake), "+")
        went_again += move.startswith("+")
        answers.append(answer)
        await env.bot.idle()
    assert went_again >= 1, "a human went again at least once"
    assert any(" went again with " in a for a in answers)
    titles = posted_titles(fake, channel)
    hands = [t for t in titles if t.startswith("Hand ") and t.endswith(" is over")]
    assert len(hands) == session.match.deals_finished >= 1
    summaries = [m for m in fake.channel_messages(channel) if m["embeds"]]
    summary = [m for m in summaries if m["embeds"][0].get("title", "").startswith("Hand ")][-1]
    fields = {f["name"]: f["value"] for f in summary["embeds"][0]["fields"]}
    assert "game point" in fields["Result"] and "win!" in fields["Match over"]
    assert summary["attachments"][0]["filename"] == "summary.png"

    rows = await env.bot.store.player_results(GUILD_ID, "sedma")
    assert {r.user_id for r in rows} == {ASHA, DEV} and all(r.rated for r in rows)
    assert {r.side for r in rows} == {0, 1}  # seats 1 and 2 play on opposite sides
    assert all(r.stat("game_points") == session.match.scores[r.side] for r in rows)
    board = await fake.slash(DEV, "leaderboard", channel_id=NO_FILES_CHANNEL_ID, game="sedma")
    embed = fake.messages[board.message_id]["embeds"][0]
    assert embed["title"] == "Sedma leaderboard · by wins"
    assert len(embed["description"].splitlines()) == 2
    stats = await fake.slash(ASHA, "stats", "sedma")
    shown = {f["name"]: f["value"] for f in fake.messages[stats.message_id]["embeds"][0]["fields"]}
    asha = next(r for r in rows if r.user_id == ASHA)
    assert shown["Game points"] == str(asha.stat("game_points"))
    assert shown["Hands won with 2"] == str(asha.stat("hands_won_2"))
    assert shown["Rating"] != "not rated yet"


async def test_two_player_hola_hand_with_a_fight(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_deals(monkeypatch, HOLA_SEED)
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    lobby, _ = await start_table(env, ASHA, "hola", computers=1, players=2)
    channel = int(lobby["channel_id"])
    session = env.bot.tables.get(channel)
    fights = 0
    while session.match.deals_finished == 0:
        move, answer = await play_preferring(fake, ASHA, "!")
        if move.startswith("!"):
            fights += 1
            assert " fought on: led " in answer
        await env.bot.idle()
    assert fights >= 1
    assert "Hand 1 is over" in posted_titles(fake, channel)
    result = session.match.deal_results[0].score
    assert sum(result.points) in (90, 170)


async def test_sedma_text_table_and_refusals(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    await start_table(env, ASHA, "sedma", joiners=(DEV,), channel_id=NO_FILES_CHANNEL_ID, players=2)
    tables = [m for m in fake.channel_messages(NO_FILES_CHANNEL_ID) if m["embeds"]
              and any(f["name"] == "Table" for f in m["embeds"][0].get("fields", []))]  # fmt: skip
    text = next(f["value"] for f in tables[-1]["embeds"][0]["fields"] if f["name"] == "Table")
    assert "Trick:" in text and "Wild: 7s" in text and "in stock" in text
    session = env.bot.tables.get(NO_FILES_CHANNEL_ID)
    mover = (ASHA, DEV)[session.match.current_player]
    other = DEV if mover == ASHA else ASHA
    late = await fake.slash(other, "play", move="7H", channel_id=NO_FILES_CHANNEL_ID)
    assert "turn" in late.responses[-1]["data"]["content"]
    wrong = await fake.slash(mover, "play", move="stop", channel_id=NO_FILES_CHANNEL_ID)
    data = wrong.responses[-1]["data"]
    assert data["flags"] & EPHEMERAL and "Only the leader stops a trick" in data["content"]
    choices = await fake.autocomplete(mover, "play", "move", "", channel_id=NO_FILES_CHANNEL_ID)
    assert len(choices) == 4 and all(c["name"].startswith("Lead ") for c in choices)


async def test_sedma_rules_in_czech_and_slovak_and_holas_fight(env: Env) -> None:
    fake = env.fake
    czech = await fake.slash(ASHA, "rules", "sedma", locale="cs")
    message = fake.messages[czech.message_id]
    assert message["embeds"][0]["title"] == "Sedma · Rychlý začátek"
    assert "1 / 11 · Čeština" in message["embeds"][0]["footer"]["text"]
    # the page's controls speak its language
    language = next(c for c in fake.components(message) if c.get("placeholder") == "Jazyk")
    assert {o["value"] for o in language["options"]} == {"en", "cs", "sk"}
    topic = next(c for c in fake.components(message) if c.get("placeholder") == "Téma")
    sevens = next(o["value"] for o in topic["options"] if o["label"] == "Sedmy")
    await fake.click(ASHA, czech.message_id, topic["custom_id"], [sevens])
    message = fake.messages[czech.message_id]
    language = next(c for c in fake.components(message) if c.get("placeholder") == "Jazyk")
    await fake.click(ASHA, czech.message_id, language["custom_id"], ["sk"])
    message = fake.messages[czech.message_id]
    assert message["embeds"][0]["title"] == "Sedma · Sedmy"
    assert "Vyniesli sa králi" in message["embeds"][0]["fields"][0]["value"]
    assert message["attachments"][0]["filename"] == "example-1.png"

    hola = await fake.slash(ASHA, "rules", "hola", topic="fight")
    page = fake.messages[hola.message_id]["embeds"][0]
    assert page["title"] == "Hola · Hola and its fight"
    assert "Fight: lead 9♣" in page["fields"][0]["value"]

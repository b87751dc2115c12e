"""German Whist at the table, end to end: a human against a computer seat from
`/table new germanwhist` to the match's end, the face-up card on the table, the result in
/stats, and the game in German from its own catalogue."""

from __future__ import annotations

import pytest

from .conftest import Env
from .fake_discord import GUILD_ID, NO_FILES_CHANNEL_ID
from .helpers import fix_deals, message_title, rated_table_players, start_table, whose_turn
from .test_sedma import play_preferring, posted_titles

ASHA, DEV = 951, 952


async def test_a_match_against_the_computer_to_its_end(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, 4)
    fake = env.fake
    await rated_table_players(fake, {ASHA: "Asha", DEV: "Dev"})
    lobby, _ = await start_table(env, ASHA, "germanwhist", computers=1, whist_points=1)
    assert message_title(lobby).startswith("German Whist · table")
    channel = int(lobby["channel_id"])
    session = env.bot.tables.get(channel)
    assert session.row.rules == {"players": 2, "target": 1}
    assert "Face up on the stock:" in session.match.view(0).picture(["Asha", "C"]).text()
    answers = []
    while not session.match.is_terminal:
        assert whose_turn(fake) == ASHA
        _move, answer = await play_preferring(fake, ASHA, "")
        answers.append(answer)
        await env.bot.idle()
    assert len(answers) == 26  # one hand: 26 tricks, a card of Asha's in each
    assert "Hand 1 is over" in posted_titles(fake, channel)
    rows = await env.bot.store.player_results(GUILD_ID, "germanwhist")
    assert [r.user_id for r in rows] == [ASHA]
    stats = await fake.slash(ASHA, "stats", "germanwhist", channel_id=NO_FILES_CHANNEL_ID)
    shown = {f["name"]: f["value"] for f in fake.messages[stats.message_id]["embeds"][0]["fields"]}
    assert shown["Match points"] == str(rows[0].stat("match_points"))


async def test_the_lobby_speaks_german_from_the_games_own_catalogue(env: Env) -> None:
    fake = env.fake
    fake.add_member(DEV, "Dev", locale="de")
    new = await fake.slash(DEV, "table", "new germanwhist")
    assert message_title(fake.messages[new.message_id]).startswith("Deutsches Whist")

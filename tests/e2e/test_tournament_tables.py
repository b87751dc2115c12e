"""Event tables end to end beyond the formats' own runs (tests/e2e/test_tournaments.py): a
Sheepshead session table of six whose dealer sits out each hand, rated events feeding the
ratings, and a league's champion role given, taken, and left alone where the bot may not
manage it."""

from __future__ import annotations

import json

from .conftest import Env
from .test_tournaments import (
    HOST,
    PEOPLE,
    make_event,
    press,
    results,
    rows,
    run_event,
    standings_message,
    use_formats,
)


async def test_eleven_at_sheepshead_sit_at_six_and_five_the_dealer_out_at_six(env: Env) -> None:
    use_formats(env)
    event_id = await make_event(env, "sheepshead", format="sessions", players=5, rounds=1,
                                computers=5, sheepshead_hands=2)  # fmt: skip
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
        # two hands a player at five; three at six, so that each of the six plays two
        assert rules["hands"] == (3 if six else 2)
        deals = [json.loads(r[0]) for r in rows(
            env, "SELECT result FROM deal_results WHERE table_id = ? ORDER BY number", table_id
        )]  # fmt: skip
        played = [d for d in deals if not d.get("redeal")]
        assert len(played) == rules["hands"]
        if six:  # the dealer of each hand sits it out: nothing won or lost
            assert all(d["units"][d["dealer"]] == 0 for d in played)
        assert sum(result["scores"]) == 0
    embed = standings_message(env, event_id)["embeds"][0]
    assert "Finished." in embed["description"]

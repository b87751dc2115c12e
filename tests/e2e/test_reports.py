""""Report this move" end to end: in `/replay`, a computer player's move has the button
(a person's has not); the report is kept with the deal's record, names replaced by seat
numbers; the server's admins list the reports, others are refused; a member who is
forgotten takes their reports along."""

from __future__ import annotations

from typing import Any

from bot.storage.reports import ReportStore

from .conftest import Env
from .fake_discord import EPHEMERAL, GUILD_ID, FakeDiscord
from .helpers import MANAGE_GUILD, button, start_table
from .test_records import answer, play_hand

ASHA, DEV = 961, 962


def report_button(fake: FakeDiscord, message: dict[str, Any]) -> str | None:
    return next((c["custom_id"] for c in fake.components(message)
                 if str(c.get("custom_id", "")).startswith("report:")), None)  # fmt: skip


async def test_a_computers_move_is_reported_from_the_replay_and_listed_for_admins(
    env: Env,
) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    await play_hand(env)
    await env.bot.idle()

    replay = await fake.slash(ASHA, "replay", deal=1)
    page = fake.messages[replay.message_id]
    assert page["flags"] & EPHEMERAL
    seen: dict[str, bool] = {}  # the step's mover → whether the page offers a report
    opened = None
    for _ in range(40):
        title = str(page["embeds"][0]["title"])
        custom_id = report_button(fake, page)
        told = str(page["embeds"][0].get("description") or "")
        mover = "Asha" if told.startswith("Asha") else "computer"
        seen[mover] = seen.get(mover, False) or custom_id is not None
        if mover == "Asha":
            assert custom_id is None, f"a person's move offers no report ({title})"
        elif custom_id is not None and opened is None:
            opened = await fake.click(ASHA, int(page["id"]), custom_id)
        if seen.get("Asha") is not None and opened is not None:
            break
        next_id = next(c["custom_id"] for c in fake.components(page) if c.get("label") == "Next")
        step = await fake.click(ASHA, int(page["id"]), next_id)
        page = fake.messages[step.message_id or int(page["id"])]
    assert seen.get("computer") and opened is not None, seen
    modal = next(r for r in opened.responses if r.get("type") == 9)["data"]
    assert modal["title"].startswith("Report move")
    field = modal["components"][0]
    text_input = field.get("component") or field["components"][0]
    sent = await fake.submit(ASHA, opened, {text_input["custom_id"]: "It led a ten into my ace."})
    assert "Thank you" in answer(sent)["content"]
    assert answer(sent)["flags"] & EPHEMERAL

    reports, total = await ReportStore(env.bot.store).of_guild(GUILD_ID, 10)
    assert total == 1
    kept = reports[0]
    assert kept.reporter_id == ASHA and kept.words == "It led a ten into my ace."
    assert kept.level in ("easy", "normal", "hard") and kept.move
    assert "Asha" not in kept.record, "the kept record names no one"
    assert '[Seat1 "Seat 1"]' in kept.record

    refused = answer(await fake.slash(DEV, "settings", "reports", permissions=0))
    assert "Manage Server" in refused["content"] or "manage" in refused["content"].lower()
    listed = answer(await fake.slash(DEV, "settings", "reports", permissions=MANAGE_GUILD))
    assert "1 report of a computer player's move" in listed["content"]
    assert "It led a ten into my ace." in listed["content"]
    assert f"<@{ASHA}>" in listed["content"]

    await fake.slash(ASHA, "table", "end", channel_id=session.row.channel_id)
    await env.bot.idle()
    asked = await fake.slash(ASHA, "privacy", "forget-me")
    question = fake.messages[asked.message_id]
    done = await fake.click(ASHA, asked.message_id, button(fake, question, "Delete"))
    assert "Nothing was deleted" not in answer(done)["content"]
    emptied = answer(await fake.slash(DEV, "settings", "reports", permissions=MANAGE_GUILD))
    assert "Nobody here has reported" in emptied["content"], emptied["content"]

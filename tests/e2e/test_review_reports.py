""""Report this move" under `/review`: beside each listed decision's better choice (the hard
computer player's judgement) the review has the same button as `/replay`; its form keeps the
report with the deal's record, as the review's choice for the asker's seat, and the server's
admins see it listed so. A choice that was not one of the decision's moves is refused."""

from __future__ import annotations

import pytest

from bot.reports import REVIEW_LEVEL, ReportRefused, Reports
from bot.storage.reports import ReportStore
from cogs import review as review_cog

from .conftest import Env
from .fake_discord import EPHEMERAL, GUILD_ID
from .helpers import MANAGE_GUILD, fix_deals, start_table
from .test_records import answer, play_hand
from .test_review import wait_for

ASHA = 971


async def test_the_reviews_better_choice_is_reported_and_listed_for_admins(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_deals(monkeypatch, 3)
    monkeypatch.setattr(review_cog, "REVIEW_SECONDS", None)  # the same figures on any machine
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    assert session is not None
    await play_hand(env)  # Asha plays the first move offered: some of it loses
    await env.bot.idle()

    asked = await fake.slash(ASHA, "review", deal=1)
    assert asked.message_id is not None
    text = await wait_for(fake, asked.message_id, "**Review")
    shown = fake.messages[asked.message_id]
    assert shown["flags"] & EPHEMERAL
    buttons = [c for c in fake.components(shown)
               if str(c.get("custom_id", "")).startswith("report:1:")]  # fmt: skip
    assert buttons, text
    listed = [line for line in text.splitlines() if line.startswith("**Move ") and " · " in line]
    assert len(buttons) == len(listed) and all(":better:" in b["custom_id"] for b in buttons)
    first = buttons[0]
    step = int(first["custom_id"].split(":")[2])
    better = first["custom_id"].split(":better:")[1]
    assert first["label"] == f"Report “Better” of move {step}"
    assert f"**Move {step}**" in text

    opened = await fake.click(ASHA, asked.message_id, first["custom_id"])
    modal = next(r for r in opened.responses if r.get("type") == 9)["data"]
    assert modal["title"] == f"Report move {step} of deal 1"
    field = modal["components"][0]
    text_input = field.get("component") or field["components"][0]
    sent = await fake.submit(ASHA, opened, {text_input["custom_id"]: "The better move loses."})
    assert "Thank you" in answer(sent)["content"] and answer(sent)["flags"] & EPHEMERAL

    reports, total = await ReportStore(env.bot.store).of_guild(GUILD_ID, 10)
    assert total == 1
    kept = reports[0]
    assert (kept.step, kept.seat, kept.level, kept.move) == (step, 0, REVIEW_LEVEL, better)
    assert kept.words == "The better move loses." and "Asha" not in kept.record
    listed_now = answer(await fake.slash(ASHA, "settings", "reports", permissions=MANAGE_GUILD))
    assert f"move {step} (Sedma, the review's better choice for seat 1): `{better}`" in (
        listed_now["content"]
    )

    row = await env.bot.store.deal_record(1)
    assert row is not None
    with pytest.raises(ReportRefused, match="not a choice"):
        await Reports(env.bot.store).report(row, step, ASHA, "made up", better="no such move")
    assert not fake.violations

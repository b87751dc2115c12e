"""/review end to end: a player who finished a Sedma hand against a computer reviews it
privately (a progress line first, then the review in their language); a member who did not
play is refused, unknown deals are refused, and a daily deal is reviewed by any member."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from .conftest import Env
from .fake_discord import EPHEMERAL, FakeDiscord
from .helpers import button, start_table
from .test_records import answer, play_hand

ASHA, DEV = 931, 932


async def reviewed(fake: FakeDiscord, user: int, deal: int, **options: Any) -> tuple[str, str]:
    """The progress line the asker sees first, and the answer that replaces it."""
    step = await fake.slash(user, "review", deal=deal, **options)
    first = str(answer(step).get("content") or "")
    message_id = step.message_id
    assert message_id is not None
    assert fake.messages[message_id]["flags"] & EPHEMERAL, "a review is private"
    for _ in range(600):
        content = str(fake.messages[message_id].get("content") or "")
        if content and content != first:
            return first, content
        await asyncio.sleep(0.05)
    return first, str(fake.messages[message_id].get("content") or "")


async def test_a_player_reviews_their_deal_and_others_are_refused(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    assert session is not None
    await play_hand(env)
    await env.bot.idle()

    progress, review = await reviewed(fake, ASHA, 1)
    assert progress.startswith("Reviewing…")
    assert "**Review of deal 1** · Sedma · Asha" in review
    assert "card points" in review and "Lost in the whole deal" in review
    assert "Move " in review or "Nothing important happened" in review

    refused = answer(await fake.slash(DEV, "review", deal=1))
    assert "Only the players of deal 1 may review it" in refused["content"]
    missing = answer(await fake.slash(ASHA, "review", deal=77))
    assert "There is no finished deal number 77" in missing["content"]

    # in German (Discord's client language): the review speaks it
    _, german = await reviewed(fake, ASHA, 1, locale="de")
    assert "Analyse von Spiel 1" in german and "Kartenpunkte" in german

    # a daily deal (a record without a table, made once its day is over): any member
    await env.bot.store.database.run("UPDATE deal_records SET table_id = NULL WHERE id = 1")
    _, daily = await reviewed(fake, DEV, 1)
    assert "**Review of deal 1** · Sedma · Asha" in daily
    assert not fake.violations


async def test_the_deal_summary_has_a_review_button_for_its_players(env: Env) -> None:
    """Each deal's summary carries Review: its player gets the review privately, someone who
    did not play is told so."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    assert session is not None
    await play_hand(env)
    await env.bot.idle()
    summaries = [m for m in fake.channel_messages()
                 if any(str(c.get("custom_id", "")).startswith("review:")
                        for c in fake.components(m))]  # fmt: skip
    assert summaries, "the summary offers Review"
    button = next(c for c in fake.components(summaries[-1])
                  if str(c.get("custom_id", "")).startswith("review:"))  # fmt: skip
    assert button["label"] == "Review" and button["custom_id"] == f"review:{session.id}:1"
    refused = await fake.click(DEV, int(summaries[-1]["id"]), button["custom_id"])
    assert "Only the players of deal 1 may review it" in answer(refused)["content"]
    pressed = await fake.click(ASHA, int(summaries[-1]["id"]), button["custom_id"])
    message_id = pressed.message_id
    assert message_id is not None and fake.messages[message_id]["flags"] & EPHEMERAL
    for _ in range(600):
        content = str(fake.messages[message_id].get("content") or "")
        if content.startswith("**Review of deal 1**"):
            break
        await asyncio.sleep(0.05)
    assert "**Review of deal 1** · Sedma · Asha" in content
    assert not fake.violations


async def wait_for(fake: FakeDiscord, message_id: int, start: str) -> str:
    content = ""
    for _ in range(600):
        content = str(fake.messages[message_id].get("content") or "")
        if content.startswith(start):
            break
        await asyncio.sleep(0.05)
    return content


async def test_the_face_up_view_is_labelled_apart_and_replay_offers_review(env: Env) -> None:
    """The review's second view comes after the figures of what the player could know, under
    its own heading; /replay's Review button gives the same review privately."""
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    _, session = await start_table(env, ASHA, "sedma", computers=1, players=2)
    assert session is not None
    await play_hand(env)
    await env.bot.idle()

    step = await fake.slash(ASHA, "review", deal=1)
    assert step.message_id is not None
    review = await wait_for(fake, step.message_id, "**Review")
    files = [a["filename"] for a in fake.messages[step.message_id]["attachments"]]
    assert "review-1-chart.png" in files, "the figures over the deal, as a chart"
    knew, _, face_up = review.partition("**With every card face up**")
    assert face_up, "the face-up view is there, under its own heading"
    assert "Lost in the whole deal" in knew and "Lost in the whole deal" not in face_up
    assert "not what you could know" in face_up and "bad luck" in face_up
    _, czech = await reviewed(fake, ASHA, 1, locale="cs")
    assert "**Se všemi kartami lícem nahoru**" in czech

    replay = await fake.slash(ASHA, "replay", deal=1)
    shown = fake.messages[replay.message_id]
    pressed = await fake.click(ASHA, replay.message_id, button(fake, shown, "Review"))
    message_id = pressed.message_id
    assert message_id is not None and fake.messages[message_id]["flags"] & EPHEMERAL
    assert "**Review of deal 1** · Sedma · Asha" in await wait_for(fake, message_id, "**Review")
    assert not fake.violations


REVIEWED = [
    ("seep", 2, "hi", "समीक्षा", "पूरे दौर में"),
    ("seep30", 2, "en", "Review of deal", "Lost in the whole deal"),
    ("suipe", 2, "en", "Review of deal", "Lost in the whole deal"),
    ("sedma", 2, "cs", "Rozbor rozdání", "Ztráta za celé rozdání"),
    ("hola", 2, "cs", "Rozbor rozdání", "Ztráta za celé rozdání"),
    ("sheepshead", 3, "de", "Analyse von Spiel", "Verlust im ganzen Spiel"),
]


@pytest.mark.parametrize(("game", "players", "locale", "title", "total"), REVIEWED)
async def test_every_game_is_reviewed_in_its_players_language(
    env: Env, game: str, players: int, locale: str, title: str, total: str
) -> None:
    """A deal of each game against computers, reviewed privately in the asker's language:
    the figures, the deal's total, the face-up view apart, and the chart."""
    from .test_puzzle import ASHA as PLAYER
    from .test_puzzle import finished_deal

    env.fake.add_member(PLAYER, "Asha")
    await finished_deal(env, game, players)
    step = await env.fake.slash(PLAYER, "review", deal=1, locale=locale)
    assert step.message_id is not None
    review = await wait_for(env.fake, step.message_id, "**")
    assert title in review and total in review, review
    knew, _, face_up = review.partition("\n\n**")  # the face-up view, under its own heading
    assert total in knew and total not in face_up
    files = [a["filename"] for a in env.fake.messages[step.message_id]["attachments"]]
    assert files == ["review-1-chart.png"], "the answer holds the chart alone"
    pictured = pictures_apart(env.fake, step.message_id)
    assert all(len(attachments) == 1 for attachments in pictured.values())
    assert len(pictured) <= 3
    if game == "seep":  # this deal's biggest losses are pictured, each on its own
        assert pictured
    assert not env.fake.violations


def pictures_apart(fake: FakeDiscord, answer: int) -> dict[int, list[str]]:
    """The review's decision pictures, by message: a private follow-up each, after the
    answer (a phone crops several pictures in one message into a mosaic)."""
    found: dict[int, list[str]] = {}
    for message_id, message in fake.messages.items():
        names = [a["filename"] for a in message.get("attachments") or []]
        if message_id != answer and any(n.startswith("review-1-move-") for n in names):
            assert int(message.get("flags") or 0) & EPHEMERAL, "a decision is the asker's alone"
            found[message_id] = names
    return found

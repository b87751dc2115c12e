"""/rules in each language, its paging and topic select, the table's Rules button, and the
commands' Hindi names."""

from __future__ import annotations

from typing import Any

from engine import registry

from .conftest import Env
from .fake_discord import (
    EPHEMERAL,
    GUILD_ID,
    NO_FILES_CHANNEL_ID,
    UPLOAD_LIMIT,
    message_problems,
)
from .helpers import button, start_table

ASHA = 801


def select_by(fake, message: dict, kind: str) -> dict:
    """The page's topic or language select (`kind` starts its custom id)."""
    for component in fake.components(message):
        if str(component.get("custom_id", "")).startswith(kind + ":"):
            return component
    raise AssertionError(f"no {kind} select")


async def test_rules_in_english_hindi_and_gujarati(env: Env) -> None:
    fake = env.fake
    english = await fake.slash(ASHA, "rules", "seep")
    message = fake.messages[english.message_id]
    assert message["flags"] & EPHEMERAL
    assert message["embeds"][0]["title"] == "Seep · Quick start"
    assert "1 / 10 · English" in message["embeds"][0]["footer"]["text"]

    hindi = await fake.slash(ASHA, "rules", "seep", locale="hi")
    message = fake.messages[hindi.message_id]
    assert message["embeds"][0]["title"] == "सीप · जल्दी शुरुआत"  # the game's name too
    nxt = await fake.click(ASHA, hindi.message_id, button(fake, message, "अगला"))
    assert nxt.responses[-1]["type"] == 7
    message = fake.messages[hindi.message_id]
    assert message["embeds"][0]["title"] == "सीप · बँटाई और बोली"
    assert message["attachments"][0]["filename"] == "example-1.png"  # the bid, drawn
    value = message["embeds"][0]["fields"][0]["value"]
    # words, not notation, and in the page's language: the example's move and what follows
    assert "बोली 11" in value and "```" not in value and "B11" not in value
    assert "Bid" not in value and "After" not in value and "Seat" not in value

    language = select_by(fake, message, "ruleslang")
    assert language["placeholder"] == "भाषा"  # the page's controls speak the page's language
    await fake.click(ASHA, hindi.message_id, language["custom_id"], ["gu"])
    message = fake.messages[hindi.message_id]
    assert message["embeds"][0]["title"] == "સીપ · વહેંચણી અને બોલી"  # same page, Gujarati

    topic = select_by(fake, message, "rulestopic")
    assert topic["placeholder"] == "વિષય"
    houses = next(o["value"] for o in topic["options"] if "ઘર" in o["label"])
    await fake.click(ASHA, hindi.message_id, topic["custom_id"], [houses])
    message = fake.messages[hindi.message_id]
    # build, cement and break: each explained beside its own picture
    assert [len(embed["fields"]) for embed in message["embeds"]] == [1, 1, 1]
    drawn = [a["filename"] for a in message["attachments"]]
    assert drawn == ["example-1.png", "example-2.png", "example-3.png"]
    assert [e["image"]["url"] for e in message["embeds"]] == [f"attachment://{n}" for n in drawn]
    assert message["embeds"][-1]["footer"]["text"] == "4 / 10 · ગુજરાતી"  # at the end

    back = button(fake, message, "પાછલું")  # to a page of one example: one picture stays
    await fake.click(ASHA, hindi.message_id, back)
    message = fake.messages[hindi.message_id]
    assert len(message["embeds"]) == 1 and len(message["attachments"]) == 1


async def test_a_czech_page_is_czech_with_each_example_drawn(env: Env) -> None:
    fake = env.fake
    shown = await fake.slash(ASHA, "rules", "sedma", topic="winning-a-trick", language="cs")
    message = fake.messages[shown.message_id]
    assert message["embeds"][0]["title"] == "Sedma · Kdo bere štych"
    assert len(message["embeds"]) == len(message["attachments"]) == 2  # both examples
    assert [f["size"] > 0 for f in fake.files[shown.message_id]] == [True, True]
    labels = {c.get("label") for c in fake.components(message)}
    assert {"Předchozí", "Další"} <= labels
    assert "Místo 1" in message["embeds"][1]["fields"][0]["value"]


def test_the_fake_refuses_what_discord_refuses_in_a_message() -> None:
    """The limits the pages rely on: 10 embeds, 6,000 characters over them, 10 files within
    the upload limit."""
    one = {"title": "t", "description": "d" * 4000}
    assert message_problems({"embeds": [one]}, []) == []
    assert message_problems({"embeds": [one, one]}, [])  # 8,002 characters
    assert message_problems({"embeds": [{"title": "t"}] * 11}, [])
    small = {"name": "example.png", "size": 1000}
    assert message_problems({}, [small] * 10) == []
    assert message_problems({}, [small] * 11)
    assert message_problems({}, [{"name": "big.png", "size": UPLOAD_LIMIT + 1}])


async def test_suipe_rules_are_english_with_samoan_words(env: Env) -> None:
    fake = env.fake
    reply = await fake.slash(ASHA, "rules", "suipe", topic="scoring", locale="hi",
                             channel_id=NO_FILES_CHANNEL_ID)  # fmt: skip
    message = fake.messages[reply.message_id]
    assert "अंग्रेज़ी में" in message["content"]  # the note speaks the asker's Hindi
    assert "kala" in message["embeds"][0]["description"]
    assert not message["attachments"]  # no image where the bot may not attach files
    assert "sefulu" in message["embeds"][0]["fields"][0]["value"]


async def test_the_table_rules_button_opens_the_page_for_the_moment(env: Env) -> None:
    fake = env.fake
    await start_table(env, ASHA, "seep", computers=1, players=2)
    table = next(
        m for m in reversed(fake.channel_messages())
        if any(c.get("label") == "Rules" for c in fake.components(m))
    )  # fmt: skip
    session = env.bot.tables.get(int(table["channel_id"]))
    opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "Rules"))
    page = fake.messages[opened.message_id]
    assert page["flags"] & EPHEMERAL
    expected = "The deal and the bid" if session.match.view().phase == "bid" else "Captures"
    if session.match.view().houses:
        expected = "Houses: build, cement, break"
    assert page["embeds"][0]["title"] == f"Seep · {expected}"


async def test_commands_have_hindi_names_and_descriptions(env: Env) -> None:
    fake = env.fake
    await fake.slash(1, "admin", "sync", scope="this server")
    await env.bot.idle()
    await fake.wait_for_message(lambda m: "Published" in m["content"])
    published = {c["name"]: c for c in fake.guild_commands[GUILD_ID]}
    assert published["rules"]["name_localizations"]["hi"] == "नियम"
    described = published["rules"]["description_localizations"]["hi"]
    assert described == "ताश के खेल खेलना सीखें"
    games = set(registry.names())

    def check(command: dict[str, Any]) -> None:
        if command["name"] not in games:  # a game's subcommand keeps the game's name
            assert command.get("name_localizations", {}).get("hi"), command["name"]
        assert command.get("description_localizations", {}).get("hi"), command["name"]
        for option in command.get("options", []):
            if option["type"] in (1, 2):  # a subcommand or a group of them
                check(option)

    for command in fake.guild_commands[GUILD_ID]:
        check(command)
    seep = next(o for o in published["table"]["options"] if o["name"] == "new")["options"][0]
    assert seep["name"] == "seep"
    assert seep["description_localizations"]["hi"] == "सीप की टेबल खोलें"  # the game's Hindi name


async def test_seep30_has_pages_of_its_own_in_every_language(env: Env) -> None:
    fake = env.fake
    for language, satthi in (("en", "Satthi"), ("hi", "सट्ठी"), ("gu", "સત્ઠી")):
        shown = await fake.slash(ASHA, "rules", "seep30", topic="scoring", language=language)
        page = fake.messages[shown.message_id]["embeds"][0]
        assert satthi in page["description"], language
        assert "100" not in page["description"], language
    sweeps = await fake.slash(ASHA, "rules", "seep30", topic="sweeps")
    page = fake.messages[sweeps.message_id]["embeds"][0]
    assert "50 points" not in page["description"] and "sweep worth 13" in str(page["fields"])

"""A member's data deleted at their request, end to end: two members finish a rated Sedma
match; one asks `/privacy forget-me` and confirms; their results, links to records and
choices are gone and their name is out of the stored deal, while the other member's results
and records still stand and the deal still verifies. A manager's `/privacy forget` does the
same for one member in their server; a member at an open table is refused."""

from __future__ import annotations

from typing import Any

from bot.storage.erasure import FORGOTTEN_NAME, forget_member

from .conftest import Env
from .fake_discord import GUILD_ID, FakeDiscord
from .helpers import button, play_first_move, rated_table_players, start_table, whose_turn

ASHA, DEV = 901, 902
MANAGE_GUILD = 1 << 5


def content(fake: FakeDiscord, step: Any) -> str:
    return str(fake.messages[step.message_id]["content"])


async def finished_match(env: Env) -> int:
    """Asha and Dev play a two-player Sedma match of one game point to its end: its table id."""
    await rated_table_players(env.fake, {ASHA: "Asha", DEV: "Dev"})
    _, session = await start_table(env, ASHA, "sedma", joiners=(DEV,), players=2, game_points=1)
    for _ in range(200):
        if session.match.is_terminal:
            break
        await play_first_move(env.fake, whose_turn(env.fake))
        await env.bot.idle()
    assert session.match.is_terminal
    return int(session.id)


async def test_a_member_forgets_themselves_and_the_others_keep_their_records(env: Env) -> None:
    fake, store = env.fake, env.bot.store
    table_id = await finished_match(env)
    await fake.slash(ASHA, "language", language="de")
    assert (await store.player_prefs(ASHA))["language"] == "de"
    assert {r.user_id for r in await store.player_results(GUILD_ID, "sedma")} == {ASHA, DEV}
    deals = await store.deal_records(GUILD_ID)
    assert deals and all('"Asha"' in deal.record for deal in deals)

    asked = await fake.slash(ASHA, "privacy", "forget-me", locale="en-US")
    question = fake.messages[asked.message_id]
    # Asha's language is German now: the question and the answer are in it
    assert question["content"].startswith("Deine Daten auf allen Servern löschen?")
    done = await fake.click(ASHA, asked.message_id, button(fake, question, "Löschen"))
    answer = done.responses[-1]["data"]["content"]
    # … and the answer in her Discord app's, once her choice of language is gone with the rest
    assert answer == ("Deleted: 1 result, 0 daily attempts, your language and auto-play "
                      "choices. Made anonymous: 1 seat, 1 deal record."), answer

    assert await store.player_prefs(ASHA) == {}
    rows = await store.player_results(GUILD_ID, "sedma")
    assert [r.user_id for r in rows] == [DEV] and rows[0].partner_id is None
    seats = await store.seats(table_id)
    assert {(s.user_id, s.name) for s in seats} == {(0, FORGOTTEN_NAME), (DEV, "Dev")}
    for deal in await store.deal_records(GUILD_ID):
        assert "Asha" not in deal.record + deal.result and '"Dev"' in deal.record
    # Dev's view of the deal is whole: listed, and it still verifies
    history = await fake.slash(DEV, "history")
    assert "Deal 1" in content(fake, history)
    verified = await fake.slash(DEV, "verify", deal=deals[0].id)
    assert "Asha" not in content(fake, verified) and "fair" in content(fake, verified).lower()
    mine = await fake.slash(ASHA, "history")
    assert "Deal 1" not in content(fake, mine)  # Asha's deals are not hers any more


async def test_a_manager_forgets_a_member_in_their_server_only_on_confirmation(env: Env) -> None:
    fake, store = env.fake, env.bot.store
    await finished_match(env)
    refused = await fake.slash(DEV, "privacy", "forget", permissions=0, member_id=str(ASHA))
    assert "Manage Server" in content(fake, refused)
    asked = await fake.slash(DEV, "privacy", "forget", permissions=MANAGE_GUILD,
                             member_id=f"<@{ASHA}>")  # fmt: skip
    question = fake.messages[asked.message_id]
    cancelled = await fake.click(DEV, asked.message_id, button(fake, question, "Cancel"))
    assert cancelled.responses[-1]["data"]["content"] == "Nothing was deleted."
    assert len(await store.player_results(GUILD_ID, "sedma")) == 2
    asked = await fake.slash(DEV, "privacy", "forget", permissions=MANAGE_GUILD,
                             member_id=str(ASHA))  # fmt: skip
    question = fake.messages[asked.message_id]
    done = await fake.click(DEV, asked.message_id, button(fake, question, "Delete"))
    answer = done.responses[-1]["data"]["content"]
    assert answer.startswith("Deleted: 1 result, 0 daily attempts. Made anonymous"), answer
    assert [r.user_id for r in await store.player_results(GUILD_ID, "sedma")] == [DEV]
    bad = await fake.slash(DEV, "privacy", "forget", permissions=MANAGE_GUILD, member_id="Asha")
    assert "not a member's id" in content(fake, bad)


async def test_a_member_at_an_open_table_is_refused_and_nothing_changes(env: Env) -> None:
    fake, store = env.fake, env.bot.store
    fake.add_member(ASHA, "Asha")
    await fake.slash(ASHA, "language", language="de")
    await fake.slash(ASHA, "table", "new sedma", players=2)
    forgotten = await forget_member(store, ASHA)
    assert forgotten.refused and forgotten.open_tables == 1
    assert (await store.player_prefs(ASHA))["language"] == "de"

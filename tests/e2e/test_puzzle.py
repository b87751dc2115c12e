"""/puzzle end to end, for every game: a member finishes a deal against computers, asks for
a puzzle of that game, gets a position of it privately (a picture and its moves), answers,
and reads the answer checked and explained, their rating changed; a second try of the same
puzzle is not rated; /puzzles shows the ratings; Sheepshead's pick-or-pass trainer poses a
pick. A game without finished deals here has no puzzle yet, and says so. Puzzles are
harvested on a fixed count of worlds from seeded deals (`harvest_by_worlds`), not against the
clock."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

import pytest

from bot.puzzles import PuzzleStore

from .conftest import Env
from .fake_discord import EPHEMERAL, GUILD_ID, FakeDiscord
from .helpers import select, start_table
from .test_records import answer

ASHA, DEV, MIRA = 941, 942, 943
HARVEST_SAMPLES = 8  # worlds per decision when harvesting: the same puzzles on any machine


@pytest.fixture(autouse=True)
def harvest_by_worlds(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Puzzles harvested on a fixed count of worlds, not the bot's time budget, from deals
    dealt from a fixed seed (the deals' secrets, the first dealer and the computers' seed), the
    puzzle served among the nearest also chosen from a seed:
    what the test's deals yield is the same on every run and every machine."""
    cog = env.bot.get_cog("PuzzleCommands")
    assert cog is not None
    cog.harvest_samples = HARVEST_SAMPLES  # type: ignore[attr-defined]
    cog.rng = random.Random(49)  # type: ignore[attr-defined]  # which near puzzle is served
    rng = random.Random(49)
    monkeypatch.setattr("engine.fairness.token_bytes", rng.randbytes)
    monkeypatch.setattr("engine.fairness.randbelow", rng.randrange)
    monkeypatch.setattr("bot.tables.secrets", SimpleNamespace(randbits=rng.getrandbits))
GAMES = [("sedma", 2), ("hola", 2), ("seep", 2), ("seep30", 2), ("suipe", 2), ("sheepshead", 3)]


async def asked(fake: FakeDiscord, user: int, **options: Any) -> dict[str, Any]:
    step = await fake.slash(user, "puzzle", **options)
    assert step.message_id is not None
    message = fake.messages[step.message_id]
    assert message["flags"] & EPHEMERAL, "a puzzle is private"
    from bot.i18n import LANGUAGES, translation

    waiting = {translation(code, "Looking for a puzzle…") or "" for code in LANGUAGES}
    waiting.add("Looking for a puzzle…")  # the progress line, in whatever language it speaks
    for _ in range(1200):
        content = str(message.get("content") or "")
        if content not in waiting:
            break
        await asyncio.sleep(0.05)
        message = fake.messages[step.message_id]
    return message


async def finished_deal(env: Env, game: str, players: int) -> None:
    """Asha plays a deal against computers (her first legal move each turn) to its end, and
    ends the table."""
    _, session = await start_table(env, ASHA, game, computers=players - 1, players=players)
    assert session is not None
    for _ in range(400):
        await env.bot.idle()
        match = session.match
        if match.deals_finished:
            break
        assert match.current_player == 0
        move = match.legal_actions()[0].notation
        played = await env.fake.slash(ASHA, "play", move=f"{move}#{session.turn_number}")
        assert answer(played)["content"].startswith("Your move"), answer(played)
    assert session.match.deals_finished, "the deal ended"
    await env.fake.slash(ASHA, "table", "end")
    await env.bot.idle()


@pytest.mark.parametrize(("game", "players"), GAMES)
async def test_a_puzzle_is_posed_answered_and_explained(env: Env, game: str, players: int) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    empty = await asked(fake, DEV, game=game)
    assert "No new puzzle" in str(empty["content"])

    store = PuzzleStore(env.bot.store)
    for _ in range(4):  # a deal without a clear-cut decision has no puzzle: play another
        await finished_deal(env, game, players)
        posed = await asked(fake, DEV, game=game)
        content = str(posed["content"])
        if "No new puzzle" not in content:
            break
    assert content.startswith("**Puzzle "), content
    assert "Find the best move" in content
    assert posed["attachments"] and posed["attachments"][0]["filename"].startswith("puzzle-")
    menu = select(fake, posed)
    number = int(menu["custom_id"].split(":")[1])
    puzzle = await store.puzzle(number)
    assert puzzle is not None and puzzle.game == game
    values = [o["value"] for o in menu["options"]]
    assert puzzle.best in values, (puzzle, values)
    wrong = next(v for v in values if v != puzzle.best)

    step = await fake.click(DEV, int(posed["id"]), menu["custom_id"], [wrong])
    explained = str(fake.messages[step.message_id]["content"])
    assert "Not this time" in explained and "Your puzzle rating: 1500 →" in explained
    rating = await store.rating(GUILD_ID, DEV)
    assert rating is not None and rating.rating < 1500 and rating.tries == 1

    assert not fake.components(fake.messages[step.message_id]), "answered once"

    board = answer(await fake.slash(DEV, "puzzles"))
    assert "Dev" in board["content"] and "solved 0 of 1" in board["content"]
    assert not fake.violations


async def test_the_pick_or_pass_trainer_and_the_daily_puzzle_in_german(env: Env) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    fake.add_member(DEV, "Dev")
    refused = answer(await fake.slash(DEV, "puzzle", game="seep", pick_or_pass=True))
    assert "Only Sheepshead" in refused["content"]
    await finished_deal(env, "sheepshead", 3)
    posed = await asked(fake, DEV, game="sheepshead", pick_or_pass=True)
    content = str(posed["content"])
    assert "Pick or pass?" in content
    values = {o["value"] for o in select(fake, posed)["options"]}
    assert {"pick", "pass"} <= values

    store = PuzzleStore(env.bot.store)
    for _ in range(4):  # a deal whose every decision is a close call has no "best" puzzle
        if await store.puzzles(GUILD_ID, "sheepshead", "best"):
            break
        await finished_deal(env, "sheepshead", 3)
        await asked(fake, ASHA, game="sheepshead")  # (looks at the new deal)
    fake.add_member(MIRA, "Mira", locale="de")
    first = await asked(fake, MIRA, game="sheepshead", daily=True)
    second = await asked(fake, DEV, game="sheepshead", daily=True)
    assert str(first["content"]).startswith("**Rätsel ")
    menu = select(fake, first)
    assert menu["custom_id"] == select(fake, second)["custom_id"], "the same for every member"
    puzzle = await store.puzzle(int(menu["custom_id"].split(":")[1]))
    assert puzzle is not None
    step = await fake.click(MIRA, int(first["id"]), menu["custom_id"], [puzzle.best])
    assert "Richtig" in str(fake.messages[step.message_id]["content"])
    step = await fake.click(DEV, int(second["id"]), menu["custom_id"], [puzzle.best])
    assert "Right" in str(fake.messages[step.message_id]["content"])
    again = await asked(fake, DEV, game="sheepshead", daily=True)
    step = await fake.click(DEV, int(again["id"]), menu["custom_id"], [puzzle.best])
    assert "Not rated" in str(fake.messages[step.message_id]["content"])
    assert not fake.violations

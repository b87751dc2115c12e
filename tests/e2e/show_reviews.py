"""One reviewed deal per game, as its player sees it (run by hand, not a test):

    python -m tests.e2e.show_reviews OUTDIR [game ...]

For each game (Seep for two, Punjab 30, Suipe, Sedma, Hola, Sheepshead for three) a member
plays one deal against computers on the real bot and the fake Discord (a seeded random legal
move each turn), ends the table, then asks `/review` for that deal. Written to OUTDIR:
`<game>.txt`, every message of the review in order (the progress line, then the answer's text
and its menu), `<game>-N.png`, each picture attached, and `timings.json`, the seconds from the
command to its full answer, and `pictures.json`, for each picture in the same order, its
smallest label's height at a phone's 400 px and any text cut off, out of its box or overlapping
(the checks of tests/renderers, on the pictures of real deals). Seep is reviewed again in Hindi
and Sedma in Czech (`seep-hi.txt`, `sedma-cs.txt`, ...), the same deal twice, so the two runs'
figures can be compared too."""

from __future__ import annotations

import asyncio
import io
import json
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from renderers.text import recording_text
from tests.renderers.test_text_boxes import faults

from .conftest import Env, bot_env
from .discord_components import walk
from .fake_discord import EPHEMERAL, FakeDiscord
from .helpers import start_table
from .test_records import answer

PLAYER = 951
PHONE_WIDTH = 400  # the width a phone shows an image at
MIN_LABEL = 11  # px high at that width
GAMES = [("seep", 2), ("seep30", 2), ("suipe", 2), ("sedma", 2), ("hola", 2), ("sheepshead", 3)]
AGAIN = {"seep": "hi", "sedma": "cs"}  # the same deal reviewed in a second language
SEED = 49


@dataclass
class Shown:
    """One review as its asker saw it."""

    messages: list[str]
    pictures: list[tuple[str, bytes]]
    seconds: float


async def play_deal(env: Env, game: str, players: int, rng: random.Random) -> None:
    """The player plays one deal against computers (a random legal move each turn) to its
    end, and ends the table."""
    _, session = await start_table(env, PLAYER, game, computers=players - 1, players=players)
    assert session is not None, f"{game}: no table started"
    for _ in range(400):
        await env.bot.idle()
        match = session.match
        if match.deals_finished:
            break
        assert match.current_player == 0, f"{game}: not the player's turn"
        move = rng.choice(match.legal_actions()).notation
        played = await env.fake.slash(PLAYER, "play", move=f"{move}#{session.turn_number}")
        assert answer(played)["content"].startswith("Your move"), answer(played)
    assert session.match.deals_finished, f"{game}: the deal did not end"
    await env.fake.slash(PLAYER, "table", "end")
    await env.bot.idle()


def message_text(message: dict[str, Any]) -> str:
    """The words of a message as the player reads them: its content, then every component's
    text (text displays, buttons, a menu's placeholder and options)."""
    parts = [str(message.get("content") or "")]
    for component in walk(message.get("components") or []):
        if component.get("content"):
            parts.append(str(component["content"]))
        if component.get("label"):
            parts.append(f"[button] {component['label']}")
        if component.get("placeholder"):
            parts.append(f"[menu] {component['placeholder']}")
        for option in component.get("options") or []:
            parts.append(f"  · {option.get('label')}")
    return "\n".join(p for p in parts if p)


async def review(fake: FakeDiscord, deal: int, locale: str) -> Shown:
    """`/review deal:<deal>` as the player asks it, timed to its full answer."""
    started = time.monotonic()
    step = await fake.slash(PLAYER, "review", deal=deal, locale=locale)
    message_id = step.message_id
    assert message_id is not None
    first = message_text(fake.messages[message_id])
    assert fake.messages[message_id]["flags"] & EPHEMERAL, "a review is private"
    for _ in range(12000):
        content = str(fake.messages[message_id].get("content") or "")
        if content and content != str(answer(step).get("content") or ""):
            break
        await asyncio.sleep(0.01)
    seconds = time.monotonic() - started
    message = fake.messages[message_id]
    pictures = [(str(f["name"]), bytes(f["data"])) for f in fake.files.get(message_id, [])]
    return Shown([first, message_text(message)], pictures, seconds)


class Measured:
    """What each review picture drawn drew: its smallest labels at a phone's width and any
    text cut, out of its area or overlapping (tests/renderers' own checks), in drawing order."""

    def __init__(self) -> None:
        self.pictures: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def wrap(self, draw: Callable[..., bytes | None]) -> Callable[..., bytes | None]:
        from PIL import Image

        def measured(*args: Any, **kwargs: Any) -> bytes | None:
            with recording_text() as recording:
                png = draw(*args, **kwargs)
            if png is None:
                return png
            size = Image.open(io.BytesIO(png)).size
            scale = PHONE_WIDTH / size[0]
            heights = sorted({(round(label.height * scale, 1), label.text)
                              for label in recording.labels})  # fmt: skip
            with self.lock:
                self.pictures.append({
                    "size": list(size),
                    "smallest_label_px_at_400": heights[0][0] if heights else None,
                    "labels_under_11px": [h for h in heights if h[0] < MIN_LABEL],
                    "text_faults": faults(recording, size),
                })  # fmt: skip
            return png

        return measured


def write(out: Path, name: str, shown: Shown) -> None:
    text = "\n\n---- next message ----\n\n".join(shown.messages)
    (out / f"{name}.txt").write_text(text + "\n", encoding="utf-8")
    for number, (filename, data) in enumerate(shown.pictures, 1):
        (out / f"{name}-{number}.png").write_bytes(data)
        print(f"  {name}-{number}.png: {filename}")


async def show_game(
    game: str, players: int, out: Path, measures: dict[str, list[dict[str, Any]]]
) -> dict[str, float]:
    """One game: a fresh bot and database, a deal played, reviewed (and again in a second
    language for some)."""
    timings: dict[str, float] = {}
    rng = random.Random(f"{SEED}:{game}")
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        # a fixed deal and fixed computers: the same deal on every run
        dealing = random.Random(f"{SEED}:{game}:deal")
        patch.setattr("engine.fairness.token_bytes", dealing.randbytes)
        patch.setattr("engine.fairness.randbelow", dealing.randrange)
        patch.setattr("bot.tables.secrets", SimpleNamespace(randbits=dealing.getrandbits))
        import bot.review_pictures as pictures

        measured = Measured()
        patch.setattr(pictures, "chart_png", measured.wrap(pictures.chart_png))
        patch.setattr(pictures, "decision_png", measured.wrap(pictures.decision_png))
        database = Path(folder) / "bot.sqlite3"
        async with bot_env(database, database, patch) as env:
            env.fake.add_member(PLAYER, "Asha")
            await play_deal(env, game, players, rng)
            shown = await review(env.fake, 1, "en-US")
            write(out, game, shown)
            measures[game] = measured.pictures[:]
            measured.pictures.clear()
            timings[game] = shown.seconds
            print(f"{game}: {shown.seconds:.2f} s, {len(shown.pictures)} pictures")
            if game in AGAIN:
                name = f"{game}-{AGAIN[game]}"
                again = await review(env.fake, 1, AGAIN[game])
                write(out, name, again)
                measures[name] = measured.pictures[:]
                timings[name] = again.seconds
                print(f"{name}: {again.seconds:.2f} s, {len(again.pictures)} pictures")
    return timings


async def main(out: Path, games: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    timings: dict[str, float] = {}
    measures: dict[str, list[dict[str, Any]]] = {}
    for game, players in GAMES:
        if not games or game in games:
            timings |= await show_game(game, players, out, measures)
    for name, found in [("timings.json", {k: round(v, 2) for k, v in timings.items()}),
                        ("pictures.json", measures)]:  # fmt: skip
        path = out / name
        kept = json.loads(path.read_text()) if path.exists() else {}
        path.write_text(json.dumps(kept | found, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2:]))

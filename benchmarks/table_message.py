"""What one table message costs and says, through the fake Discord:
`python -m benchmarks.table_message [--moves N] [--show]`.

For each game (a person and computer players) in English and in a second language: the
request body of each table message (bytes, its picture's bytes apart, the picture's size in
pixels), the requests per person's move (global bucket and exempt: interaction answers and
follow-ups), and with `--show` the last table message's text as a player reads it (content,
embeds and the layout's text displays, in order). Medians over the table messages of the run.

It reads only what the fake Discord receives, so the same script measures any version of the
bot (run it from that version's checkout).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import struct
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import bot_env
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.helpers import start_table

ASHA = 70_001
GAMES = (  # (game, players, options, the second language)
    ("seep", 4, {}, "hi"),
    ("suipe", 4, {}, "de"),
    ("sedma", 4, {}, "cs"),
    ("sheepshead", 5, {"sheepshead_hands": 2}, "de"),
)


def text_of(payload: dict[str, Any]) -> str:
    """The words of a message as a player reads them, in order."""
    parts = [str(payload.get("content") or "")]
    for embed in payload.get("embeds") or []:
        parts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        for entry in embed.get("fields") or []:
            parts += [f"[{entry.get('name')}]", str(entry.get("value") or "")]
        parts.append(str((embed.get("footer") or {}).get("text") or ""))

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components:
            if component.get("type") == 10:
                parts.append(str(component.get("content") or ""))
            if component.get("type") == 12:
                parts.append("[picture]")
            if component.get("type") in (2, 3):
                parts.append(f"[{component.get('label') or component.get('placeholder')}]")
            walk(component.get("components") or [])

    walk(payload.get("components") or [])
    return "\n".join(part for part in parts if part)


def png_size(data: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", data[16:24])
    return width, height


async def measure(game: str, players: int, options: dict[str, Any], locale: str,
                  moves: int) -> dict[str, Any]:  # fmt: skip
    tables: list[dict[str, Any]] = []
    summaries: list[dict[str, Any]] = []
    original = FakeDiscord._body

    async def body(self: FakeDiscord, request: Any) -> tuple[Any, list[dict[str, Any]]]:
        payload, files = await original(self, request)
        table = [f for f in files if f["name"] == "table.png"]
        if request.method == "POST" and table:
            tables.append({"bytes": request.content_length, "png": table[0]["size"],
                           "pixels": png_size(table[0]["data"]), "payload": payload})
        pictures = [f for f in files if f["name"] in ("summary.png", "recap.png")]
        if request.method == "POST" and pictures:
            summaries.append({"bytes": request.content_length,
                              "png": sum(f["size"] for f in pictures),
                              "pixels": [png_size(f["data"]) for f in pictures],
                              "payload": payload})  # fmt: skip
        return payload, files

    with tempfile.TemporaryDirectory() as place, pytest.MonkeyPatch.context() as patch:
        patch.setattr(FakeDiscord, "_body", body)
        database = Path(place) / "bot.sqlite3"
        async with bot_env(database, database, patch) as env:
            fake = env.fake
            fake.add_member(ASHA, "Asha", locale=locale)
            _, session = await start_table(env, ASHA, game, computers=players - 1,
                                           players=players, **options)  # fmt: skip
            earlier = fake.limits.log.copy()
            played = 0
            while played < moves and not session.match.is_terminal:
                if session.match.current_player != 0:
                    await env.bot.idle()
                    if session.match.current_player != 0:
                        break
                    continue
                move = session.match.legal_actions()[0].notation
                await fake.slash(ASHA, "play", move=move)
                await env.bot.idle()
                played += 1
            kinds = fake.limits.log.since(earlier).by_kind()
    return {
        "tables": tables,
        "summaries": summaries,
        "moves": played,
        "global": kinds["global"] / max(1, played),
        "exempt": kinds["exempt"] / max(1, played),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--summaries", action="store_true",
                        help="instead: a whole short match of each game, its deal summaries")
    args = parser.parse_args(argv)
    if args.summaries:
        return show_summaries(args.show)
    print("game        lang  tables  body B (median)  png B  pixels    global/move  exempt/move")
    for game, players, options, other in GAMES:
        for locale in ("en-US", other):
            found = asyncio.run(measure(game, players, options, locale, args.moves))
            tables = found["tables"]
            if not tables:
                print(f"{game:<11} {locale:<5} no table message")
                continue
            body = statistics.median(t["bytes"] for t in tables)
            png = statistics.median(t["png"] for t in tables)
            pixels = "×".join(map(str, tables[-1]["pixels"]))
            print(f"{game:<11} {locale:<5} {len(tables):>6}  {body:>15.0f}  {png:>5.0f}  "
                  f"{pixels:<9} {found['global']:>11.2f}  {found['exempt']:>11.2f}")  # fmt: skip
            if args.show:
                said = text_of(tables[-1]["payload"])
                print("    " + said.replace("\n", "\n    ") + "\n")
    sys.stdout.flush()
    return 0


def show_summaries(show: bool) -> int:
    """A one-deal match of Suipe and of Sheepshead (a person and computer players, English):
    the bytes of its summary (the last one carries the match's recap too) and its text."""
    short = (("suipe", 2, {"deals": 1}), ("sheepshead", 3, {"sheepshead_hands": 1}))
    print("game        summaries  body B (last)  png B  pixels")
    for game, players, options in short:
        found = asyncio.run(measure(game, players, options, "en-US", 400))
        if not found["summaries"]:
            print(f"{game:<11} no summary")
            continue
        last = found["summaries"][-1]
        pixels = ", ".join("×".join(map(str, size)) for size in last["pixels"])
        print(f"{game:<11} {len(found['summaries']):>9}  {last['bytes']:>13}  "
              f"{last['png']:>5}  {pixels}")  # fmt: skip
        if show:
            print("    " + text_of(last["payload"]).replace("\n", "\n    ") + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


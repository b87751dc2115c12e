"""Make the store a release of the bot leaves behind, as SQL text: run it with that release's
code first on the path, from a checkout of the release, and keep the file here.

    git archive <release commit> | tar -x -C /tmp/release
    PYTHONPATH=/tmp/release python tests/bot/release_stores/make_store.py \\
        tests/bot/release_stores/<version>.sql

The store holds what a server has after some use (tests/bot/test_release_upgrades.py reads it
back after the upgrade): a server's settings, a member's choices, a finished Suipe match
between two members (its results and deal records), a Sedma match being played (a few moves
in), a Seep lobby, and a daily deal begun. It uses only the API every release has had since
0.1.0 (`Store`, `Tables`, `TableSession`, `Daily`); a release that changes it changes this
script for the releases after it.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import tempfile
from pathlib import Path

GUILD = 7
ASHA, DEV, MIA = 100, 200, 300


async def fill(path: Path) -> None:
    import bot.tables
    from bot.daily import Daily
    from bot.storage import Store
    from bot.tables import Tables

    bot.tables.ASK_FOR_CUT = False  # every cut the default one, as the tests play them
    async with Store(path) as store:
        await store.update_guild_settings(GUILD, {"rate_computer_games": True})
        await store.update_player_prefs(DEV, {"language": "hi"})
        tables = Tables(store)
        finished = await tables.create(GUILD, 70, ASHA, "suipe", {"players": 2, "deals": 1},
                                       seed=1)  # fmt: skip
        await finished.join(ASHA, "Asha")
        await finished.join(DEV, "Dev")
        await finished.start(ASHA)
        while not finished.match.is_terminal:
            player = finished.match.current_player
            user = finished.seats[player].user_id
            await finished.play(user, finished.match.legal_actions()[0])
        playing = await tables.create(GUILD, 71, ASHA, "sedma", {"players": 2}, seed=2)
        await playing.join(ASHA, "Asha")
        await playing.join(DEV, "Dev")
        await playing.start(ASHA)
        for _ in range(3):
            player = playing.match.current_player
            await playing.play(playing.seats[player].user_id, playing.match.legal_actions()[0])
        lobby = await tables.create(GUILD, 72, MIA, "seep", {"players": 4}, seed=3)
        await lobby.join(MIA, "Mia")
        await Daily(store).begin(GUILD, ASHA, "Asha", "suipe")


def dump(path: Path) -> str:
    with sqlite3.connect(path) as db:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        lines = list(db.iterdump())
    return f"PRAGMA user_version = {version};\n" + "\n".join(lines) + "\n"


def main(out: str) -> None:
    import bot

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "store.sqlite3"
        asyncio.run(fill(path))
        text = dump(path)
    version = getattr(bot, "__version__", "0.1.0")  # 0.1.0 had no __version__
    Path(out).write_text(f"-- the store of seepbot {version}: {Path(__file__).name}\n" + text,
                         encoding="utf-8")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1])

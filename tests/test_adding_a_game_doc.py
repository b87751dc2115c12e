"""docs/adding-a-game.md, read literally: every file, list, test and command it names exists
as it says, and its table of shared files names every list `tests/test_built_in_games.py`
holds a built-in game to, so that following the page forgets none."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import tests.test_built_in_games as shared_lists

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")


def shared_table() -> list[tuple[str, str, str]]:
    """The rows of the page's table of shared files: (file, what to add, checked by)."""
    rows = re.findall(r"^\s*\| (`[^|]+) \| ([^|]+) \| ([^|]+) \|$", DOC, re.M)
    return [(a.strip(), b.strip(), c.strip()) for a, b, c in rows]


def paths_in(text: str) -> list[str]:
    """The repository paths a cell names (`tests/…`, `docs/…`, a file with its suffix)."""
    return [p for p in re.findall(r"`([\w./-]+\.(?:py|md|toml))`", text) if "<" not in p]


def test_every_file_and_test_the_page_names_exists() -> None:
    named = set(paths_in(DOC)) - {"CHANGELOG.md", "README.md", "examples.toml"}
    named = {p for p in named if "/" in p or p == "pyproject.toml"}
    assert named, "the page names no file"
    missing = sorted(p for p in named if not (ROOT / p).exists())
    assert not missing, missing
    for node in re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", DOC):
        path, test = node
        assert f"def {test}(" in (ROOT / path).read_text(encoding="utf-8"), node


def test_each_shared_list_is_in_the_file_the_table_names() -> None:
    rows = shared_table()
    assert len(rows) >= 7
    for file_cell, _what, checked in rows:
        for path in paths_in(file_cell):
            text = (ROOT / path).read_text(encoding="utf-8")
            for name in re.findall(r"`([A-Z][A-Z_]+)`", file_cell):  # BUILT_IN, CASES, …
                assert re.search(rf"^{name}\b", text, re.M), f"{path} has no {name}"
        assert paths_in(checked) or checked == "read by people", checked


def test_the_table_names_every_list_a_built_in_game_must_join() -> None:
    """Each list tests/test_built_in_games.py checks is a row of the table."""
    rows = " ".join(file_cell for file_cell, _what, _checked in shared_table())
    marks = shared_lists.test_every_built_in_game_is_in_each_shared_list.pytestmark
    checked = next(mark.args[1] for mark in marks if mark.name == "parametrize")
    for where, _names in checked:
        path, name = where.split(" ", 1)
        assert f"`{path}` `{name}`" in rows or (f"`{path}`" in rows and f"`{name}`" in rows), where


def test_the_commands_it_gives_run() -> None:
    """`python -m tests.engine.replays --write` and `python -m engine play --game <game>`, as
    the page writes them, are commands this checkout has."""
    assert "python -m tests.engine.replays --write" in DOC
    helped = subprocess.run([sys.executable, "-m", "tests.engine.replays", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert helped.returncode == 0 and "--write" in helped.stdout, helped.stderr
    # a number of seats the game allows: "--players 3" was refused for a game of two
    assert "python -m engine play --game <game> --players <n>" in DOC
    played = subprocess.run([sys.executable, "-m", "engine", "play", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert played.returncode == 0 and "--game" in played.stdout and "--players" in played.stdout

"""/rules pages: our own texts in data files a translator can edit, with example positions
checked against the engine.

`examples.toml` holds the positions (language-neutral); `<game>.<language>.toml` holds the
pages of one game in one language: a quick start, then one page per topic, each with optional
examples and their captions.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.cards import parse_cards
from engine.games import parse_any_position
from engine.seep import SeepMatch
from engine.suipe import SuipeMatch

FOLDER = Path(__file__).parent
LANGUAGES = {"en": "English", "hi": "हिन्दी", "gu": "ગુજરાતી"}
GAME_LANGUAGES = {"seep": ("en", "hi", "gu"), "suipe": ("en",)}
# Discord's locales that have a language here (Discord has no Gujarati locale).
LOCALE_LANGUAGES = {"hi": "hi"}


@dataclass(frozen=True, slots=True)
class Example:
    id: str
    game: str
    position: str
    move: str
    floor_after: str | None = None
    piles_after: tuple[str, ...] | None = None
    sweep: bool | None = None
    bid: int | None = None

    def match(self) -> Any:
        deal = parse_any_position(self.position)
        kind = SuipeMatch if self.game == "suipe" else SeepMatch
        return kind.from_position(deal)


@dataclass(frozen=True, slots=True)
class Page:
    topic: str
    title: str
    text: str
    examples: tuple[tuple[str, str], ...]  # (example id, caption)


@dataclass(frozen=True, slots=True)
class Lesson:
    game: str
    language: str
    pages: tuple[Page, ...]

    def index(self, topic: str) -> int:
        for number, page in enumerate(self.pages):
            if page.topic == topic:
                return number
        return 0


@cache
def examples() -> dict[str, Example]:
    data = tomllib.loads((FOLDER / "examples.toml").read_text(encoding="utf-8"))
    found = {}
    for entry in data["example"]:
        if "piles_after" in entry:
            entry["piles_after"] = tuple(entry["piles_after"])
        found[entry["id"]] = Example(**entry)
    return found


@cache
def lesson(game: str, language: str) -> Lesson:
    """The pages of `game` ("seep30" reads Seep's) in `language`, English if we lack it."""
    game = "seep" if game == "seep30" else game
    if language not in GAME_LANGUAGES[game]:
        language = "en"
    data = tomllib.loads((FOLDER / f"{game}.{language}.toml").read_text(encoding="utf-8"))
    pages = tuple(
        Page(
            page["topic"],
            page["title"],
            page["text"].strip(),
            tuple((e["id"], e["caption"].strip()) for e in page.get("example", [])),
        )
        for page in data["page"]
    )
    return Lesson(game, language, pages)


def language_for(locale: str | None) -> str:
    """The language of a Discord locale ("hi", "en-US"…), English when we have none."""
    if not locale:
        return "en"
    return LOCALE_LANGUAGES.get(str(locale).split("-")[0], "en")


def topic_for(view: Any) -> str:
    """The page that matches the situation at a table (the table's Rules button)."""
    if getattr(view, "phase", "") == "over":
        return "scoring"
    if getattr(view, "phase", "") == "bid":
        return "deal-and-bid"
    if getattr(view, "houses", ()):
        return "houses"
    if getattr(view, "builds", ()):
        return "builds"
    return "captures"


def piles(view: Any) -> list[str]:
    if hasattr(view, "houses"):
        return sorted(f"house {h.value}{'*' if h.cemented else ''}" for h in view.houses)
    return sorted(f"build {b.value}{'*' if b.multiple else ''}" for b in view.builds)


def sweeps(view: Any) -> int:
    return sum(getattr(side, "sweeps", None) or getattr(side, "suipes", 0) for side in view.sides)


def check_example(example: Example) -> list[str]:
    """What is wrong with an example: its move is illegal or its result differs; [] if right."""
    try:
        match = example.match()
        before = match.view()
        legal = {a.notation for a in match.legal_actions()}
        if example.move not in legal:
            return [f"{example.id}: {example.move} is not legal here (legal: {sorted(legal)})"]
        match.apply(example.move)
    except ValueError as error:
        return [f"{example.id}: {error}"]
    after = match.view()
    problems = []
    if example.floor_after is not None:
        expected = sorted(map(str, parse_cards(example.floor_after)))
        if sorted(map(str, after.loose)) != expected:
            problems.append(f"{example.id}: floor is {sorted(map(str, after.loose))}")
    if example.piles_after is not None and piles(after) != sorted(example.piles_after):
        problems.append(f"{example.id}: piles are {piles(after)}")
    if example.sweep is not None and (sweeps(after) > sweeps(before)) != example.sweep:
        problems.append(f"{example.id}: sweep is {not example.sweep}")
    if example.bid is not None and after.bid != example.bid:
        problems.append(f"{example.id}: bid is {after.bid}")
    return problems

"""/rules pages: our own texts in data files a translator can edit, with example positions
checked against the engine.

`examples.toml` holds the positions (language-neutral); `<game>.<language>.toml` holds the
pages of one game in one language: a quick start, then one page per topic, each with optional
examples and their captions. A game package keeps its pages (and examples) in its own folder,
named by its `LessonSpec.folder`: the built-in games' in `engine/<game>/lessons`, beside their
code, as any other game package's.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bot import languages
from engine import registry
from engine.cards import parse_cards
from engine.core import PUBLIC, AnyGame, GameView
from engine.games import match_from_position
from engine.pictures import dealer_mark
from engine.registry import LessonSpec
from engine.words import translating

FOLDER = Path(__file__).parent
LANGUAGES = {language.code: language.own_name for language in languages.ALL}
# Each set of pages (a game's registration names it) and its languages.
GAME_LANGUAGES = {
    spec.lessons.key: spec.lessons.languages for spec in registry.games() if spec.lessons
}
# Discord's locales that have a language here, by their first part ("en-US": "en").
LOCALE_LANGUAGES = {
    locale.split("-")[0]: language.code
    for language in languages.ALL
    for locale in language.locales
}


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
    after: dict[str, object] | None = None  # any of the game's facts after the move
    show: str = "table"  # the picture: the table, or "hand" (the hand of the player to move)

    def match(self) -> AnyGame:
        return match_from_position(self.position)


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
        """The page of a topic, named by its id or its title (as typed: any case, or its
        start); the first page when none is."""
        wanted = topic.strip().casefold()
        for number, page in enumerate(self.pages):
            if wanted in (page.topic, page.title.casefold()):
                return number
        for number, page in enumerate(self.pages):
            if wanted and page.title.casefold().startswith(wanted):
                return number
        return 0


def folders() -> list[Path]:
    """Every folder of pages: the shared one, then each game package's own."""
    own = (spec.lessons.folder for spec in registry.games() if spec.lessons)
    return list(dict.fromkeys([FOLDER, *(folder for folder in own if folder is not None)]))


@cache
def examples() -> dict[str, Example]:
    entries: list[dict[str, Any]] = []
    for folder in folders():
        path = folder / "examples.toml"
        if path.is_file():
            entries += tomllib.loads(path.read_text(encoding="utf-8")).get("example", [])
    found = {}
    for entry in entries:
        if "piles_after" in entry:
            entry["piles_after"] = tuple(entry["piles_after"])
        found[entry["id"]] = Example(**entry)
    return found


def lessons_of(game: str) -> LessonSpec:
    """A game's pages (a variant may read its parent's); UnknownGame for a game without."""
    spec = registry.game(game)
    if spec.lessons is None:
        raise registry.UnknownGame(f"{spec.display_name} has no rules pages yet")
    return spec.lessons


def games_with_lessons() -> list[str]:
    return [spec.name for spec in registry.games() if spec.lessons is not None]


@cache
def lesson(game: str, language: str) -> Lesson:
    """The pages of `game` (or of its set of pages) in `language`, English if we lack it."""
    pages_of = lessons_of(game)
    spec = registry.game(game)
    game = pages_of.key
    if language not in pages_of.languages:
        language = "en"
    folder = pages_of.folder or FOLDER
    data = tomllib.loads((folder / f"{game}.{language}.toml").read_text(encoding="utf-8"))
    mark = _dealer_mark(language)
    pages = tuple(
        Page(
            page["topic"],
            page["title"],
            page["text"].strip().replace("{dealer}", mark),
            tuple((e["id"], e["caption"].strip()) for e in page.get("example", [])),
        )
        for page in data["page"]
    )
    return Lesson(game, language, (*pages, _tournament_page(spec, language)))


def _tournament_page(spec: registry.GameSpec, language: str) -> Page:
    """The page on the tournament formats, made from the catalogues in the pages' language."""
    from bot.i18n import speaking
    from bot.tournaments.rules_page import TOPIC, tournament_page

    with speaking(language):
        title, text = tournament_page(spec)
    return Page(TOPIC, title, text, ())


def _dealer_mark(language: str) -> str:
    """The dealer's mark as the seats show it in `language`: a page's "{dealer}"."""
    from bot.i18n import catalogue

    with translating(catalogue(language)):
        return dealer_mark()


def language_for(locale: str | None) -> str:
    """The language of a Discord locale ("hi", "en-US"…), English when we have none."""
    if not locale:
        return "en"
    return LOCALE_LANGUAGES.get(str(locale).split("-")[0], "en")


def topic_for(view: GameView) -> str:
    """The page that matches the situation at a table (the table's Rules button)."""
    return lessons_of(view.game).topic_for(view)


def all_topics() -> list[str]:
    """Every topic of every game's English pages, in page order."""
    topics: dict[str, None] = {}
    for game in games_with_lessons():
        topics.update(dict.fromkeys(page.topic for page in lesson(game, "en").pages))
    return list(topics)


def check_example(example: Example) -> list[str]:
    """What is wrong with an example: its move is illegal or its result differs; [] if right."""
    try:
        match = example.match()
        facts = lessons_of(match.game).facts
        before = facts(match.view(PUBLIC))
        legal = {a.notation for a in match.legal_actions()}
        if example.move not in legal:
            return [f"{example.id}: {example.move} is not legal here (legal: {sorted(legal)})"]
        match.apply(example.move)
    except ValueError as error:
        return [f"{example.id}: {error}"]
    after = facts(match.view(PUBLIC))
    problems = []
    if example.floor_after is not None:
        expected = sorted(map(str, parse_cards(example.floor_after)))
        if after["floor"] != expected:
            problems.append(f"{example.id}: floor is {after['floor']}")
    if example.piles_after is not None and after["piles"] != sorted(example.piles_after):
        problems.append(f"{example.id}: piles are {after['piles']}")
    if example.sweep is not None and (after["sweeps"] > before["sweeps"]) != example.sweep:
        problems.append(f"{example.id}: sweep is {not example.sweep}")
    if example.bid is not None and after["bid"] != example.bid:
        problems.append(f"{example.id}: bid is {after['bid']}")
    for key, value in (example.after or {}).items():
        if after.get(key) != value:
            problems.append(f"{example.id}: {key} is {after.get(key)!r}, not {value!r}")
    return problems

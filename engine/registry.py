"""The games, by name: one registration per game (in the spirit of python-chess's `VARIANTS`
and OpenSpiel's `register_game`).

Games are found through the `seepbot.games` entry-point group (`pyproject.toml`): each entry
names a `GameSpec` object, `seep = "engine.seep.spec:SEEP_SPEC"`. The built-in games register
that way like any other installed package. Discovery is lazy: the names come from the installed
packages' metadata, and a game's module is imported when the game is first asked for (a
built-in game by name without reading the metadata: `BUILT_IN`).

A `GameSpec` says everything the bot needs to offer a game without knowing it: its options as
data (from which the commands are made), how to start or restore a match, its computer
players, its figures for leaderboards and its lesson pages. bot/, cogs/ and renderers/ ask
here and never name a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol, cast

from engine.core import Action, AnyGame, BadNotation, Committing, Recapping
from engine.fairness import Seed
from engine.words import marked, marked_count, say

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint
    from pathlib import Path

    from engine.pictures import RecapPicture

GROUP = "seepbot.games"  # the entry-point group every game package declares


class Family(StrEnum):
    FISHING = "fishing"  # capture from a floor (Seep, Suipe)
    TRICKS = "tricks"  # trick-taking


class SideRule(StrEnum):
    PARTNERS = "partners"  # fixed partnerships, partners opposite
    SOLO = "solo"  # each for themselves
    IN_PLAY = "in play"  # sides are formed (and found out) during play


OptionValue = bool | int | str | None  # what a table option holds (None: the rules' own)
# a table's rules as the host chose them (by rules field, with its seats as `players`): what
# the store keeps and `GameSpec.new_match` reads
TableRules = dict[str, OptionValue]


class UnknownGame(BadNotation):
    """A game name that no registration knows."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A table option as data: `/table new` (and `/settings`, where `server_default`) offer it.

    `kind` is bool, int or str; `choices` are (label, rules value) pairs for str options."""

    name: str  # the command option
    kind: type
    description: str  # shown by Discord beside the option (≤ 100 characters)
    label: str  # "Seep: at most two houses": /settings and refusals
    default: OptionValue = (
        None  # the rules value when the host leaves it out (None: the rules' own)
    )
    key: str = ""  # the rules field (default: `name`)
    choices: tuple[tuple[str, OptionValue], ...] = ()
    low: int | None = None  # int options: the range offered
    high: int | None = None
    server_default: bool = False  # a server may set a default for new tables (bool, int)
    only_true: bool = False  # stored only when on (a variant flag)
    on_in: tuple[str, ...] = ()  # a yes/no option on by default at tables of these languages

    @property
    def rules_key(self) -> str:
        return self.key or self.name

    def value_of(self, raw: OptionValue) -> OptionValue:
        """The rules value of a command value (a choice label becomes its value)."""
        for label, value in self.choices:
            if raw == label:
                return value
        return raw


@dataclass(frozen=True, slots=True)
class StatSpec:
    """A figure a game keeps per player (`Outcome.stats`), summed over matches for /stats."""

    key: str
    label: str  # "Sweeps", "Baazis"
    lost_key: str | None = None  # shown as "N won · M lost" with this figure


@dataclass(frozen=True, slots=True)
class Headline:
    """What a game's own leaderboard ranks by (besides rating and win rate)."""

    board: str  # the /leaderboard choice ("baazis", "wins"), marked for the catalogues
    key: str | None  # the stat summed (None: matches won)
    lost_key: str | None = None  # ties broken by won minus lost
    count_words: tuple[str, str] = marked_count("{count} win", "{count} wins")
    detail: str | None = None  # "baazis": the record shows "· baazis 3-1"


class ComputerPlayers(Protocol):
    """A game's computer players and hints; decisions come from the seat's view only."""

    def choose(
        self, match: AnyGame, player: int, level: str, rng: random.Random, budget: object
    ) -> Action: ...

    def hint(self, match: AnyGame, player: int, seed: int | str) -> Hint: ...


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: str


@dataclass(frozen=True, slots=True)
class LessonSpec:
    """Where a game's /rules pages are and how its examples are read."""

    key: str  # the pages' file prefix (a variant may share its parent's or have its own)
    languages: tuple[str, ...]
    # the page for what a view shows (the Rules button); the game's own view type
    topic_for: Callable[[Any], str]
    facts: Callable[[Any], dict[str, Any]]  # what an example checks: floor, piles, sweeps, bid
    strong_pile: str = ""  # the word for a pile marked * in an example ("cemented")
    sweep_word: str = "a sweep"
    pile_name: Callable[[int], str] | None = None  # a pile of that value in words ("jack-house")
    # the pages and examples.toml (None: bot/lessons; every game here carries its own)
    folder: Path | None = None


@dataclass(frozen=True, slots=True)
class DailySpec:
    """How a game's daily deal is played (see docs/daily.md): one deal of the game with these
    rules against computer players of this level, compared on the figure `figure` of the
    player's `Outcome.stats` (their side's points in that deal, or a Sheepshead hand's units).
    The deal is over once a player's figures count a deal (`deals` ≥ 1), or the match is."""

    figure: str = "points_for"
    rules: Mapping[str, Any] = field(default_factory=dict)
    level: str = "normal"  # iteration-bounded and seeded from public facts: deterministic


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a game's matches offer beyond the protocol (the capability protocols of
    `engine.core`), found once, when the game registers, from its `match_type`: nothing asks a
    match what it can do again."""

    commits: bool = False  # its deals come from committed shuffles (`Committing`)
    recaps: bool = False  # it draws the match deal by deal (`Recapping`)

    @classmethod
    def of(cls, match_type: type[AnyGame] | None) -> Capabilities:
        if match_type is None:
            return cls()
        return cls(
            commits=issubclass(match_type, Committing), recaps=issubclass(match_type, Recapping)
        )

    def commitment(self, match: AnyGame) -> str | None:
        """The commitment to the secret of the deal in play (None: none, or no such deals)."""
        return cast("Committing", match).commitment() if self.commits else None

    def recap(self, match: AnyGame, names: Sequence[str]) -> RecapPicture | None:
        """The match deal by deal (None where the game draws none)."""
        return cast("Recapping", match).recap_picture(names) if self.recaps else None


@dataclass(frozen=True, slots=True)
class GameSpec:
    name: str
    display_name: str
    family: Family
    min_players: int
    max_players: int
    default_players: int
    side_rule: Callable[[Mapping[str, Any]], SideRule]
    options: tuple[OptionSpec, ...]
    new_match: Callable[[Seed, Mapping[str, Any]], AnyGame]  # (seed, rules) -> match
    restore: Callable[[Mapping[str, Any]], AnyGame]  # to_dict() -> match, by replay
    from_position: Callable[[str], AnyGame] | None  # position notation -> a match
    computer: ComputerPlayers
    stats: tuple[StatSpec, ...] = ()
    headline: Headline = field(default_factory=lambda: Headline(marked("wins"), None))
    lessons: LessonSpec | None = None
    description: str = ""  # a few words beside the name in the game choice ("100 points")
    variant_of: str | None = None  # a variant names the game it varies (its own name else)
    seat_counts: tuple[int, ...] = ()  # the table sizes allowed (default: the whole range)
    # a table of this many seats may have each hand's dealer sit it out (the rules' option
    # `dealer_out`), the others playing the game of one seat fewer (0: never)
    dealer_out_seats: int = 0
    # the game's own message catalogues, `<code>.po` (None: its words are in the bot's shared
    # catalogues); the bot merges them into each language's catalogue at start-up
    locales: Path | None = None
    order: int = 100  # where it is listed among the games (lower first, then by name)
    daily: DailySpec | None = None  # the daily deal (None: the game has none)
    # the class of its matches, whose capabilities are checked when it registers (None: it
    # offers none beyond the protocol)
    match_type: type[AnyGame] | None = None

    @property
    def capabilities(self) -> Capabilities:
        """What its matches offer beyond the protocol (as found when it registered)."""
        return _CAPABILITIES.get(self.name) or Capabilities()

    def players_of(self, rules: Mapping[str, Any]) -> int:
        return int(rules.get("players", self.default_players))

    @property
    def allowed_seats(self) -> tuple[int, ...]:
        return self.seat_counts or tuple(range(self.min_players, self.max_players + 1))

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)


_GAMES: dict[str, GameSpec] = {}
_CAPABILITIES: dict[str, Capabilities] = {}
_found: dict[str, EntryPoint] | None = None

# The games this package declares in `pyproject.toml`'s entry points, so that asking for one of
# them by name imports it at once: reading every installed package's metadata costs a new
# process about 30 ms, more than a hundred random hands. Listing the games still reads it.
BUILT_IN = {
    "seep": "engine.seep.spec:SEEP_SPEC",
    "seep30": "engine.seep.spec:SEEP30_SPEC",
    "suipe": "engine.suipe.spec:SPEC",
    "sedma": "engine.sedma.spec:SEDMA_SPEC",
    "hola": "engine.sedma.spec:HOLA_SPEC",
    "sheepshead": "engine.sheepshead.spec:SPEC",
}


def register_game(spec: GameSpec) -> GameSpec:
    """Add a game (or replace one of the same name)."""
    if not 2 <= spec.min_players <= spec.default_players <= spec.max_players <= 6:
        raise ValueError(f"{spec.name}: seats must lie within 2 to 6")
    _GAMES[spec.name] = spec
    _CAPABILITIES[spec.name] = Capabilities.of(spec.match_type)
    return spec


def _entry_points() -> dict[str, EntryPoint]:
    """Every installed game's entry point, by game name (read once, nothing imported)."""
    global _found
    if _found is None:
        from importlib.metadata import entry_points  # costly: only when the games are listed

        _found = {}
        for point in entry_points(group=GROUP):
            _found.setdefault(point.name, point)
    return _found


def _load(name: str) -> GameSpec | None:
    spec = _GAMES.get(name)
    if spec is not None:
        return spec
    loaded: object
    if name in BUILT_IN:
        module, _, attribute = BUILT_IN[name].partition(":")
        loaded = getattr(import_module(module), attribute)
    elif name in _entry_points():
        loaded = _entry_points()[name].load()
    else:
        return None
    if not isinstance(loaded, GameSpec) or loaded.name != name:
        raise TypeError(f"entry point {name!r} of {GROUP} must name the GameSpec of {name!r}")
    return register_game(loaded)


def discovered() -> list[str]:
    """The games installed packages declare, found without importing any of them."""
    return list(_entry_points())


def game(name: str) -> GameSpec:
    """The spec of `name` (imported now if it was not yet); an UnknownGame otherwise."""
    spec = _load(name)
    if spec is None:
        known = ", ".join(names())
        raise UnknownGame(f"unknown game {name!r}: choose one of {known}")
    return spec


def games() -> list[GameSpec]:
    """Every game (importing those not loaded yet), listed by their `order`."""
    loaded = [_load(name) for name in dict.fromkeys([*_entry_points(), *_GAMES])]
    return sorted((s for s in loaded if s is not None), key=lambda s: (s.order, s.name))


def names() -> list[str]:
    return [spec.name for spec in games()]


def main_games() -> list[GameSpec]:
    """Every game that is not a variant of another."""
    return [spec for spec in games() if spec.variant_of is None]


def word_list(words: Sequence[str], conjunction: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def spec_of(match: AnyGame) -> GameSpec:
    return game(match.game)


def display_name(name: str) -> str:
    """The game's name in the language spoken now ("Seep", "सीप")."""
    return say(game(name).display_name)


def stored_display_name(name: str) -> str:
    """The name of a game a stored record or result names: its display name, or the name it
    was stored under when no installed package registers it any more (records outlive it)."""
    return display_name(name) if name in names() else name


def new_match(name: str, seed: Seed, **rules: Any) -> AnyGame:
    return game(name).new_match(seed, rules)


def restore(data: Mapping[str, Any]) -> AnyGame:
    name = data.get("game")
    if not isinstance(name, str):
        raise UnknownGame("a saved match must name its game")
    return game(name).restore(data)


def table_options() -> Iterator[OptionSpec]:
    """Every game's options, each name once (games share an option by sharing its spec)."""
    seen: dict[str, OptionSpec] = {}
    for spec in games():
        for option in spec.options:
            other = seen.get(option.name)
            if other is None:
                seen[option.name] = option
                yield option
            elif other.kind is not option.kind:
                raise ValueError(f"option {option.name!r} has two types")


def games_with(option: str) -> list[GameSpec]:
    return [spec for spec in games() if spec.option(option) is not None]


class LazyComputer:
    """A game's computer players imported when first asked for a move or a hint ("module:name"
    of their `ComputerPlayers`): a process that only plays or replays never loads the search."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._loaded: ComputerPlayers | None = None

    def _players(self) -> ComputerPlayers:
        if self._loaded is None:
            module, _, name = self.target.partition(":")
            self._loaded = getattr(import_module(module), name)
        return self._loaded

    def choose(
        self, match: AnyGame, player: int, level: str, rng: random.Random, budget: Any
    ) -> Action:
        return self._players().choose(match, player, level, rng, budget)

    def hint(self, match: AnyGame, player: int, seed: int | str) -> Hint:
        return self._players().hint(match, player, seed)

"""The protocol every game implements, and the errors a player may see.

A game's source of truth is `(rules, seed, actions)`: `to_dict` stores exactly that and
`from_dict` replays it, so saving, restoring, replays and bug reports share one mechanism.
bot/, cogs/ and renderers/ use games only through this protocol (and the registry), never
through a game's own classes.
"""

from __future__ import annotations

import pickle
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Final,
    Generic,
    Protocol,
    Self,
    TypeAlias,
    TypeVar,
    cast,
    runtime_checkable,
)

from engine.cards import Card, Pack

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from engine.fairness import DealKeys, PendingCut
    from engine.move_group import MoveGroup as MoveGroup
    from engine.outcome import Outcome
    from engine.pictures import (
        DealReport,
        HandPicture,
        RecapPicture,
        SummaryPicture,
        TablePicture,
    )


class _Public:
    """Marker for the public view (what every onlooker may see)."""

    _instance: ClassVar[_Public | None] = None

    def __new__(cls) -> _Public:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "PUBLIC"


PUBLIC: Final = _Public()
Viewer = int | _Public


def seat_of(who: Viewer, players: int) -> int | None:
    """The seat a view is for (None: the public view); a seat that does not exist is refused."""
    player = who if isinstance(who, int) else None
    if who is not PUBLIC and (player is None or not 0 <= player < players):
        raise ValueError(f"there is no player {who}")
    return player


def __getattr__(name: str) -> Any:
    """`MoveGroup`, kept in `engine.move_group` (loaded when the moves are first shown, not by
    a process that only plays) and named here as before."""
    if name == "MoveGroup":
        from engine.move_group import MoveGroup

        return MoveGroup
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class GameError(ValueError):
    """A mistake a player can make; the message is fit to show them."""


class IllegalMove(GameError):
    """The move breaks a rule of the game."""


class NotYourTurn(GameError):
    """Someone other than the player to move tried to act."""


class GameOver(GameError):
    """The game has ended; no more moves."""


class BadNotation(GameError):
    """Text that does not describe a move or position."""


class GameRules(Protocol):
    """What every game's rules say about the table: the registered name and the seats."""

    @property
    def game(self) -> str: ...

    @property
    def players(self) -> int: ...


class RulesRecord:
    """A game's rules (a frozen dataclass, or a named tuple) saved as every field by name, and
    read back with an unknown option refused in the game's name (`owner`: "unknown Seep
    option(s): …")."""

    __slots__ = ()
    owner: ClassVar[str]

    @classmethod
    def option_defaults(cls) -> dict[str, Any]:
        """Each option (a field) by name, with its default."""
        if issubclass(cls, tuple):  # a named tuple's fields
            named: Any = cls
            return {name: named._field_defaults.get(name) for name in named._fields}
        from dataclasses import fields

        return {f.name: f.default for f in fields(cast("type[DataclassInstance]", cls))}

    def to_dict(self) -> dict[str, Any]:
        if isinstance(self, tuple):
            named: Any = self
            return dict(named._asdict())
        from dataclasses import asdict

        return asdict(cast("DataclassInstance", self))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        unknown = set(data) - set(cls.option_defaults())
        if unknown:
            raise GameError(f"unknown {cls.owner} option(s): {', '.join(sorted(unknown))}")
        return cls(**data)


class RulesView:
    """What every game's view says of its table from its rules (a frozen dataclass with a
    `rules` field)."""

    __slots__ = ()
    rules: GameRules

    @property
    def game(self) -> str:
        return self.rules.game

    @property
    def players(self) -> int:
        return self.rules.players


class Action(Protocol):
    """A move: a frozen value with a compact text form that round-trips."""

    @property
    def notation(self) -> str: ...

    @property
    def card(self) -> Card | None: ...


class PlayRecord(Protocol):
    def told(self, name: str) -> str:
        """The play as it happened, in the past tense, said of `name` ("Asha took 9♠ with
        9♥"); the move picker's words (`GameState.describe`) are instructions instead."""


class GameView(Protocol):
    """What one seat (or everyone) may see; the only thing images and computer players get."""

    @property
    def game(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def hand(self) -> tuple[Card, ...] | None: ...

    def picture(self, names: Sequence[str]) -> TablePicture: ...

    def hand_picture(self) -> HandPicture: ...

    def summary_picture(self, names: Sequence[str]) -> SummaryPicture: ...

    # A game's view may also offer `recap_picture(names) -> RecapPicture` (`RecapView`).


# Capabilities a game may offer beyond the protocol. Each is a protocol of methods only, so
# that the registry checks a game's classes against it once, when the game registers
# (`engine.registry.Capabilities`), and nothing asks a match or a view again.


@runtime_checkable
class RecapView(Protocol):
    """A capability of a game's view: the match deal by deal, drawn by
    `renderers.recap.render_recap` beside the final summary."""

    def recap_picture(self, names: Sequence[str]) -> RecapPicture: ...


@runtime_checkable
class Recapping(Protocol):
    """A capability of a match: its public view's recap (`RecapView`), the match deal by
    deal."""

    def recap_picture(self, names: Sequence[str]) -> RecapPicture: ...


@runtime_checkable
class Committing(Protocol):
    """A capability of a match: its deals come from committed shuffles (`engine.shuffles`),
    and it shows the commitment to the secret of the deal in play (None without one)."""

    def commitment(self) -> str | None: ...


A = TypeVar("A", bound=Action)  # a game's move
V = TypeVar("V", bound=GameView)  # what a game's seat (or everyone) sees


class GameState(ABC, Generic[A, V]):
    """One match in progress, driven only by `apply`.

    Generic in the game's move `A` (an `Action`: a game's own move type, with a cut where its
    deals are cut) and its view `V` (a `GameView`). `apply` and `describe` take a move or its
    notation, which only the game itself can read; the bot, which holds a match of whichever
    game a table plays, knows it as an `AnyGame`."""

    actions: Sequence[A]
    pending_cut: PendingCut | None = None
    """A secret deal waiting for its cut (`cut N`): no deal is in play meanwhile."""

    @property
    @abstractmethod
    def game(self) -> str:
        """The registered name of the game (a variant has its own name)."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player to act, or None once the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def legal_actions(self) -> Sequence[A]:
        """Every legal action of the player to move: deterministic and sorted."""

    @abstractmethod
    def apply(self, action: A | str, player: int | None = None) -> PlayRecord:
        """Validate and play `action` (an action value or its notation)."""

    @abstractmethod
    def describe(self, action: A | str, names: Sequence[str] | None = None) -> str:
        """A legal action in the player's words (with the players' names where it names
        someone)."""

    @property
    def pack(self) -> Pack:
        """How the table's cards look in words and images (a game with a German-suited option
        says which its rules chose)."""
        return Pack.FRENCH

    def move_groups(self) -> list[MoveGroup]:
        """The legal moves as the picker offers them: by card, in the engine's order."""
        from engine.move_group import MoveGroup

        groups: dict[str, list[Action]] = {}
        for action in self.legal_actions():
            key = action.card.shown(self.pack) if action.card is not None else "choice"
            groups.setdefault(key, []).append(action)
        return [MoveGroup(key, tuple(actions)) for key, actions in groups.items()]

    def combine(self, key: str, cards: Sequence[Card]) -> A:
        """The move made of `cards` chosen together in the group `key` (see MoveGroup)."""
        raise ValueError(f"no move is made of chosen cards in {key!r}")

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Outcome per player (e.g. baazis won); meaningful once terminal."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Places, each player's figures and the result line; meaningful once terminal."""

    @abstractmethod
    def side_of(self, player: int) -> int:
        """The side `player` plays for, as far as everyone knows now."""

    @property
    @abstractmethod
    def deals_finished(self) -> int: ...

    @abstractmethod
    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        """Finished deal `number` (1-based) in words, with its record for storage."""

    @abstractmethod
    def view(self, who: Viewer) -> V:
        """What `who` (a player number or PUBLIC) may see."""

    def clone(self) -> Self:
        """An independent copy of the match as it stands: a move is made on a copy, which
        the bot keeps only once the move is stored. (A pickle round trip: a quarter of the
        time `copy.deepcopy` takes on these matches' tuples of cards, measured.)"""
        copied: Self = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return copied

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """`{"game", "rules", "seed", "actions"}`: enough to rebuild the game by replay."""

    @property
    def deal_keys(self) -> DealKeys | None:
        """The secrets of a match with secret deals (kept server-side, never shown in play);
        None for a match seeded for tests or stored before secret deals."""
        return None


# A match of whichever game: what the bot holds for a table, whose game it knows only by name
# (its moves come to it as notation or from the match itself, and go back to the same match).
AnyGame: TypeAlias = "GameState[Any, Any]"

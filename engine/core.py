"""The protocol every game implements, and the errors a player may see.

A game's source of truth is `(rules, seed, actions)`: `to_dict` stores exactly that and
`from_dict` replays it, so saving, restoring, replays and bug reports share one mechanism.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Final


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


class GameState(ABC):
    """One game in progress: a match of deals, driven only by `apply`."""

    game_name: ClassVar[str]

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
    def legal_actions(self) -> Sequence[Any]:
        """Every legal action of the player to move: deterministic and sorted."""

    @abstractmethod
    def apply(self, action: Any, player: int | None = None) -> None:
        """Validate and play `action` (an action value or its notation)."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Outcome per player (e.g. baazis won); meaningful once terminal."""

    @abstractmethod
    def view(self, who: int | _Public) -> Any:
        """What `who` (a player number or PUBLIC) may see."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """`{"game", "rules", "seed", "actions"}`: enough to rebuild the game by replay."""

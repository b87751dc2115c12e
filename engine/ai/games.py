"""What the fishing family's computer players need to know about a game, behind one small
interface.

A deal keeps `hands`, `stock`, `loose`, `captured`, `turn`, `copy()`, `legal_actions()` and
`apply()`. A game's adapter (in the game's own package, registered with `register_adapter`)
adds what differs: its deck, the piles that are captured only whole (houses, builds), who must
hold which value, how a side's standing is counted, and what each of its moves does (`role`):
the search never reads a game's own words for its moves.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum, auto
from typing import Any

from engine.cards import Card

Deal = Any  # a fishing game's deal object (see the module's docstring)
Action = Any  # a fishing game's move: `card`, `value` and `loose` (the floor cards it uses)


class Role(Enum):
    """What a fishing move does, whatever the game calls it."""

    BID = auto()  # announces a value before play (Seep's bid)
    CAPTURE = auto()  # takes cards from the floor
    PILE = auto()  # makes, raises or adds to a pile captured only whole (a house, a build)
    DISCARD = auto()  # leaves its card loose on the floor (a throw, a trail)


class GameAdapter(ABC):
    game: str  # the game's name, for messages
    deck: Sequence[Card]  # every card of the game, in a fixed order

    # ----- sides -------------------------------------------------------------------------

    @abstractmethod
    def sides(self, deal: Deal) -> int: ...

    def side_of(self, deal: Deal, seat: int) -> int:
        return int(deal.side_of(seat))

    # ----- what is public ---------------------------------------------------------------

    @abstractmethod
    def piles(self, deal: Deal) -> Iterator[tuple[int, tuple[Card, ...], tuple[int, ...]]]:
        """(value, cards, seats that must hold a card of that value) for each pile that is
        captured only whole."""

    def face_up_floor(self, deal: Deal) -> bool:
        return True

    def public_cards(self, deal: Deal) -> list[Card]:
        """Cards every player has seen face up: the floor, the piles and every capture."""
        cards: list[Card] = list(deal.loose) if self.face_up_floor(deal) else []
        for _, pile, _ in self.piles(deal):
            cards.extend(pile)
        for taken in deal.captured:
            cards.extend(taken)
        return cards

    def hidden_floor(self, deal: Deal) -> int:
        """Floor cards nobody has seen yet."""
        return 0 if self.face_up_floor(deal) else len(deal.loose)

    # ----- moves --------------------------------------------------------------------------

    roles: Mapping[Any, Role]  # what each kind of move (`action.kind`) does

    def role(self, action: Action) -> Role:
        return self.roles[action.kind]

    def pile_values(self, action: Action) -> tuple[int | None, ...]:
        """The values of the piles a pile move makes or changes."""
        return (action.value,)

    # ----- counting ---------------------------------------------------------------------

    @abstractmethod
    def card_points(self, deal: Deal, card: Card) -> int: ...

    @abstractmethod
    def standing(self, deal: Deal, side: int) -> float:
        """A side's standing in the deal so far, in the deal's own points (at the end: the
        deal's score)."""

    def margin(self, deal: Deal, side: int) -> float:
        """The side's standing minus the best other side's."""
        sides = self.sides(deal)
        if sides == 2:  # (the searches' commonest count, spelled out)
            return self.standing(deal, side) - self.standing(deal, 1 - side)
        others = [self.standing(deal, s) for s in range(sides) if s != side]
        return self.standing(deal, side) - max(others)

    def players(self, deal: Deal) -> int:
        """The players at the table (a two-player Seep deal has four hands)."""
        return len(deal.hands)

    def look_ahead(self, players: int) -> int:
        """Plays the hard player simulates after each candidate: at four seats a round and the
        mover's own next play, elsewhere three. A simulation that stops after the round stops
        with the mover's side to play: the floor it leaves is never judged by what the next
        opponent may take from it, and a Suipe build is never seen collected by its builder
        (measured on duplicate deals, points per deal over the three plays: Suipe 4p +0.94,
        Seep 4p +6.78 ± 6.33; Seep 2p, four plays +0.62 ± 9.50, so two players keep three)."""
        return 4 if players == 4 else 3


_ADAPTERS: dict[type, GameAdapter] = {}


def register_adapter(deal_type: type, adapter: GameAdapter) -> None:
    _ADAPTERS[deal_type] = adapter


def adapter_for(deal: Deal) -> GameAdapter:
    adapter = _ADAPTERS.get(type(deal))
    if adapter is None:
        from engine import registry

        registry.games()  # the built-in games register their adapters when loaded
        adapter = _ADAPTERS.get(type(deal))
    if adapter is None:
        raise TypeError(f"no computer player for {type(deal).__name__}")
    return adapter

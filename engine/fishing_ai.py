"""What the fishing games tell their computer players alike: the deck, the sides, the piles a
play makes or raises."""

from __future__ import annotations

from engine.ai.games import Action, Deal, GameAdapter
from engine.cards import FULL_DECK


class FishingAdapter(GameAdapter):
    """A fishing game's adapter: the full deck, the rules' sides, and a play's pile values (the
    pile it makes or adds to, and the one it raises)."""

    deck = FULL_DECK

    def sides(self, deal: Deal) -> int:
        return int(deal.rules.sides)

    def pile_values(self, action: Action) -> tuple[int | None, ...]:
        return action.value, action.raised or None

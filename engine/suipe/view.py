"""What one player — or everyone — may see of a Suipe match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import Card, hand_order
from engine.core import PUBLIC, RulesView
from engine.suipe import picture as drawing
from engine.suipe.rules import SuipeRules, card_points
from engine.words import Told

if TYPE_CHECKING:
    from engine.suipe.match import SuipeDealOutcome, SuipeMatch


@dataclass(frozen=True, slots=True)
class BuildView:
    value: int
    cards: tuple[Card, ...]
    multiple: bool
    builder: int  # the player who last made or added to it


@dataclass(frozen=True, slots=True)
class SuipeSideView:
    players: tuple[int, ...]
    cards_taken: int
    spades_taken: int
    card_points: int  # 2♠, aces and 10♦ taken so far this deal
    suipes: int
    match_points: int


@dataclass(frozen=True, slots=True)
class SuipeView(RulesView):
    rules: SuipeRules
    viewer: int | None
    phase: str  # "play" or "over"
    deal_number: int
    dealer: int
    turn: int | None
    play_number: int
    loose: tuple[Card, ...]
    builds: tuple[BuildView, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    hand: tuple[Card, ...] | None
    sides: tuple[SuipeSideView, ...]
    last_play: Told | None  # the last play, told with its player's name in the picture
    last_player: int | None
    last_taken: tuple[Card, ...]
    last_card: Card | None  # the card played last (public)
    deals: tuple[SuipeDealOutcome, ...]
    legal_cards: tuple[Card, ...] | None = None  # the viewer's, on their turn

    # the pictures are drawn from the view by the game's picture module
    picture = drawing.table_picture
    hand_picture = drawing.hand_picture
    summary_picture = drawing.summary_picture
    recap_picture = drawing.recap_picture


def build_view(match: SuipeMatch, who: Any) -> SuipeView:
    deal = match.deal
    rules = match.rules
    player = None if who is PUBLIC else int(who)
    if player is not None and not 0 <= player < rules.players:
        raise ValueError(f"there is no player {player}")
    last = deal.last_play
    sides = tuple(
        SuipeSideView(
            players=tuple(p for p in range(rules.players) if rules.side_of(p) == side),
            cards_taken=len(pile),
            spades_taken=sum(1 for c in pile if c.suit.letter == "S"),
            card_points=sum(card_points(c) for c in pile),
            suipes=deal.suipes[side],
            match_points=match.totals[side],
        )
        for side, pile in enumerate(deal.captured)
    )
    return SuipeView(
        rules=rules,
        viewer=player,
        phase="over" if match.is_terminal else "play",
        deal_number=match.deal_number,
        dealer=deal.dealer,
        turn=match.current_player,
        play_number=deal.play_number,
        loose=tuple(deal.loose),
        builds=tuple(
            BuildView(b.value, b.cards, b.multiple, b.builder)
            for b in sorted(deal.builds.values(), key=lambda b: b.value)
        ),
        hand_sizes=tuple(len(hand) for hand in deal.hands),
        stock_size=len(deal.stock),
        hand=None if player is None else tuple(sorted(deal.hands[player], key=hand_order)),
        sides=sides,
        last_play=last,
        last_player=last.seat if last else None,
        last_taken=last.taken if last else (),
        last_card=last.action.card if last else None,
        deals=tuple(match.deal_results),
        legal_cards=(
            tuple(a.card for a in match.legal_actions() if a.card is not None)
            if player is not None and not match.is_terminal and match.current_player == player
            else None
        ),
    )

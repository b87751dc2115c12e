"""What one player — or everyone — may see of a Seep match.

Views are the only thing the bot, the renderers and computer players receive. A public view
holds no hidden card; a player's view adds only the hand that player is using now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import Card, hand_order
from engine.core import PUBLIC, RulesView
from engine.seep import picture as drawing
from engine.seep.deal import Phase
from engine.seep.rules import SeepRules
from engine.seep.scoring import card_points
from engine.words import Told

if TYPE_CHECKING:
    from engine.seep.match import DealOutcome, SeepMatch


@dataclass(frozen=True, slots=True)
class HouseView:
    value: int
    cards: tuple[Card, ...]
    owners: tuple[int, ...]  # players
    cemented: bool


@dataclass(frozen=True, slots=True)
class SideView:
    players: tuple[int, ...]
    cards_taken: int
    card_points: int  # scoring cards taken so far this deal
    sweeps: int
    sweep_points: int
    baazis: int


@dataclass(frozen=True, slots=True)
class SeepView(RulesView):
    rules: SeepRules
    viewer: int | None  # the player looking, None for the public view
    phase: str  # "bid", "play" or "over"
    deal_number: int
    dealer: int  # player
    bidder: int  # player
    bid: int | None
    turn: int | None  # player to act, None once the match is over
    play_number: int  # plays made this deal (0..48)
    face_down_floor: int  # floor cards still face down (during the bid)
    loose: tuple[Card, ...]
    houses: tuple[HouseView, ...]
    hand_sizes: tuple[int, ...]  # per player: cards in the hand in use
    reserve_sizes: tuple[int, ...]  # per player: face-down second hand (2-player game)
    hand: tuple[Card, ...] | None  # the viewer's hand in use, sorted by suit then rank
    sides: tuple[SideView, SideView]
    last_play: Told | None  # the last play, told with its player's name in the picture
    last_player: int | None
    last_taken: tuple[Card, ...]
    last_card: Card | None  # the card played last (public)
    running_total: int  # side 0's lead (negative: side 1 leads)
    deals: tuple[DealOutcome, ...]  # finished deals of the match
    redeals: tuple[tuple[int, tuple[Card, ...]], ...]  # hands shown for a redeal this deal
    legal_cards: tuple[Card, ...] | None = None  # the viewer's, on their turn to play

    # the pictures are drawn from the view by the game's picture module
    picture = drawing.table_picture
    hand_picture = drawing.hand_picture
    summary_picture = drawing.summary_picture
    recap_picture = drawing.recap_picture

    def side_of(self, player: int) -> int:
        return player % 2


def build_view(match: SeepMatch, who: object) -> SeepView:
    deal = match.deal
    rules = match.rules
    player = None if who is PUBLIC else int(who)  # type: ignore[call-overload]
    if player is not None and not 0 <= player < rules.players:
        raise ValueError(f"there is no player {player}")
    bidding = deal.phase is Phase.BID
    active = [deal.active_seat(p) for p in range(rules.players)]
    hand_sizes = tuple(len(deal.hands[seat]) for seat in active)
    if rules.players == 2:
        reserve = tuple(len(deal.hands[(seat + 2) % 4]) for seat in active)
    else:
        reserve = tuple(0 for _ in active)
    hand = None
    if player is not None:
        hand = tuple(sorted(deal.hands[active[player]], key=hand_order))
    last = deal.last_play
    sides = tuple(
        SideView(
            players=tuple(p for p in range(rules.players) if p % 2 == side),
            cards_taken=len(deal.captured[side]),
            card_points=card_points(rules, deal.captured[side]),
            sweeps=len(deal.sweeps[side]),
            sweep_points=sum(deal.sweeps[side]),
            baazis=match.baazis[side],
        )
        for side in (0, 1)
    )
    return SeepView(
        rules=rules,
        viewer=player,
        phase="over" if match.is_terminal else ("bid" if bidding else "play"),
        deal_number=match.deal_number,
        dealer=deal.player_of(deal.dealer),
        bidder=deal.player_of(deal.bidder),
        bid=deal.bid,
        turn=match.current_player,
        play_number=deal.play_number,
        face_down_floor=len(deal.loose) if bidding else 0,
        loose=() if bidding else tuple(deal.loose),
        houses=tuple(
            HouseView(
                value=house.value,
                cards=house.cards,
                owners=tuple(deal.player_of(seat) for seat in house.owners),
                cemented=house.cemented,
            )
            for house in sorted(deal.houses.values(), key=lambda h: h.value)
        ),
        hand_sizes=hand_sizes,
        reserve_sizes=reserve,
        hand=hand,
        sides=sides,  # type: ignore[arg-type]
        last_play=last,
        last_player=deal.player_of(last.seat) if last else None,
        last_taken=last.taken if last else (),
        last_card=last.action.card if last else None,
        running_total=match.running_total,
        deals=tuple(match.deal_results),
        redeals=tuple((deal.player_of(seat), cards) for seat, cards in deal.redeals),
        legal_cards=_legal_cards(match, player) if not bidding else None,
    )


def _legal_cards(match: SeepMatch, player: int | None) -> tuple[Card, ...] | None:
    if player is None or match.is_terminal or match.current_player != player:
        return None
    return tuple(a.card for a in match.legal_actions() if a.card is not None)

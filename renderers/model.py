"""What a table image shows, taken from a game's public (or seat) view.

The renderers draw this model only, so the drawing code is the same for every game and nothing
from a hidden hand can reach a public image: the model is built from the view alone, and only
hand *sizes* are read from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, rank_text
from engine.seep.describe import house_name
from engine.seep.view import SeepView
from engine.suipe.view import SuipeView


@dataclass(frozen=True, slots=True)
class SeatModel:
    name: str
    side: int
    cards_in_hand: int
    waiting_hand: int  # Seep 2-player: the face-down second hand
    dealer: bool
    to_play: bool
    taken: int  # cards captured by the seat's side
    sweeps: int  # sweeps (Seep) or Suipes of the seat's side


@dataclass(frozen=True, slots=True)
class PileModel:
    """A Seep house or a Suipe build."""

    badge: str  # the big value label: 9, 10, J, Q, K or 2…10
    title: str  # "queen-house", "8-build"
    cards: tuple[Card, ...]
    owners: tuple[int, ...]  # sides, for colours
    kind: str  # "cemented house", "house", "multiple build", "single build"
    owner_names: str  # "Asha, Dev" / "by Mira"
    strong: bool  # cemented / multiple: drawn with a double frame


@dataclass(frozen=True, slots=True)
class TableModel:
    title: str
    seats: tuple[SeatModel, ...]
    clockwise: bool
    loose: tuple[Card, ...]
    face_down: int  # floor cards still face down (Seep's bid)
    piles: tuple[PileModel, ...]
    last_play: str | None
    just_played: Card | None  # highlighted where it lies on the floor
    just_taken: tuple[Card, ...]  # shown small beside the last play
    score_lines: tuple[str, ...]  # top-right, one or two short lines


def default_names(players: int) -> list[str]:
    return [f"Player {seat + 1}" for seat in range(players)]


def _side_names(names: Sequence[str], players: Sequence[int]) -> str:
    return " & ".join(names[p] for p in players)


def table_model(view: SeepView | SuipeView, names: Sequence[str] | None = None) -> TableModel:
    if isinstance(view, SuipeView):
        return _suipe_model(view, names or default_names(view.players))
    return _seep_model(view, names or default_names(view.players))


def _last(view: SeepView | SuipeView, names: Sequence[str]) -> tuple[str | None, Card | None]:
    """The last play in words, and its card if it now lies on the floor."""
    if view.last_play is None or view.last_player is None:
        return None, None
    on_floor = {*view.loose, *(c for pile in _pile_cards(view) for c in pile)}
    played = view.last_card if view.last_card in on_floor else None
    return f"{names[view.last_player]}: {view.last_play}", played


def _pile_cards(view: SeepView | SuipeView) -> list[tuple[Card, ...]]:
    if isinstance(view, SuipeView):
        return [b.cards for b in view.builds]
    return [h.cards for h in view.houses]


def _seep_model(view: SeepView, names: Sequence[str]) -> TableModel:
    players = view.players
    seats = tuple(
        SeatModel(
            name=names[p],
            side=p % 2,
            cards_in_hand=view.hand_sizes[p],
            waiting_hand=view.reserve_sizes[p],
            dealer=view.dealer == p,
            to_play=view.turn == p,
            taken=view.sides[p % 2].cards_taken,
            sweeps=view.sides[p % 2].sweeps,
        )
        for p in range(players)
    )
    piles = tuple(
        PileModel(
            badge=rank_text(house.value),
            title=house_name(house.value),
            cards=house.cards,
            owners=tuple(owner % 2 for owner in house.owners),
            kind="cemented" if house.cemented else "ordinary",
            owner_names=", ".join(names[o] for o in house.owners),
            strong=house.cemented,
        )
        for house in view.houses
    )
    game = "Seep 30" if view.rules.is_thirty else "Seep"
    title = f"{game} · deal {view.deal_number} · {names[view.dealer]} deals"
    if view.bid is not None:
        title += f" · bid {view.bid}"
    leader = view.running_total
    lead_text = "level"
    if leader:
        side = 0 if leader > 0 else 1
        lead_text = f"{_side_names(names, view.sides[side].players)} +{abs(leader)}"
    points = " · ".join(
        f"{_side_names(names, s.players)} {s.card_points + s.sweep_points}" for s in view.sides
    )
    score_lines = (
        f"This deal: {points}",
        f"Running: {lead_text} · baazis {view.sides[0].baazis}–{view.sides[1].baazis}",
    )
    last, played = _last(view, names)
    if view.phase == "bid":
        last = f"{names[view.bidder]} bids for a house · the floor is still face down"
    return TableModel(
        title=title,
        seats=seats,
        clockwise=False,
        loose=view.loose,
        face_down=view.face_down_floor,
        piles=piles,
        last_play=last,
        just_played=played,
        just_taken=view.last_taken,
        score_lines=score_lines,
    )


def _suipe_model(view: SuipeView, names: Sequence[str]) -> TableModel:
    rules = view.rules
    seats = tuple(
        SeatModel(
            name=names[p],
            side=rules.side_of(p),
            cards_in_hand=view.hand_sizes[p],
            waiting_hand=0,
            dealer=view.dealer == p,
            to_play=view.turn == p,
            taken=view.sides[rules.side_of(p)].cards_taken,
            sweeps=view.sides[rules.side_of(p)].suipes,
        )
        for p in range(rules.players)
    )
    piles = tuple(
        PileModel(
            badge=str(build.value),
            title=f"{build.value}-build",
            cards=build.cards,
            owners=(rules.side_of(build.builder),),
            kind="multiple" if build.multiple else "single",
            owner_names=f"by {names[build.builder]}",
            strong=build.multiple,
        )
        for build in view.builds
    )
    title = f"Suipe · deal {view.deal_number} of {rules.deals} · {names[view.dealer]} deals"
    if view.stock_size:
        title += f" · {view.stock_size} left"
    totals = " · ".join(f"{_side_names(names, s.players)} {s.match_points}" for s in view.sides)
    last, played = _last(view, names)
    return TableModel(
        title=title,
        seats=seats,
        clockwise=True,
        loose=view.loose,
        face_down=0,
        piles=piles,
        last_play=last,
        just_played=played,
        just_taken=view.last_taken,
        score_lines=(f"Match points: {totals}",),
    )

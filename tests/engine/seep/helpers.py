"""Small helpers for Seep scenario tests written in position notation."""

from __future__ import annotations

from engine.seep import SeepDeal, parse_action, parse_position
from tests.engine import shared


def position(text: str) -> SeepDeal:
    return parse_position(text)


def moves(deal: SeepDeal, card: str | None = None) -> set[str]:
    """Notations of the legal moves, optionally only those of one hand card."""
    return {
        action.notation
        for action in deal.legal_actions()
        if card is None or (action.card is not None and str(action.card) == card)
    }


def house_moves(deal: SeepDeal, card: str | None = None) -> set[str]:
    return {m for m in moves(deal, card) if "h" in m[1:]}


def play(deal: SeepDeal, notation: str) -> SeepDeal:
    deal.apply(_find(deal, notation))
    return deal


def _find(deal: SeepDeal, notation: str):
    return parse_action(notation)


def refused(deal: SeepDeal, notation: str, reason: str | None = None) -> None:
    """The move is not offered, and played anyway it is refused (saying `reason`)."""
    shared.refused(deal, parse_action(notation), reason)

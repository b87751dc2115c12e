"""Small helpers for Seep scenario tests written in position notation."""

from __future__ import annotations

from engine.seep import SeepDeal, parse_position


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
    from engine.seep import parse_action

    return parse_action(notation)

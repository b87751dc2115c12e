"""Every tournament format and the games each fits (their words: `bot.tournaments.words`)."""

from __future__ import annotations

from bot.tournaments.arena import Arena
from bot.tournaments.duplicate import Duplicate
from bot.tournaments.format import Format, FormatName
from bot.tournaments.knockout import Knockout
from bot.tournaments.sessions import Sessions
from bot.tournaments.swiss import Swiss
from bot.tournaments.words import HOW_IT_SCORES, SCORES, TITLES
from engine.registry import GameSpec, SideRule

__all__ = ["FORMATS", "HOW_IT_SCORES", "SCORES", "TITLES", "formats_for", "formats_of_game"]

FORMATS: dict[FormatName, Format] = {
    FormatName.ARENA: Arena(),
    FormatName.SWISS: Swiss(),
    FormatName.KNOCKOUT: Knockout(),
    FormatName.SESSIONS: Sessions(),
    FormatName.DUPLICATE: Duplicate(),
}


def formats_for(seats: int, partnerships: bool) -> list[FormatName]:
    """The formats that suit a game played at `seats` seats, in the order they are offered."""
    return [name for name, fmt in FORMATS.items() if fmt.fits(seats, partnerships)]


def formats_of_game(spec: GameSpec) -> list[FormatName]:
    """The formats that suit a game at any of its table sizes (partners where the game plays
    four in fixed partnerships)."""
    found: list[FormatName] = []
    for seats in spec.allowed_seats:
        partners = seats == 4 and spec.side_rule({"players": seats}) == SideRule.PARTNERS
        found += [name for name in formats_for(seats, partners) if name not in found]
    return [name for name in FORMATS if name in found]

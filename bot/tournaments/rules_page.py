"""The /rules page on tournaments: how each format that suits the game pairs and scores, in
the language spoken now (it is made from the catalogues, so it is added to every game's pages
in every language its pages are in)."""

from __future__ import annotations

from bot.i18n import _
from bot.tournaments.format import FormatName
from bot.tournaments.formats import formats_of_game
from bot.tournaments.words import DEALER_SITS_OUT, HOW_IT_SCORES, PAGE_INTRO, TOURNAMENTS
from engine.registry import GameSpec

TOPIC = "tournaments"


def tournament_page(spec: GameSpec) -> tuple[str, str]:
    """The page's title and text for `spec`'s game."""
    formats = formats_of_game(spec)
    paragraphs = [_(PAGE_INTRO), *(_(HOW_IT_SCORES[name]) for name in formats)]
    seats = spec.dealer_out_seats
    if seats and FormatName.SESSIONS in formats:
        paragraphs.append(_(DEALER_SITS_OUT, seats=seats, playing=seats - 1))
    return _(TOURNAMENTS), "\n\n".join(paragraphs)

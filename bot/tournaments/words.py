"""The words a player reads about the tournament formats, as catalogue ids (the runtime,
the pictures and the /rules page translate them for the reader)."""

from __future__ import annotations

from bot.i18n import N_
from bot.tournaments.format import FormatName

# Each format's name as a player reads it
TITLES: dict[FormatName, str] = {
    FormatName.ARENA: N_("Arena"),
    FormatName.SWISS: N_("Swiss"),
    FormatName.KNOCKOUT: N_("Knockout"),
    FormatName.SESSIONS: N_("Sessions"),
    FormatName.DUPLICATE: N_("Duplicate"),
}

# What the score column of each format's standings counts
SCORES: dict[FormatName, str] = {
    FormatName.ARENA: N_("Arena points"),
    FormatName.SWISS: N_("Points"),
    FormatName.KNOCKOUT: N_("Rounds won"),
    FormatName.SESSIONS: N_("Units"),
    FormatName.DUPLICATE: N_("Matchpoints %"),
}

# How each format pairs and scores, for the /rules page (docs/tournaments.md has the details)
HOW_IT_SCORES: dict[FormatName, str] = {
    FormatName.ARENA: N_(
        "Arena: play as many matches as you can before the time runs out. As soon as you "
        "finish, you are paired with another free player near you in the standings (not the "
        "one you just played, if anyone else is coming free). A win scores 2, a draw 1, a loss "
        "0. After two wins in a row you are on fire: your results count double until you do "
        "not win. Matches still playing at the end count. Ties: wins, then your opponents' "
        "scores."
    ),
    FormatName.SWISS: N_(
        "Swiss: a set number of rounds. Each round you meet someone on the same score as you, "
        "never the same opponent twice. A win scores 1, a draw ½. With an odd number, the "
        "lowest player who has not had one gets a bye, worth a win, at most once each. Ties: "
        "Buchholz (your opponents' scores added up), then Sonneborn–Berger (the scores of the "
        "opponents you beat, and half of those you drew with)."
    ),
    FormatName.KNOCKOUT: N_(
        "Knockout: lose a tie and you are out. The bracket is seeded by rating, or by the order "
        "of entry; when the number is not a power of two, the top seeds start with a bye. A "
        "tie is best of the set number of matches (a draw counts ½); if it is level, one more "
        "match at a time until someone leads, and after three extra matches the higher seed "
        "goes through."
    ),
    FormatName.SESSIONS: N_(
        "Sessions: every table plays the same number of hands, and your score is your units "
        "on the score sheet, added up over the sessions. After each session the tables are "
        "made again by score: the best players sit together. Tables are of the sizes the game "
        "allows; a player who cannot be seated sits the session out and scores the session's "
        "average. Ties: tables won, then your best session."
    ),
    FormatName.DUPLICATE: N_(
        "Duplicate: every table of a round plays the same deals, and you are compared only "
        "with the players (or pairs) who held the same seat's cards at the other tables. You "
        "score 1 for each of them you beat and ½ for each you tie with, as a percentage; your "
        "score is your average over the rounds, a round sat out counting 50%. Ties: tops "
        "(rounds at 100%)."
    ),
}

# a sessions event of a game whose table one seat larger has its dealer sit out (Sheepshead)
DEALER_SITS_OUT = N_(
    "When the players fill a table of {seats} in a sessions event, the dealer of each hand "
    "sits it out and the other {playing} play it, winning or losing nothing for the dealer; "
    "that table plays enough hands for each player to play as many as at a table of "
    "{playing}."
)

TOURNAMENTS = N_("Tournaments")
PAGE_INTRO = N_(
    "A server can run tournaments of this game (`/tournament`). How each format that suits "
    "it pairs the players and scores:"
)

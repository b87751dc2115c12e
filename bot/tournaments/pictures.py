"""A tournament's pictures as values, in the words of the language spoken now: the results
(`renderers.tournament.ResultsModel`) and the knockout bracket (`BracketModel`). The renderers
draw them; nothing here draws. (Importing this module imports Pillow: import it where a
picture is made.)"""

from __future__ import annotations

from bot.i18n import N_, _, ngettext
from bot.tournaments.format import EventState, Format, FormatName
from bot.tournaments.formats import SCORES, TITLES
from bot.tournaments.knockout import Tie, bracket
from bot.tournaments.units import Unit, unit_of, units_of
from renderers.tournament import (
    BracketModel,
    BracketSide,
    BracketTie,
    ResultRow,
    ResultsModel,
)

FRACTIONS = {0.25: "¼", 0.5: "½", 0.75: "¾"}
MINUS = "−"
PODIUM_WORDS = (N_("Player"), N_("Pair"))
BYE = N_("bye")


def figure(value: float) -> str:
    """A score as a player reads it: 3, 3½, 12¼, −4; other fractions to one decimal."""
    sign = MINUS if value < 0 else ""
    whole, part = divmod(abs(value), 1)
    part = round(part, 6)
    if part == 0:
        return f"{sign}{int(whole)}"
    if part in FRACTIONS:
        return f"{sign}{int(whole) if whole else ''}{FRACTIONS[part]}"
    return f"{sign}{abs(value):.1f}"


def percent(value: float) -> str:
    """A matchpoint percentage, whole, as the daily deal shows it."""
    return f"{value:.0f}%"


def unit_name(state: EventState, unit: Unit) -> str:
    names = {e.user_id: e.name for e in state.entrants}
    if len(unit) == 1:
        return names.get(unit[0], "?")
    return _("{first} & {second}", first=names.get(unit[0], "?"), second=names.get(unit[1], "?"))


def results_model(
    fmt: Format,
    state: EventState,
    title: str,
    finished: bool,
    viewer: int | None = None,
    rounds_played: int = 0,
) -> ResultsModel:
    """The standings as a picture: the event's `title` (its own name, as its organiser typed
    it), the format and how far it is, every unit's line with its tie-breaks."""
    units = units_of(state)
    shown = percent if fmt.name == FormatName.DUPLICATE else figure
    rows: list[ResultRow] = []
    seen: set[Unit] = set()
    for line in fmt.standings(state):
        unit = unit_of(line.user_id, units) or (line.user_id,)
        if unit in seen:
            continue
        seen.add(unit)
        rows.append(
            ResultRow(
                line.rank,
                unit_name(state, unit),
                shown(line.score),
                tuple(figure(v) for v in line.tiebreaks),
                viewer in unit,
            )
        )
    name = _(TITLES[fmt.name])
    if finished:
        subtitle = _("{format} · final results", format=name)
    elif rounds_played:
        subtitle = _("{format} · after round {number}", format=name, number=rounds_played)
    else:
        subtitle = _("{format} · standings", format=name)
    player = PODIUM_WORDS[1] if state.settings.partnerships else PODIUM_WORDS[0]
    count = len(rows)
    footer = (
        ngettext("{count} pair", "{count} pairs", count)
        if state.settings.partnerships
        else ngettext("{count} player", "{count} players", count)
    )
    return ResultsModel(
        title,
        subtitle,
        "#",
        _(player),
        _(SCORES[fmt.name]),
        tuple(_(label) for label in fmt.tiebreak_names),
        tuple(rows),
        footer,
    )


def round_name(number: int, rounds: int) -> str:
    """A knockout round by what it leads to: the final, the semi-finals, the quarter-finals,
    else its number."""
    left = rounds - number
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-finals")
    if left == 2:
        return _("Quarter-finals")
    return _("Round {number}", number=number)


def bracket_model(state: EventState, title: str) -> BracketModel:
    """The bracket as it stands, every round, in the words spoken now."""
    rounds = bracket(state)

    def side(tie: Tie, unit: Unit | None, points: float) -> BracketSide:
        if unit is None:
            return BracketSide(_(BYE) if tie.bye else "")
        played = tie.matches > 0
        return BracketSide(unit_name(state, unit), figure(points) if played else "",
                           tie.winner == unit)  # fmt: skip

    ties = tuple(
        tuple(
            BracketTie(side(t, t.first, t.first_points), side(t, t.second, t.second_points))
            for t in round_ties
        )
        for round_ties in rounds
    )
    champion = rounds[-1][0].winner
    pairs = state.settings.partnerships
    subtitle = _(TITLES[FormatName.KNOCKOUT])
    if state.settings.best_of > 1:
        subtitle = _("{format} · best of {count}", format=subtitle, count=state.settings.best_of)
    return BracketModel(
        title,
        subtitle,
        tuple(round_name(n + 1, len(rounds)) for n in range(len(rounds))),
        ties,
        unit_name(state, champion) if champion else "",
        _("Champions") if pairs else _("Champion"),
    )

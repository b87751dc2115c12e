"""Leaderboards, ratings and player stats, computed from the stored results.

Ratings use openskill's Plackett-Luce model: it rates teams (partners share a result) and
free-for-all places (three players each for themselves) with one well-tested method, and it
is deterministic, so a leaderboard can always be rebuilt from the results alone. Which
figures a game has, and what its own board ranks by, come from its registration.
"""

from __future__ import annotations

import calendar
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import groupby
from typing import TYPE_CHECKING

from bot.i18n import N_, _, ngettext
from bot.storage import PlayerResult, Store
from engine import registry
from engine.registry import Headline

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

PAGE_SIZE = 10
MIN_MATCHES_FOR_WIN_RATE = 3
RECENT = 12


@cache
def _model() -> PlackettLuce:
    """The rating model, made when ratings are first asked for (openskill is not imported
    before: an idle bot does without its 2 MB)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


class Board(StrEnum):
    HEADLINE = "headline"  # the game's own figure (baazis, wins…)
    RATING = N_("rating")  # the values are the command's choices, shown translated
    WIN_RATE = N_("win rate")

    @classmethod
    def choice(cls, name: str) -> Board:
        """The board for a /leaderboard choice: rating, win rate, or a game's own figure."""
        return cls(name) if name in (cls.RATING, cls.WIN_RATE) else cls.HEADLINE


def board_choices() -> list[str]:
    """What /leaderboard offers to rank by: every game's own figure, rating and win rate."""
    own = dict.fromkeys(spec.headline.board for spec in registry.games())
    return [*own, Board.RATING.value, Board.WIN_RATE.value]


class Period(StrEnum):
    ALL = N_("all time")
    MONTH = N_("this month")
    WEEK = N_("this week")

    @property
    def label(self) -> str:
        """The period in the reader's language."""
        return _(self.value)


def period_start(period: Period, now: float | None = None) -> float:
    """The start of the period in UTC (0 for all time)."""
    if period is Period.ALL:
        return 0.0
    today = time.gmtime(time.time() if now is None else now)
    if period is Period.MONTH:
        return float(calendar.timegm((today.tm_year, today.tm_mon, 1, 0, 0, 0)))
    midnight = calendar.timegm((today.tm_year, today.tm_mon, today.tm_mday, 0, 0, 0))
    return float(midnight - today.tm_wday * 86400)  # Monday


def display_rating(mu: float, sigma: float) -> int:
    """1000 for a newcomer; rises as wins come and as the system grows sure of a player."""
    return round(1000 + 40 * (mu - 3 * sigma))


def ratings(results: Iterable[PlayerResult]) -> dict[int, tuple[float, float]]:
    """(mu, sigma) per player after replaying every rated match in the order they finished. A
    match whose sides change every deal (Sheepshead) is replayed deal by deal, each with its
    own sides."""
    state: dict[int, tuple[float, float]] = {}
    rated = [r for r in results if r.rated]
    rated.sort(key=lambda r: (r.finished_at, r.table_id, r.side))
    for _table, rows in groupby(rated, key=lambda r: r.table_id):
        match = list(rows)
        count = min(len(r.rounds) for r in match)
        if count:
            for number in range(count):
                _rate(state, [(r, *r.rounds[number]) for r in match])
        else:
            _rate(state, [(r, r.side, r.place) for r in match])
    return state


def _rate(state: dict[int, tuple[float, float]], rows: list[tuple[PlayerResult, int, int]]) -> None:
    """One contest: the humans grouped by side, each side with its place."""
    by_side: dict[int, list[tuple[PlayerResult, int]]] = defaultdict(list)
    for row, side, place in rows:
        if side >= 0:  # (a player who sat the round out is not rated in it: `SAT_OUT`)
            by_side[side].append((row, place))
    if len(by_side) < 2:
        return  # nobody to be compared with (the other side had no human)
    sides = sorted(by_side)
    model = _model()
    teams = [
        [model.rating(*state.get(r.user_id, (model.mu, model.sigma))) for r, _ in by_side[s]]
        for s in sides
    ]
    ranks = [float(by_side[s][0][1]) for s in sides]
    updated = model.rate(teams, ranks=ranks)
    for s, team in zip(sides, updated, strict=True):
        for (row, _rank), rating in zip(by_side[s], team, strict=True):
            state[row.user_id] = (rating.mu, rating.sigma)


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    name: str
    place: int
    figure: str  # the number the board is sorted by, in words
    detail: str  # the record behind it


@dataclass
class _Record:
    name: str = ""
    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    totals: Counter[str] = field(default_factory=Counter)  # the game's figures, summed

    @property
    def win_rate(self) -> float:
        return (self.wins + self.draws / 2) / self.matches if self.matches else 0.0

    def won_lost(self, headline: Headline) -> tuple[int, int]:
        if headline.key is None:
            return self.wins, self.losses
        lost = self.totals[headline.lost_key] if headline.lost_key else 0
        return self.totals[headline.key], lost

    def text(self, headline: Headline) -> str:
        if self.draws:
            record = _(
                "{wins}W {losses}L {draws}D", wins=self.wins, losses=self.losses, draws=self.draws
            )
        else:
            record = _("{wins}W {losses}L", wins=self.wins, losses=self.losses)
        if headline.detail:
            won, lost = self.won_lost(headline)
            return f"{record} · {_(headline.detail)} {won}-{lost}"
        return record


def records(results: Iterable[PlayerResult]) -> dict[int, _Record]:
    table: dict[int, _Record] = defaultdict(_Record)
    for row in results:
        record = table[row.user_id]
        record.name = row.name  # the latest name wins (results come in order)
        record.matches += 1
        record.wins += row.outcome == "win"
        record.draws += row.outcome == "draw"
        record.losses += row.outcome == "loss"
        record.totals.update(row.stats)
    return table


def standings(results: Sequence[PlayerResult], game: str, board: Board) -> list[Standing]:
    """Everyone on the board, best first; ties share a place."""
    rated = [r for r in results if r.rated]
    headline = registry.game(game).headline
    table = records(rated)
    keyed: list[tuple[tuple[float, ...], int, str]] = []
    if board is Board.RATING:
        for user, (mu, sigma) in ratings(rated).items():
            value = display_rating(mu, sigma)
            keyed.append(((value,), user, f"{value}"))
    elif board is Board.WIN_RATE:
        for user, record in table.items():
            if record.matches >= MIN_MATCHES_FOR_WIN_RATE:
                rate = round(record.win_rate * 100)
                keyed.append(((rate, record.matches), user, f"{rate}%"))
    else:
        for user, record in table.items():
            won, lost = record.won_lost(headline)
            figure = ngettext(*headline.count_words, won)
            keyed.append(((won, won - lost), user, figure))
    keyed.sort(key=lambda item: (tuple(-k for k in item[0]), table[item[1]].name.lower()))
    result: list[Standing] = []
    for index, (key, user, figure) in enumerate(keyed):
        place = result[-1].place if result and keyed[index - 1][0] == key else index + 1
        result.append(Standing(user, table[user].name, place, figure, table[user].text(headline)))
    return result


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    name: str
    game: str
    matches: int
    wins: int
    draws: int
    losses: int
    totals: dict[str, int]  # the game's figures, summed over the player's matches
    deals: int
    best_deal: int
    rating: int | None  # None until the player has a rated match
    place: int | None  # on the rating board
    favourite_partner: tuple[str, int, int] | None  # name, matches together, wins together
    recent: tuple[tuple[str, int], ...]  # (outcome, points for minus against), oldest first


def player_stats(
    results: Sequence[PlayerResult], user_id: int, game: str, season_start: float = 0.0
) -> PlayerStats | None:
    """A player's record from every result (rated or not); their rating from this season's
    rated ones."""
    own = [r for r in results if r.user_id == user_id]
    if not own:
        return None
    record = records(own)[user_id]
    names = {r.user_id: r.name for r in results}
    together: Counter[int] = Counter(r.partner_id for r in own if r.partner_id)
    won: Counter[int] = Counter(r.partner_id for r in own if r.partner_id and r.outcome == "win")
    partner = None
    if together:
        best = max(together, key=lambda p: (together[p], won[p]))
        partner = (names.get(best, "?"), together[best], won[best])
    season = [r for r in results if r.finished_at >= season_start]
    board = standings(season, game, Board.RATING)
    mine = next((s for s in board if s.user_id == user_id), None)
    return PlayerStats(
        user_id=user_id,
        name=record.name,
        game=game,
        matches=record.matches,
        wins=record.wins,
        draws=record.draws,
        losses=record.losses,
        totals=dict(record.totals),
        deals=sum(r.deals for r in own),
        best_deal=max(r.best_deal for r in own),
        rating=int(mine.figure) if mine else None,
        place=mine.place if mine else None,
        favourite_partner=partner,
        recent=tuple((r.outcome, r.points_for - r.points_against) for r in own[-RECENT:]),
    )


# ----- what the commands show ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardPage:
    title: str
    subtitle: str
    rows: tuple[Standing, ...]
    own: Standing | None  # the viewer, when they are on the board but not on this page
    viewer: int
    page: int
    pages: int

    def text(self) -> str:
        """The page in words (when the bot may not attach images)."""
        if not self.rows:
            return _("No finished games yet: play a match to appear here.")
        lines = [_line(s, s.user_id == self.viewer) for s in self.rows]
        if self.own is not None:
            lines += ["…", _line(self.own, True)]
        return "\n".join(lines)


def _line(standing: Standing, mine: bool) -> str:
    text = f"{standing.place}. {standing.name} — {standing.figure} ({standing.detail})"
    return f"**{text}**" if mine else text


async def board_page(
    store: Store,
    guild_id: int,
    game: str,
    board: Board,
    period: Period,
    page: int,
    viewer: int,
    now: float | None = None,
) -> BoardPage:
    season = (await store.guild_settings(guild_id)).season_start
    since = max(season, period_start(period, now))
    everyone = standings(await store.player_results(guild_id, game, since), game, board)
    pages = max(1, -(-len(everyone) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    rows = tuple(everyone[page * PAGE_SIZE : (page + 1) * PAGE_SIZE])
    mine = next((s for s in everyone if s.user_id == viewer), None)
    own = mine if mine is not None and mine not in rows else None
    spec = registry.game(game)
    by = _(spec.headline.board) if board is Board.HEADLINE else _(board.value)
    title = _("{game} leaderboard · by {board}", game=registry.display_name(spec.name), board=by)
    subtitle = ngettext(
        "{period} · {count} player",
        "{period} · {count} players",
        len(everyone),
        period=period.label,
    )
    if season and period is Period.ALL:
        subtitle = _("{subtitle} · this season", subtitle=subtitle)
    return BoardPage(title, subtitle, rows, own, viewer, page, pages)


async def stats_for(
    store: Store, guild_id: int, user_id: int, game: str | None = None
) -> PlayerStats | None:
    """The player's stats in `game`, or in the game they have played most."""
    settings = await store.guild_settings(guild_id)
    if game is None:
        offered = set(registry.names())  # a game no longer installed has no figures to show
        mine = [r for r in await store.player_results(guild_id, user_id=user_id)
                if r.game in offered]  # fmt: skip
        if not mine:
            return None
        game = Counter(r.game for r in mine).most_common(1)[0][0]
    results = await store.player_results(guild_id, game)
    return player_stats(results, user_id, game, settings.season_start)

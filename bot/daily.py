"""The daily deal (docs/daily.md): each server's deal of the day per game, the same cards for
every member, played alone against computer players that answer the same situation the same
way; one attempt per member, game and day; boards that compare everyone on those cards.

The day's deal is committed when the server's day begins (its first `/daily`): its secret is
drawn then and kept in the store, shown only once the day is over. A member's attempt is
stored as its moves, so it is rebuilt exactly after a restart.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from datetime import time as day_time
from secrets import token_bytes
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n import N_, _, ngettext, slash
from bot.leaderboards import BoardPage, Standing
from bot.players import computer_move
from bot.step import ComputerToMove, TableFacts, next_step
from bot.storage import Store
from bot.storage.daily import AttemptRow, DailyStore, DayRow, DealRow
from bot.storage.store import DealRecordRow, SeatRow
from engine import registry
from engine.core import AnyGame, GameError, PlayRecord
from engine.daily import NONCE_BYTES, SECRET_BYTES, DayKeys, computer_rng, day_commitment
from engine.records import SeatEntry, make_record
from engine.registry import DailySpec, GameSpec, Hint

DEFAULT_ZONE = "UTC"
BOARD_ROWS = 10
# The /leaderboard choices of the daily boards (shown translated)
DAY_BOARD = N_("daily deal")
WEEK_BOARD = N_("daily week")
DAILY_BOARDS = (DAY_BOARD, WEEK_BOARD)
MATCHPOINTS = N_(
    "Everyone here played the same cards. Matchpoints: you score 1 for each player you beat "
    "on them and ½ for each you tie with; your percentage is your share of the most you "
    "could score (alone on the board: 50%)."
)


class DailyError(Exception):
    """Something a member asked of the daily deal that is refused; shown to them privately."""


def zone_of(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def day_bounds(now: float, zone: str, hour: int) -> tuple[str, float, float]:
    """(the local date, its start, its end) of the day that contains `now`, days starting at
    `hour` o'clock in `zone`."""
    tz = zone_of(zone)
    local = datetime.fromtimestamp(now, tz) - timedelta(hours=hour)
    return bounds_of(local.date(), zone, hour)


def bounds_of(day: date, zone: str, hour: int) -> tuple[str, float, float]:
    tz = zone_of(zone)
    start = datetime.combine(day, day_time(hour), tz)
    end = datetime.combine(day + timedelta(days=1), day_time(hour), tz)
    return day.isoformat(), start.timestamp(), end.timestamp()


def matchpoints(scores: Sequence[float]) -> list[float]:
    """Each score's matchpoint percentage against the others (50 for a lone score)."""
    if len(scores) < 2:
        return [50.0 for _ in scores]
    others = len(scores) - 1

    def points(i: int, score: float) -> float:
        return sum(1.0 if score > o else 0.5 if score == o else 0.0
                   for j, o in enumerate(scores) if j != i)  # fmt: skip

    return [100.0 * points(i, s) / others for i, s in enumerate(scores)]


def places(values: Sequence[float]) -> list[int]:
    """1 for the best; equal values share a place."""
    return [1 + sum(other > value for other in values) for value in values]


def streak(days: Sequence[str], today: str) -> int:
    """Consecutive days played up to today (or up to yesterday, when today is not yet)."""
    played = {date.fromisoformat(d) for d in days}
    current = date.fromisoformat(today)
    if current not in played:
        current -= timedelta(days=1)
    count = 0
    while current in played:
        count += 1
        current -= timedelta(days=1)
    return count


def week_of(day: str) -> tuple[str, str]:
    """The Monday and Sunday of the week of `day`."""
    current = date.fromisoformat(day)
    monday = current - timedelta(days=current.weekday())
    return monday.isoformat(), (monday + timedelta(days=6)).isoformat()


def spec_with_daily(game: str) -> tuple[GameSpec, DailySpec]:
    spec = registry.game(game)
    if spec.daily is None:
        raise DailyError(
            _(
                "{game} has no daily deal. Choose another game.",
                game=registry.display_name(spec.name),
            )
        )
    return spec, spec.daily


@dataclass(frozen=True, slots=True)
class Told:
    number: int
    player: int
    text: str


@dataclass
class DailyAttempt:
    """A member's table for the day's deal, in memory; what the move picker reads."""

    day: DayRow
    deal: DealRow
    row: AttemptRow
    match: AnyGame
    names_: list[str]
    plays: list[Told] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    id: int = 0  # the picker's tag: any number that tells attempts apart in a message
    ended: bool = False
    hints_on: bool = False

    @property
    def spec(self) -> GameSpec:
        return registry.game(self.row.game)

    @property
    def turn_number(self) -> int:
        return len(self.match.actions)

    @property
    def finished(self) -> bool:
        return self.row.finished

    def seat_of(self, user_id: int) -> int | None:
        return 0 if user_id == self.row.user_id else None

    def names(self) -> list[str]:
        return list(self.names_)

    def name_of(self, seat: int) -> str:
        return self.names_[seat]

    async def hint(self, user_id: int, turn_number: int) -> Hint:
        raise DailyError(_("There are no hints in the daily deal."))

    def since_own_turn(self) -> list[Told]:
        own = [play.number for play in self.plays if play.player == 0]
        start = own[-1] + 1 if own else 0
        return [play for play in self.plays if play.number >= start]

    @property
    def seats(self) -> dict[int, SeatRow]:
        """The attempt's seats as a table's: the member at seat 0, the day's computers at the
        others (at the level the game's daily deal names)."""
        level = spec_with_daily(self.row.game)[1].level
        return {
            seat: SeatRow(seat, self.row.user_id if seat == 0 else None, name,
                          None if seat == 0 else level)
            for seat, name in enumerate(self.names_)
        }  # fmt: skip

    def facts(self) -> TableFacts:
        """The attempt as the play core's step reads a table: it ends with its first deal
        (the day's deal), and owes no channel anything (its answers are the member's own)."""
        return TableFacts(self.match, self.seats, (), ended=deal_done(self.match))


def deal_done(match: AnyGame) -> bool:
    """Whether the day's deal is over: the match is, or a deal counts in the figures."""
    if match.is_terminal:
        return True
    if match.deals_finished == 0:
        return False
    return any(figures.get("deals", 0) >= 1 for figures in match.outcome().stats)


def score_of(match: AnyGame, daily: DailySpec) -> int:
    return int(match.outcome().stats[0].get(daily.figure, 0))


@dataclass(frozen=True, slots=True)
class Overview:
    """What `/daily` tells about a game's day: its commitment and when it ends."""

    day: DayRow
    deal: DealRow


class Daily:
    """The daily deals of every server this process serves."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = DailyStore(store)
        self.bot_store = store
        self.clock = clock
        self.attempts: dict[tuple[int, str, str, int], DailyAttempt] = {}
        self._opening = asyncio.Lock()  # one day (and one deal) begun at a time
        self._ids = 0

    # ----- the server's day -------------------------------------------------------------

    async def settings(self, guild_id: int) -> tuple[str, int]:
        values = (await self.bot_store.guild_settings(guild_id)).settings
        zone = values.get("daily_zone")
        hour = values.get("daily_hour")
        zone = zone if isinstance(zone, str) and valid_zone(zone) else DEFAULT_ZONE
        hour = hour if type(hour) is int and 0 <= hour <= 23 else 0
        return zone, hour

    async def today(self, guild_id: int) -> DayRow:
        """The server's day now, begun (and stored with its time zone) if it had not been."""
        now = self.clock()
        found = await self.store.day_at(guild_id, now)
        if found is not None:
            return found
        async with self._opening:
            found = await self.store.day_at(guild_id, now)
            if found is not None:
                return found
            zone, hour = await self.settings(guild_id)
            local, starts, ends = day_bounds(now, zone, hour)
            latest = await self.store.latest_day(guild_id)
            if latest is not None and local <= latest.local_day:
                # the time zone changed: the next date, from the end of the last day
                following = date.fromisoformat(latest.local_day) + timedelta(days=1)
                local, _start, ends = bounds_of(following, zone, hour)
                starts = latest.ends_at
            elif latest is not None:
                starts = max(starts, latest.ends_at)
            return await self.store.add_day(DayRow(guild_id, local, zone, hour, starts, ends))

    async def deal_of(self, day: DayRow, game: str) -> DealRow:
        """The game's deal of the day, committed now if it was not yet."""
        daily = spec_with_daily(game)[1]
        found = await self.store.deal(day.guild_id, day.local_day, game)
        if found is not None:
            return found
        async with self._opening:
            secret, nonce = token_bytes(SECRET_BYTES), token_bytes(NONCE_BYTES)
            row = DealRow(day.guild_id, day.local_day, game, dict(daily.rules), nonce.hex(),
                          secret.hex(), day_commitment(secret, nonce))  # fmt: skip
            return await self.store.add_deal(row)

    async def overview(self, guild_id: int, game: str) -> Overview:
        day = await self.today(guild_id)
        return Overview(day, await self.deal_of(day, game))

    # ----- an attempt -------------------------------------------------------------------

    def _match(self, deal: DealRow) -> AnyGame:
        spec = registry.game(deal.game)
        keys = DayKeys.of_day(bytes.fromhex(deal.secret), bytes.fromhex(deal.nonce))
        return spec.new_match(keys, deal.rules)

    def _rebuild(self, day: DayRow, deal: DealRow, row: AttemptRow, name: str) -> DailyAttempt:
        match = self._match(deal)
        names = [name] + [
            _("Computer {number}", number=seat + 1) for seat in range(1, match.num_players)
        ]
        self._ids += 1
        attempt = DailyAttempt(day, deal, row, match, names, id=self._ids)
        for notation in row.actions:
            self._apply(attempt, notation)
        return attempt

    def _apply(self, attempt: DailyAttempt, notation: str) -> PlayRecord:
        match = attempt.match
        player = match.current_player
        assert player is not None
        record = match.apply(notation, player)
        told = record.told(attempt.name_of(player))
        attempt.plays.append(Told(len(match.actions) - 1, player, told))
        return record

    async def begin(self, guild_id: int, user_id: int, name: str, game: str) -> DailyAttempt:
        """The member's attempt at today's deal of `game`: begun now, or resumed. Refused
        once they have finished it (a DailyError)."""
        spec_with_daily(game)
        day = await self.today(guild_id)
        deal = await self.deal_of(day, game)
        key = (guild_id, day.local_day, game, user_id)
        cached = self.attempts.get(key)
        if cached is not None and not cached.finished:
            return cached
        row = await self.store.attempt(guild_id, day.local_day, game, user_id)
        if row is not None and row.finished:
            raise DailyError(already_played(day, game))
        if row is None:
            await self.store.start_attempt(guild_id, day.local_day, game, user_id, name)
            row = await self.store.attempt(guild_id, day.local_day, game, user_id)
            assert row is not None
        attempt = self.attempts.get(key)
        if attempt is None or attempt.finished:
            attempt = self._rebuild(day, deal, row, row.name)
            self.attempts[key] = attempt
        await self._computers_then_save(attempt, len(attempt.row.actions))
        return attempt

    def find(self, attempt_id: int) -> DailyAttempt | None:
        return next((a for a in self.attempts.values() if a.id == attempt_id), None)

    async def play(self, attempt: DailyAttempt, user_id: int, notation: str, turn: int) -> str:
        """The member's move, then the computers' until the member is to play again or the
        deal is over; all stored at once. Returns the move as it happened."""
        async with attempt.lock:
            if user_id != attempt.row.user_id:
                raise DailyError(_("This is not your hand."))
            if attempt.finished:
                raise DailyError(_("You have finished this daily deal."))
            if self.clock() >= attempt.day.ends_at:
                self.attempts.pop(_key(attempt), None)
                await self.store.expire(attempt.row)
                raise DailyError(expired(attempt.day.local_day))
            if turn != attempt.turn_number:
                raise DailyError(earlier_turn())
            if attempt.match.current_player != 0:
                raise DailyError(_("It is not your turn."))
            stored = len(attempt.match.actions)
            try:
                record = self._apply(attempt, notation)
            except GameError as error:
                raise DailyError(str(error)) from None
            try:
                await self._computers_then_save(attempt, stored, locked=True)
            except BaseException:
                self.attempts.pop(_key(attempt), None)  # rebuilt from the store next time
                raise
            return record.told(attempt.name_of(0))

    async def _computers_then_save(
        self, attempt: DailyAttempt, stored: int, locked: bool = False
    ) -> None:
        if not locked:
            async with attempt.lock:
                await self._computers_then_save(attempt, stored, locked=True)
            return
        daily = spec_with_daily(attempt.row.game)[1]
        match = attempt.match
        # what follows each move is the play core's step, as at a table: the computers'
        # seats move until the member is to decide (WaitFor) or the day's deal is over (None)
        while isinstance(step := next_step(attempt.facts()), ComputerToMove):
            moves = [a.notation for a in match.actions]
            rng = computer_rng(attempt.deal.commitment, moves)
            move = await asyncio.to_thread(computer_move, match, step.seat, rng, daily.level, True)
            self._apply(attempt, move.notation)
        done = deal_done(match)
        actions = [a.notation for a in match.actions]
        if len(actions) == stored and not done:
            return
        score = score_of(match, daily) if done else None
        if not await self.store.save_moves(attempt.row, stored, actions, score):
            raise DailyError(earlier_turn())
        attempt.row = AttemptRow(
            attempt.row.guild_id, attempt.row.local_day, attempt.row.game, attempt.row.user_id,
            attempt.row.name, "finished" if done else "playing", actions, score,
            attempt.row.started_at, self.clock() if done else None,
        )  # fmt: skip
        if done:
            self.attempts.pop(_key(attempt), None)

    # ----- boards -----------------------------------------------------------------------

    async def day_board(
        self, guild_id: int, game: str, viewer: int, local_day: str | None = None
    ) -> tuple[BoardPage, DayRow, DealRow | None]:
        """The board of a day (today if not given): refused before the viewer has finished
        their own attempt, while the day lasts."""
        spec, _daily = spec_with_daily(game)
        day = await self.today(guild_id) if local_day is None else None
        if local_day is not None:
            day = await self.store.day(guild_id, local_day)
            if day is None:
                raise DailyError(_("There was no daily deal here that day."))
        assert day is not None
        if not day.over(self.clock()):
            own = await self.store.attempt(guild_id, day.local_day, game, viewer)
            if own is None or not own.finished:
                raise DailyError(
                    _(
                        "Today's board opens once you have finished your own attempt: play it "
                        "with {command} first.",
                        command=slash("daily"),
                    )
                )
        finished = await self.store.finished(guild_id, day.local_day, game)
        scores = [a.score or 0 for a in finished]
        percents = matchpoints(scores)
        ranked = places([float(s) for s in scores])
        rows = sorted(
            (
                Standing(a.user_id, a.name, place, f"{percent:.0f}%",
                         ngettext("{count} point", "{count} points", a.score or 0))
                for a, percent, place in zip(finished, percents, ranked, strict=True)
            ),
            key=lambda s: (s.place, s.name),
        )  # fmt: skip
        deal = await self.store.deal(guild_id, day.local_day, game)
        game_name = registry.display_name(spec.name)
        title = _("{game} daily deal · {day}", game=game_name, day=day.local_day)
        subtitle = ngettext(
            "{count} player · matchpoints", "{count} players · matchpoints", len(rows)
        )
        return _page(title, subtitle, rows, viewer), day, deal

    async def week_board(self, guild_id: int, game: str, viewer: int) -> BoardPage:
        """This week's board (Monday to Sunday): each member's matchpoints summed over the
        days played, and their streak. Today counts once the viewer has finished it."""
        spec, _daily = spec_with_daily(game)
        today = await self.today(guild_id)
        first, last = week_of(today.local_day)
        results = await self.store.finished_between(guild_id, game, first, last)
        own_today = any(r.user_id == viewer and r.local_day == today.local_day for r in results)
        if not own_today:  # nothing of today's results before the viewer's own
            results = [r for r in results if r.local_day != today.local_day]
        totals: dict[int, float] = {}
        days: dict[int, int] = {}
        names: dict[int, str] = {}
        by_day: dict[str, list[AttemptRow]] = {}
        for row in results:
            by_day.setdefault(row.local_day, []).append(row)
        for rows in by_day.values():
            for row, percent in zip(rows, matchpoints([r.score or 0 for r in rows]), strict=True):
                totals[row.user_id] = totals.get(row.user_id, 0.0) + percent
                days[row.user_id] = days.get(row.user_id, 0) + 1
                names[row.user_id] = row.name
        users = list(totals)
        ranked = places([totals[u] for u in users])
        standings = []
        for user, place in zip(users, ranked, strict=True):
            run = streak(await self.store.days_played(guild_id, user), today.local_day)
            detail = (
                ngettext("{count} day", "{count} days", days[user])
                + " · "
                + ngettext("streak {count} day", "streak {count} days", run)
            )
            standings.append(Standing(user, names[user], place, f"{totals[user]:.0f}", detail))
        standings.sort(key=lambda s: (s.place, s.name))
        game_name = registry.display_name(spec.name)
        title = _("{game} daily deals · week of {day}", game=game_name, day=first)
        subtitle = ngettext(
            "{count} player · matchpoints summed", "{count} players · matchpoints summed",
            len(standings),
        )  # fmt: skip
        return _page(title, subtitle, standings, viewer)

    async def streak_of(self, guild_id: int, user_id: int) -> int:
        today = await self.today(guild_id)
        return streak(await self.store.days_played(guild_id, user_id), today.local_day)

    async def replays(self, guild_id: int, local_day: str, game: str) -> str:
        """How to see each finisher's play of a day that is over, in the board's order: its
        deal record (made when the day ended), empty before then."""
        day = await self.store.day(guild_id, local_day)
        if day is None or not day.over(self.clock()):
            return ""  # nothing of the day's cards while it lasts
        finished = await self.store.finished(guild_id, local_day, game)
        ranked = places([float(a.score or 0) for a in finished])
        order = sorted(zip(ranked, finished, strict=True), key=lambda p: (p[0], p[1].name))
        return "\n".join(
            _("{name}: `{command} deal:{deal}`", name=a.name, command=slash("replay"),
              deal=a.record_id)
            for _place, a in order[:BOARD_ROWS]
            if a.record_id is not None
        )  # fmt: skip

    # ----- the day's end ----------------------------------------------------------------

    def records_of(self, deal: DealRow, attempt: AttemptRow) -> list[DealRecordRow]:
        """A finished attempt's deal records: its deals as played (a redealt hand first), the
        member in seat 1 and the computers in the others, nobody cutting (cut 0)."""
        daily = spec_with_daily(deal.game)[1]
        match = self._match(deal)
        for notation in attempt.actions:
            match.apply(notation)
        names = [attempt.name] + [
            _("Computer {number}", number=seat + 1) for seat in range(1, match.num_players)
        ]
        seats = [SeatEntry(names[0], "human")]
        seats += [SeatEntry(name, daily.level) for name in names[1:]]
        when = time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime(attempt.finished_at or attempt.started_at)
        )
        rows = []
        for number in range(1, match.deals_finished + 1):
            made = make_record(match, number, seats, when)
            rows.append(DealRecordRow(number, made.fair, made.result, made.to_text(),
                                      (attempt.user_id,)))  # fmt: skip
        return rows

    async def close(self, day: DayRow) -> dict[tuple[str, int], int] | None:
        """End a day that is over (once, whichever process comes first): unfinished attempts
        expire, finished ones become deal records, viewable with /replay from now on (those
        of a game no longer installed stay attempts). None when it was closed already."""
        made: list[tuple[AttemptRow, Sequence[DealRecordRow]]] = []
        offered = set(registry.names())
        for deal in await self.store.deals(day.guild_id, day.local_day):
            if deal.game not in offered:
                continue  # a game no longer installed: its attempts stay, without records
            for attempt in await self.store.finished(day.guild_id, day.local_day, deal.game):
                made.append((attempt, await asyncio.to_thread(self.records_of, deal, attempt)))
        numbers = await self.store.close_day(day.guild_id, day.local_day, made)
        for key in [k for k in self.attempts if k[:2] == (day.guild_id, day.local_day)]:
            del self.attempts[key]
        return numbers

    async def lapsed(self, guild_id: int, game: str, user_id: int) -> AttemptRow | None:
        """The member's unfinished attempt at `game` of a day that has ended, when they have
        not yet begun today's: it is expired now (if the day's end has not been seen to yet),
        and they are to be told."""
        today = await self.today(guild_id)
        if await self.store.attempt(guild_id, today.local_day, game, user_id) is not None:
            return None
        found = await self.store.latest_unfinished(guild_id, game, user_id, today.local_day)
        if found is None:
            return None
        await self.store.expire(found)
        self.attempts.pop((guild_id, found.local_day, game, user_id), None)
        return found

    async def previous_day(self, guild_id: int) -> DayRow | None:
        """The server's last day that is over."""
        today = await self.today(guild_id)
        earlier = await self.store.days(guild_id, "0000-00-00", today.local_day)
        over = [d for d in earlier if d.over(self.clock())]
        return over[-1] if over else None


def daily_changes(
    channel: int | None, announce: bool | None, zone: str | None, hour: int | None, language: str
) -> dict[str, object]:
    """The server settings `/settings daily` changes (a None value removes a setting)."""
    changes: dict[str, object] = {}
    if zone is not None:
        if not valid_zone(zone):
            raise DailyError(
                _("“{zone}” is not a time zone: use a name such as Asia/Kolkata or UTC.", zone=zone)
            )
        changes["daily_zone"] = zone
    if hour is not None:
        changes["daily_hour"] = hour
    if announce and channel is not None:
        changes["daily_channel"] = channel
        changes["daily_language"] = language  # the boards speak the language of who set it
    elif announce is False:
        changes["daily_channel"] = None
    return changes


def describe_daily(settings: Mapping[str, object]) -> str:
    zone = settings.get("daily_zone")
    hour = settings.get("daily_hour")
    channel = settings.get("daily_channel")
    lines = [
        _("Daily deal time zone: **{zone}**", zone=zone if isinstance(zone, str) else DEFAULT_ZONE),
        _("The day starts at **{hour}:00**", hour=hour if isinstance(hour, int) else 0),
        _("The day's boards are posted in <#{channel}>", channel=channel)
        if isinstance(channel, int)
        else _("The day's boards are not posted"),
        _("A new time zone or hour applies from the next day: a day under way keeps its own."),
    ]
    return "\n".join(lines)


def _key(attempt: DailyAttempt) -> tuple[int, str, str, int]:
    row = attempt.row
    return row.guild_id, row.local_day, row.game, row.user_id


def _page(title: str, subtitle: str, rows: Sequence[Standing], viewer: int) -> BoardPage:
    shown = tuple(rows[:BOARD_ROWS])
    mine = next((s for s in rows if s.user_id == viewer), None)
    own = mine if mine is not None and mine not in shown else None
    return BoardPage(title, subtitle, shown, own, viewer, 0, 1)


def already_played(day: DayRow, game: str) -> str:
    return _(
        "You have already played today's {game} deal: one attempt per day. Here is the board.",
        game=registry.display_name(game),
    )


def earlier_turn() -> str:
    return _("That was an earlier turn: use {command} again.", command=slash("daily"))


def lapsed_note(attempt: AttemptRow) -> str:
    return _(
        "Your attempt at the {game} deal of {day} expired unfinished when that day ended: it "
        "does not count. Here is today's deal.",
        game=registry.display_name(attempt.game),
        day=attempt.local_day,
    )


def expired(local_day: str) -> str:
    return _(
        "That attempt expired when its day ({day}) ended. Today's deal is waiting: {command}.",
        day=local_day,
        command=slash("daily"),
    )


def reveal_text(deal: DealRow) -> str:
    """The secret of a day that is over, for anyone to check (docs/daily.md)."""
    return _(
        "Secret `{secret}` · nonce `{nonce}` · commitment `{commitment}`",
        secret=deal.secret,
        nonce=deal.nonce,
        commitment=deal.commitment,
    )


def board_explained() -> str:
    return _(MATCHPOINTS)

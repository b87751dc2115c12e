"""What the images show, as plain data: one table model per family of games, the hand and
the deal summary.

A game's view builds these (`GameView.picture`, `hand_picture`, `summary_picture`); the
renderers draw them and never see a game object. A public picture is built from a public view,
so nothing of a hidden hand but its size can reach it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine.cards import Card, Pack, pretty_cards
from engine.words import Told, say, say_count


def default_names(players: int) -> list[str]:
    return [say("Player {number}", number=seat + 1) for seat in range(players)]


def dealer_mark() -> str:
    """The dealer's mark beside a seat's name as the language spoken now writes it ("D";
    Czech "R", German "G"): the seats and the rules pages use this one word."""
    return say(" · D").removeprefix(" · ").strip()


NAME_IN_LINE = 14  # letters of a name kept where it shares a line with others and figures


def short_name(name: str, letters: int = NAME_IN_LINE) -> str:
    """`name` for a line it shares with other names and figures: at most `letters` letters
    (combining marks ride with their letter), else shortened with a visible ellipsis. The
    seat panels show names as long as they fit."""
    count = 0
    for index, char in enumerate(name):
        if not _combining(char):
            count += 1
            if count > letters:
                return name[:index].rstrip() + "…"
    return name


def _combining(char: str) -> bool:
    return unicodedata.category(char).startswith("M") or char in "\u200c\u200d"


def side_names(names: Sequence[str], players: Sequence[int]) -> str:
    return " & ".join(short_name(names[p]) for p in players)


def match_won_by(heads: Sequence[str], people: int) -> str:
    """A recap's winner line: `heads`, the winning columns, stand for `people` players (one
    player "wins", a side "win")."""
    return say_count(
        "{name} wins the match", "{name} win the match", people, name=" & ".join(heads)
    )


# ----- the fishing family (Seep, Suipe): a floor of loose cards and piles --------------------


@dataclass(frozen=True, slots=True)
class SeatModel:
    name: str
    side: int
    cards_in_hand: int
    waiting_hand: int  # a face-down second hand (two-handed play)
    dealer: bool
    to_play: bool
    score: tuple[str, ...]  # the side's standing this deal, decided by the game ("12 points")


@dataclass(frozen=True, slots=True)
class PileModel:
    """A pile on the floor that is captured whole (a house, a build)."""

    badge: str  # the big value label
    title: str  # the pile in words
    cards: tuple[Card, ...]
    owners: tuple[int, ...]  # sides, for colours
    kind: str  # the note under the pile
    owner_names: str
    strong: bool  # drawn with a double frame
    owners_said: str = "{names}"  # the owners' line, `owner_names` standing for {names}
    # ("by {names}"); a narrow pile shows the names alone, never the words without them


@dataclass(frozen=True, slots=True)
class TableModel:
    """The fishing family's table."""

    title: str
    seats: tuple[SeatModel, ...]
    clockwise: bool
    loose: tuple[Card, ...]
    face_down: int  # floor cards still face down
    piles: tuple[PileModel, ...]
    last_play: str | None
    just_played: Card | None  # highlighted where it lies on the floor
    just_taken: tuple[Card, ...]  # shown small beside the last play
    score_lines: tuple[str, ...]  # top-right, one or two short lines
    played: str | None = None  # the last play in words ("Asha captured 9♠"), once there is one
    pile_lines: tuple[str, ...] = ()  # the piles in words (the text fallback)
    side_lines: tuple[str, ...] = ()  # each side's standing in words (the text fallback)

    def text(self) -> str:
        """The table in words, for channels where the bot may not attach images."""
        if self.face_down:
            lines = [say("Floor: {count} cards face down", count=self.face_down)]
        else:
            lines = [say("Floor: {cards}", cards=pretty_cards(self.loose) or say("(empty)"))]
        return "\n".join([*lines, *self.pile_lines, *self.side_lines])


def fishing_last_play(
    names: Sequence[str],
    player: int | None,
    record: Told | None,
    card: Card | None,
    floor: Iterable[Card],
) -> tuple[str | None, Card | None]:
    """The last play in words ("Asha captured 9♠ with 9♥"), and its card if it now lies on the
    floor (loose or in a pile), to be highlighted there."""
    if record is None or player is None:
        return None, None
    return record.told(short_name(names[player])), card if card in set(floor) else None


class FloorView(Protocol):
    """What a fishing game's view offers the shared drawing: seats, the floor, the last play."""

    @property
    def players(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...] | None: ...
    @property
    def legal_cards(self) -> tuple[Card, ...] | None: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def loose(self) -> tuple[Card, ...]: ...
    @property
    def last_taken(self) -> tuple[Card, ...]: ...
    @property
    def last_player(self) -> int | None: ...
    @property
    def last_play(self) -> Told | None: ...
    @property
    def last_card(self) -> Card | None: ...


def floor_seats(
    view: FloorView,
    names: Sequence[str],
    side_of: Callable[[int], int],
    score: Callable[[int], tuple[str, ...]],
    waiting: Sequence[int] = (),
) -> tuple[SeatModel, ...]:
    """A seat for each player: its side, its cards (and a `waiting` second hand), and its
    side's `score` as the game words it, on the side's first seat only: partners' seats that
    both said "59 points · 1 sweep" read as 118 points and two sweeps."""
    first = {side_of(p): p for p in reversed(range(view.players))}
    return tuple(
        SeatModel(
            name=names[p],
            side=side_of(p),
            cards_in_hand=view.hand_sizes[p],
            waiting_hand=waiting[p] if waiting else 0,
            dealer=view.dealer == p,
            to_play=view.turn == p,
            score=score(side_of(p)) if first[side_of(p)] == p else (),
        )
        for p in range(view.players)
    )


def floor_table(
    view: FloorView,
    names: Sequence[str],
    in_piles: Iterable[Card],
    *,
    waiting_words: str | None = None,
    **shown: Any,
) -> TableModel:
    """The fishing table: the floor and the last play (its card highlighted where it lies,
    loose or in a pile); `waiting_words` stand for the last play while the table waits (a
    bid); the game `shows` the rest (title, seats, piles, score lines)."""
    said, played = fishing_last_play(
        names, view.last_player, view.last_play, view.last_card, [*view.loose, *in_piles]
    )
    return TableModel(
        loose=view.loose,
        last_play=said if waiting_words is None else waiting_words,
        just_played=played,
        played=said,
        just_taken=view.last_taken,
        **shown,
    )


def floor_hand(view: FloorView, note: str | None = None) -> HandPicture:
    """A fishing player's hand, the cards they may play now marked."""
    if view.hand is None:
        raise ValueError("a hand image needs a player's own view")
    playable = None if view.legal_cards is None else playable_cards(view.hand, view.legal_cards)
    return HandPicture(view.hand, note, playable)


# ----- the trick family: a trick in the middle, who played what ------------------------------


@dataclass(frozen=True, slots=True)
class TrickSeat:
    name: str
    side: int | None  # None while the seat's side is not known to everyone
    cards_in_hand: int
    dealer: bool
    to_play: bool
    won: str  # "2 tricks · 20 points"
    marks: tuple[str, ...] = ()  # short public marks ("picker", "partner")


@dataclass(frozen=True, slots=True)
class TrickTable:
    """The trick family's table: the cards of the trick in play, each at its player's side."""

    title: str
    seats: tuple[TrickSeat, ...]
    clockwise: bool
    trick: tuple[tuple[int, Card | None], ...]  # (player, card) as played; None: face down
    winning: int | None  # the player whose card wins the trick so far
    trump: str | None  # "Trump: ♥", or None
    notes: tuple[str, ...]  # stock size, round of a continued trick, held-over tricks…
    last_play: str | None
    score_lines: tuple[str, ...]
    played: str | None = None  # the last play in words, once there is one
    last_trick: tuple[tuple[int, Card | None], ...] = ()  # the most recent finished trick
    last_taker: int | None = None  # who took it
    last_points: int = 0  # the points it carried, as far as everyone can see
    winning_at: int | None = None  # the index in `trick` of the card winning now, where the
    # winner has several cards in it (a continued trick); else the winner's last card
    pack: Pack = Pack.FRENCH  # how the cards look
    past: bool = False  # the last trick on its own (`last_trick_table`): nothing of the present

    def text(self) -> str:
        played = " · ".join(
            f"{self.seats[p].name} {c.shown(self.pack) if c else say('a card face down')}"
            for p, c in self.trick
        )
        lines = [say("Trick: {cards}", cards=played or say("(no card yet)"))]
        if self.trump:
            lines.append(self.trump)
        lines += list(self.notes)
        lines += [f"{seat.name}: {seat.won}" for seat in self.seats]
        return "\n".join(lines)


TablePicture = TableModel | TrickTable


def last_trick_table(table: TrickTable) -> TrickTable | None:
    """The most recent trick taken, on its own, for the "Last trick" view (None before the
    hand's first trick is taken): titled as such, the hand it belongs to under the title, its
    cards in front of their players and its taker; nothing that describes the table now (the
    seats' counts, the turn, the scores, the latest play). The footer says the trick's cards in
    the order they were played."""
    if not table.last_trick:
        return None
    seats = tuple(replace(seat, cards_in_hand=0, to_play=False, won="") for seat in table.seats)
    order = " · ".join(
        f"{short_name(table.seats[p].name)} {c.shown(table.pack) if c else say('a card face down')}"
        for p, c in table.last_trick
    )
    return replace(
        table,
        title=say("Last trick"),
        seats=seats,
        trick=(),
        winning=None,
        winning_at=None,
        notes=(),
        last_play=order,
        played=order,
        score_lines=(table.title,),
        past=True,
    )


def trick_play_words(
    names: Sequence[str], player: int | None, record: Told | None, took: int | None
) -> str | None:
    """The last play at a trick table in words: "Asha played 9♠ · Ravi took the trick"."""
    if record is None or player is None:
        return None
    words = record.told(short_name(names[player]))
    if took is None:
        return words
    return say("{play} · {name} took the trick", play=words, name=short_name(names[took]))


# ----- the hand and the summary (every family) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class HandPicture:
    cards: tuple[Card, ...]
    note: str | None = None  # added to the title ("You may bid: …")
    playable: tuple[bool, ...] | None = None  # per card, on the player's turn: legal now
    trumps: tuple[bool, ...] = ()  # per card: a trump (games with a fixed trump suit)
    pack: Pack = Pack.FRENCH  # how the cards look


def playable_cards(hand: Sequence[Card], legal: Iterable[Card | None]) -> tuple[bool, ...]:
    """Per card of `hand`, whether some legal move plays it."""
    cards = {card for card in legal if card is not None}
    return tuple(card in cards for card in hand)


@dataclass(frozen=True, slots=True)
class SummaryColumn:
    name: str  # the side's players
    lines: tuple[str, ...]
    cards: tuple[Card, ...]  # the cards that scored


@dataclass(frozen=True, slots=True)
class SummaryChart:
    title: str
    series: tuple[tuple[int, ...], ...]  # one line per side (or one for a running lead)
    low: int
    high: int


@dataclass(frozen=True, slots=True)
class SummaryPicture:
    heading: str
    columns: tuple[SummaryColumn, ...]
    chart: SummaryChart | None = None
    pack: Pack = Pack.FRENCH  # how the cards look


@dataclass(frozen=True, slots=True)
class RecapRow:
    label: str  # "Deal 3"
    cells: tuple[str, ...]  # per side or seat: the deal's figure
    totals: tuple[str, ...]  # per side or seat: the running total after the deal
    note: str = ""  # what decided the deal (a baazi, schneider, sweeps…)


@dataclass(frozen=True, slots=True)
class RecapPicture:
    """The match at its end: one row per deal, the running totals, the winner."""

    title: str
    heads: tuple[str, ...]  # the sides or seats, in the order of the cells
    rows: tuple[RecapRow, ...]
    totals: tuple[str, ...]  # the final figure per side or seat
    winner: str  # the result in words

    def text(self) -> str:
        lines = [self.title, " · ".join(self.heads)]
        lines += [f"{r.label}: {' · '.join(r.cells)} ({' · '.join(r.totals)}) {r.note}".rstrip()
                  for r in self.rows]  # fmt: skip
        return "\n".join([*lines, " · ".join(self.totals), self.winner])


@dataclass(frozen=True, slots=True)
class DealReport:
    """A finished deal in words for the channel: title, one line of totals, short fields."""

    title: str
    totals: str
    fields: tuple[tuple[str, str], ...] = field(default=())
    record: dict[str, object] = field(default_factory=dict)  # stored with the table (JSON)

"""Tiny Tricks: a small complete trick game that exists only in the tests, to prove the seam.

Two or three players, twelve cards (J Q K A of clubs, diamonds and hearts), three cards each.
Follow the led suit if you can; the highest card of the led suit takes the trick, and its
taker leads the next one. A trick is a point; a match is a number of hands (the "hands"
option), the deal passing to the left. It registers through the `seepbot.games` entry point
of its package (`pyproject.toml`); its words are in its own catalogues (`locales/`) and its
/rules pages in `lessons/`. Nothing in bot/, cogs/ or renderers/ names it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.cards import Card, Suit, card_of, hand_order, parse_cards
from engine.core import PUBLIC, GameOver, GameState, IllegalMove, NotYourTurn, Viewer
from engine.fairness import DealKeys, Seed, Shuffles, seed_from_json, seed_to_json
from engine.outcome import Outcome, points_stats
from engine.pictures import (
    DealReport,
    HandPicture,
    SummaryChart,
    SummaryColumn,
    SummaryPicture,
    TrickSeat,
    TrickTable,
)
from engine.registry import Family, GameSpec, Hint, LessonSpec, OptionSpec, SideRule, StatSpec
from engine.words import Phrase, later, marked, say, say_count

HERE = Path(__file__).parent

NAME = "tinytricks"
DECK = tuple(card_of(rank, suit) for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
             for rank in (11, 12, 13, 1))  # fmt: skip
HAND = 3


def strength(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    @property
    def notation(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Record:
    said: Phrase

    @property
    def text(self) -> str:
        return str(self.said)

    def told(self, name: str) -> str:
        return f"{name} {self.text}"


@dataclass(frozen=True, slots=True)
class HandResult:
    number: int
    dealer: int
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TinyView:
    players: int
    viewer: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    turn: int | None
    dealer: int
    hand_number: int
    hands: int
    tricks: tuple[int, ...]  # this hand's tricks per player
    totals: tuple[int, ...]  # the match so far
    last: Phrase | None
    results: tuple[HandResult, ...] = field(default=())
    game: str = NAME

    def winning(self) -> int | None:
        if not self.trick:
            return None
        led = self.trick[0][1].suit
        return max((c for c in self.trick if c[1].suit is led), key=lambda c: strength(c[1]))[0]

    def picture(self, names: Sequence[str]) -> TrickTable:
        seats = tuple(
            TrickSeat(
                name=names[p],
                side=p,
                cards_in_hand=self.hand_sizes[p],
                dealer=p == self.dealer,
                to_play=p == self.turn,
                won=say_count(
                    "{count} trick · {total} in all",
                    "{count} tricks · {total} in all",
                    self.tricks[p],
                    total=self.totals[p],
                ),
            )
            for p in range(self.players)
        )
        return TrickTable(
            title=say(
                "Tiny Tricks · hand {number} of {hands}", number=self.hand_number, hands=self.hands
            ),
            seats=seats,
            clockwise=True,
            trick=self.trick,
            winning=self.winning(),
            trump=None,
            notes=(),
            last_play=None if self.last is None else str(self.last),
            score_lines=(" · ".join(f"{names[p]} {self.totals[p]}" for p in range(self.players)),),
            played=None if self.last is None else str(self.last),
        )

    def hand_picture(self) -> HandPicture:
        if self.hand is None:
            raise ValueError("a hand image needs a player's own view")
        return HandPicture(self.hand)

    def summary_picture(self, names: Sequence[str]) -> SummaryPicture:
        result = self.results[-1]
        columns = tuple(
            SummaryColumn(names[p], (say("Tricks: {count}", count=result.tricks[p]),), ())
            for p in range(self.players)
        )
        series = tuple(
            tuple(sum(r.tricks[p] for r in self.results[: n + 1]) for n in range(len(self.results)))
            for p in range(self.players)
        )
        chart = SummaryChart(say("Tricks after each hand"), series, 0, max(3, max(self.totals)))
        return SummaryPicture(say("Hand {number} is over", number=result.number), columns, chart)


class TinyMatch(GameState[Play, TinyView]):
    def __init__(self, players: int = 2, hands: int = 2, seed: Seed = 0) -> None:
        if players not in (2, 3):
            raise IllegalMove(say("Tiny Tricks is played by 2 or 3 players."))
        if not 1 <= hands <= 5:
            raise IllegalMove(say("A match of Tiny Tricks lasts 1 to 5 hands."))
        self.players, self.hands, self.seed = players, hands, seed
        self.shuffles = Shuffles(seed)
        self.actions: list[Play] = []
        self.results: list[HandResult] = []
        self.totals = [0] * players
        self.dealer = self.shuffles.first_dealer(players)
        self.last: Phrase | None = None
        self._deal()

    def _deal(self) -> None:
        deck = list(DECK)
        self.shuffles.next(self.dealer).shuffle(deck)
        self.held = [
            sorted(deck[p * HAND : (p + 1) * HAND], key=hand_order) for p in range(self.players)
        ]
        self.trick: list[tuple[int, Card]] = []
        self.tricks = [0] * self.players
        self.turn: int | None = (self.dealer + 1) % self.players

    # the protocol ---------------------------------------------------------------------

    @property
    def game(self) -> str:
        return NAME

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def is_terminal(self) -> bool:
        return self.turn is None

    def commitment(self) -> str | None:
        """The commitment to the secret of the deal in play (`Committing`)."""
        return self.shuffles.commitment()

    def legal_actions(self) -> list[Play]:
        if self.turn is None:
            return []
        hand = self.held[self.turn]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit is led]
            hand = follow or hand
        return [Play(card) for card in hand]

    def apply(self, action: Any, player: int | None = None) -> Record:
        if self.turn is None:
            raise GameOver(say("The match is over."))
        if player is not None and player != self.turn:
            raise NotYourTurn(say("It is not your turn."))
        play = action if isinstance(action, Play) else Play(parse_cards(str(action))[0])
        if play not in self.legal_actions():
            raise IllegalMove(
                say("You cannot play {card} now: follow the led suit.", card=play.card.pretty)
            )
        seat = self.turn
        self.held[seat].remove(play.card)
        self.trick.append((seat, play.card))
        self.actions.append(play)
        taken = len(self.trick) == self.players
        if not taken:
            self.turn = (seat + 1) % self.players
        else:
            winner = self._view(None).winning()
            assert winner is not None
            self.tricks[winner] += 1
            self.trick = []
            self.turn = winner
            if not any(self.held):
                self._finish_hand()
        card = play.card.pretty
        if taken:
            text = later("plays {card} — the trick is taken", card=card)
            self.last = later("Seat {number} plays {card} — the trick is taken", number=seat + 1,
                              card=card)  # fmt: skip
        else:
            text = later("plays {card}", card=card)
            self.last = later("Seat {number} plays {card}", number=seat + 1, card=card)
        return Record(text)

    def _finish_hand(self) -> None:
        self.totals = [t + n for t, n in zip(self.totals, self.tricks, strict=True)]
        self.results.append(HandResult(len(self.results) + 1, self.dealer, tuple(self.tricks)))
        if len(self.results) >= self.hands:
            self.turn = None
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    def describe(self, action: Any, names: Sequence[str] | None = None) -> str:
        play = action if isinstance(action, Play) else Play(parse_cards(str(action))[0])
        return say("Play {card}", card=play.card.pretty)

    def returns(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def side_of(self, player: int) -> int:
        return player

    @property
    def deals_finished(self) -> int:
        return len(self.results)

    def outcome(self) -> Outcome:
        per_hand = [r.tricks for r in self.results]
        stats = tuple(
            {"tricks": self.totals[p], **points_stats(per_hand, p)} for p in range(self.players)
        )
        totals = tuple(self.totals)

        def line(names: Sequence[str]) -> str:
            return " · ".join(
                say_count("{name}: {count} trick", "{name}: {count} tricks", totals[p],
                          name=names[p])
                for p in range(len(names))
            )  # fmt: skip

        return Outcome(tuple((p,) for p in range(self.players)), totals, stats, line)

    def deal_report(self, number: int, names: Sequence[str]) -> DealReport:
        result = self.results[number - 1]
        totals = " · ".join(f"{names[p]} {result.tricks[p]}" for p in range(self.players))
        record = {"number": number, "dealer": result.dealer, "tricks": list(result.tricks)}
        return DealReport(say("Hand {number} is over", number=number), totals, (), record)

    def _view(self, seat: int | None) -> TinyView:
        return TinyView(
            players=self.players,
            viewer=seat,
            hand=None if seat is None else tuple(self.held[seat]),
            hand_sizes=tuple(len(h) for h in self.held),
            trick=tuple(self.trick),
            turn=self.turn,
            dealer=self.dealer,
            hand_number=len(self.results) + (0 if self.turn is None else 1),
            hands=self.hands,
            tricks=tuple(self.tricks),
            totals=tuple(self.totals),
            last=self.last,
            results=tuple(self.results),
        )

    def view(self, who: Viewer = PUBLIC) -> TinyView:
        return self._view(who if isinstance(who, int) else None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": NAME,
            "rules": {"players": self.players, "hands": self.hands},
            "seed": seed_to_json(self.seed),
            "actions": [a.notation for a in self.actions],
        }

    @property
    def deal_keys(self) -> DealKeys | None:
        return self.shuffles.keys


def restore(data: Mapping[str, Any]) -> TinyMatch:
    rules = data["rules"]
    match = TinyMatch(rules.get("players", 2), rules.get("hands", 2), seed_from_json(data["seed"]))
    for text in data["actions"]:
        match.apply(text)
    return match


class TinyComputer:
    """Plays from its own view only: the lowest card that takes the trick, else the lowest."""

    def _best(self, match: GameState, player: int) -> tuple[Play, str]:
        view = match.view(player)
        legal = [Play(c) for c in view.hand if Play(c) in match.legal_actions()]
        legal.sort(key=lambda p: strength(p.card))
        if view.trick:
            led = view.trick[0][1].suit
            best = max(strength(c) for _, c in view.trick if c.suit is led)
            winners = [p for p in legal if p.card.suit is led and strength(p.card) > best]
            if winners:
                return winners[0], marked("Play {card}: it takes the trick as cheaply as possible.")
        return legal[0], marked("Play {card}: it gives away the least.")

    def choose(
        self, match: GameState, player: int, level: str, rng: random.Random, budget: Any
    ) -> Play:
        return self._best(match, player)[0]

    def hint(self, match: GameState, player: int, seed: int | str) -> Hint:
        play, why = self._best(match, player)
        return Hint(play, say(why, card=play.card.pretty))


def topic_for(view: TinyView) -> str:
    """The page for what the table shows: how a trick is won while one is on the table."""
    return "tricks" if view.trick else "quick-start"


SPEC = GameSpec(
    name=NAME,
    display_name=marked("Tiny Tricks"),
    family=Family.TRICKS,
    min_players=2,
    max_players=3,
    default_players=2,
    side_rule=lambda rules: SideRule.SOLO,
    options=(
        OptionSpec(
            "hands",
            int,
            marked("Tiny Tricks: how many hands the match lasts"),
            marked("Tiny Tricks: hands"),
            default=2,
            low=1,
            high=5,
        ),
    ),
    match_type=TinyMatch,
    new_match=lambda seed, rules: TinyMatch(rules.get("players", 2), rules.get("hands", 2), seed),
    restore=restore,
    from_position=None,
    computer=TinyComputer(),
    stats=(StatSpec("tricks", marked("Tricks")),),
    lessons=LessonSpec(
        NAME, ("en", "hi"), topic_for, lambda view: {}, sweep_word="", folder=HERE / "lessons"
    ),
    description=marked("12 cards, 2 or 3 players"),
    locales=HERE / "locales",
)

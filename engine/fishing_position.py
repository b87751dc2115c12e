"""The position notation's lines that Seep and Suipe read and write alike (docs/notation.md):
the opening lines, the piles (`house 10*: … @1`, `build 8: … @0`), `hand N:`, `taken N:`, the
game's other numbered lines and `last:`, and the check that the seat to play holds a card."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from engine.cards import Card, format_cards, parse_cards
from engine.core import BadNotation
from engine.notation import fishing_seat_lines, options_line, read_position

Reader = Callable[[re.Match[str], str], None]


class _Pile(Protocol):
    @property
    def value(self) -> int: ...


P = TypeVar("P", bound=_Pile)


def position_text(
    deal: Any,
    head: Sequence[str],
    word: str,
    piles: Iterable[tuple[int, bool, Sequence[Card], Iterable[int]]],
    counts: tuple[str, Sequence[str]],
    tail: Sequence[str] = (),
) -> str:
    """A fishing deal's position: the opening lines with the game's `head` lines, the piles
    (value, marked strong, cards, owners), hands and taken cards, the game's `counts` per side
    (a key and each side's text, left out where empty), `last:`, then the game's `tail`."""
    lines = _opening_lines(deal, *head)
    lines += [pile_line(word, *pile) for pile in piles]
    lines += fishing_seat_lines(deal.hands, deal.captured)
    key, texts = counts
    lines += [f"{key} {side}: {text}" for side, text in enumerate(texts) if text]
    if deal.last_capture_side is not None:
        lines.append(f"last: {deal.last_capture_side}")
    return "\n".join([*lines, *tail])


def read_fishing_position(
    lines: Sequence[str],
    shape: tuple[int, int],
    numbers: dict[str, int | None],
    values: Mapping[str, Callable[[str], Any]],
    piles: tuple[str, dict[int, P], Callable[[int, bool, str], P]],
    **more: tuple[list[Any], Callable[[str], Any]],
) -> tuple[list[list[Card]], list[list[Card]], dict[str, Any]]:
    """Read a position's lines after the first, for `shape` (seats, sides): the `numbers`
    (set there), `floor:` and the game's `values`, the piles (their word, where they go, how
    one is read), `hand N:`, `taken N:` and the game's `more` numbered lines (see
    `_seat_reader`). Returns the hands, the taken cards and the values read."""
    seats, sides = shape
    hands: list[list[Card]] = [[] for _ in range(seats)]
    captured: list[list[Card]] = [[] for _ in range(sides)]
    found = read_position(
        lines,
        numbers,
        {"floor": parse_cards, **values},
        (_pile_reader(*piles), _seat_reader(hands, captured, **more)),
    )
    return hands, captured, found


def _opening_lines(deal: Any, *more: str) -> list[str]:
    """The game and its options, the dealer, the turn, the play, the game's `more` lines, then
    the loose cards."""
    lines = [options_line(deal.rules, ("game", "players")), f"dealer: {deal.dealer}"]
    lines += [f"turn: {deal.turn}", f"play: {deal.play_number}", *more]
    lines.append(f"floor: {format_cards(deal.loose)}".rstrip())
    return lines


def pile_line(
    word: str, value: int, strong: bool, cards: Sequence[Card], owners: Iterable[int]
) -> str:
    """`house 12*: QH 5S 7C @0 3`: the pile's value, `*` for a cemented or multiple pile, its
    cards and its owners' seats."""
    mark = "*" if strong else ""
    return f"{word} {value}{mark}: {format_cards(cards)} @{' '.join(map(str, owners))}"


def _pile_reader(
    word: str, piles: dict[int, P], parse: Callable[[int, bool, str], P]
) -> tuple[re.Pattern[str], Reader]:
    """The key of a pile's line and its reader, which `parse`s the pile (value, marked strong,
    the text) into `piles`; two piles of one value are refused."""

    def read(match: re.Match[str], value: str) -> None:
        pile = parse(int(match.group(1)), bool(match.group(2)), value)
        if pile.value in piles:
            raise BadNotation(f"two {word}s of {pile.value}")
        piles[pile.value] = pile

    return re.compile(rf"{word}\s+(\d+)(\*?)"), read


def _seat_reader(
    hands: list[list[Card]],
    captured: list[list[Card]],
    **more: tuple[list[Any], Callable[[str], Any]],
) -> tuple[re.Pattern[str], Reader]:
    """The keys `hand N`, `taken N` and the game's `more` numbered lines (each the list it
    fills, one entry per seat or side, and how its value is read), and their reader."""
    targets = {"hand": (hands, parse_cards), "taken": (captured, parse_cards), **more}

    def read(match: re.Match[str], value: str) -> None:
        what, index = match.group(1), int(match.group(2))
        store, read_value = targets[what]
        if index >= len(store):
            raise BadNotation(f"{what} {index} does not exist")
        store[index] = read_value(value)

    return re.compile(rf"({'|'.join(targets)})\s+(\d)"), read


def check_turn_holds(hands: Sequence[Sequence[Card]], turn: int) -> None:
    """The seat to play must hold a card while any seat does."""
    if not hands[turn] and any(hands):
        raise BadNotation(f"seat {turn} is to play but holds no cards")

"""Text helpers shared by the games' position notations."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.cards import Card, format_cards, parse_cards
from engine.core import BadNotation, GameError, RulesRecord

T = TypeVar("T", bound=RulesRecord)


def position_lines(text: str) -> list[str]:
    """The non-empty lines of a position (newlines or ' | ' separate them); `#` starts a
    comment that runs to the end of its line."""
    uncommented = "\n".join(line.partition("#")[0] for line in text.splitlines())
    lines = [line.strip() for line in re.split(r"\n|\|", uncommented)]
    return [line for line in lines if line]


def key_value(line: str) -> tuple[str, str]:
    key, sep, value = line.partition(":")
    if not sep:
        raise BadNotation(f"expected 'key: value', got {line!r}")
    return key.strip().lower(), value.strip()


@contextmanager
def reading(line: str) -> Iterator[None]:
    """Turn a ValueError met while reading `line` into a BadNotation that quotes the line."""
    try:
        yield
    except BadNotation:
        raise
    except ValueError as error:
        raise BadNotation(f"in {line!r}: {error}") from None


def read_position(
    lines: Iterable[str],
    numbers: dict[str, int | None],
    values: Mapping[str, Callable[[str], Any]] | None = None,
    patterns: Sequence[tuple[re.Pattern[str], Callable[[re.Match[str], str], None]]] = (),
    other: Callable[[str, str], None] | None = None,
) -> dict[str, Any]:
    """Read a position's `key: value` lines: a whole number where `numbers` has the key (set
    there), a value read by `values[key]` (returned, the last line of a key winning), a key
    matching one of `patterns` (its reader called), else `other` (an unknown line)."""
    found: dict[str, Any] = {}
    for line in lines:
        key, value = key_value(line)
        with reading(line):
            if key in numbers:
                numbers[key] = int(value)
            elif values is not None and key in values:
                found[key] = values[key](value)
            else:
                for pattern, read in patterns:
                    if match := pattern.fullmatch(key):
                        read(match, value)
                        break
                else:
                    if other is None:
                        raise BadNotation(f"unknown line {key!r}")
                    other(key, value)
    return found


def parsed_position(text: str) -> list[str]:
    """The lines of a position, refused when there are none."""
    lines = position_lines(text)
    if not lines:
        raise BadNotation("an empty position")
    return lines


def fishing_seat_lines(
    hands: Sequence[Sequence[Card]], captured: Sequence[Sequence[Card]]
) -> list[str]:
    """The fishing games' `hand N:` and `taken N:` lines (empty ones left out)."""
    lines = [f"hand {seat}: {format_cards(hand)}" for seat, hand in enumerate(hands) if hand]
    lines += [f"taken {side}: {format_cards(pile)}" for side, pile in enumerate(captured) if pile]
    return lines


def tally_line(key: str, values: Sequence[int]) -> list[str]:
    """ "score: 3 5" (nothing when there is no tally)."""
    return [f"{key}: " + " ".join(map(str, values))] if values else []


def check_each_card_once(cards: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise BadNotation(f"{card} appears twice")
        seen.add(card)


def options_line(rules: Any, first: tuple[str, ...]) -> str:
    """`game name=value flag …`: the fields in `first`, then only options that differ from the
    defaults for that game."""
    defaults = type(rules)(**{name: getattr(rules, name) for name in first[:1]})
    parts = [str(getattr(rules, first[0]))]
    parts += [f"{name}={getattr(rules, name)}" for name in first[1:]]
    for name in type(rules).option_defaults():
        if name in first:
            continue
        value = getattr(rules, name)
        if value == getattr(defaults, name):
            continue
        if isinstance(value, bool):
            parts.append(name if value else f"{name}=false")
        else:
            parts.append(f"{name}={value}")
    return " ".join(parts)


def parse_options(cls: type[T], game_field: str, words: list[str]) -> T:
    """Build a rules value from `game name=value flag …`."""
    options: dict[str, object] = {game_field: words[0]}
    defaults = cls.option_defaults()
    for word in words[1:]:
        name, _, raw = word.partition("=")
        if name not in defaults:
            raise BadNotation(f"unknown option {name!r}")
        if not raw:
            options[name] = True
        elif isinstance(defaults[name], str):
            options[name] = raw  # a word option (partner=jack): the rules check the word
        elif raw in ("true", "false"):
            options[name] = raw == "true"
        else:
            try:
                options[name] = int(raw)
            except ValueError:
                raise BadNotation(f"option {name} needs a number, not {raw!r}") from None
    try:
        return cls(**options)
    except GameError as error:
        raise BadNotation(str(error)) from None


def check_pack(cards: Iterable[Card], deck: Iterable[Card], pack: str) -> None:
    """Every card once, and each of them in the game's `pack` (named in the refusal)."""
    cards = list(cards)
    check_each_card_once(cards)
    allowed = set(deck)
    strange = [c for c in cards if c not in allowed]
    if strange:
        raise BadNotation(f"{strange[0]} is not in {pack}")


# ----- the trick games: a trick in play, and each seat's hand, taken cards and tricks ---------


def trick_line(trick: Sequence[tuple[int, Card]]) -> str:
    """`trick: 1 KD 2 7C`: seat and card, in the order played."""
    return "trick: " + " ".join(f"{p} {c}" for p, c in trick)


def parse_trick(value: str) -> list[tuple[int, Card]]:
    parts = value.split()
    if len(parts) % 2:
        raise BadNotation("a trick lists seat and card pairs: 1 KD 2 7C")
    return [(int(parts[i]), parse_cards(parts[i + 1])[0]) for i in range(0, len(parts), 2)]


@dataclass
class SeatPiles:
    """The `hand N: …` and `taken N: … | tricks N: n` lines of a trick game's position."""

    hands: list[list[Card]]
    taken: list[list[Card]]
    tricks: list[int]

    @classmethod
    def empty(cls, players: int) -> SeatPiles:
        return cls([[] for _ in range(players)], [[] for _ in range(players)], [0] * players)

    def read(self, key: str, value: str) -> None:
        """Read one such line; any other key is an unknown line."""
        what, _, index = key.partition(" ")
        if what not in ("hand", "taken", "tricks") or not index.isdigit():
            raise BadNotation(f"unknown line {key!r}")
        seat = int(index)
        if not 0 <= seat < len(self.hands):
            raise BadNotation(f"{what} {seat} does not exist")
        if what == "hand":
            self.hands[seat] = parse_cards(value)
        elif what == "taken":
            self.taken[seat] = parse_cards(value)
        else:
            self.tricks[seat] = int(value)

    def cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + [c for t in self.taken for c in t]

    def lines(self) -> list[str]:
        lines = [f"hand {seat}: {format_cards(cards)}" for seat, cards in enumerate(self.hands)]
        for seat, cards in enumerate(self.taken):
            if cards or self.tricks[seat]:
                lines.append(
                    f"taken {seat}: {format_cards(cards)} | tricks {seat}: {self.tricks[seat]}"
                )
        return lines

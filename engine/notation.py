"""Text helpers shared by the games' position notations."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import Any, TypeVar

from engine.cards import Card
from engine.core import BadNotation, GameError

T = TypeVar("T")


def position_lines(text: str) -> list[str]:
    """The non-empty, non-comment lines of a position (newlines or ' | ' separate them)."""
    lines = [line.strip() for line in re.split(r"\n|\|", text)]
    return [line for line in lines if line and not line.startswith("#")]


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
    for f in fields(rules):
        if f.name in first:
            continue
        value = getattr(rules, f.name)
        if value == getattr(defaults, f.name):
            continue
        if isinstance(value, bool):
            parts.append(f.name if value else f"{f.name}=false")
        else:
            parts.append(f"{f.name}={value}")
    return " ".join(parts)


def parse_options(cls: type[T], game_field: str, words: list[str]) -> T:
    """Build a rules value from `game name=value flag …`."""
    options: dict[str, object] = {game_field: words[0]}
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    for word in words[1:]:
        name, _, raw = word.partition("=")
        if name not in known:
            raise BadNotation(f"unknown option {name!r}")
        if not raw:
            options[name] = True
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

"""Slash-command options made from data: the games and their options come from the registry,
so no cog lists games or options by hand.

discord.py reads a command's options from its callback's signature; `with_options` gives a
callback a signature made of `Option`s, and the callback receives them as keyword arguments.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Optional

import discord
from discord import app_commands

from engine import registry
from engine.registry import OptionSpec

TimerChoice = Literal["3 minutes", "off", "1 minute", "10 minutes", "1 hour", "1 day"]
LevelChoice = Literal["normal", "easy", "hard"]
DESCRIPTION_LIMIT = 100  # Discord's limit for an option's description


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    annotation: Any
    description: str
    default: Any = inspect.Parameter.empty


def choice_of(values: Sequence[str]) -> Any:
    """A Literal of the values: Discord offers exactly these."""
    return Literal.__getitem__(tuple(values))


def short(text: str) -> str:
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def game_option(description: str = "which game", required: bool = True) -> Option:
    annotation = choice_of(registry.names())
    if required:
        return Option("game", annotation, description)
    return Option("game", Optional[annotation], description, None)  # noqa: UP045 (runtime)


def game_choice_text() -> str:
    """ "seep (100 points), seep30 (Punjab, 30 points) or suipe"."""
    words = [
        f"{spec.name} ({spec.description})" if spec.description else spec.name
        for spec in registry.games()
    ]
    return short(registry.word_list(words, "or"))


def main_game_names(conjunction: str) -> str:
    """ "Seep and Suipe": the games that are not variants of another."""
    return registry.word_list([spec.display_name for spec in registry.main_games()], conjunction)


def players_option() -> Option:
    specs = registry.games()
    low = min(spec.min_players for spec in specs)
    high = max(spec.max_players for spec in specs)
    ranges = ", ".join(
        f"{spec.display_name}: {spec.seats_text()}" for spec in registry.main_games()
    )
    annotation = Optional[app_commands.Range[int, low, high]]  # noqa: UP045 (runtime)
    return Option("players", annotation, short(f"how many players ({ranges})"), None)


def table_option(option: OptionSpec) -> Option:
    """A game's option for /table new or /settings: left out, the default applies."""
    if option.choices:
        base: Any = choice_of([label for label, _ in option.choices])
    elif option.kind is int and option.low is not None and option.high is not None:
        base = app_commands.Range[int, option.low, option.high]
    else:
        base = option.kind
    return Option(option.name, Optional[base], short(option.description), None)  # noqa: UP045


def with_options(
    options: Sequence[Option], *, in_cog: bool = True
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Give `func(self, interaction, **values)` the signature discord.py reads options from,
    and their descriptions."""

    def apply(func: Callable[..., Any]) -> Callable[..., Any]:
        first = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        first = first if in_cog else []
        first.append(
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        )
        required = [o for o in options if o.default is inspect.Parameter.empty]
        optional = [o for o in options if o.default is not inspect.Parameter.empty]
        params = first + [
            inspect.Parameter(
                o.name, inspect.Parameter.KEYWORD_ONLY, annotation=o.annotation, default=o.default
            )
            for o in (*required, *optional)
        ]
        # discord.py reads the options from the signature; functions accept a __signature__
        func.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        func.__annotations__ = {p.name: p.annotation for p in params[1:]}
        return app_commands.describe(**{o.name: o.description for o in options})(func)

    return apply

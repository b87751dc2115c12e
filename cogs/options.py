"""Slash-command options made from data: the games and their options come from the registry,
so no cog lists games or options by hand. `/table new`, `/rules` and `/stats` have one
subcommand per game (`per_game`), each made of that game's own options.

discord.py reads a command's options from its callback's signature; `with_options` gives a
callback a signature made of `Option`s, and the callback receives them as keyword arguments.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Literal, Optional, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_
from bot.translator import said
from engine import registry
from engine.registry import GameSpec, OptionSpec

F = TypeVar("F", bound=Callable[..., object])  # a command's callback

TimerChoice = Literal["3 minutes", "off", "1 minute", "10 minutes", "1 hour", "1 day"]
LevelChoice = Literal["normal", "easy", "hard"]
RetentionChoice = Literal["keep", "1 year", "90 days", "30 days"]
DESCRIPTION_LIMIT = 100  # Discord's limit for an option's description
# Discord allows 8,000 characters per command, its 25 games' subcommands included: up to this
# many games each per-game subcommand carries all its options and choices; beyond it only what
# fits (/table new: the seats, the rest set in the lobby with /table setup; /rules: the topic
# typed or chosen in the pages rather than from a list).
ALL_OPTIONS_UP_TO = 8


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    annotation: object  # a type, or a typing form (Optional[...], Literal[...], Range[...])
    description: str | app_commands.locale_str
    default: object = inspect.Parameter.empty
    choices: tuple[app_commands.Choice[str], ...] = ()  # named choices (with a plain type)


def choice_of(values: Sequence[str], optional: bool = False) -> object:
    """A Literal of the values: Discord offers exactly these (`optional`: or none)."""
    literal = Literal.__getitem__(tuple(values))
    return Optional[literal] if optional else literal  # noqa: UP045 (made at run time)


def short(text: str) -> str:
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def game_option(description: str = N_("which game"), required: bool = True) -> Option:
    """The game, each named as the reader's language names it ("Seep", "सीप")."""
    games = tuple(
        app_commands.Choice(name=said(spec.display_name), value=spec.name)
        for spec in registry.games()
    )
    if required:
        return Option("game", str, description, choices=games)
    return Option("game", Optional[str], description, None, choices=games)  # noqa: UP045 (runtime)


def players_option(spec: GameSpec) -> Option:
    """How many players, within the game's own range."""
    annotation = Optional[app_commands.Range[int, spec.min_players, spec.max_players]]  # noqa: UP045
    counts = spec.allowed_seats
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        description = said(N_("how many players ({low} to {high})"), low=counts[0], high=counts[-1])
    elif len(counts) > 1:
        seats = ", ".join(map(str, counts[:-1]))
        description = said(N_("how many players ({seats} or {last})"), seats=seats, last=counts[-1])
    else:
        description = said(N_("how many players ({seats})"), seats=counts[0])
    return Option("players", annotation, description, None)


def table_option(option: OptionSpec) -> Option:
    """A game's option for /table new or /settings: left out, the default applies."""
    if option.choices:
        base: object = choice_of([label for label, _ in option.choices])
    elif option.kind is int and option.low is not None and option.high is not None:
        base = app_commands.Range[int, option.low, option.high]
    else:
        base = option.kind
    description = said(short(option.description))
    return Option(option.name, Optional[base], description, None)  # noqa: UP045


CommandCallback = Callable[..., Coroutine[object, object, None]]


def per_game(
    specs: Sequence[GameSpec],
    description: Callable[[GameSpec], app_commands.locale_str],
    options: Callable[[GameSpec], Sequence[Option]],
    handler: Callable[..., Awaitable[None]],
) -> list[app_commands.Command[commands.Cog, ..., None]]:
    """One subcommand per game, named after it, with that game's options; each calls
    `handler(self, interaction, game, **values)`."""

    def bind(game: str) -> CommandCallback:
        async def play(self: object, interaction: discord.Interaction, **values: object) -> None:
            await handler(self, interaction, game, **values)

        # discord.py passes the cog as `self` to a callback it sees inside a class
        play.__qualname__ = f"GameCommands.{game}"
        return play

    return [
        app_commands.Command(
            name=spec.name,
            description=description(spec),
            callback=with_options(options(spec))(bind(spec.name)),
        )
        for spec in specs
    ]


def with_options(
    options: Sequence[Option], *, in_cog: bool = True
) -> Callable[[F], F]:
    """Give `func(self, interaction, **values)` the signature discord.py reads options from,
    and their descriptions."""

    def apply(func: F) -> F:
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
        described = app_commands.describe(**{o.name: o.description for o in options})(func)
        named = {o.name: list(o.choices) for o in options if o.choices}
        return app_commands.choices(**named)(described) if named else described

    return apply

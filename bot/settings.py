"""A server's defaults for new tables and its rating choices, and how a new table's rules are
made from the host's options over those defaults (the options come from the registry)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.contexts import TableContext
from bot.i18n import LANGUAGES, N_, OWN_NAMES, _
from bot.retention import RETENTION
from bot.table_options import DEFAULT_TURN_SECONDS, TableOptions
from bot.tables import TableError
from engine import registry
from engine.registry import GameSpec, OptionSpec, OptionValue, TableRules
from engine.words import said_list

if TYPE_CHECKING:
    from typing_extensions import TypeIs

# The choices are shown translated (marked here); their English names are what is stored.
TIMERS = {
    N_("3 minutes"): 180, N_("off"): 0, N_("1 minute"): 60, N_("10 minutes"): 600,
    N_("1 hour"): 3600, N_("1 day"): 86400,
}  # fmt: skip
LEVELS = (N_("normal"), N_("easy"), N_("hard"))
DEFAULT_TIMER = "3 minutes"  # a server's turn timer until it chooses one (a TIMERS choice)
GENERAL: dict[str, str | bool | None] = {
    "timer": DEFAULT_TIMER, "level": "normal", "rate_computer_games": False, "records": "keep",
    "language": None,
}  # fmt: skip
assert TIMERS[DEFAULT_TIMER] == DEFAULT_TURN_SECONDS  # a server's default is a table's


GENERAL_LABELS = {
    "language": N_("Language of the tables"),
    "records": N_("Deal records are kept"),
    "timer": N_("Turn timer"),
    "level": N_("Computer players"),
    "rate_computer_games": N_("Games with computer players are rated"),
}


def server_options() -> list[OptionSpec]:
    """Table options a server may set a default for (stored under their rules names)."""
    return [option for option in registry.table_options() if option.server_default]


def defaults() -> dict[str, OptionValue]:
    """Every setting's value when a server has not chosen: a number option (the winning lead)
    None, which leaves each game its own default."""
    return {
        **GENERAL,
        **{o.rules_key: False if o.kind is bool else None for o in server_options()},
    }


def valid(key: str, value: object) -> bool:
    """Whether a stored setting may be used (settings are checked when read: a value stored by
    an older version, or by hand, never breaks a command)."""
    if key == "timer":
        return value in TIMERS
    if key == "level":
        return value in LEVELS
    if key == "language":
        return value is None or value in LANGUAGES
    if key == "records":
        return value in RETENTION
    option = next((o for o in server_options() if o.rules_key == key), None)
    if option is not None and option.kind is int:
        low = option.low if option.low is not None else -(10**9)
        high = option.high if option.high is not None else 10**9
        return value is None or (type(value) is int and low <= value <= high)
    return isinstance(value, bool)


def effective(settings: Mapping[str, object]) -> dict[str, OptionValue]:
    known = defaults()
    return {
        **known,
        **{k: v for k, v in settings.items() if k in known and valid(k, v) and is_value(v)},
    }


def is_value(value: object) -> TypeIs[OptionValue]:
    """Whether `value` is one a setting or a rule may hold (a yes/no, a number, a word)."""
    return value is None or isinstance(value, bool | int | str)



def new_table_options(
    saved: Mapping[str, object],
    language: str,
    timer: str | None = None,
    level: str | None = None,
    hints: bool = False,
    context: TableContext = TableContext.SERVER,
) -> TableOptions:
    """A new table's settings, as every way of opening one makes them: the opener's choices,
    else the server's saved defaults; its public messages in `language`."""
    defaults = effective(saved)
    return TableOptions(
        turn_timer=TIMERS[timer or str(defaults["timer"])],
        computer_level=str(level or defaults["level"]),
        hints=hints,
        language=language,
        context=context,
    )

def describe(settings: Mapping[str, object]) -> str:
    values = effective(settings)
    labels = {**GENERAL_LABELS, **{o.rules_key: o.label for o in server_options()}}
    lines = []
    for key, label in labels.items():
        value = values[key]
        if key == "language":
            shown = (
                OWN_NAMES[str(value)] if value else _("the language of the player who opens one")
            )
        elif value is None:
            shown = _("each game's own")
        elif isinstance(value, bool):
            shown = _("yes") if value else _("no")
        else:
            named = value in TIMERS or value in LEVELS or value in RETENTION
            shown = _(str(value)) if named else str(value)
        lines.append(f"{_(label)}: **{shown}**")
    return "\n".join(lines)


def table_rules(
    spec: GameSpec,
    chosen: Mapping[str, object],
    settings: Mapping[str, object],
    language: str | None = None,
) -> TableRules:
    """The options of a new table: what the host chose, else the server's default, else the
    option's default for the table's `language` (`OptionSpec.on_in`: the German-suited cards
    at Czech and Slovak tables), else the option's own default; an option given for a game
    that does not have it is refused."""
    values = effective(settings)
    rules: TableRules = {}
    for name, value in chosen.items():
        if value is None or spec.option(name) is not None:
            continue
        if value is False:
            continue  # turning off what the game does not have changes nothing
        owners = registry.games_with(name)
        label = next(o.label for o in registry.table_options() if o.name == name)
        games = said_list([registry.display_name(g.name) for g in owners])
        raise TableError(
            _("“{option}” is an option of {games}.", option=_(label).split(": ")[-1], games=games)
        )
    for option in spec.options:
        value = chosen.get(option.name)
        if value is None and option.server_default:
            value = values.get(option.rules_key)
        if value is None and language is not None and language in option.on_in:
            value = True
        if value is None:
            value = option.default
        if value is None or (option.only_true and not value):
            continue
        rules[option.rules_key] = option.value_of(value if is_value(value) else None)
    return rules


SWITCH = {N_("on"): True, N_("off"): False}  # a yes/no rule's values, as /table setup offers them


def rule_values(option: OptionSpec) -> list[tuple[str, str]]:
    """What `/table setup value:` offers for a rule: (shown, sent) pairs, at most 25."""
    if option.kind is bool:
        return [(_(word), word) for word in SWITCH]
    if option.choices:
        return [(_(label), label) for label, _value in option.choices][:25]
    if option.kind is int and option.low is not None and option.high is not None:
        numbers = range(option.low, option.high + 1)
        step = -(-len(numbers) // 25)  # at most 25 values, spread over the range
        return [(str(n), str(n)) for n in numbers[::step]]
    return []


def rule_value(option: OptionSpec, text: str) -> OptionValue:
    """The rules value of what the host wrote for a rule; a TableError says what is allowed."""
    said = text.strip()
    shown = {shown.casefold(): sent for shown, sent in rule_values(option)}
    said = shown.get(said.casefold(), said)
    if option.kind is bool:
        switch = {word.casefold(): value for word, value in SWITCH.items()}
        if said.casefold() not in switch:
            raise TableError(_("Choose on or off for “{rule}”.", rule=_(option.label)))
        return switch[said.casefold()]
    if option.choices:
        for label, value in option.choices:
            if said.casefold() == label.casefold():
                return value
        choices = ", ".join(_(label) for label, _value in option.choices)
        raise TableError(
            _("Choose one of {choices} for “{rule}”.", choices=choices, rule=_(option.label))
        )
    if option.kind is int:
        low = option.low if option.low is not None else 0
        high = option.high if option.high is not None else 10**6
        if not said.isdigit() or not low <= int(said) <= high:
            raise TableError(
                _(
                    "Choose a number from {low} to {high} for “{rule}”.",
                    low=low,
                    high=high,
                    rule=_(option.label),
                )
            )
        return int(said)
    return said


def with_rule(
    rules: Mapping[str, OptionValue], option: OptionSpec, value: OptionValue
) -> TableRules:
    """A table's rules with one rule changed (a variant flag turned off is left out)."""
    changed = dict(rules)
    if option.only_true and not value:
        changed.pop(option.rules_key, None)
    else:
        changed[option.rules_key] = value
    return changed


def timer_name(seconds: float) -> str:
    """The timer choice of a number of seconds (the nearest one offered)."""
    return min(TIMERS, key=lambda name: abs(TIMERS[name] - seconds))

"""A table's settings (`game_tables.options`): one frozen value with every default here.

Stored as a JSON object, as before: a key is written when its value is not the default, and a
key a row leaves out (a table stored before the key existed) reads as its default, so rows of
every version load and a row written now reads the same in an older version. Keys this
version does not know are kept as they were (`unknown`) and written back unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Final

from bot.contexts import TableContext

DEFAULT_TURN_SECONDS: Final = 180  # the turn timer of a table that names none ("3 minutes")
DEFAULT_LEVEL: Final = "normal"  # the computer players' level (bot.players.DEFAULT_LEVEL)
DEFAULT_LANGUAGE: Final = "en"


@dataclass(frozen=True, slots=True)
class Practice:
    """A practice table: the deal record it plays on from, and the move it starts at."""

    deal: int
    step: int


@dataclass(frozen=True, slots=True)
class TableOptions:
    turn_timer: float = DEFAULT_TURN_SECONDS  # seconds a player has for a move (0: off)
    computer_level: str = DEFAULT_LEVEL  # the level of the computer players it seats
    hints: bool = False  # a beginner's table: hints on, never rated
    language: str = DEFAULT_LANGUAGE  # the language of its public messages
    context: TableContext = TableContext.SERVER  # where it plays (bot.contexts)
    rated: bool = False  # decided at the start
    lobby: tuple[int, int] | None = None  # (channel id, message id) of the lobby message
    next_match: tuple[tuple[int, str], ...] = ()  # (user id, name) queued for the next match
    parent_channel_id: int | None = None  # the channel whose thread it plays in
    rematch_of: int | None = None  # the table it is a rematch of
    practice: Practice | None = None  # a practice table (bot/practice.py)
    event: int | None = None  # the event it belongs to (bot/tournaments)
    event_round: int | None = None
    event_table: int | None = None
    deal_set: int | None = None  # the set of deals other tables of its event play too
    computer_numbers: Mapping[int, int] = field(default_factory=dict)  # seat -> its number
    unknown: Mapping[str, object] = field(default_factory=dict)  # keys this version lacks

    @property
    def shares_deals(self) -> bool:
        return self.deal_set is not None

    def to_json(self) -> dict[str, object]:
        """The stored JSON object: every value that is not its default, and the unknown keys."""
        data: dict[str, object] = dict(self.unknown)
        for name, value in _values(self).items():
            if value != _DEFAULTS[name]:
                data[name] = _json_value(value)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> TableOptions:
        """The options of a stored JSON object: a missing key, or a value of the wrong kind
        (stored by hand, or by a version long gone), reads as the default."""
        known = {f.name for f in fields(cls)} - {"unknown"}
        return cls(
            turn_timer=_number(data.get("turn_timer"), DEFAULT_TURN_SECONDS),
            computer_level=str(data.get("computer_level") or DEFAULT_LEVEL),
            hints=bool(data.get("hints", False)),
            language=str(data.get("language") or DEFAULT_LANGUAGE),
            context=_context(data.get("context")),
            rated=bool(data.get("rated", False)),
            lobby=_pair(data.get("lobby")),
            next_match=_queue(data.get("next_match")),
            parent_channel_id=_id(data.get("parent_channel_id")),
            rematch_of=_id(data.get("rematch_of")),
            practice=_practice(data.get("practice")),
            event=_id(data.get("event")),
            event_round=_id(data.get("event_round")),
            event_table=_id(data.get("event_table")),
            deal_set=_id(data.get("deal_set")),
            computer_numbers=_numbers(data.get("computer_numbers")),
            unknown={k: v for k, v in data.items() if k not in known},
        )


def _values(options: TableOptions) -> dict[str, object]:
    return {f.name: getattr(options, f.name) for f in fields(options) if f.name != "unknown"}


_DEFAULTS: Final = _values(TableOptions())


def _json_value(value: object) -> object:
    """A value as the JSON object has always held it."""
    if isinstance(value, Practice):
        return {"deal": value.deal, "step": value.step}
    if isinstance(value, TableContext):
        return value.value
    if isinstance(value, tuple):
        return [_json_value(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): item for key, item in value.items()}
    return value


def _number(value: object, default: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return value


def _id(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return None


def _context(value: object) -> TableContext:
    try:
        return TableContext(str(value or TableContext.SERVER))
    except ValueError:
        return TableContext.SERVER


def _pair(value: object) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        first, second = _id(value[0]), _id(value[1])
        if first is not None and second is not None:
            return first, second
    return None


def _queue(value: object) -> tuple[tuple[int, str], ...]:
    if not isinstance(value, list | tuple):
        return ()
    queue = []
    for entry in value:
        if isinstance(entry, list | tuple) and len(entry) >= 2:
            user = _id(entry[0])
            if user is not None:
                queue.append((user, str(entry[1])))
    return tuple(queue)


def _practice(value: object) -> Practice | None:
    if not isinstance(value, Mapping):
        return None
    deal, step = _id(value.get("deal")), _id(value.get("step"))
    return None if deal is None or step is None else Practice(deal, step)


def _numbers(value: object) -> dict[int, int]:
    if not isinstance(value, Mapping):
        return {}
    numbers = {}
    for seat, number in value.items():
        seat_of, number_of = _id(seat), _id(number)
        if seat_of is not None and number_of is not None:
            numbers[seat_of] = number_of
    return numbers

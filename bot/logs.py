"""The bot's log: one line per record, an error with the table and the interaction it happened
in, and never a secret.

The table and the interaction are context variables: the cogs set them when an interaction
arrives (and the table once it is known), and every task started from there (the turn loop,
the timers) inherits them, so a line logged anywhere on the way says where it came from.
Nothing here names the values a player chose (a select's values may be the cards of a hand).
"""

from __future__ import annotations

import contextvars
import logging
import re
import sys
import traceback
from collections.abc import Iterable
from typing import Any, TextIO

table_var: contextvars.ContextVar[int | None] = contextvars.ContextVar("table", default=None)
interaction_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "interaction", default=None
)

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# The libraries' DEBUG lines carry whole payloads (a player's private hand in discord.py's, a
# buried card in aiosqlite's statements, interaction tokens): LOG_LEVEL=DEBUG applies to the
# bot's own loggers, the others stay at INFO.
LIBRARY_FLOOR = logging.INFO
# an interaction's or a webhook's token in a URL: /interactions/<id>/<token>/callback
URL_TOKEN = re.compile(r"((?:interactions|webhooks)/\d+/)[A-Za-z0-9_.:-]{20,}")
# A card, as an exception's message may quote one (a value a player sent, a hand): masked,
# since the log cannot know whether it is hidden.
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQKT])[SHDC♠♥♣♦](?![0-9A-Za-z])")


def set_table(table_id: int | None) -> None:
    table_var.set(table_id)


def set_interaction(description: str | None) -> None:
    interaction_var.set(description)


def describe_interaction(interaction: Any) -> str:
    """`interaction 123 (/table new) by 456`, or `(button lobby:7:join)`: the command or the
    component, never the values chosen."""
    data: dict[str, Any] = interaction.data or {}
    if "custom_id" in data:
        kind = "select" if int(data.get("component_type", 0)) == 3 else "button"
        what = f"{kind} {data['custom_id']}"
    else:
        names = [str(data.get("name", "?"))]
        options = data.get("options") or []
        while options and options[0].get("type") in (1, 2):  # a group, a subcommand
            names.append(str(options[0].get("name")))
            options = options[0].get("options") or []
        verb = "autocomplete" if int(getattr(interaction.type, "value", 0)) == 4 else ""
        what = " ".join(filter(None, (verb, "/" + " ".join(names))))
    user = getattr(interaction.user, "id", "?")
    return f"interaction {interaction.id} ({what}) by {user}"


class ContextFilter(logging.Filter):
    """Adds `where`: ` [table 7, interaction 123 (/play) by 456]` when known."""

    def filter(self, record: logging.LogRecord) -> bool:
        parts = []
        table = table_var.get()
        if table is not None:
            parts.append(f"table {table}")
        interaction = interaction_var.get()
        if interaction is not None:
            parts.append(interaction)
        record.where = f" [{', '.join(parts)}]" if parts else ""
        return True


class OneLineFormatter(logging.Formatter):
    """A record on one line: an exception as its type, message and the line that raised it.
    With `tracebacks` (LOG_LEVEL=DEBUG) the whole traceback follows, for developers."""

    def __init__(self, secrets: Iterable[str] = (), tracebacks: bool = False) -> None:
        super().__init__(FORMAT)
        self.secrets = [s for s in secrets if s]
        self.tracebacks = tracebacks

    def format(self, record: logging.LogRecord) -> str:
        saved = record.exc_info, record.exc_text
        error = record.exc_info[1] if record.exc_info else None
        record.exc_info, record.exc_text = None, None
        try:
            line = super().format(record).replace("\r", " ").replace("\n", " | ")
        finally:
            record.exc_info, record.exc_text = saved
        if error is not None:
            line += f": {CARD.sub('[card]', one_line(error))}"
        line += getattr(record, "where", "")
        if error is not None and self.tracebacks:
            line += "\n" + CARD.sub("[card]", "".join(traceback.format_exception(error)).rstrip())
        return self.redact(line)

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[hidden]")
        return URL_TOKEN.sub(r"\1[token]", text)


def one_line(error: BaseException) -> str:
    """`KeyError: 'x' (at cogs/tables.py:120 in open_table)`: the innermost frame of ours if
    there is one, else the innermost."""
    text = " ".join(str(error).split())
    summary = f"{type(error).__name__}: {text}" if text else type(error).__name__
    frames = traceback.extract_tb(error.__traceback__)
    ours = [
        f for f in frames if "site-packages" not in f.filename and "/lib/python" not in f.filename
    ]
    chosen = ours or list(frames)
    if not chosen:
        return summary
    frame = chosen[-1]
    where = re.sub(r"^.*?/(?=(?:bot|cogs|engine|renderers)/)", "", frame.filename)
    return f"{summary} (at {where}:{frame.lineno} in {frame.name})"


def configure(
    level: str, secrets: Iterable[str] = (), stream: TextIO | None = None
) -> logging.Handler:
    """The process's log: one line per record on stderr (or `stream`), secrets hidden.
    Returns the handler (tests remove it again)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(OneLineFormatter(secrets, tracebacks=level == "DEBUG"))
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    root.addHandler(handler)
    number = logging.getLevelName(level)
    root.setLevel(max(LIBRARY_FLOOR, number))
    logging.getLogger("seepbot").setLevel(number)
    # the bot has no voice and needs no "logging in" line
    logging.getLogger("discord.client").setLevel(logging.WARNING)
    return handler

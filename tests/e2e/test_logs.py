"""The log at LOG_LEVEL=DEBUG over a whole Sheepshead match: no line names a card that is
hidden when the line is written (a card in any hand, the blind, the bury), nor the token; an
error is one line naming its table and the interaction it happened in."""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot import logs
from engine.cards import Card

from .conftest import Env
from .fake_discord import EPHEMERAL
from .helpers import button, latest_table, lobby_button, whose_turn
from .test_sheepshead import act

ASHA = 901
TOKEN = "fake.token"


def card_pattern(cards: set[Card]) -> re.Pattern[str] | None:
    """A card as a log could write it: `QC` or `Q♣`, on its own (not inside a longer word)."""
    if not cards:
        return None
    words = sorted({str(c) for c in cards} | {c.pretty for c in cards}, key=len, reverse=True)
    either = "|".join(map(re.escape, words))
    return re.compile(rf"(?<![0-9A-Za-z])(?:{either})(?![0-9A-Za-z])")


def hidden_cards(session: Any) -> set[Card]:
    """The cards nobody may see now: every hand, the blind, the bury (until the match ends)."""
    match = session.match
    if match is None or match.is_terminal:
        return set()
    hidden: set[Card] = set()
    for seat in range(match.num_players):
        hidden.update(match.view(seat).hand or ())
    deal = getattr(match, "deal", None)
    hidden.update(getattr(deal, "blind", ()) or ())
    hidden.update(getattr(deal, "buried", ()) or ())
    return hidden


class Watch(logging.Handler):
    """Formats every record as the bot's log does and checks it against the cards hidden at
    the moment it is written."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logs.OneLineFormatter(tracebacks=True))
        self.addFilter(logs.ContextFilter())
        self.sessions: list[Any] = []
        self.lines: list[str] = []
        self.leaks: list[str] = []
        self.checked = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == "aiohttp.access":
            return  # the fake Discord's own log, not the bot's
        line = self.format(record)
        self.lines.append(line)
        hidden = set().union(*(hidden_cards(s) for s in self.sessions))
        pattern = card_pattern(hidden)
        self.checked += bool(hidden)
        if pattern is not None and pattern.search(line):
            self.leaks.append(f"{pattern.search(line).group(0)} in: {line}")  # type: ignore[union-attr]


@pytest.fixture
def debug_log() -> Iterator[Watch]:
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", "seepbot", "discord.client")}
    stream = io.StringIO()
    handler = logs.configure("DEBUG", [TOKEN], stream)  # as `python -m bot` with LOG_LEVEL=DEBUG
    watch = Watch()
    root.addHandler(watch)
    try:
        yield watch
    finally:
        root.removeHandler(watch)
        root.removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
    watch.lines.append(stream.getvalue())


async def test_a_whole_match_logged_at_debug_shows_no_hidden_card(
    env: Env, debug_log: Watch
) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new sheepshead", players=5,
                           sheepshead_hands=1)  # fmt: skip
    lobby = fake.messages[new.message_id]
    for _ in range(4):
        await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "computer"))
    session = env.bot.tables.get(int(lobby["channel_id"]))
    debug_log.sessions.append(session)
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    buried: set[Card] = set()
    probed = False
    while not session.match.is_terminal:
        assert whose_turn(fake) == ASHA
        if not probed:
            # a forged click carrying Asha's hand, as values: the log must not repeat them
            table = latest_table(fake)
            opened = await fake.click(ASHA, int(table["id"]), button(fake, table, "My hand"))
            picker = fake.messages[opened.message_id]
            carrier = {**picker, "id": str(10**15), "flags": EPHEMERAL, "components": [
                {"type": 1, "components": [{"type": 3, "custom_id": "rulestopic:nosuchgame:en",
                 "options": [{"label": str(c), "value": str(c)}
                             for c in session.match.view(0).hand]}]}]}  # fmt: skip
            fake.messages[10**15] = carrier
            hand = [str(c) for c in session.match.view(0).hand]
            await fake.click(ASHA, 10**15, "rulestopic:nosuchgame:en", hand[:1])
            probed = True
        await act(fake, ASHA, "Pick")  # pick if asked, bury, call, play the first card
        await env.bot.idle()
        buried |= set(getattr(session.match.deal, "buried", ()) or ())
    assert debug_log.checked >= 5, "the log was checked while cards were hidden"
    assert not debug_log.leaks, debug_log.leaks
    text = "\n".join(debug_log.lines)
    assert "move 1 stored after" in text or "stored after" in text  # DEBUG lines were written
    assert TOKEN not in text
    # the bury is never shown to the table: no line at all may name it
    public = " ".join(m["content"] + str(m["embeds"]) for m in fake.channel_messages())
    never_shown = {c for c in buried if str(c) not in public and c.pretty not in public}
    pattern = card_pattern(never_shown)
    assert pattern is None or not pattern.search(text), pattern


async def test_an_error_is_one_line_with_its_table_and_interaction(
    env: Env, debug_log: Watch
) -> None:
    fake = env.fake
    fake.add_member(ASHA, "Asha")
    new = await fake.slash(ASHA, "table", "new suipe", players=2)
    lobby = fake.messages[new.message_id]
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "computer"))
    session = env.bot.tables.get(int(lobby["channel_id"]))
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    debug_log.sessions.append(session)

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the disk is on fire\nsecond line")

    env.bot.store.record_move = broken  # type: ignore[method-assign]
    assert whose_turn(fake) == ASHA  # a computer to move first has moved already
    move = session.match.legal_actions()[0].notation
    reply = await fake.slash(ASHA, "play", move=move)
    assert reply.responses[-1]["data"]["content"]  # the player is answered
    await env.bot.idle()
    errors = [line for line in debug_log.lines if "RuntimeError" in line]
    assert errors, debug_log.lines
    line = errors[0].split("\n")[0]  # (at DEBUG a traceback follows on the next lines)
    assert "RuntimeError: the disk is on fire second line (at " in line
    assert f"[table {session.id}, interaction {reply.id} (/play) by {ASHA}]" in line
    env.errors.records.clear()

"""A person's interaction at a table, kept so that the table messages that follow their
move reach the channel through it (its follow-ups are outside the bot's global rate limit)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from bot.tables import TableSession

# An interaction's token answers for 15 minutes; its follow-ups are used well inside that.
REPLY_SECONDS = 14 * 60
ANSWER_FIRST = 5.0  # seconds a follow-up waits for the player's own answer to go first


@dataclass
class InteractionReply:
    """A person's interaction at a table, through which the table messages that follow
    their move reach the channel as follow-ups: outside the bot's global rate limit, and
    deleted the same way while the token is valid. The follow-up waits until the player's
    own answer is sent (`answered`): the first follow-up of a deferred command would
    otherwise take the answer's place."""

    token: str
    expires: float = field(default_factory=lambda: time.monotonic() + REPLY_SECONDS)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def valid(self) -> bool:
        return time.monotonic() < self.expires


def reply_of(session: TableSession) -> InteractionReply | None:
    reply = session.reply
    return reply if isinstance(reply, InteractionReply) and reply.valid else None

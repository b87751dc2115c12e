"""The one answer to anything unexpected in a command or a component (cogs.common)."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord
import pytest
from discord import app_commands

from cogs.common import answer_unexpected


class Unanswerable:
    """An interaction whose answer fails the test if the bot tries to send one."""

    id = 1234

    @property
    def response(self) -> object:
        raise AssertionError("the bot tried to answer an interaction Discord had let go")


def expired() -> discord.NotFound:
    response = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(response, {"message": "Unknown interaction", "code": 10062})  # type: ignore[arg-type]


@pytest.mark.asyncio
@pytest.mark.parametrize("wrapped", [False, True], ids=["in a component", "in a command"])
async def test_an_expired_interaction_is_one_quiet_line_not_a_traceback(
    caplog: pytest.LogCaptureFixture, wrapped: bool
) -> None:
    error: Exception = expired()
    if wrapped:
        command = SimpleNamespace(name="play", qualified_name="play")
        error = app_commands.CommandInvokeError(command, error)  # type: ignore[arg-type]
    with caplog.at_level(logging.WARNING):
        await answer_unexpected(Unanswerable(), error)  # type: ignore[arg-type]
    (record,) = caplog.records
    assert "expired" in record.getMessage() and "1234" in record.getMessage()
    assert record.exc_info is None


@pytest.mark.asyncio
async def test_any_other_not_found_is_still_logged_with_its_traceback(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    response = SimpleNamespace(status=404, reason="Not Found")
    error = discord.NotFound(response, {"message": "Unknown Message", "code": 10008})  # type: ignore[arg-type]
    told: list[str] = []

    class Asking:
        id = 99
        response = SimpleNamespace(is_done=lambda: False)

    async def tell(interaction: object, text: str) -> None:
        told.append(text)

    monkeypatch.setattr("cogs.common.tell", tell)
    with caplog.at_level(logging.WARNING):
        await answer_unexpected(Asking(), error)  # type: ignore[arg-type]
    assert caplog.records[0].exc_info is not None
    assert told  # the member is still told, privately, that something went wrong

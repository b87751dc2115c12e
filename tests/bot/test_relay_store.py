"""The relays a table outside servers keeps for a restart (bot/storage/relays.py), on both
engines: what is saved comes back, a relay past its time does not (its token is gone from the
store), and a token is never shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import Store
from bot.storage.erasure import forget_member
from bot.storage.relays import RelayState, RelayStore, StoredMessage, StoredRelay

NOW = 1_800_000_000.0


@pytest.fixture
async def store(store_location: str | Path):
    async with Store(store_location) as opened:
        yield opened


async def a_table(store: Store, channel: int = 5) -> int:
    return await store.create_table(0, channel, 1, "tinytricks", {"players": 2}, 7)


async def test_what_a_table_keeps_comes_back_after_a_restart(store: Store) -> None:
    table = await a_table(store)
    state = RelayState(
        (StoredRelay(1, "lobby-token", NOW + 300, 2, 111, lobby=True),
         StoredRelay(2, "move-token", NOW + 800, 1, None)),
        (StoredMessage(222, 2, shown=True, calls=42), StoredMessage(333, 1),
         StoredMessage(444, None)),
    )  # fmt: skip
    await RelayStore(store).save(table, state, now=NOW)
    assert await RelayStore(store).load(table, now=NOW + 1) == state


async def test_a_relay_past_its_time_is_not_kept(store: Store) -> None:
    relays = RelayStore(store)
    old, new = await a_table(store), await a_table(store, channel=6)
    await relays.save(old, RelayState((StoredRelay(1, "old-token", NOW + 60, 0, None),)), NOW)
    assert (await relays.load(old, now=NOW + 61)).relays == ()  # past its time: not used
    # any later save takes the tokens past their time out of the store, whatever their table
    await relays.save(new, RelayState((StoredRelay(1, "new-token", NOW + 900, 0, None),)),
                      now=NOW + 61)  # fmt: skip
    rows = await store.database.all("SELECT token FROM table_relays")
    assert [row[0] for row in rows] == ["new-token"]
    # saved again, a table's relays replace what it kept
    await relays.save(new, RelayState(), now=NOW + 62)
    assert await relays.load(new, now=NOW + 62) == RelayState()


def test_a_token_is_not_shown() -> None:
    relay = StoredRelay(1, "secret-token-value", NOW, 0, None)
    assert "secret-token-value" not in repr(relay) and "secret-token-value" not in str(relay)


async def test_a_forgotten_member_is_called_by_no_kept_table_message(store: Store) -> None:
    table = await a_table(store)
    state = RelayState((), (StoredMessage(222, None, shown=True, calls=42),))
    await RelayStore(store).save(table, state, now=NOW)
    assert not (await forget_member(store, 42)).refused
    (message,) = (await RelayStore(store).load(table, now=NOW)).messages
    assert message.calls is None and message.message_id == 222

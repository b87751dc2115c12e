"""Each player's own choices, kept across tables and servers: the language the bot speaks to
them in, and whether a forced move (their only legal one) is played for them at once; and
each server's language (its tables' public messages, and players whose Discord app speaks
none of ours)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import LANGUAGES
from bot.storage import Store


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    language: str | None = None  # None: the language of their Discord client
    auto_play: bool = False  # play a forced move without asking


class Preferences:
    """The players' preferences, read through to the store once and kept in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._known: dict[int, PlayerPrefs] = {}
        self._servers: dict[int, str | None] = {}

    async def of(self, user_id: int) -> PlayerPrefs:
        known = self._known.get(user_id)
        if known is None:
            raw = await self.store.player_prefs(user_id)
            language = raw.get("language")
            known = PlayerPrefs(
                language if isinstance(language, str) else None, raw.get("auto_play") is True
            )
            self._known[user_id] = known
        return known

    async def set_language(self, user_id: int, language: str | None) -> None:
        await self.store.update_player_prefs(user_id, {"language": language})
        self._known.pop(user_id, None)

    async def set_auto_play(self, user_id: int, on: bool) -> None:
        await self.store.update_player_prefs(user_id, {"auto_play": on})
        self._known.pop(user_id, None)

    async def server_language(self, guild_id: int | None) -> str | None:
        """The language a server chose (`/settings tables language`), None when it has not
        (or outside a server)."""
        if not guild_id:
            return None
        if guild_id not in self._servers:
            chosen = (await self.store.guild_settings(guild_id)).settings.get("language")
            self._servers[guild_id] = chosen if chosen in LANGUAGES else None
        return self._servers[guild_id]

    def forget_server(self, guild_id: int) -> None:
        """A server's settings changed: read its language again when next needed."""
        self._servers.pop(guild_id, None)

    def forget_player(self, user_id: int) -> None:
        """A player's data was deleted (bot.storage.erasure): nothing of theirs stays here."""
        self._known.pop(user_id, None)

"""A guard for every language: with a pseudo-language whose catalogue marks each word of every
message (⟦Your⟧ ⟦turn.⟧), a whole deal of every game (the test game too) is played through the
real bot on the fake Discord, and every text a player receives — messages, embeds, buttons,
selects, autocomplete choices, modals, and the words drawn on the images — must be marked,
names and card codes aside. A word that is not marked did not come through the catalogues: no
translator can ever translate it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot import i18n
from bot.i18n import OWN_NAMES
from bot.lessons import LANGUAGES as PAGE_LANGUAGES
from bot.lessons import examples, games_with_lessons, lesson
from engine import registry
from renderers import draw as draw_module
from renderers import text as text_module

from .conftest import Env
from .discord_components import ACTION_ROW, TEXT_DISPLAY, walk
from .fake_discord import GUILD_ID, FakeDiscord
from .helpers import lobby_button

ASHA = 811
MANAGE_GUILD = 1 << 5
TYPED = "zz"  # what Asha types as a move: a refusal quotes it
NAMES = ("Asha", TYPED, *OWN_NAMES.values())  # a player's, what they typed, a language's
# Words that stay as they are in every language (docs/translating.md): Suipe's Samoan numbers
# and "kala".
SAMOAN = re.compile(r"\b(tasi|lua|tolu|fā|lima|ono|fitu|valu|iva|sefulu|kala)\b")
# A command by its name ("/stats seep", "/table join"): names, shown as the reader's app
# names them (`bot.i18n.slash`)
COMMAND = re.compile(r"/[\w-]+(?: [\w-]+)*")
PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
WORD = re.compile(r"\S+")


def pseudo(message: str) -> str:
    """Every word of `message` marked, its `{placeholders}` left to be filled."""
    return "".join(
        part if PLACEHOLDER.fullmatch(part) else WORD.sub(lambda w: f"⟦{w[0]}⟧", part)
        for part in PLACEHOLDER.split(message)
    )


class PseudoCatalogue:
    """The pseudo-language: English with every word marked."""

    def gettext(self, message: str, /) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return pseudo(message)


MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
CUT = re.compile(r"⟦[^⟦⟧\s]*$|⟦[^⟦⟧\s]*…")  # a marked word cut short to fit
CARD = re.compile(r"(10|[2-9AJQKT])[♠♥♦♣]|\b(10|[2-9AJQKT])[SHDC]\b")  # 9♠, or its code 9S
MENTION = re.compile(r"<(@|#|t:)[^>]*>")  # a player, a channel, a timestamp
DIGEST = re.compile(r"\b[0-9a-f]{8,}\b")  # a deal's commitment, a hash: a code
LETTERS = re.compile(r"[^\W\d_]{2,}")  # two letters or more, of any script


def unmarked(
    text: str, kept: tuple[str, ...] = (), commands: frozenset[str] = frozenset()
) -> list[str]:
    """The words of `text` that are not marked (names, cards, mentions and the commands
    named by `commands`, their names and subcommands' names, aside)."""
    for name in (*kept, *NAMES):
        text = text.replace(name, " ")
    text = MARKED.sub(" ", text)
    text = CUT.sub(" ", text)
    text = DIGEST.sub(" ", MENTION.sub(" ", CARD.sub(" ", text)))
    text = COMMAND.sub(lambda found: without_command(found[0], commands), text)
    return LETTERS.findall(SAMOAN.sub(" ", text))


def without_command(found: str, commands: frozenset[str]) -> str:
    """ "/table join and" → " and": a command's words dropped, what follows kept."""
    words = found[1:].split(" ")
    if words[0] not in commands:
        return found
    while words and words[0] in commands:
        words.pop(0)
    return " " + " ".join(words)


def texts_of(payload: dict[str, Any]) -> Iterator[str]:
    """Every text a player reads in a message, a modal or an autocomplete's answer."""
    yield payload.get("content") or ""
    yield payload.get("title") or ""  # a modal's
    for embed in payload.get("embeds") or []:
        yield embed.get("title") or ""
        yield embed.get("description") or ""
        yield (embed.get("footer") or {}).get("text") or ""
        yield (embed.get("author") or {}).get("name") or ""
        for field in embed.get("fields") or []:
            yield field.get("name") or ""
            yield field.get("value") or ""
    for choice in payload.get("choices") or []:  # an autocomplete's
        yield choice.get("name") or ""
    for item in walk(payload.get("components") or []):  # a layout's, however nested
        if item.get("type") == TEXT_DISPLAY:
            yield item.get("content") or ""
        for media in item.get("items") or []:  # a media gallery's alt texts
            yield media.get("description") or ""
        if item.get("type") != ACTION_ROW:
            yield item.get("label") or ""
        yield item.get("placeholder") or ""
        yield item.get("value") or "" if item.get("type") == 4 else ""  # a text input's
        for option in item.get("options") or []:
            yield option.get("label") or ""
            yield option.get("description") or ""


def page_words(game: str) -> tuple[str, ...]:
    """The /rules pages' own text (they are translated as pages, not as catalogue messages)."""
    if game not in games_with_lessons():
        return ()
    pages = lesson(game, "en").pages
    captions = [caption for page in pages for _id, caption in page.examples]
    own = [*(page.title for page in pages), *(page.text for page in pages), *captions]
    return tuple(sorted({*own, *PAGE_LANGUAGES.values()}, key=len, reverse=True))


def custom_id(fake: FakeDiscord, message: dict[str, Any], ending: str) -> str | None:
    for component in fake.components(message):
        if str(component.get("custom_id", "")).endswith(ending):
            return str(component["custom_id"])
    return None


def hand_of(fake: FakeDiscord, message: dict[str, Any], table: int) -> str | None:
    """The "My hand" button of a table message of the table ("hand:<table>:<moves>")."""
    for component in fake.components(message):
        if str(component.get("custom_id", "")).startswith(f"hand:{table}:"):
            return str(component["custom_id"])
    return None


async def play_turn(env: Env, session: Any, tried: set[str]) -> None:
    """Asha opens her hand from the latest table message and plays through the picker (the
    first choice each time), asking for a hint and the last trick once."""
    fake = env.fake
    tables = [m for m in fake.channel_messages() if hand_of(fake, m, session.id)]
    table = tables[-1]
    for extra in ("tablerules", "lasttrick"):
        found = custom_id(fake, table, f"{extra}:{session.id}")
        if found and extra not in tried:
            tried.add(extra)
            await fake.click(ASHA, int(table["id"]), found)
    hand = hand_of(fake, table, session.id)
    assert hand is not None
    opened = await fake.click(ASHA, int(table["id"]), hand)
    picker = fake.messages[opened.message_id]
    turn = session.turn_number
    for _step in range(12):
        hint = custom_id(fake, picker, ":hint")
        if hint and "hint" not in tried:
            tried.add("hint")
            await fake.click(ASHA, int(picker["id"]), hint)
            picker = fake.messages[int(picker["id"])]
        button = custom_id(fake, picker, ":confirm") or custom_id(fake, picker, ":forced")
        if button:
            await fake.click(ASHA, int(picker["id"]), button)
        else:
            tried.add("choice")  # a real choice: a beginner table offers its Hint
            choice = next(c for c in fake.components(picker) if c.get("type") == 3)
            count = choice.get("min_values", 1) or 1
            values = [o["value"] for o in choice["options"]][:count]
            await fake.click(ASHA, int(picker["id"]), choice["custom_id"], values)
        if session.turn_number != turn:
            return
        picker = fake.messages[int(picker["id"])]
    raise AssertionError("the picker never played a move")


def speak_pseudo(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every catalogue becomes the marking one; returns the list that collects every word
    drawn on an image from now on."""
    monkeypatch.setattr(i18n, "catalogue", lambda code: PseudoCatalogue())
    drawn: list[str] = []

    def note_label(text: str, face: Any) -> None:
        drawn.append(text)

    monkeypatch.setattr(text_module, "note_label", note_label)
    monkeypatch.setattr(draw_module, "note_label", note_label)
    return drawn


@pytest.mark.parametrize("game", registry.names())
async def test_every_word_of_a_deal_comes_from_the_catalogues(
    env: Env, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    fake = env.fake
    drawn = speak_pseudo(monkeypatch)
    fake.add_member(ASHA, "Asha")
    spec = registry.game(game)
    new = await fake.slash(ASHA, "table", f"new {game}", beginner=True)
    lobby = fake.messages[new.message_id]
    for _seat in range(spec.default_players - 1):
        await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "computer"))
    await fake.click(ASHA, new.message_id, lobby_button(fake, lobby, "start"))
    await env.bot.idle()
    session = env.bot.tables.get(int(lobby["channel_id"]))
    assert session is not None and session.match is not None
    tried: set[str] = set()
    while not session.match.is_terminal and session.match.deals_finished < 1:
        seat = session.match.current_player
        assert session.seats[seat].user_id == ASHA, "the computers play by themselves"
        await play_turn(env, session, tried)
        await env.bot.idle()
    assert session.match.deals_finished >= 1
    assert "tablerules" in tried  # the table's Rules were read
    # and the picker's Hint, whenever Asha had a real choice (a deal may deal her only
    # forced moves)
    assert "hint" in tried or "choice" not in tried
    # refusals, the player's own commands and the server's settings
    await fake.slash(ASHA, "play", move=TYPED)
    await fake.slash(ASHA, "table", "join")
    await fake.slash(ASHA, "rules", game)
    await fake.slash(ASHA, "stats", game)
    await fake.slash(ASHA, "leaderboard", game=game)
    await fake.slash(ASHA, "language", language="de")
    await fake.slash(ASHA, "settings", "show", permissions=MANAGE_GUILD)

    kept = page_words(game)
    commands = frozenset(command.name for command in env.bot.tree.walk_commands())
    found = {
        word: text
        for payload in fake.sent
        for text in texts_of(payload)
        for word in unmarked(text, kept, commands)
    }
    found |= {word: text for text in drawn for word in unmarked(text)}
    assert not found, "\n".join(f"{word!r} in {text!r}" for word, text in found.items())
    assert drawn and fake.sent  # there was something to check


def test_the_pseudo_language_marks_words_and_keeps_placeholders() -> None:
    assert pseudo("{name} threw {card}.") == "{name} ⟦threw⟧ {card}⟦.⟧"
    assert unmarked(pseudo("Seat {number}").format(number=3)) == []
    assert unmarked("Computer 2 threw 9♠") == ["Computer", "threw"]
    assert unmarked("⟦Since⟧ ⟦the⟧ ⟦la…") == []  # cut short to fit: still marked
    assert unmarked("Asha ⟦threw⟧ 9♠ <@811> <t:1:R> `804c8bf9ce4a8420`") == []
    names = frozenset({"table", "join"})
    assert unmarked("⟦Join⟧ /table join ⟦now⟧", commands=names) == []
    assert unmarked("⟦Join⟧ /table join now", commands=names) == ["now"]
    assert unmarked("⟦Join⟧ /tabel join", commands=names) == ["tabel", "join"]
    assert examples()  # the pages' examples load (their words are the pages')


async def test_every_word_of_the_daily_deal_comes_from_the_catalogues(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A daily deal played, its boards, the day's end (the posted board with its replays, an
    attempt that lapsed, a stale picker) and the day's deal replayed from its record."""
    from .test_daily import cog_of, daily, members_at_a_set_clock, one_move, play_out

    fake = env.fake
    drawn = speak_pseudo(monkeypatch)
    now = members_at_a_set_clock(env, {ASHA: "Asha"})
    await fake.slash(ASHA, "settings", "daily", permissions=MANAGE_GUILD, announce_here=True)
    await play_out(fake, ASHA, await daily(fake, ASHA, "sedma"))
    await daily(fake, ASHA, "sedma")  # a second attempt
    await daily(fake, ASHA, "sedma", show="this week's board")
    await fake.slash(ASHA, "leaderboard", game="sedma", by="daily deal")
    await fake.slash(ASHA, "daily", game="tinytricks")
    await fake.slash(ASHA, "daily", game="hola", show="today's board")
    unfinished = await daily(fake, ASHA, "hola")
    now[0] += 86_400
    await one_move(fake, ASHA, unfinished)  # the day is over
    assert await cog_of(env).announce_due() == 1
    await daily(fake, ASHA, "hola")  # the lapsed attempt, and today's
    await daily(fake, ASHA, "sedma", show="yesterday's board")
    row = await cog_of(env).daily.store.attempt(GUILD_ID, "2025-11-24", "sedma", ASHA)
    assert row is not None and row.record_id is not None
    await fake.slash(ASHA, "replay", deal=row.record_id)
    await fake.slash(ASHA, "verify", deal=row.record_id)

    commands = frozenset(command.name for command in env.bot.tree.walk_commands())
    found = {
        word: text
        for payload in fake.sent
        for text in texts_of(payload)
        for word in unmarked(text, ("UTC",), commands)  # a time zone: a code
    }
    found |= {word: text for text in drawn for word in unmarked(text)}
    assert not found, "\n".join(f"{word!r} in {text!r}" for word, text in found.items())
    assert any("⟦Replays⟧" in text for p in fake.sent for text in texts_of(p))
    assert any("⟦expired⟧ ⟦unfinished⟧" in text for p in fake.sent for text in texts_of(p))

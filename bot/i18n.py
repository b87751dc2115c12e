"""Player-facing words in the player's language.

The messages live in gettext catalogues, `bot/locales/<code>.po` (one per language, made from
`messages.pot`; see `docs/translating.md`), read with Babel: it parses PO files and knows each
language's plural rules from CLDR, so the bot needs no compiled `.mo` files and a translator
edits plain text. A message is marked `_("…")` (or `ngettext`) where it is written, with named
`{placeholders}` filled after translation, so a translation may put them in its own order.

A game package carries its own catalogues (`GameSpec.locales`, `<code>.po`): each language's
catalogue is the shared one with every game's own merged behind it, so a new game brings its
words without touching `bot/locales`. The built-in games do too (`engine/<game>/locales`, the
messages only their own files use; `python -m bot.catalogues` writes the split).

Which language: private answers speak the player's (`/language`, else their Discord client's
language when we have it, else the server's language, else English); a table's public messages
speak the server's language (`/settings tables language`, else the language of the player who
opened the table), so everyone at the table reads the same words.
"""

from __future__ import annotations

import gettext
import io
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine import registry, words

FOLDER = Path(__file__).parent / "locales"
DEFAULT = "en"
# Each language by its own name (as a message names it), and as a list of choices shows it.
OWN_NAMES = {
    "en": "English", "hi": "हिन्दी", "gu": "ગુજરાતી", "cs": "Čeština", "sk": "Slovenčina",
    "de": "Deutsch",
}  # fmt: skip
LANGUAGES = {
    "en": "English", "hi": "हिन्दी (Hindi)", "gu": "ગુજરાતી (Gujarati)", "cs": "Čeština (Czech)",
    "sk": "Slovenčina (Slovak)", "de": "Deutsch (German)",
}  # fmt: skip
# Discord's client languages that we speak (Discord's apps have no Gujarati or Slovak: those
# players choose them with /language).
DISCORD_LOCALES = {"hi": "hi", "cs": "cs", "de": "de", "en-US": "en", "en-GB": "en"}

_language: ContextVar[str] = ContextVar("language", default=DEFAULT)


def read_catalogue(path: Path, code: str) -> gettext.GNUTranslations | None:
    """One `.po` file as gettext translations (None when there is no such file)."""
    return compiled(path.read_bytes(), code) if path.is_file() else None


def compiled(po: bytes, code: str) -> gettext.GNUTranslations:
    """A `.po` file's text as gettext translations."""
    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(po), locale=code), use_fuzzy=False)
    out.seek(0)
    return gettext.GNUTranslations(out)


def catalogue_files(code: str) -> list[Path]:
    """The `.po` files of a language: the shared one, then each game package's own (a
    package's games, as Seep and its 30-point variant, share its catalogues), where present."""
    own = (spec.locales for spec in registry.games() if spec.locales)
    folders = dict.fromkeys([FOLDER, *own])
    return [folder / f"{code}.po" for folder in folders if (folder / f"{code}.po").is_file()]


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """The language's messages, the games' own merged behind the shared ones (English, the
    source language, needs none)."""
    merged = gettext.NullTranslations()
    if code == DEFAULT:
        return merged
    for path in catalogue_files(code):
        found = read_catalogue(path, code)
        if found is not None:
            merged.add_fallback(found)
    return merged


def translation(code: str, message: str) -> str | None:
    """`message` in `code` when a catalogue of that language has it (even in the same words, as
    Czech keeps "Seep" and German "normal"), else None."""
    if code == DEFAULT:
        return message
    found: Any = catalogue(code)
    while found is not None:  # the shared catalogue, then each game's own behind it
        text = getattr(found, "_catalog", {}).get(message)
        if text:
            return str(text)
        found = getattr(found, "_fallback", None)
    return None


def load_catalogues() -> None:
    """Read every language's catalogues now (start-up), not at a player's first message."""
    for code in LANGUAGES:
        catalogue(code)


def current() -> str:
    return _language.get()


def use_language(code: str | None) -> None:
    """Speak `code` for the rest of this task (an interaction's handler, a table's turn): the
    bot's own words and the games' (`engine.words.say`)."""
    code = code if code in LANGUAGES else DEFAULT
    _language.set(code)
    words.use_catalogue(catalogue(code))


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    code = code if code in LANGUAGES else DEFAULT
    token = _language.set(code)
    with words.translating(catalogue(code)):
        try:
            yield
        finally:
            _language.reset(token)


def language_of(preference: str | None, locale: str | None, server: str | None = None) -> str:
    """The player's chosen language, else their Discord client's, else the server's, else
    English."""
    if preference in LANGUAGES:
        return preference
    return DISCORD_LOCALES.get(str(locale or ""), server if server in LANGUAGES else DEFAULT)


def speaks_locale(locale: str | None) -> bool:
    """Whether a Discord client language is one of ours (else the server's language is used)."""
    return str(locale or "") in DISCORD_LOCALES


def _(message: str, **values: Any) -> str:
    """`message` in the current language, its `{placeholders}` filled from `values`."""
    text = catalogue(_language.get()).gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, count: int, **values: Any) -> str:
    """The form for `count` in the current language; `{count}` and `values` filled."""
    text = catalogue(_language.get()).ngettext(singular, plural, count)
    return text.format(count=count, **values)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; `_` translates it where shown."""
    return message


@cache
def command_names(code: str) -> dict[str, str]:
    """The names the Discord app shows for our commands in a language (`<code>.toml`)."""
    path = FOLDER / f"{code}.toml"
    if not path.is_file():
        return {}
    names = tomllib.loads(path.read_text(encoding="utf-8")).get("names", {})
    return {str(english): str(name) for english, name in names.items()}


def slash(path: str) -> str:
    """A command as a reader of the current language finds it in their Discord app:
    "/table rejoin" in English, "/टेबल वापसी" in Hindi (Discord's command mentions are never
    translated, so a message names the command in the reader's words)."""
    names = command_names(current())
    return "/" + " ".join(names.get(part, part) for part in path.split())

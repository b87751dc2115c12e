"""Player-facing words in the player's language.

The messages live in gettext catalogues, `bot/locales/<code>.po` (one per language, made from
`messages.pot`; see `docs/translating.md`), read as they are (each carries its language's plural
rule, which Babel writes from CLDR when the catalogues are made), so the bot needs no compiled
`.mo` files and a translator edits plain text. A message is marked `_("…")` (or `ngettext`)
where it is written, with named `{placeholders}` filled after translation, so a translation may
put them in its own order.

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
import re
import struct
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from bot import languages
from engine import registry, words

FOLDER = Path(__file__).parent / "locales"
DEFAULT = "en"
# Each language by its own name (as a message names it), and as a list of choices shows it;
# Discord's client languages that we speak. All from the one table, bot/languages.py.
OWN_NAMES = {language.code: language.own_name for language in languages.ALL}
LANGUAGES = {language.code: language.choice for language in languages.ALL}
DISCORD_LOCALES = {
    locale: language.code for language in languages.ALL for locale in language.locales
}

_language: ContextVar[str] = ContextVar("language", default=DEFAULT)


def read_catalogue(path: Path, code: str) -> gettext.GNUTranslations | None:
    """One `.po` file as gettext translations (None when there is no such file)."""
    return compiled(path.read_bytes(), code) if path.is_file() else None


def compiled(po: bytes, code: str) -> gettext.GNUTranslations:
    """A `.po` file's text as gettext translations: its translated messages, fuzzy ones left
    out, an empty plural form falling back to the English. Read here rather than with Babel
    (which the running bot then never imports); a file whose header lacks what this needs
    (UTF-8 text, its plural rule) is read with Babel, which knows each language's rule."""
    header, messages = _po_messages(po)
    forms = _plural_count(header)
    if forms is None or not _utf8(header):
        return _compiled_by_babel(po, code)
    entries = [("", header)]
    for context, ids, strings, fuzzy in messages:
        if fuzzy:
            continue
        if len(ids) > 1 and not any(strings):
            continue  # not translated yet: English, with English's plural rule
        if len(ids) > 1:  # a message with plural forms: nplurals of them, the missing English
            filled = (strings + [""] * forms)[:forms]
            text = "\0".join(s or ids[min(n, 1)] for n, s in enumerate(filled))
        elif strings and strings[0]:
            text = strings[0]
        else:
            continue
        key = "\0".join(ids)
        entries.append((f"{context}\x04{key}" if context is not None else key, text))
    found = gettext.GNUTranslations(io.BytesIO(_mo_bytes(entries)))
    # every language's catalogue holds the same English messages as keys: one copy of each
    shared = {_KEYS.setdefault(key, key): text for key, text in vars(found)["_catalog"].items()}
    vars(found)["_catalog"] = shared
    return found


_KEYS: dict[object, object] = {}  # each message once (a plural's key is a pair)


_ESCAPE = re.compile(r'\\([\\abfnrtv"])')
_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
# msgctxt, msgid, msgid_plural, msgstr, msgstr[N] and the text on their line
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")
Message = tuple[str | None, list[str], list[str], bool]  # context, ids, translations, fuzzy


def _unquoted(text: str) -> str:
    return _ESCAPE.sub(lambda found: _ESCAPES.get(found[1], found[1]), text.strip()[1:-1])


def _po_messages(po: bytes) -> tuple[str, list[Message]]:
    """The header's text and the messages of a `.po` file (obsolete `#~` ones left out)."""
    messages: list[Message] = []
    header = ""
    fields: dict[str, str] = {}
    strings: dict[int, str] = {}
    last: tuple[str, int] | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal header, fuzzy, last
        if "msgid" in fields and (strings or "msgstr" in fields):
            if fields["msgid"] == "" and "msgctxt" not in fields:
                header = fields.get("msgstr", strings.get(0, ""))
            elif "msgid_plural" in fields:
                ids = [fields["msgid"], fields["msgid_plural"]]
                texts = [strings.get(n, "") for n in range(max(strings, default=-1) + 1)]
                messages.append((fields.get("msgctxt"), ids, texts, fuzzy))
            else:
                ids, texts = [fields["msgid"]], [fields.get("msgstr", strings.get(0, ""))]
                messages.append((fields.get("msgctxt"), ids, texts, fuzzy))
            fields.clear()
            strings.clear()
            fuzzy = False
        last = None

    for raw in po.decode("utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if fields.get("msgid") is not None and (strings or "msgstr" in fields):
                finish()
            if line.startswith("#,") and "fuzzy" in (f.strip() for f in line[2:].split(",")):
                fuzzy = True
            continue
        if line.startswith('"'):
            if last is not None:
                field, form = last
                if field == "msgstr[]":
                    strings[form] += _unquoted(line)
                else:
                    fields[field] += _unquoted(line)
            continue
        found = _KEYWORD.match(line)
        if found is None:
            continue
        name, number, text = found[1], found[2], _unquoted(found[3])
        if name in ("msgctxt", "msgid") and (strings or "msgstr" in fields):
            finish()
        if number is not None:
            strings[int(number)] = text
            last = ("msgstr[]", int(number))
        else:
            fields[name] = text
            last = (name, 0)
    finish()
    return header, messages


def _header_value(header: str, name: str) -> str | None:
    for line in header.splitlines():
        key, _colon, value = line.partition(":")
        if key.strip().lower() == name:
            return value.strip()
    return None


def _plural_count(header: str) -> int | None:
    found = re.search(r"nplurals\s*=\s*(\d+)", _header_value(header, "plural-forms") or "")
    return int(found[1]) if found else None


def _utf8(header: str) -> bool:
    kind = _header_value(header, "content-type") or ""
    charset = re.search(r"charset\s*=\s*([\w-]+)", kind)
    return charset is None or charset[1].lower().replace("_", "-") in ("utf-8", "utf8")


def _mo_bytes(entries: list[tuple[str, str]]) -> bytes:
    """A `.mo` file of these (message, translation) pairs, as gettext reads it."""
    ids = bytearray()
    texts = bytearray()
    spans = []
    for key, text in entries:
        key_bytes, text_bytes = key.encode(), text.encode()
        spans.append((len(ids), len(key_bytes), len(texts), len(text_bytes)))
        ids += key_bytes + b"\0"
        texts += text_bytes + b"\0"
    count = len(entries)
    key_start = 7 * 4 + 16 * count
    text_start = key_start + len(ids)
    table = [n for s in spans for n in (s[1], s[0] + key_start)]
    table += [n for s in spans for n in (s[3], s[2] + text_start)]
    head = struct.pack("<Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return head + struct.pack(f"<{len(table)}i", *table) + bytes(ids) + bytes(texts)


def _compiled_by_babel(po: bytes, code: str) -> gettext.GNUTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

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
    found: gettext.NullTranslations | None = catalogue(code)
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


def _(message: str, **values: object) -> str:
    """`message` in the current language, its `{placeholders}` filled from `values`."""
    text = catalogue(_language.get()).gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, count: int, **values: object) -> str:
    """The form for `count` in the current language; `{count}` and `values` filled."""
    text = catalogue(_language.get()).ngettext(singular, plural, count)
    return text.format(count=count, **values)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; `_` translates it where shown."""
    return message


def _name_tables(code: str, section: str) -> dict[str, str]:
    """One section of a language's `<code>.toml` files: the shared one, then each game
    package's own (a game names its own options), the shared file's names first."""
    own = (spec.locales for spec in registry.games() if spec.locales)
    found: dict[str, str] = {}
    for folder in reversed(list(dict.fromkeys([FOLDER, *own]))):
        path = folder / f"{code}.toml"
        if path.is_file():
            names = tomllib.loads(path.read_text(encoding="utf-8")).get(section, {})
            found.update({str(english): str(name) for english, name in names.items()})
    return found


@cache
def command_names(code: str) -> dict[str, str]:
    """The names the Discord app shows for our commands and their groups in a language
    (`[names]` of `<code>.toml`), by their English names."""
    return _name_tables(code, "names")


@cache
def option_names(code: str) -> dict[str, str]:
    """The names the Discord app shows for our commands' options in a language (`[options]`
    of `<code>.toml`: the shared options in `bot/locales`, a game's own in its package)."""
    return _name_tables(code, "options")


def slashes_said(text: str) -> str:
    """A text's `` `/commands` `` (with `option:value`s) as `slash` names them: the /rules
    pages write them in English, and the reader's app shows them in its words."""
    names, options = command_names(current()), option_names(current())

    def said(found: re.Match[str]) -> str:
        words = []
        for word in found.group(1).split(" "):
            option, colon, value = word.partition(":")
            words.append(options.get(option, option) + colon + value if colon
                         else names.get(word, word))  # fmt: skip
        return "`/" + " ".join(words) + "`"

    return re.sub(r"`/([^`]+)`", said, text)


def slash(path: str) -> str:
    """A command as a reader of the current language finds it in their Discord app:
    "/table rejoin" in English, "/टेबल वापसी" in Hindi (Discord's command mentions are never
    translated, so a message names the command in the reader's words)."""
    names = command_names(current())
    return "/" + " ".join(names.get(part, part) for part in path.split())

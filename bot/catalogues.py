"""The message catalogues, made from the code: `python -m bot.catalogues`.

Each built-in game package (`engine/seep`, `engine/suipe`, …) keeps in its own catalogues
(`<package>/locales/`, named by its `GameSpec.locales`) the messages that only its own files
use. Every other message — used by shared code (bot/, cogs/, renderers/, the engine's own
modules and `engine/ai`) or by more than one game — is in the shared catalogues,
`bot/locales/`. The bot merges them all at start-up (`bot.i18n.catalogue`).

Run from a source checkout after changing a message, and again after a merge that brought
new messages; it does what `pybabel extract` and `pybabel update --no-fuzzy-matching` do (the
same keywords and file layout), for every catalogue at once:

1. extracts the marked messages of bot/, cogs/, engine/ and renderers/;
2. gives each message to the one game package whose files alone use it, else to the shared
   catalogue, and writes each catalogue's template (`messages.pot`);
3. updates each language's catalogue (`<code>.po`) from its template, taking a message's
   translation from whichever catalogue of that language had it, so a message that moves
   between catalogues (a game's word that shared code starts to use) keeps its translation.
   A message no longer in the code is dropped; a new one is left to translate.

It ends by saying, for each language, how many messages are left to translate and in which
catalogue (`--missing` lists them), game packages installed from elsewhere included (one
without a catalogue of a language says so): until a message is translated the bot says it in
English, so a missing translation never fails `--check` or keeps a game from being played.

`--check` writes nothing and fails when a file would change. `--compare REV` checks that every
message of the catalogues at a git revision (`main`, say) is still found, with the same
translation, in the merged catalogues of the working tree.

A game package outside this tree (the test game) keeps all of its words in its own
catalogues: `docs/translating.md` gives the `pybabel` lines for it.
"""

from __future__ import annotations

import argparse
import gettext
import io
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import DEFAULT, LANGUAGES, catalogue, compiled
from engine import registry

ROOT = Path(__file__).resolve().parents[1]
SHARED_CODE = ("bot", "cogs", "engine", "renderers")  # extracted, in this order
SHARED = ROOT / "bot" / "locales"
PROJECT = "Seep bot"
# The marking functions (bot.i18n and engine.words) as `pybabel extract -k` takes them.
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "say": None,
    "say_count": (1, 2),
    "later": None,
    "later_count": (1, 2),
    "marked": None,
    "marked_count": (1, 2),
    "said_in": ((1, "c"), 2),
    "said_marked": ((1, "c"), 2),
}

Key = tuple[str, str | None]  # a message's id (a plural's singular) and its context


def key_of(message: str | Sequence[str], context: str | None) -> Key:
    return (message if isinstance(message, str) else message[0], context)


@dataclass
class Found:
    """A marked message of the code, as extraction found it."""

    message: str | tuple[str, ...]
    context: str | None
    locations: list[tuple[str, int]] = field(default_factory=list)  # (path from ROOT, line)
    comments: list[str] = field(default_factory=list)


def extract(root: Path = ROOT, folders: Sequence[str] = SHARED_CODE) -> dict[Key, Found]:
    """Every marked message of the code under `folders`, in `pybabel extract`'s order."""
    found: dict[Key, Found] = {}
    for folder in folders:
        for filename, line, message, comments, context in extract_from_dir(
            root / folder, keywords=KEYWORDS, comment_tags=()
        ):
            key = key_of(message, context)
            entry = found.setdefault(key, Found(message, context))
            entry.locations.append((f"{folder}/{filename}", line))
            entry.comments += comments
    return found


def packages() -> list[Path]:
    """The game packages inside the shared code that keep catalogues of their own (those their
    games' `GameSpec.locales` name), as paths from the project's root. A built-in game counts
    from its `BUILT_IN` line, before `pip install -e .` has made its entry point known: its
    messages are never taken for shared ones."""
    own = []
    for spec in [*registry.games(), *map(registry.game, registry.BUILT_IN)]:
        if spec.locales is None:
            continue
        folder = spec.locales.resolve().parent
        if folder.is_relative_to(ROOT) and folder.relative_to(ROOT).parts[0] in SHARED_CODE:
            own.append(folder.relative_to(ROOT))
    return sorted(set(own))


def owner(locations: Iterable[tuple[str, int]], own: Sequence[Path]) -> Path | None:
    """The one package whose files alone use a message (None: the shared catalogues)."""
    users = {
        next((package for package in own if Path(path).is_relative_to(package)), None)
        for path, _line in locations
    }
    return users.pop() if len(users) == 1 else None


def split(found: dict[Key, Found], own: Sequence[Path]) -> dict[Path | None, list[Found]]:
    """The messages of each catalogue: a package's own (by its path), or shared (None)."""
    parts: dict[Path | None, list[Found]] = {None: [], **{package: [] for package in own}}
    for entry in found.values():
        parts[owner(entry.locations, own)].append(entry)
    return parts


def folder_of(part: Path | None) -> Path:
    """The folder of a catalogue: a package's own `locales`, or the shared one."""
    return SHARED if part is None else ROOT / part / "locales"


def render(catalog: Catalog, **options: bool) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, **options)  # no wrapping, as `--no-wrap`
    return out.getvalue()


def template(entries: Iterable[Found]) -> bytes:
    """A `messages.pot`, as `pybabel extract --add-location=file --sort-by-file --no-wrap`
    writes it."""
    catalog = Catalog(project=PROJECT, charset="utf-8")
    for entry in entries:
        catalog.add(
            entry.message,
            None,
            entry.locations,
            auto_comments=entry.comments,
            context=entry.context,
        )
    return render(catalog, include_lineno=False, sort_by_file=True)


def read(data: bytes, code: str | None = None) -> Catalog:
    return read_po(io.BytesIO(data), locale=code)


def new_header(code: str, part: Path | None) -> bytes:
    """The header of a package's first catalogue of a language: the shared one's of that
    language (its team, and its plural forms, which may differ from Babel's own: Hindi's
    "(n != 1)" says "0 पत्ते"), naming the package."""
    shared = (SHARED / f"{code}.po").read_bytes().split(b"\n\n", 1)[0]
    return shared.replace(b"of the Seep bot", f"of {part}".encode(), 1)


def translations(folders: Iterable[Path], code: str) -> dict[Key, Message]:
    """Every translated message of a language in these catalogues (the first one wins)."""
    pool: dict[Key, Message] = {}
    for folder in folders:
        path = folder / f"{code}.po"
        if not path.is_file():
            continue
        for message in read(path.read_bytes(), code):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.id and all(strings) and not message.fuzzy:
                pool.setdefault(key_of(message.id, message.context), message)
    return pool


def updated(
    existing: bytes | None, pot: bytes, code: str, part: Path | None, pool: dict[Key, Message]
) -> bytes:
    """A language's catalogue updated from its template (`pybabel update
    --no-fuzzy-matching`), a message it lacks translated from `pool`, the obsolete dropped."""
    catalog = read(existing if existing is not None else new_header(code, part), code)
    catalog.update(read(pot), no_fuzzy_matching=True)
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        known = pool.get(key_of(message.id, message.context))
        if not all(strings) and known is not None:
            message.string = known.string
            message.user_comments = list(known.user_comments)
    return render(catalog, ignore_obsolete=True)


def languages() -> list[str]:
    """The languages with catalogues (English is the messages themselves)."""
    return [code for code in LANGUAGES if code != DEFAULT]


def body(data: bytes) -> bytes:
    """A catalogue without its header (the header entry and the comments before it)."""
    return data.split(b"\n\n", 1)[1]


def kept_header(old: bytes | None, new: bytes) -> bytes:
    """`new` under the header `old` had (its creation date from `new`): a catalogue's header
    is its translators' (and `msgmerge` orders it otherwise than Babel)."""
    if old is None:
        return new
    header = old.split(b"\n\n", 1)[0]
    date = re.search(rb'"POT-Creation-Date: [^"]*"', new)
    if date is not None:
        header = re.sub(rb'"POT-Creation-Date: [^"]*"', lambda _: date[0], header)
    return header + b"\n\n" + body(new)


def planned() -> dict[Path, bytes]:
    """Every catalogue file as it should be: each template, then each language's."""
    parts = split(extract(), packages())
    folders = [folder_of(part) for part in parts]
    files: dict[Path, bytes] = {}
    for part, entries in parts.items():
        path = folder_of(part) / "messages.pot"
        old = path.read_bytes() if path.is_file() else None
        pot = template(entries)
        files[path] = old if old and body(old) == body(pot) else kept_header(old, pot)
    for code in languages():
        pool = translations(folders, code)
        for part in parts:
            path = folder_of(part) / f"{code}.po"
            old = path.read_bytes() if path.is_file() else None
            pot = files[folder_of(part) / "messages.pot"]
            own = updated(old, pot, code, part, pool)
            files[path] = kept_header(old or new_header(code, part), own)
    return files


def changes(files: dict[Path, bytes]) -> Iterator[Path]:
    for path, data in files.items():
        if not path.is_file() or path.read_bytes() != data:
            yield path


def said(catalogue: gettext.NullTranslations, message: Message, count: int) -> str:
    """What a catalogue gives for a message (for `count`, when it has plural forms)."""
    context = message.context
    if isinstance(message.id, str):
        if context:
            return catalogue.pgettext(context, message.id)
        return catalogue.gettext(message.id)
    one, many = message.id[0], message.id[1]
    if context:
        return catalogue.npgettext(context, one, many, count)
    return catalogue.ngettext(one, many, count)


def compare(revision: str) -> list[str]:
    """What the merged catalogues of the working tree say differently from the catalogues of
    `revision` (its shared ones and any game package's own): every message of every language
    is looked up both ways, a plural for every count up to 200. [] when nothing is lost."""

    def git(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=True)

    listed = git("ls-tree", "-r", "--name-only", revision, *SHARED_CODE).stdout.decode()
    problems = []
    for code in languages():
        now = catalogue(code)
        for path in (p for p in listed.split() if p.endswith(f"/locales/{code}.po")):
            data = git("show", f"{revision}:{path}").stdout
            old = compiled(data, code)
            for message in read(data, code):
                counts = range(201) if isinstance(message.id, tuple) else (1,)
                wrong = [n for n in counts if said(old, message, n) != said(now, message, n)]
                if message.id and wrong:
                    was, is_ = said(old, message, wrong[0]), said(now, message, wrong[0])
                    problems.append(f"{code} {message.id!r}: {was!r} is now {is_!r}")
    return problems


def untranslated(po: bytes, code: str) -> list[str]:
    """The messages a catalogue leaves to translate (an empty `msgstr`, a plural form left
    empty, or fuzzy): the bot says them in English until they are translated."""
    return [
        message.id if isinstance(message.id, str) else message.id[0]
        for message in read(po, code)
        if message.id
        and (message.fuzzy or not all(
            message.string if isinstance(message.string, tuple) else (message.string,)))
    ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Lacking:
    """What one language lacks in one catalogue: the messages left to translate, or the whole
    catalogue (a game package from elsewhere that does not ship that language)."""

    code: str
    catalogue: str  # its folder, from the project's root where it is inside
    messages: tuple[str, ...] = ()
    no_catalogue: bool = False


def shown(folder: Path) -> str:
    return str(folder.relative_to(ROOT)) if folder.is_relative_to(ROOT) else str(folder)


def lacking(files: dict[Path, bytes]) -> list[Lacking]:
    """What each language lacks: in the catalogues as planned (this tree's), and in every
    installed game package's own (those outside this tree are read as they are)."""
    found = []
    for code in languages():
        for path, data in files.items():
            if path.name == f"{code}.po" and (missing := untranslated(data, code)):
                found.append(Lacking(code, shown(path.parent), tuple(missing)))
        for spec in registry.games():
            folder = spec.locales
            if folder is None or folder.resolve().is_relative_to(ROOT / "engine"):
                continue  # none, or planned above
            path = folder / f"{code}.po"
            if not path.is_file():
                found.append(Lacking(code, f"{spec.name} ({shown(folder)})", no_catalogue=True))
            elif missing := untranslated(path.read_bytes(), code):
                found.append(Lacking(code, f"{spec.name} ({shown(folder)})", tuple(missing)))
    return found


def report(found: Sequence[Lacking], listed: bool = False) -> list[str]:
    """The lines `python -m bot.catalogues` ends with: per language, how many messages are
    left to translate and where (and, `listed`, which), and the game packages without a
    catalogue of it."""
    if not found:
        return [f"every message is translated in {', '.join(languages())}"]
    lines = []
    for code in languages():
        mine = [entry for entry in found if entry.code == code and not entry.no_catalogue]
        count = sum(len(entry.messages) for entry in mine)
        where = ", ".join(f"{entry.catalogue} {len(entry.messages)}" for entry in mine)
        line = f"{code}: {count} message{'' if count == 1 else 's'} to translate"
        line += f" ({where})" if where else ""
        none = [entry.catalogue for entry in found if entry.code == code and entry.no_catalogue]
        line += "".join(f"; no {code} catalogue in {catalogue}" for catalogue in none)
        lines.append(line)
        if listed:
            lines += [f"  {entry.catalogue}: {message!r}"
                      for entry in mine for message in entry.messages]  # fmt: skip
    if any(entry.messages for entry in found):
        return [*lines, "until they are translated the bot says them in English"]
    return [*lines, "a game without a catalogue of a language is said in English there"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.catalogues",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--check", action="store_true", help="write nothing; fail on a change")
    parser.add_argument("--compare", metavar="REV", help="compare lookups with a git revision")
    parser.add_argument(
        "--missing", action="store_true", help="list each message left to translate"
    )
    args = parser.parse_args(argv)
    if args.compare:
        problems = compare(args.compare)
        print("\n".join(problems) or f"every message of {args.compare} says the same")
        return 1 if problems else 0
    files = planned()
    changed = list(changes(files))
    for path in changed:
        print(("would change " if args.check else "wrote ") + str(path.relative_to(ROOT)))
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
    print("\n".join(report(lacking(files), args.missing)))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())

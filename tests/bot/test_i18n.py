"""The message catalogues: each template holds the marked messages of its code, and every
language translates every one of them, keeping each message's placeholders. The shared
catalogues (`bot/locales`) hold the messages of shared code; each built-in game package
(`engine/seep`, …) holds in its own (`GameSpec.locales`) the messages only its files use, and
a game package from elsewhere (the test game) all of its own. `python -m bot.catalogues`
writes them (docs/translating.md)."""

from __future__ import annotations

import gettext
import io
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from bot import languages
from bot.catalogues import SHARED_CODE, Key, compiled, extract, key_of, said
from bot.i18n import FOLDER, LANGUAGES, _, catalogue, language_of, ngettext, speaking
from engine import registry

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")  # "{house}", or a form of it: "{house:oblique}"
TRANSLATED = sorted(set(LANGUAGES) - {"en"})


def template_keys(folder: Path = FOLDER) -> set[Key]:
    with (folder / "messages.pot").open("rb") as pot:
        return {key_of(m.id, m.context) for m in read_po(pot) if m.id}


def template_ids(folder: Path = FOLDER) -> set[str]:
    return {message for message, _context in template_keys(folder)}


def code_ids(folders: Sequence[Path] = tuple(ROOT / p for p in SHARED_CODE)) -> set[str]:
    found = (extract(folder.parent, [folder.name]) for folder in folders)
    return {message for messages in found for message, _context in messages}


def check_translated(path: Path, code: str, template: set[str]) -> None:
    """Every message of `template` is translated in `path`, with the same placeholders."""
    with path.open("rb") as po:
        catalogue = read_po(po, locale=code)
    translated = {}
    for message in catalogue:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        assert all(strings), (
            f"{path}: {ids[0]!r} is not translated (it is said in English until it is;"
            " python -m bot.catalogues --missing lists every message left)"
        )
        assert not message.fuzzy, f"{code}: {ids[0]!r} is marked fuzzy"
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) <= wanted, (code, ids[0], string)
            if "{count}" not in ids[0]:
                assert set(PLACEHOLDER.findall(string)) == wanted, (code, ids[0], string)
        translated[ids[0]] = strings
    assert set(translated) == template


def game_packages() -> list[registry.GameSpec]:
    """The games whose packages bring their own catalogues."""
    return [spec for spec in registry.games() if spec.locales is not None]


def built_in_packages() -> list[Path]:
    """The built-in games' packages (inside the shared code), each once."""
    folders = {
        spec.locales.parent
        for spec in game_packages()
        if spec.name in registry.BUILT_IN and spec.locales is not None
    }
    return sorted(folders)


def outside_packages() -> list[registry.GameSpec]:
    """Games from packages of their own (the test game): all their words are theirs."""
    return [spec for spec in game_packages() if spec.name not in registry.BUILT_IN]


def users() -> dict[Key, set[Path]]:
    """Each message of the shared code and the files that mark it."""
    return {
        key: {ROOT / path for path, _line in found.locations}
        for key, found in extract(ROOT, SHARED_CODE).items()
    }


def only_used_in(package: Path) -> set[Key]:
    return {key for key, files in users().items() if all(f.is_relative_to(package) for f in files)}


def catalogue_folders() -> list[Path]:
    return [FOLDER, *(package / "locales" for package in built_in_packages())]


def test_the_built_in_games_carry_their_own_catalogues() -> None:
    """Each built-in game names its package's catalogues as any game package does."""
    for name in registry.BUILT_IN:
        spec = registry.game(name)
        assert spec.locales is not None, f"{name} has no catalogues of its own"
    # the built-in packages are those this project's own entry points name (a fifth game
    # added inside engine/ is found from its entry point, with no count to change here)
    from importlib.metadata import distribution

    own = {
        ROOT / Path(*entry.value.split(":")[0].split(".")[:2])
        for entry in distribution("seepbot").entry_points
        if entry.group == "seepbot.games" and entry.value.startswith("engine.")
    }
    assert own and built_in_packages() == sorted(own)


def test_the_templates_hold_every_message_of_the_code() -> None:
    """`python -m bot.catalogues` (docs/translating.md) was run after the last message changed:
    a built-in game's template holds the messages only its package's files use, the shared
    template every other message of bot/, cogs/, engine/ and renderers/."""
    owned: set[Key] = set()
    for package in built_in_packages():
        own = only_used_in(package)
        assert own, f"{package.name} has no words of its own"
        assert template_keys(package / "locales") == own, package.name
        owned |= own
    assert template_keys() == set(users()) - owned


@pytest.mark.parametrize("folder", catalogue_folders(), ids=lambda folder: folder.parent.name)
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(folder: Path, code: str) -> None:
    check_translated(folder / f"{code}.po", code, template_ids(folder))


@pytest.mark.parametrize("folder", catalogue_folders(), ids=lambda folder: folder.parent.name)
def test_every_language_has_its_catalogue_and_every_catalogue_a_language(folder: Path) -> None:
    """A language offered without its catalogue would be English under another name; a
    catalogue of a language not offered would never be read."""
    assert {path.stem for path in folder.glob("*.po")} == set(TRANSLATED)


@pytest.mark.parametrize("folder", catalogue_folders(), ids=lambda folder: folder.parent.name)
def test_a_catalogue_that_misses_a_message_fails_the_check(folder: Path, tmp_path: Path) -> None:
    """The completeness check itself, for the shared template and each game's: a catalogue
    without one of its template's messages, or with one left empty, does not pass."""
    template = template_ids(folder)
    check_translated(folder / "de.po", "de", template)
    for message in list(read_catalogue(folder / "de.po"))[1:4]:  # a few, after the header
        missing = read_catalogue(folder / "de.po")
        missing.delete(message.id, message.context)
        with (tmp_path / "de.po").open("wb") as po:
            write_po(po, missing)
        with pytest.raises(AssertionError):
            check_translated(tmp_path / "de.po", "de", template)
        empty = read_catalogue(folder / "de.po")
        found = empty.get(message.id, message.context)
        assert found is not None
        found.string = ("",) * len(found.string) if isinstance(found.string, tuple) else ""
        with (tmp_path / "de.po").open("wb") as po:
            write_po(po, empty)
        with pytest.raises(AssertionError, match="not translated"):
            check_translated(tmp_path / "de.po", "de", template)


def read_catalogue(path: Path, code: str = "de") -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=code)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_merged_catalogue_says_what_each_catalogue_says(code: str) -> None:
    """No message is in two catalogues of a language, and the bot's merged catalogue finds
    each one as its own catalogue translates it (the plural forms for every count too)."""
    seen: dict[Key, Path] = {}
    for folder in catalogue_folders():
        own = compiled((folder / f"{code}.po").read_bytes(), code)
        for message in read_catalogue(folder / f"{code}.po", code):
            if not message.id:
                continue
            key = key_of(message.id, message.context)
            assert key not in seen, f"{key} is in {seen[key]} and {folder}"
            seen[key] = folder
            counts = range(30) if isinstance(message.id, tuple) else (1,)
            for count in counts:
                assert said(catalogue(code), message, count) == said(own, message, count), key


@pytest.mark.parametrize("spec", outside_packages(), ids=lambda spec: spec.name)
def test_a_game_packages_catalogues_hold_its_own_messages(spec: registry.GameSpec) -> None:
    """A game package from elsewhere: its template matches its own code, and each of its
    languages translates all of it; its words need no entry in the shared catalogues."""
    assert spec.locales is not None
    assert code_ids([spec.locales.parent]) == template_ids(spec.locales)
    languages = sorted(path.stem for path in spec.locales.glob("*.po"))
    assert languages, f"{spec.name} has a template but no language"
    for code in languages:
        check_translated(spec.locales / f"{code}.po", code, template_ids(spec.locales))


def test_words_come_in_the_language_spoken() -> None:
    with speaking("hi"):
        assert _("Seat {number} is taken.", number=3) == "सीट 3 पर कोई बैठा है।"
        assert ngettext("Choose {count} card", "Choose {count} cards", 2) == "2 पत्ते चुनें"
    with speaking("gu"):
        assert _("My hand") == "મારાં પત્તાં"
    assert _("My hand") == "My hand"
    assert ngettext("{count} minute", "{count} minutes", 1) == "1 minute"


def test_seep_moves_are_said_in_the_players_language() -> None:
    """The games' words come through the same catalogues (`engine.words.say`)."""
    from engine.games import match_from_position

    match = match_from_position(
        "seep | dealer: 3 | play: 4 | floor: 4D 5C 9S | hand 0: 9H 4C | hand 1: 2C"
        " | hand 2: 3C | hand 3: 5D"
    )
    english = {match.describe(a, ["Asha", "Dev", "Ravi", "Mira"]) for a in match.legal_actions()}
    assert "Capture 4♦+5♣ and 9♠ with 9♥ — sweep!" in english
    with speaking("hi"):
        hindi = {match.describe(a, ["Asha"] * 4) for a in match.legal_actions()}
    assert "9♥ से 4♦+5♣ और 9♠ उठाएँ — सीप!" in hindi
    with speaking("gu"):
        gujarati = {match.describe(a, ["Asha"] * 4) for a in match.legal_actions()}
    assert "9♥ થી 4♦+5♣ અને 9♠ ઉપાડો — સીપ!" in gujarati
    assert {match.describe(a, ["Asha"] * 4) for a in match.legal_actions()} == english


def test_the_players_choice_wins_over_their_app() -> None:
    assert language_of("gu", "hi") == "gu"
    assert language_of(None, "hi") == "hi"
    assert language_of(None, "cs") == "cs"
    assert language_of("xx", "en-GB") == "en"


def test_the_servers_language_serves_an_app_we_do_not_speak() -> None:
    """Discord's apps have no Gujarati or Slovak: a French app at a Slovak server reads Slovak;
    an app in a language of ours, or a choice, wins over the server's."""
    assert language_of(None, "fr", "sk") == "sk"
    assert language_of(None, "fr", None) == "en"
    assert language_of(None, "de", "sk") == "de"
    assert language_of("gu", "fr", "sk") == "gu"
    assert language_of(None, "en-US", "sk") == "en"


# ----- every game's words, in Hindi and Gujarati ----------------------------------------

NAMES = ["Asha", "Dev", "Ravi", "Mira", "Sina", "Tavita"]
# Words that stay as they are in every language: players' names, the games' own names, the
# Samoan build numbers and "kala" (Suipe's words), card ranks, and the units of the tables'
# one-letter marks.
KEPT = {
    *NAMES, "Seep", "Suipe", "Sedma", "Hola", "Sheepshead", "kala", "Discord",
    "tasi", "lua", "tolu", "lima", "ono", "fitu", "valu", "iva", "sefulu",
}  # fmt: skip
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _everything_said(game: str, players: int, seed: int) -> list[str]:
    """Every game word a whole match shows: moves, prompts, plays, tables, hands, summaries."""
    import random

    from engine import registry
    from engine.core import PUBLIC

    rng = random.Random(seed)
    match = registry.new_match(game, seed, players=players)
    names = NAMES[:players]
    said: list[str] = []

    def pictures() -> None:
        table = match.view(PUBLIC).picture(names)
        said.extend([table.title, *table.score_lines, table.text(), table.last_play or ""])
        said.extend(getattr(table, "notes", ()))
        for seat in getattr(table, "seats", ()):
            said.extend([getattr(seat, "won", ""), *getattr(seat, "marks", ())])
        for pile in getattr(table, "piles", ()):
            said.extend([pile.title, pile.kind, pile.owner_names])
        if match.current_player is not None:
            said.append(match.view(match.current_player).hand_picture().note or "")

    finished = 0
    while not match.is_terminal:
        pictures()
        for group in match.move_groups():
            said.append(group.prompt or "")
        actions = list(match.legal_actions())
        said.extend(match.describe(a, names) for a in actions)
        mover = match.current_player
        assert mover is not None
        said.append(match.apply(rng.choice(actions)).told(names[mover]))
        while finished < match.deals_finished:
            finished += 1
            report = match.deal_report(finished, names)
            said.extend([report.title, report.totals, *(f"{k} {v}" for k, v in report.fields)])
            summary = match.view(PUBLIC).summary_picture(names)
            said.append(summary.heading)
            said.extend(line for column in summary.columns for line in column.lines)
            said.append(summary.chart.title if summary.chart else "")
    pictures()
    said.append(match.outcome().describe(names))
    return said


GAMES = [
    ("seep", 4), ("seep30", 2), ("suipe", 3), ("sedma", 3), ("hola", 4), ("sheepshead", 5),
    ("sheepshead", 3),
]  # fmt: skip
# a built-in game added since is played at its default seats: none is left out
GAMES += [(name, registry.game(name).default_players) for name in registry.BUILT_IN
          if name not in {game for game, _players in GAMES}]  # fmt: skip


def written_in_latin(code: str) -> bool:
    """Whether a language writes with Latin letters (as English does), by its own name."""
    return unicodedata.name(languages.BY_CODE[code].own_name[0]).startswith("LATIN")


OWN_SCRIPT = [code for code in TRANSLATED if not written_in_latin(code)]  # hi, gu
LATIN = [code for code in TRANSLATED if written_in_latin(code)]  # cs, sk, de


@pytest.mark.parametrize("code", OWN_SCRIPT)
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_whole_match_is_said_in_the_players_language(game: str, players: int, code: str) -> None:
    """No English is left in what a match shows a Hindi or Gujarati player (besides names)."""
    english = _everything_said(game, players, seed=7)
    with speaking(code):
        spoken = _everything_said(game, players, seed=7)
    assert len(spoken) == len(english)  # the same match, move for move
    left = {
        word
        for text in spoken
        for word in LATIN_WORD.findall(text)
        if word not in KEPT
    }
    assert not left, f"{game} in {code} still says: {sorted(left)[:10]}"
    assert any(LATIN_WORD.search(text) for text in english)  # there was English to translate


# Words the same in English and in a language written in Latin letters.
SEEP_WORDS = {"baazi", "Baazi", "baazis", "Baazis", "Suipes"}  # Seep's and Suipe's own words
SAME_WORDS = {
    "de": {"Partner", "normal", "Start", "Leaster", "Hand", "schwarz", *SEEP_WORDS},
    "cs": {"Leaster", *SEEP_WORDS},
    "sk": {"Leaster", *SEEP_WORDS},
}


@pytest.mark.parametrize("code", LATIN)
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_whole_match_is_said_in_czech_slovak_and_german(
    game: str, players: int, code: str
) -> None:
    """These languages share the Latin letters with English: no English word of a match's
    text is left in theirs (besides names, the games' names and the words they share)."""
    assert code in LANGUAGES and (FOLDER / f"{code}.po").is_file(), f"no {code} catalogue"
    english = _everything_said(game, players, seed=7)
    with speaking(code):
        spoken = _everything_said(game, players, seed=7)
        own_name = set(LATIN_WORD.findall(registry.display_name(game)))  # "Deutsches Whist"
    assert len(spoken) == len(english)
    english_words = {word for text in english for word in LATIN_WORD.findall(text)}
    kept = KEPT | own_name | SAME_WORDS.get(code, set(SEEP_WORDS))
    left = {
        word
        for text in spoken
        for word in LATIN_WORD.findall(text)
        if word in english_words and word not in kept
    }
    assert not left, f"{game} in {code} still says: {sorted(left)[:10]}"
    assert spoken != english


@pytest.mark.parametrize(
    ("spec", "code"),
    [(spec, path.stem) for spec in outside_packages() for path in spec.locales.glob("*.po")],  # type: ignore[union-attr]
    ids=lambda value: getattr(value, "name", value),
)
def test_a_game_package_says_a_whole_match_in_its_languages(
    spec: registry.GameSpec, code: str
) -> None:
    """The game's own catalogue, merged behind the shared one, leaves no English (in a
    language written in Latin letters: no word of the English text, as above)."""
    players = spec.default_players
    english = _everything_said(spec.name, players, seed=7)
    with speaking(code):
        spoken = _everything_said(spec.name, players, seed=7)
    kept = KEPT | set(spec.display_name.split()) | SAME_WORDS.get(code, set())
    english_words = {word for text in english for word in LATIN_WORD.findall(text)}
    left = {
        word
        for text in spoken
        for word in LATIN_WORD.findall(text)
        if word not in kept and (code not in SAME_WORDS or word in english_words)
    }
    assert not left, f"{spec.name} in {code} still says: {sorted(left)[:10]}"
    assert any(LATIN_WORD.search(text) for text in english)


def test_a_play_is_said_in_the_language_of_whoever_reads_it() -> None:
    """Plays are kept as messages: a play made at an English table reads in Hindi to a Hindi
    reader, and a match rebuilt from its moves (after a restart) reads the same."""
    from engine import registry
    from engine.core import PUBLIC

    match = registry.new_match("sedma", 3, players=4)
    record = match.apply(match.legal_actions()[0])
    assert record.told("Dev").startswith("Dev led ")
    with speaking("hi"):
        assert record.told("देव").startswith("देव ने ")
        assert record.told("देव").endswith("से शुरुआत की")
        last = match.view(PUBLIC).picture(NAMES[:4]).last_play
    rebuilt = registry.game("sedma").restore(match.to_dict())
    with speaking("hi"):
        assert rebuilt.view(PUBLIC).picture(NAMES[:4]).last_play == last


def test_a_refusal_is_said_in_the_players_language() -> None:
    from engine import registry
    from engine.core import GameError

    match = registry.new_match("sheepshead", 3, players=5)
    match.apply("pick")
    with speaking("gu"), pytest.raises(GameError) as refused:
        match.apply("pass")
    assert str(refused.value) == "પહેલાં 2 પત્તાં દબાવો."
    with speaking("hi"), pytest.raises(GameError) as refused:
        match.apply("bury 2C 3C")  # not even cards of this game's pack
    assert str(refused.value) == "2♣ आपके पास नहीं है।"


# ----- records tell what happened; the picker keeps instructions ------------------------

TOLD = {
    "en": ("Dev led ", "Lead "),
    "hi": ("Dev ने ", "से शुरू करें"),
    "gu": ("Dev એ ", "થી શરૂ કરો"),
    "cs": ("Dev vynesl(a) ", "Vynést "),
    "sk": ("Dev vyniesol(a) ", "Vyniesť "),
    "de": ("Dev hat ", " ausspielen"),
}


@pytest.mark.parametrize("code", sorted(TOLD))
def test_a_record_tells_the_play_in_the_past_while_the_picker_asks(code: str) -> None:
    """ "Dev led 9♠" on the table, "Lead 9♠" in the picker: never "Dev: Lead 9♠"."""
    from engine import registry

    match = registry.new_match("sedma", 3, players=4)
    action = match.legal_actions()[0]
    told, asked = TOLD[code]
    with speaking(code):
        option = match.describe(action, NAMES[:4])
        record = match.apply(action)
        assert record.told("Dev").startswith(told)
        assert asked in option and not option.startswith(told)
        assert record.told("Dev") != option


SEEP_HOUSE = "seep | dealer: 0 | play: 9 | turn: 1 | floor: 6C 3D"


@pytest.mark.parametrize(
    ("code", "option", "record"),
    [
        ("en", "Add to the 10-house: A♥ on 3♦+6♣", "Asha added to the 10-house: A♥ on 3♦+6♣"),
        ("hi", "10 के घर में जोड़ें: 3♦+6♣ पर A♥", "Asha ने 10 के घर में जोड़ा: 3♦+6♣ पर A♥"),
        ("gu", "10 ના ઘરમાં ઉમેરો: 3♦+6♣ પર A♥", "Asha એ 10 ના ઘરમાં ઉમેર્યું: 3♦+6♣ પર A♥"),
        ("cs", "Přidat do domu za 10: A♥ na 3♦+6♣", "Asha přidal(a) do domu za 10: A♥ na 3♦+6♣"),
        ("de", "Zum 10er-Haus legen: A♥ auf 3♦+6♣", "Asha hat zum 10er-Haus gelegt: A♥ auf 3♦+6♣"),
    ],
)
def test_a_house_takes_the_form_its_sentence_needs(code: str, option: str, record: str) -> None:
    """Hindi and Gujarati put the house in the oblique case before a postposition, Czech in
    the genitive after "do"; alone it keeps its own form ("10 का घर", "dům za 10")."""
    from engine.games import match_from_position

    match = match_from_position(f"{SEEP_HOUSE} | house 10*: 4D 6H 10C @1 | hand 1: AH 10D")
    action = next(a for a in match.legal_actions() if a.notation == "AHh10+3D6C")
    with speaking(code):
        assert match.describe(action, NAMES[:4]) == option
        assert match.apply(action).told("Asha") == record
        alone = match.view(1).picture(NAMES[:4]).pile_lines
    own = {
        "en": "10-house", "hi": "10 का घर", "gu": "10 નું ઘર", "cs": "dům za 10", "de": "10er-Haus"
    }  # fmt: skip
    assert any(own[code] in line for line in alone), alone


def test_a_hint_gives_its_reason_in_the_players_language() -> None:
    """The computer players' reasons are messages of the catalogues too."""
    from engine.ai import suggest
    from engine.games import match_from_position

    match = match_from_position(
        "seep | dealer: 3 | play: 4 | floor: 4D 5C 9S | hand 0: 9H 4C | hand 1: 2C"
        " | hand 2: 3C | hand 3: 5D"
    )
    english = suggest(match, 0, 1).reason
    assert english.startswith("Capture 4♦+5♣ and 9♠ with 9♥ — sweep!: it wins about ")
    with speaking("hi"):
        hindi = suggest(match, 0, 1).reason
    assert hindi.startswith("9♥ से 4♦+5♣ और 9♠ उठाएँ — सीप!: इससे अभी लगभग ") and hindi.endswith("।")
    with speaking("gu"):
        assert not LATIN_WORD.search(suggest(match, 0, 1).reason)


def read_by_babel(po: bytes, code: str) -> gettext.GNUTranslations:
    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(po), locale=code), use_fuzzy=False)
    out.seek(0)
    return gettext.GNUTranslations(out)


EDGES = r"""msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2);\n"

#, python-format, fuzzy
msgid "fuzzy"
msgstr "F"

#: a.py:1
msgid "two"
" \"lines\" \\ \t"
msgstr ""
"first\n"
"second"

msgctxt "place"
msgid "with context"
msgstr "in context"

msgid "untranslated"
msgstr ""

msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "one"
msgstr[1] ""

#| msgid "old"
msgid "new"
msgstr "N"
#~ msgid "obsolete"
#~ msgstr "O"
msgid "last"
msgstr "L"
"""


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_bot_reads_a_catalogue_as_babel_does(code: str) -> None:
    """The running bot reads the `.po` files itself (it does without Babel's 2 MB): every
    message of every catalogue, and of a file with fuzzy, obsolete, multi-line, context and
    half-translated plural entries, comes out as Babel reads it."""
    files = [(folder / f"{code}.po").read_bytes() for folder in catalogue_folders()]
    for po in [*files, EDGES.encode()]:
        ours, babel = compiled(po, code), read_by_babel(po, code)
        for message in read_po(io.BytesIO(po), locale=code):
            if not message.id:
                continue
            for count in range(30) if isinstance(message.id, tuple) else (1,):
                assert said(ours, message, count) == said(babel, message, count), message.id
        for message in ["fuzzy", "untranslated", "obsolete"]:
            assert ours.gettext(message) == babel.gettext(message)


def test_the_one_table_of_languages_is_the_catalogues_own() -> None:
    """bot/languages.py names every language the bot speaks; each has its catalogue, and no
    catalogue speaks a language the table does not name (the choices, the server setting,
    Discord's locales and the /rules pages all read that table)."""
    from bot import languages
    from bot.lessons import LANGUAGES as PAGE_LANGUAGES

    codes = {language.code for language in languages.ALL}
    catalogues = {path.stem for path in FOLDER.glob("*.po")}
    assert catalogues == codes - {"en"}
    assert set(LANGUAGES) == codes == set(PAGE_LANGUAGES)
    for language in languages.ALL:
        for locale in language.locales:
            assert language_of(None, locale) == language.code


def test_a_languages_decimal_comma_comes_from_the_one_table() -> None:
    """/review's figures write the decimal mark the language's row says (2,5 in Czech,
    Slovak and German, 2.5 elsewhere): a new language sets it in its row, nowhere else."""
    from cogs.review import number

    for language in languages.ALL:
        with speaking(language.code):
            assert number(-2.5, 1) == ("−2,5" if language.decimal_comma else "−2.5")
    assert {language.code for language in languages.ALL if language.decimal_comma} == {
        "cs", "sk", "de"}

"""English until translated (docs/translating.md, "Until it is translated"): a message a
catalogue does not translate yet — a new one, a changed one (its old translation is gone), a
plural or a card letter left empty, a fuzzy guess — is said in English, never as an empty
text; a game package without a catalogue (or pages) of a language plays in English there; and
`python -m bot.catalogues` says what each language lacks without failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import catalogues
from bot.catalogues import lacking, planned, read, render, report, said
from bot.i18n import FOLDER, _, compiled, speaking
from engine import registry
from engine.words import say, say_count

CHANGED = ("Your move: {play}", None)
PLURAL = ("{count} point", None)
LETTER = ("J", "French-suited card")


def german_left_untranslated(tmp_path: Path) -> bytes:
    """The German catalogue as it reads after a merge brought new words: one message
    without a translation, one whose words changed (the old entry gone, the new one empty),
    a plural and a card letter left empty, and one marked fuzzy."""
    catalog = read((FOLDER / "de.po").read_bytes(), "de")
    catalog.get(*CHANGED).string = ""  # type: ignore[union-attr]
    catalog.get(*PLURAL).string = ("", "")  # type: ignore[union-attr]
    catalog.get(*LETTER).string = ""  # type: ignore[union-attr]
    catalog.get("My hand").flags.add("fuzzy")  # type: ignore[union-attr]
    catalog.add("A word added today", "")
    return render(catalog)


def test_a_message_not_yet_translated_is_said_in_english(tmp_path: Path) -> None:
    german = compiled(german_left_untranslated(tmp_path), "de")
    assert german.gettext("Your move: {play}") == "Your move: {play}"
    assert german.gettext("A word added today") == "A word added today"
    assert german.gettext("My hand") == "My hand"  # a fuzzy guess is not shown
    for count, english in ((1, "{count} point"), (2, "{count} points"), (0, "{count} points")):
        assert german.ngettext("{count} point", "{count} points", count) == english
    assert german.pgettext("French-suited card", "J") == "J"
    # the rest still speaks German
    assert german.gettext("Seat {number} is taken.") != "Seat {number} is taken."
    for message in list(read(german_left_untranslated(tmp_path), "de"))[1:]:  # after the header
        for count in range(12) if isinstance(message.id, tuple) else (1,):
            assert said(german, message, count), message.id  # never empty


def test_a_game_without_a_catalogue_of_the_language_plays_in_english() -> None:
    """The test game ships Hindi, Czech and German, not Gujarati: a Gujarati reader gets its
    words in English and the bot's own words in Gujarati."""
    spec = registry.game("tinytricks")
    assert spec.locales is not None and not (spec.locales / "gu.po").exists()
    with speaking("gu"):
        assert say(spec.display_name) == "Tiny Tricks"
        assert say_count("Tricks: {count}", "Tricks: {count}", 2) == "Tricks: 2"
        assert _("Your move: {play}", play="x") == "તમારી ચાલ: x"
    with speaking("hi"):
        assert say(spec.display_name) == "टाइनी ट्रिक्स"
    # its /rules pages too: English where it has none of the language
    from bot.lessons import lesson

    assert lesson("tinytricks", "gu").pages == lesson("tinytricks", "en").pages
    assert lesson("tinytricks", "hi").pages != lesson("tinytricks", "en").pages


def test_the_catalogue_tool_says_what_each_language_lacks(tmp_path: Path) -> None:
    files = planned()
    assert not list(catalogues.changes(files)), "run python -m bot.catalogues"
    files[FOLDER / "de.po"] = german_left_untranslated(tmp_path)
    found = lacking(files)
    german = [entry for entry in found if entry.code == "de" and not entry.no_catalogue]
    assert [(entry.catalogue, len(entry.messages)) for entry in german] == [("bot/locales", 5)]
    assert {"A word added today", "My hand", "J"} <= set(german[0].messages)
    lines = report(found, listed=True)
    assert "de: 5 messages to translate (bot/locales 5)" in lines
    assert "  bot/locales: 'A word added today'" in lines
    # the test game has no Gujarati or Slovak catalogue: said, not counted as messages
    assert any(line.startswith("gu: 0 messages to translate; no gu catalogue in tinytricks")
               for line in lines)  # fmt: skip
    assert lines[-1] == "until they are translated the bot says them in English"
    assert report([]) == ["every message is translated in hi, gu, cs, sk, de"]


def test_the_check_passes_with_words_left_to_translate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`--check` fails only when a file would change: a catalogue that is up to date but
    leaves messages to translate passes it, and the counts are printed."""
    files = planned()
    files[FOLDER / "de.po"] = german_left_untranslated(tmp_path)
    monkeypatch.setattr(catalogues, "planned", lambda: files)
    monkeypatch.setattr(catalogues, "changes", lambda _files: iter(()))
    assert catalogues.main(["--check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "de: 5 messages to translate (bot/locales 5)" in out

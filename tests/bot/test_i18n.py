"""The message catalogues: the template holds every marked message of the code, and Hindi and
Gujarati translate every one of them, keeping each message's placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot.i18n import FOLDER, LANGUAGES, _, language_of, ngettext, speaking

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "say": None, "marked": None}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def template_ids() -> set[str]:
    with (FOLDER / "messages.pot").open("rb") as pot:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(pot) if m.id}


def code_ids() -> set[str]:
    found: set[str] = set()
    for package in ("bot", "cogs", "engine"):
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / package, keywords=KEYWORDS, comment_tags=()
        ):
            found.add(message if isinstance(message, str) else message[0])
    return found


def test_the_template_holds_every_message_of_the_code() -> None:
    """`pybabel extract` (README, "Translating") was run after the last message changed."""
    assert code_ids() == template_ids()


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_message_is_translated_with_its_placeholders(code: str) -> None:
    with (FOLDER / f"{code}.po").open("rb") as po:
        catalogue = read_po(po, locale=code)
    translated = {}
    for message in catalogue:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        assert all(strings), f"{code}: {ids[0]!r} is not translated"
        assert not message.fuzzy, f"{code}: {ids[0]!r} is marked fuzzy"
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for string in strings:
            assert set(PLACEHOLDER.findall(string)) <= wanted, (code, ids[0], string)
            if "{count}" not in ids[0]:
                assert set(PLACEHOLDER.findall(string)) == wanted, (code, ids[0], string)
        translated[ids[0]] = strings
    assert set(translated) == template_ids()


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
    assert language_of(None, "cs") == "en"  # a language we do not speak yet
    assert language_of("xx", "en-GB") == "en"

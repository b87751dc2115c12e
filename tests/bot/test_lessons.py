"""The /rules pages: every example position is replayed on the engine, every language has
every page, every built-in game teaches the bot itself, the topics fit Discord's choices, and
the table's Rules button finds the page for the situation."""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from bot.lessons import (
    FOLDER,
    GAME_LANGUAGES,
    check_example,
    examples,
    language_for,
    lesson,
    topic_for,
)
from engine import registry
from engine.core import PUBLIC
from engine.games import new_match
from engine.registry import BUILT_IN

# The pages about the bot rather than the game: its controls, and how to read its pictures.
BOT_TOPICS = ("playing-here", "reading-the-table")
CHOICES, CHOICE_NAME = 25, 100  # Discord: choices of an option, characters of a choice's name


@pytest.mark.parametrize("example_id", sorted(examples()))
def test_every_example_move_is_legal_and_gives_the_result_shown(example_id: str) -> None:
    assert check_example(examples()[example_id]) == []


def test_a_wrong_result_is_caught() -> None:
    from dataclasses import replace

    sweep = examples()["seep-sweep"]
    assert check_example(replace(sweep, floor_after="4C"))
    assert check_example(replace(sweep, move="3S"))  # a throw where the king must capture
    assert check_example(replace(sweep, sweep=False))


@pytest.mark.parametrize("game", sorted(GAME_LANGUAGES))
def test_every_language_has_every_page_and_example(game: str) -> None:
    english = lesson(game, "en")
    used = set()
    for language in GAME_LANGUAGES[game]:
        pages = lesson(game, language)
        assert pages.language == language
        assert [p.topic for p in pages.pages] == [p.topic for p in english.pages], language
        for page, original in zip(pages.pages, english.pages, strict=True):
            assert page.title and page.text and len(page.text) < 4000
            assert [e for e, _ in page.examples] == [e for e, _ in original.examples]
            assert all(caption for _, caption in page.examples)
            if language != "en":
                assert page.text != original.text, f"{language} {page.topic} is untranslated"
            used |= {e for e, _ in page.examples}
    own = {e for e in examples() if examples()[e].game == game}
    assert own <= used <= set(examples())  # none of its own left unused (a variant may borrow)


def test_the_page_follows_the_language_and_the_situation() -> None:
    assert language_for("hi") == "hi" and language_for("en-US") == "en"
    assert language_for("sm") == "en"  # no Samoan Discord locale: English with Samoan words
    assert lesson("suipe", "hi").language == "en"
    assert lesson("seep30", "gu").game == "seep30"  # the 30-point game has its own pages
    bid = new_match("seep", 3)
    assert topic_for(bid.view(PUBLIC)) == "deal-and-bid"
    suipe = new_match("suipe", 3)
    assert topic_for(suipe.view(PUBLIC)) == "captures"


def built_in() -> list[str]:
    """The sets of pages of the games this project ships (another package's pages are its
    author's)."""
    return sorted(
        {spec.lessons.key for spec in registry.games() if spec.lessons and spec.name in BUILT_IN}
    )


def test_the_built_in_games_are_all_checked() -> None:
    assert {"seep", "seep30", "suipe", "sedma", "sheepshead"} <= set(built_in())
    assert "tinytricks" not in built_in()  # the test game keeps its pages in its own package


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_a_built_in_game_carries_its_pages_in_its_own_package(name: str) -> None:
    """Like any game package, a built-in game keeps its pages and examples beside its code
    (`engine/<game>/lessons`), so the bot's own folder names no game."""
    spec = registry.game(name)
    assert spec.lessons is not None and spec.lessons.folder is not None
    package = Path(import_module(BUILT_IN[name].split(":")[0]).__file__ or "").parent
    assert spec.lessons.folder == package / "lessons"
    for language in spec.lessons.languages:
        assert (spec.lessons.folder / f"{spec.lessons.key}.{language}.toml").is_file()
    own = {e.id for e in examples().values() if e.game == spec.lessons.key}
    in_package = (spec.lessons.folder / "examples.toml").read_text(encoding="utf-8")
    assert all(f'id = "{example}"' in in_package for example in own)
    assert not [path.name for path in FOLDER.glob("*.toml")]  # the bot's folder holds no pages


@pytest.mark.parametrize("game", built_in())
def test_every_built_in_game_teaches_the_bot_in_every_language(game: str) -> None:
    for language in GAME_LANGUAGES[game]:
        pages = {page.topic: page for page in lesson(game, language).pages}
        for topic in BOT_TOPICS:
            assert topic in pages, f"{game} {language} has no {topic} page"
        commands = ("/hand", "/play", "/autoplay", "/table rejoin", "/table setup")
        text = pages["playing-here"].text  # commands keep their English names in every language
        assert [c for c in commands if c not in text] == [], language


@pytest.mark.parametrize("game", sorted(GAME_LANGUAGES))
def test_the_topics_fit_in_discords_choices(game: str) -> None:
    """/rules <game> offers each page as a topic choice, named by its title in each language."""
    english = lesson(game, "en").pages
    assert len(english) <= CHOICES
    assert len({page.topic for page in english}) == len(english)
    for language in GAME_LANGUAGES[game]:
        for page in lesson(game, language).pages:
            assert 0 < len(page.title) <= CHOICE_NAME, (language, page.title)
            assert 0 < len(page.topic) <= CHOICE_NAME


def test_a_typed_topic_finds_its_page_by_id_title_or_the_start_of_its_title() -> None:
    """With many games /rules has no room for topic lists, so a typed topic must find its
    page the way a reader writes it."""
    pages = lesson("sedma", "en")
    sevens = next(n for n, page in enumerate(pages.pages) if page.topic == "sevens")
    assert sevens > 0
    assert pages.index("sevens") == pages.index("Sevens") == pages.index("sev") == sevens
    assert pages.index("no such topic") == 0


# The pictures of the pages: every example drawn, before and after its move.

IMAGES_BYTES, EMBEDS, EMBED_CHARACTERS = 8 * 1024 * 1024, 10, 6000  # Discord's, per message


@pytest.mark.parametrize("game", sorted(GAME_LANGUAGES))
async def test_every_example_of_every_page_is_drawn_beside_its_words(game: str) -> None:
    """A page with N examples sends N pictures, each in the embed that explains it, and the
    page stays within what Discord takes in one message."""
    from cogs.rules import rules_message

    for language in GAME_LANGUAGES[game]:
        for number, page in enumerate(lesson(game, language).pages):
            sent = await rules_message(None, game, language, number)
            embeds, files = sent["embeds"], sent["attachments"]
            assert len(files) == len(page.examples), (language, page.topic)
            for index, (example_id, caption) in enumerate(page.examples):
                embed = embeds[index]
                assert embed.image.url == f"attachment://{files[index].filename}"
                assert caption in embed.fields[0].value, (language, example_id)
            assert len(embeds) <= EMBEDS
            assert sum(len(embed) for embed in embeds) <= EMBED_CHARACTERS, page.topic
            assert sum(len(file.fp.getvalue()) for file in files) <= IMAGES_BYTES


def table_examples() -> list[str]:
    return sorted(e for e, example in examples().items() if example.show == "table")


@pytest.mark.parametrize("example_id", table_examples())
def test_the_table_before_the_move_differs_from_the_table_after_it(example_id: str) -> None:
    """What the move changes shows on the table itself, not only in the line of the last
    play at its foot."""
    from PIL import ImageChops

    from cogs.rules import example_picture
    from renderers.theme import DEFAULT_THEME

    picture = example_picture(example_id)
    assert picture.after is not None
    before, after = picture.before(), picture.after()
    # the floor after the move is drawn first, its play beneath (a hand: the hand alone)
    rows = min(before.height, after.height - DEFAULT_THEME.footer_height)
    rows = rows if rows > 0 else min(before.height, after.height)
    floor_before, floor_after = (image.crop((0, 0, image.width, rows)) for image in (before, after))
    changed = ImageChops.difference(floor_before, floor_after)
    assert changed.getbbox() is not None


def drawn_words(draw: Callable[[], Any]) -> set[str]:
    from renderers.text import recording_labels

    with recording_labels() as labels:
        draw()
    return {label.text for label in labels}


def test_a_trick_is_shown_before_it_is_won() -> None:
    """Sedma's "Winning a trick": the picture before the move shows the trick on the table
    (drawn after the move only, the table would be empty)."""
    from cogs.rules import example_picture
    from engine.cards import parse_cards

    page = next(p for p in lesson("sedma", "en").pages if p.topic == "winning-a-trick")
    for example_id, _caption in page.examples:
        example = examples()[example_id]
        trick = example.position.split("trick: ")[1].split(" | ")[0].split()[1::2]
        before = drawn_words(example_picture(example_id).before)
        assert {str(card) for card in parse_cards(" ".join(trick))} <= before, example_id
        assert "No card played yet" not in before


def test_a_hand_example_marks_the_card_to_play() -> None:
    from cogs.rules import example_picture
    from renderers import hand

    picture = example_picture("sheepshead-trump-order")
    assert picture.after is None  # the hand itself, the move marked on it
    match = examples()["sheepshead-trump-order"].match()
    plain = hand.render(match.view(match.current_player))
    assert picture.before().tobytes() != plain.tobytes()


def test_a_czech_page_draws_czech_words() -> None:
    from bot.i18n import speaking
    from cogs.rules import example_picture
    from renderers import lesson as lesson_image

    with speaking("cs"):
        words = drawn_words(lambda: lesson_image.render(example_picture("sedma-last-match")))
    assert {"Před tahem", "Po tahu"} <= words
    assert any(word.startswith("Místo 1: Zahrát 9♥") for word in words), sorted(words)
    english = ("Before", "After", "Seat", "Play", "trick")
    assert not [word for word in words if any(w in word for w in english)], sorted(words)


# The pages' words for the table are the table's own: its catalogue's.

COURTS = ("A", "J", "Q", "K")  # a French-suited card's letters, as the catalogue gives them
CARD = re.compile(r"(?<!\w)(10|[2-9]|[A-Z][a-z]?)([♠♥♦♣])")


def table_words(code: str) -> tuple[str, set[str]]:
    """The dealer's mark a seat shows in `code`, and the letters its French-suited cards
    carry."""
    from bot.i18n import catalogue

    words = catalogue(code)
    mark = words.gettext(" · D").removeprefix(" · ")
    return mark, {words.pgettext("French-suited card", letter) for letter in COURTS}


@pytest.mark.parametrize("game", built_in())
def test_the_pages_use_the_tables_dealer_mark_words_and_card_letters(game: str) -> None:
    """ "D for the dealer" on a page whose seats show "R" taught a mark no table draws: each
    language's pages give the seat's dealer mark, every word the English page quotes from
    the table as that language's table says it, and every card in the letters its cards
    carry (a German page's queen is D♣, never Q♣; `/play`'s notation stays English)."""
    from bot.i18n import LANGUAGES, translation

    quoted = [q for q in re.findall(r'"([^"]+)"', reading_page(game, "en"))
              if any(translation(code, q) for code in LANGUAGES if code != "en")]  # fmt: skip
    for language in GAME_LANGUAGES[game]:
        mark, letters = table_words(language)
        page = reading_page(game, language)
        assert f"**{mark}**" in page, (language, mark)
        said = [q if language == "en" else translation(language, q) for q in quoted]
        assert [words for words in said if not words or words not in page] == [], language
        texts = [re.sub(r"`[^`]*`", "", p.text) for p in lesson(game, language).pages]
        cards = [card for text in texts for card in CARD.findall(text)]  # not typed notation
        assert cards and {rank for rank, _suit in cards if not rank.isdigit()} <= letters


def reading_page(game: str, language: str) -> str:
    return next(p.text for p in lesson(game, language).pages if p.topic == "reading-the-table")


def test_a_page_with_another_mark_or_letter_is_caught() -> None:
    mark, letters = table_words("de")
    assert (mark, letters) == ("G", {"A", "B", "D", "K"})
    assert table_words("cs")[0] == "R" and "Q" in table_words("cs")[1]
    assert "Q" not in letters  # "Q♣" on a German page fails the test above

def test_the_rules_dealer_mark_is_the_seats_own() -> None:
    """Every translated "The table" page said "D for the dealer" while the seats showed R (cs,
    sk), G (de), बाँटे (hi) or વહેંચે (gu); in Slovak D is the Unter's letter."""
    from bot.i18n import catalogue
    from bot.lessons import GAME_LANGUAGES, lesson
    from engine.words import translating
    from renderers import table
    from renderers.text import recording_text

    checked = 0
    for game, languages in GAME_LANGUAGES.items():
        for language in languages:
            names = ["Asha", "Dev", "Ravi", "Mira"]
            with translating(catalogue(language)):
                view = new_match("sedma", 1, players=4).view(PUBLIC)
                with recording_text() as recording:
                    table.render(view, names)
            seat = f"{names[view.dealer]} · "  # the dealer's panel: "Mira · R"
            dealer = next(box.text for box in recording.boxes if seat in box.text)
            mark = dealer.rpartition(" · ")[2]
            texts = [page.text for page in lesson(game, language).pages]
            assert not any("{dealer}" in text for text in texts), (game, language)
            marked = [text for text in texts if f"**{mark}**" in text]
            english = [t for t in (p.text for p in lesson(game, "en").pages) if "**D**" in t]
            assert len(marked) >= len(english), (game, language, mark)
            checked += 1
    assert checked >= 9


@pytest.mark.parametrize(
    ("example_id", "before_shows", "after_shows"),
    [
        ("sheepshead-pick", "QC QS JD JH 10D 9S", "AD 7C"),  # the blind joins the hand
        ("sheepshead-bury", "10S 9H", "QC QS JD JH 10D AD"),  # the buried cards leave it
        ("sheepshead-call", "QC QS JD JH 10D 7C", ""),  # the hand that makes the call
    ],
)
def test_sheepshead_pick_bury_and_call_show_the_cards(
    example_id: str, before_shows: str, after_shows: str
) -> None:
    """These pictures showed two public tables with no hand, no blind, and for the bury a
    middle pixel for pixel the same."""
    from cogs.rules import example_picture
    from engine.cards import parse_cards

    picture = example_picture(example_id)
    assert picture.after is not None
    before, after = drawn_words(picture.before), drawn_words(picture.after)
    assert {str(card) for card in parse_cards(before_shows)} <= before, sorted(before)
    assert {str(card) for card in parse_cards(after_shows)} <= after, sorted(after)


@pytest.mark.parametrize("example_id", table_examples())
def test_an_example_is_one_screen_and_its_before_is_not_a_new_deal(example_id: str) -> None:
    """Each example was 800 × 2124 (two full tables for one card), then 868 to 1,210 px with
    each floor's empty felt (408 px a floor whatever it held), and 28 of 29 pictures before
    the move said "New deal" in the middle of a deal."""
    from cogs.rules import example_picture
    from renderers import lesson as lesson_image
    from renderers.text import recording_text

    picture = example_picture(example_id)
    with recording_text() as recording:
        picture.before()
    shown = {box.text for box in recording.boxes}  # what the picture keeps in view
    assert not shown & {"New deal", "New hand"}, sorted(shown)
    image = lesson_image.render(picture)
    assert image.width == 800 and image.height <= 1050, image.size

"""The /rules pages: every example position is replayed on the engine, every language has
every page, and the table's Rules button finds the page for the situation."""

from __future__ import annotations

import pytest

from bot.lessons import (
    GAME_LANGUAGES,
    check_example,
    examples,
    language_for,
    lesson,
    topic_for,
)
from engine.core import PUBLIC
from engine.games import new_match


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

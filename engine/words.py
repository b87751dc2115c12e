"""Putting cards and plays into words, for every game.

The games write their words in English through `say("Throw {card}", card=...)`. Whoever runs
the engine may give another language's catalogue (`translating`): the bot passes its gettext
catalogue, so the same move reads "5♦ फेंकें" to a player who speaks Hindi. The engine stays
deterministic: the words depend only on the catalogue it is handed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Protocol

from engine.cards import FACES, GERMAN_RANK_NAMES, RANK_NAMES, Card, Faces, Pack, pretty_cards

# (what a move's record needs lives in `engine.phrases`, said here too)
from engine.phrases import ENGLISH as ENGLISH
from engine.phrases import CardName as CardName
from engine.phrases import Phrase as Phrase
from engine.phrases import _catalogue
from engine.phrases import later as later
from engine.phrases import later_card as later_card
from engine.phrases import later_count as later_count
from engine.phrases import marked as marked
from engine.phrases import named as named
from engine.phrases import say as say
from engine.phrases import say_count as say_count


class Catalogue(Protocol):
    """A language's messages: what `gettext.NullTranslations` offers."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def __hash__(self) -> int: ...  # by identity, as an object's: each catalogue's faces are kept


def said_in(context: str, message: str, **values: Any) -> str:
    """`message` as the language says it in `context` (a gettext `msgctxt`): the same words
    in English, another form where a language needs one (see `Word`)."""
    text = _catalogue.get().pgettext(context, message)
    return text.format(**values) if values else text


class Word(str):
    """Words that some languages put in another form inside a sentence: Hindi and Gujarati
    take the oblique case before a postposition ("9 का घर" but "9 के घर में"). A translation
    asks for that form with `{house:oblique}`; every other use reads the words as they are."""

    oblique: str

    def __new__(cls, text: str, oblique: str) -> Word:
        word = super().__new__(cls, text)
        word.oblique = oblique
        return word

    def __format__(self, spec: str) -> str:
        return self.oblique if spec == "oblique" else super().__format__(spec)


class Told(Protocol):
    """A play as it happened, said of its player in the past tense ("Asha threw 5♦")."""

    def told(self, name: str) -> str: ...


def said_marked(context: str, message: str) -> tuple[str, str]:
    """Marks a message said in a `context` (see `said_in`) where it is defined."""
    return context, message


def marked_count(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with its plural for the catalogues; `say_count` translates it."""
    return singular, plural


# The court cards' letters as each language writes them: the corner of a card and its text
# agree ("D♥" and a "D" in the corner for a German queen). Marked with a context, as a lone
# letter means nothing to a translator; see docs/translating.md, "Card faces".
_FRENCH_LETTERS = {
    1: said_marked("French-suited card", "A"),
    11: said_marked("French-suited card", "J"),
    12: said_marked("French-suited card", "Q"),
    13: said_marked("French-suited card", "K"),
}
_GERMAN_LETTERS = {
    1: said_marked("German-suited card", "A"),
    11: said_marked("German-suited card", "U"),
    12: said_marked("German-suited card", "O"),
    13: said_marked("German-suited card", "K"),
}
assert {r: m for r, (_c, m) in _FRENCH_LETTERS.items()} == RANK_NAMES
assert {r: m for r, (_c, m) in _GERMAN_LETTERS.items()} == GERMAN_RANK_NAMES
@lru_cache(maxsize=64)
def _faces(catalogue: Catalogue) -> Faces:
    """The cards as `catalogue`'s language writes them, worked out once per catalogue (a
    catalogue is hashed by identity)."""
    letters = {
        pack: {rank: catalogue.pgettext(context, letter) for rank, (context, letter) in marks}
        for pack, marks in ((Pack.FRENCH, _FRENCH_LETTERS.items()),
                            (Pack.GERMAN, _GERMAN_LETTERS.items()))
    }  # fmt: skip
    return Faces.of(letters)


def use_catalogue(catalogue: Catalogue | None) -> None:
    """Words from `catalogue` for the rest of this task (None: English)."""
    _catalogue.set(catalogue or ENGLISH)
    FACES.set(_faces(catalogue or ENGLISH))


@contextmanager
def translating(catalogue: Catalogue | None) -> Iterator[None]:
    token = _catalogue.set(catalogue or ENGLISH)
    faces = FACES.set(_faces(catalogue or ENGLISH))
    try:
        yield
    finally:
        FACES.reset(faces)
        _catalogue.reset(token)


def tricks_and_points(tricks: int, points: int, *, points_first: bool = False) -> str:
    """ "2 tricks · 20 points" (or "20 points · 2 tricks")."""
    parts = [
        say_count("{count} trick", "{count} tricks", tricks),
        say_count("{count} point", "{count} points", points),
    ]
    return " · ".join(reversed(parts) if points_first else parts)


_RANK_WORDS = {1: marked("ace"), 11: marked("jack"), 12: marked("queen"), 13: marked("king")}
_GERMAN_RANK_WORDS = {
    1: said_marked("German-suited card", "ace"),
    11: said_marked("German-suited card", "Unter"),
    12: said_marked("German-suited card", "Ober"),
    13: said_marked("German-suited card", "king"),
}


def rank_said(rank: int, pack: Pack = Pack.FRENCH) -> str:
    """A rank as players say it, in their language: "ace", "9", "jack" ("Unter" for the jack
    of a German-suited pack)."""
    if pack is Pack.GERMAN and rank in _GERMAN_RANK_WORDS:
        return said_in(*_GERMAN_RANK_WORDS[rank])
    word = _RANK_WORDS.get(rank)
    return say(word) if word is not None else str(rank)


def seat_name(player: int, names: Sequence[str] | None) -> str:
    """The player's name, or "seat N" where the caller has no names."""
    return names[player] if names else say("seat {number}", number=player + 1)


def trick_play(card: Card, points: int, holder: str | None, pack: Pack = Pack.FRENCH) -> str:
    """A card played that neither leads nor takes the trick: what it gives away, if anything."""
    if points and holder is not None:
        return say(
            "Play {card}: gives {points} points to {name}",
            card=card.shown(pack),
            points=points,
            name=holder,
        )
    return say("Play {card}", card=card.shown(pack))


def sentence(text: str) -> str:
    """`text` ending with one full stop (none added after "!" or "?")."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def said_list(items: Sequence[str]) -> str:
    """`join_words` in the caller's language (for words that are all `say`'s)."""
    if len(items) <= 1:
        return "".join(items)
    return say("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def plus(cards: Sequence[Card]) -> str:
    """'2♠+9♠'."""
    return pretty_cards(cards, "+")


def said_by(who: str | None, order: str, done: str, **values: Any) -> str:
    """The instruction `order` for the move picker, or, with `who`, what they did (`done`,
    told of them in the past tense)."""
    return say(order, **values) if who is None else say(done, name=who, **values)

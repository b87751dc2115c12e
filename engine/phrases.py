"""Words kept for later and said in the caller's language: what every move's record needs
(`say`, `Phrase`, `later`, `later_card`…). `engine.words` says them too, with the rest of the
words (catalogues, card faces by language, the shared sentences), which a process that only
plays never loads."""

from __future__ import annotations

from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.cards import Card, Pack

if TYPE_CHECKING:
    from engine.words import Catalogue


class _English:
    """The source language: every message as written."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


ENGLISH: Catalogue = _English()
_catalogue: ContextVar[Catalogue] = ContextVar("engine_words", default=ENGLISH)


def say(message: str, **values: Any) -> str:
    """`message` in the caller's language, its `{placeholders}` filled from `values`."""
    text = _catalogue.get().gettext(message)
    return text.format(**values) if values else text


def say_count(singular: str, plural: str, count: int, **values: Any) -> str:
    """The form for `count` in the caller's language, `{count}` and `values` filled."""
    return _catalogue.get().ngettext(singular, plural, count).format(count=count, **values)


class Phrase(NamedTuple):
    """Words kept as a message and its values, said in the language current when they are shown.

    A game's records live as long as its table (and are rebuilt by replaying the moves after a
    restart), so they keep the message rather than one language's text. (A named tuple, not a
    dataclass: no code is generated for it when a process first plays.)
    """

    message: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None  # with a plural form, the values hold "count"

    def __str__(self) -> str:
        values = {
            key: str(value) if isinstance(value, Phrase) else value for key, value in self.values
        }
        if self.plural is not None:
            count = int(values.pop("count"))
            return say_count(self.message, self.plural, count, **values)
        return say(self.message, **values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def told(self, name: str) -> str:
        """A record's words with who made the play: "{name} threw {card}" said for `name`."""
        return str(Phrase(self.message, (*self.values, ("name", name)), self.plural))


def later(message: str, **values: Any) -> Phrase:
    """`say`, kept for when the words are shown."""
    return Phrase(message, tuple(values.items()))


def later_count(singular: str, plural: str, count: int, **values: Any) -> Phrase:
    """`say_count`, kept for when the words are shown."""
    return Phrase(singular, (("count", count), *values.items()), plural)


class CardName(NamedTuple):
    """A card in a kept phrase: written when the phrase is said, in the reader's language and
    the table's pack ("Q♠", "D♠" in German, "O🍃" in a German-suited pack). (A named tuple,
    as `Phrase`.)"""

    card: Card
    pack: Pack = Pack.FRENCH

    def __str__(self) -> str:
        return self.card.shown(self.pack)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def named(card: Card, pack: Pack = Pack.FRENCH) -> CardName:
    """`card` for a phrase said later (`later`): its letters follow the reader's language."""
    return CardName(card, pack)


_CARD_PHRASES: dict[tuple[str, Card, Pack], Phrase] = {}


def later_card(message: str, card: Card, pack: Pack = Pack.FRENCH) -> Phrase:
    """`later(message, card=named(card, pack))`: a play's words, made once per message, card
    and pack and shared (a phrase never changes), so recording a play costs a lookup. Mark
    `message`."""
    key = (message, card, pack)
    phrase = _CARD_PHRASES.get(key)
    if phrase is None:
        phrase = _CARD_PHRASES[key] = Phrase(message, (("card", CardName(card, pack)),))
    return phrase


def marked(message: str) -> str:
    """Marks a message for the catalogues where it is defined; `say` translates it."""
    return message

"""Suipe plays in players' words: "Build 8 (single): 3♣ on 5♦ — you hold an 8"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.suipe.actions import Move, SuipeAction
from engine.words import card_groups, join_words, plus

if TYPE_CHECKING:
    from engine.suipe.deal import Build

# The numbers Samoan players announce builds with.
SAMOAN_NUMBERS = {
    1: "tasi", 2: "lua", 3: "tolu", 4: "fā", 5: "lima",
    6: "ono", 7: "fitu", 8: "valu", 9: "iva", 10: "sefulu",
}  # fmt: skip


def called(value: int) -> str:
    """A build's value as it is announced at the table: "8 (valu)"."""
    word = SAMOAN_NUMBERS.get(value)
    return f"{value} ({word})" if word else str(value)


def an(value: int) -> str:
    return f"an {value}" if value == 8 else f"a {value}"


def describe_action(
    action: SuipeAction, build: Build | None, suipe: bool, *, for_mover: bool = True
) -> str:
    """The play in words; for the mover's picker it reminds them of the card they must keep."""
    card = action.card
    if action.kind is Move.TRAIL:
        return f"Trail {card.pretty}"
    if action.kind is Move.CAPTURE:
        items = [plus(group) for group in card_groups(action.loose, action.value)]
        if action.build:
            items.insert(0, f"the {action.value}-build")
        text = f"Capture {join_words(items)} with {card.pretty}"
        return text + " — Suipe!" if suipe else text
    value = action.value
    hold = f" — you hold {an(value)}" if for_mover else ""
    if action.kind is Move.RAISE:
        extra = _groups_text(card, list(action.loose), value, raised=action.raised)
        return f"Raise the {action.raised}-build to {called(value)} with {extra}{hold}"
    groups = _split_with_card(card, list(action.loose), value)
    if build is not None:
        return f"Add {join_words([plus(g) for g in groups])} to the {called(value)} build{hold}"
    kind = "single" if len(groups) == 1 else "multiple"
    first, *rest = groups
    partners = [c for c in first if c != card]
    head = f"{card.pretty} on {plus(partners)}" if partners else card.pretty
    parts = join_words([head, *(plus(g) for g in rest)])
    return f"Build {called(value)}, {kind}: {parts}{hold}"


def _split_with_card(card: Card, loose: list[Card], value: int) -> list[list[Card]]:
    """Groups worth `value`, the one holding the played card first."""
    groups = card_groups([card, *loose], value)
    groups.sort(key=lambda group: card not in group)
    return groups


def _groups_text(card: Card, loose: list[Card], value: int, raised: int | None) -> str:
    need = value - (raised or 0) - card.rank
    own = []
    for c in sorted(loose, key=lambda c: -c.rank):
        if need and c.rank <= need:
            own.append(c)
            need -= c.rank
    rest = [c for c in loose if c not in own]
    text = plus([card, *sorted(own, key=lambda c: c.rank)])
    if rest:
        text += ", taking in " + join_words([plus(g) for g in card_groups(rest, value)])
    return text

"""Suipe plays in players' words: the picker's instructions ("Build 8 (single): 3♣ on 5♦ — you
hold an 8") and the record of what happened ("Sina built 8 (valu), single: 3♣ on 5♦")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.fishing import capture_words, card_groups
from engine.suipe.actions import Move, SuipeAction
from engine.words import marked, plus, said_by, said_list, say

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


def build_name(value: int) -> str:
    """ "8-build"."""
    return say("{value}-build", value=value)


def _hold(value: int, for_mover: bool) -> str:
    if not for_mover:
        return ""
    return (
        say(" — you hold an {value}", value=value)
        if value == 8
        else say(" — you hold a {value}", value=value)
    )


def describe_action(
    action: SuipeAction, build: Build | None, suipe: bool, who: str | None = None
) -> str:
    """The play in words: for the mover's picker an instruction that reminds them of the card
    they must keep; with `who`, the play as it happened, said of that player."""
    card = action.card
    if action.kind is Move.TRAIL:
        return said_by(
            who, marked("Trail {card}"), marked("{name} trailed {card}"), card=card.pretty
        )
    if action.kind is Move.CAPTURE:
        items = [plus(group) for group in card_groups(action.loose, action.value)]
        if action.build:
            items.insert(0, say("the {value}-build", value=action.value))
        text = capture_words(items, card, who)
        return text + say(" — Suipe!") if suipe else text
    value = action.value
    hold = _hold(value, who is None)
    if action.kind is Move.RAISE:
        extra = _groups_text(card, list(action.loose), value, raised=action.raised)
        text = said_by(
            who,
            marked("Raise the {raised}-build to {value} with {cards}"),
            marked("{name} raised the {raised}-build to {value} with {cards}"),
            raised=action.raised,
            value=called(value),
            cards=extra,
        )
        return text + hold
    groups = _split_with_card(card, list(action.loose), value)
    if build is not None:
        text = said_by(
            who,
            marked("Add {cards} to the {value} build"),
            marked("{name} added {cards} to the {value} build"),
            cards=said_list([plus(g) for g in groups]),
            value=called(value),
        )
        return text + hold
    first, *rest = groups
    partners = [c for c in first if c != card]
    head = (
        say("{card} on {cards}", card=card.pretty, cards=plus(partners))
        if partners
        else card.pretty
    )
    parts = said_list([head, *(plus(g) for g in rest)])
    if len(groups) == 1:
        words = (
            marked("Build {value}, single: {cards}"),
            marked("{name} built {value}, single: {cards}"),
        )
    else:
        words = (
            marked("Build {value}, multiple: {cards}"),
            marked("{name} built {value}, multiple: {cards}"),
        )
    return said_by(who, *words, value=called(value), cards=parts) + hold


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
        taken = said_list([plus(g) for g in card_groups(rest, value)])
        text = say("{cards}, taking in {taken}", cards=text, taken=taken)
    return text

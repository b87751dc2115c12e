"""Seep plays in players' words: "Build a jack-house: 5♥ on 6♣"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.cards import Card, rank_word
from engine.seep.actions import Kind, SeepAction
from engine.words import card_groups, join_words, plus

if TYPE_CHECKING:
    from engine.seep.deal import House

_HOUSE_NAMES = {9: "9-house", 10: "10-house", 11: "jack-house", 12: "queen-house", 13: "king-house"}


def house_name(value: int) -> str:
    return _HOUSE_NAMES.get(value, f"{value}-house")


def describe_action(action: SeepAction, house: House | None, sweep: bool) -> str:
    """Describe `action`; `house` is the house of the action's value before the play (if any)
    and `sweep` tells whether a capture empties the floor."""
    if action.kind is Kind.BID:
        return f"Bid {action.value}: a {house_name(action.value)}"
    card = action.card
    assert card is not None
    if action.kind is Kind.THROW:
        return f"Throw {card.pretty}"
    if action.kind is Kind.CAPTURE:
        return _describe_capture(action, card, house is not None, sweep)
    return _describe_house(action, card, house)


def _describe_capture(action: SeepAction, card: Card, with_house: bool, sweep: bool) -> str:
    items = []
    if with_house:
        items.append(f"the {house_name(action.value)}")
    items.extend(plus(group) for group in card_groups(action.loose, action.value))
    text = f"Capture {join_words(items)} with {card.pretty}"
    return text + " — sweep!" if sweep else text


def _describe_house(action: SeepAction, card: Card, existing: House | None) -> str:
    value = action.value
    name = house_name(value)
    loose = list(action.loose)
    if action.broken is not None:
        broken = house_name(action.broken)
        if card.rank == value:  # loose-card break: raised by a loose card, cemented by the hand
            raise_card = next(c for c in loose if c.rank == value - action.broken)
            loose.remove(raise_card)
            text = (
                f"Raise the {broken} with the loose {raise_card.pretty} and cement it "
                f"with {card.pretty} into a {name}"
            )
        elif existing is not None:
            text = f"Break the {broken} with {card.pretty} to cement the {name}"
        else:
            text = f"Break the {broken} with {card.pretty} into a {name}"
            return _with_extra(text, loose, value, "cemented with")
        return _with_extra(text, loose, value)
    if card.rank == value:
        head, rest = [card], loose
    else:
        groups = card_groups([card, *loose], value)
        head = next(group for group in groups if card in group)
        rest = [c for group in groups if group is not head for c in group]
    head_text = (
        card.pretty
        if len(head) == 1
        else f"{card.pretty} on {plus([c for c in head if c != card])}"
    )
    if existing is None:
        if card.rank == value:
            parts = [plus(group) for group in card_groups(rest, value)]
            return f"Build a cemented {name}: {card.pretty} on {join_words(parts)}"
        return _with_extra(f"Build a {name}: {head_text}", rest, value, "cemented with")
    verb = "Add to" if existing.cemented else "Cement"
    if len(head) == 1:
        return _with_extra(f"{verb} the {name} with {card.pretty}", rest, value)
    return _with_extra(f"{verb} the {name}: {head_text}", rest, value)


def _with_extra(text: str, loose: Sequence[Card], value: int, joiner: str = "adding") -> str:
    if not loose:
        return text
    groups = [plus(group) for group in card_groups(loose, value)]
    return f"{text}, {joiner} {join_words(groups)}"


def describe_value(value: int) -> str:
    """'a 10', 'a jack'."""
    word = rank_word(value)
    return f"an {word}" if word[0] in "a8" else f"a {word}"

"""Seep plays in players' words: the picker's instructions ("Build a jack-house: 5♥ on 6♣") and
the record of what happened ("Asha built a jack-house: 5♥ on 6♣")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.fishing import capture_words, card_groups
from engine.pictures import side_names
from engine.seep.actions import Kind, SeepAction
from engine.words import Word, marked, plus, said_by, said_in, said_list, say

if TYPE_CHECKING:
    from engine.seep.deal import House

_HOUSE_NAMES = {11: marked("jack-house"), 12: marked("queen-house"), 13: marked("king-house")}


def house_name(value: int) -> Word:
    """ "jack-house", "9-house" (with the form a sentence may need, see `Word`)."""
    name = _HOUSE_NAMES.get(value)
    if name is None:
        return Word(
            say("{value}-house", value=value), said_in("oblique", "{value}-house", value=value)
        )
    if value == 11:
        oblique = said_in("oblique", "jack-house")
    elif value == 12:
        oblique = said_in("oblique", "queen-house")
    else:
        oblique = said_in("oblique", "king-house")
    return Word(say(name), oblique)


def describe_action(
    action: SeepAction, house: House | None, sweep: bool, who: str | None = None
) -> str:
    """Describe `action`; `house` is the house of the action's value before the play (if any)
    and `sweep` tells whether a capture empties the floor. With `who`, the play as it happened,
    said of that player ("Asha threw 5♦")."""
    if action.kind is Kind.BID:
        return said_by(
            who,
            marked("Bid {value}: a {house}"),
            marked("{name} bid {value}: a {house}"),
            value=action.value,
            house=house_name(action.value),
        )
    card = action.card
    assert card is not None
    if action.kind is Kind.THROW:
        return said_by(who, marked("Throw {card}"), marked("{name} threw {card}"), card=card.pretty)
    if action.kind is Kind.CAPTURE:
        return _describe_capture(action, card, house is not None, sweep, who)
    return _describe_house(action, card, house, who)


def _describe_capture(
    action: SeepAction, card: Card, with_house: bool, sweep: bool, who: str | None
) -> str:
    items = []
    if with_house:
        items.append(say("the {house}", house=house_name(action.value)))
    items.extend(plus(group) for group in card_groups(action.loose, action.value))
    text = capture_words(items, card, who)
    return text + say(" — sweep!") if sweep else text


def _describe_house(action: SeepAction, card: Card, existing: House | None, who: str | None) -> str:
    value = action.value
    name = house_name(value)
    loose = list(action.loose)
    if action.broken is not None:
        broken = house_name(action.broken)
        if card.rank == value:  # loose-card break: raised by a loose card, cemented by the hand
            raise_card = next(c for c in loose if c.rank == value - action.broken)
            loose.remove(raise_card)
            text = said_by(
                who,
                marked(
                    "Raise the {broken} with the loose {loose} and cement it with {card} into a "
                    "{house}"
                ),
                marked(
                    "{name} raised the {broken} with the loose {loose} and cemented it with "
                    "{card} into a {house}"
                ),
                broken=broken,
                loose=raise_card.pretty,
                card=card.pretty,
                house=name,
            )
            return _with_extra(text, loose, value)
        if existing is not None:
            words = (
                marked("Break the {broken} with {card} to cement the {house}"),
                marked("{name} broke the {broken} with {card} to cement the {house}"),
            )
        else:
            words = (
                marked("Break the {broken} with {card} into a {house}"),
                marked("{name} broke the {broken} with {card} into a {house}"),
            )
        text = said_by(who, *words, broken=broken, card=card.pretty, house=name)
        return _with_extra(text, loose, value, cemented=existing is None)
    if card.rank == value:
        head, rest = [card], loose
    else:
        groups = card_groups([card, *loose], value)
        head = next(group for group in groups if card in group)
        rest = [c for group in groups if group is not head for c in group]
    head_text = (
        card.pretty
        if len(head) == 1
        else say("{card} on {cards}", card=card.pretty, cards=plus([c for c in head if c != card]))
    )
    if existing is None:
        if card.rank == value:
            parts = [plus(group) for group in card_groups(rest, value)]
            return said_by(
                who,
                marked("Build a cemented {house}: {card} on {cards}"),
                marked("{name} built a cemented {house}: {card} on {cards}"),
                house=name,
                card=card.pretty,
                cards=said_list(parts),
            )
        built = said_by(
            who,
            marked("Build a {house}: {cards}"),
            marked("{name} built a {house}: {cards}"),
            house=name,
            cards=head_text,
        )
        return _with_extra(built, rest, value, cemented=True)
    words = _ONTO_A_HOUSE[existing.cemented, len(head) == 1]
    text = said_by(who, *words, house=name, card=card.pretty, cards=head_text)
    return _with_extra(text, rest, value)


# A play onto a house already on the floor: (is the house cemented, is the card played alone)
# -> (the move's words, what a player did): adding to a cemented house, else cementing it.
_ONTO_A_HOUSE = {
    (True, True): (
        marked("Add to the {house} with {card}"),
        marked("{name} added {card} to the {house}"),
    ),
    (False, True): (
        marked("Cement the {house} with {card}"),
        marked("{name} cemented the {house} with {card}"),
    ),
    (True, False): (
        marked("Add to the {house}: {cards}"),
        marked("{name} added to the {house}: {cards}"),
    ),
    (False, False): (
        marked("Cement the {house}: {cards}"),
        marked("{name} cemented the {house}: {cards}"),
    ),
}


def _with_extra(text: str, loose: Sequence[Card], value: int, cemented: bool = False) -> str:
    if not loose:
        return text
    groups = said_list([plus(group) for group in card_groups(loose, value)])
    if cemented:
        return say("{move}, cemented with {cards}", move=text, cards=groups)
    return say("{move}, adding {cards}", move=text, cards=groups)


_A_CARD_OF = {
    1: marked("an ace"),
    8: marked("an 8"),
    11: marked("a jack"),
    12: marked("a queen"),
    13: marked("a king"),
}


def describe_value(value: int) -> str:
    """'a 10', 'a jack'."""
    word = _A_CARD_OF.get(value)
    return say(word) if word is not None else say("a {value}", value=value)


def lead_words(lead: int, sides: Sequence[Sequence[int]], names: Sequence[str]) -> str:
    """Side 0's running lead in words: "Asha & Ravi lead by 12", or "Level"."""
    if not lead:
        return say("Level")
    side = sides[0] if lead > 0 else sides[1]
    if len(side) == 1:
        return say("{name} leads by {points}", name=side_names(names, side), points=abs(lead))
    return say("{names} lead by {points}", names=side_names(names, side), points=abs(lead))

"""Why a Seep move is illegal, said the way a player at the table would say it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.fishing import card_vector, count_of, maximal_takes, unit
from engine.seep.actions import Kind, SeepAction
from engine.seep.describe import describe_value, house_name
from engine.words import marked, say

if TYPE_CHECKING:
    from engine.seep.deal import SeepDeal
    from engine.seep.moves import Signature


_RAWALPINDI = marked(
    "Rawalpindi rule: 10♦ and 9♠ can't capture or go into a larger house until their holder "
    "has built a 10-house (9-house), and only their holder builds the first one."
)


def explain_illegal(deal: SeepDeal, action: SeepAction, legal: set[Signature]) -> str:
    card = action.card
    assert card is not None
    seat = deal.turn
    a = card.rank
    hand_after = card_vector(deal.hands[seat]) - unit(a)
    owned = {v for v, house in deal.houses.items() if seat in house.owners}
    bid = deal.bid if deal.play_number == 0 else None

    if bid is not None and action.value != bid:
        return say(
            "Your first play must use your bid of {bid}: build a {house}, or capture or throw "
            "{card}.",
            bid=bid,
            house=house_name(bid),
            card=describe_value(bid),
        )
    if not deal.rawalpindi_allows(card, action.kind, action.value, action.broken):
        return say(_RAWALPINDI)
    if action.kind is Kind.HOUSE:
        reason = _house_reason(deal, action, seat, hand_after, owned)
        if reason:
            return reason
    else:
        lost = owned - {a} if action.kind is Kind.CAPTURE else owned
        for value in sorted(lost):
            if not count_of(hand_after, value):
                return _keep(value)
    capture_ways = [sig for sig in legal if sig[0] is Kind.CAPTURE]
    if action.kind is Kind.THROW and capture_ways:
        return say(
            "Your {card} can capture, so it can't be thrown: a card that can capture must "
            "capture (or go into a house).",
            card=card.pretty,
        )
    if action.kind is Kind.CAPTURE:
        nothing_to_take = maximal_takes(card_vector(deal.loose), a) == {0}
        if not capture_ways and a not in deal.houses and nothing_to_take:
            return say("Your {card} has nothing to capture.", card=card.pretty)
        if a >= 9:
            return say(
                "With {card} you must take every loose {value} and every group of loose cards "
                "worth {value} that can be taken together (and the {house} if there is one).",
                card=card.pretty,
                value=a,
                house=house_name(a),
            )
        return say(
            "With {card} you must take every loose {value} and every group of loose cards worth "
            "{value} that can be taken together.",
            card=card.pretty,
            value=a,
        )
    if action.kind is Kind.THROW:
        return say("That card can't be thrown now.")
    return say("That play is not allowed here.")


def _keep(value: int) -> str:
    return say(
        "You own the {house}: keep {card} in your hand until it is taken.",
        house=house_name(value),
        card=describe_value(value),
    )


def _house_reason(
    deal: SeepDeal, action: SeepAction, seat: int, hand_after: int, owned: set[int]
) -> str | None:
    value = action.value
    card = action.card
    assert card is not None
    if not 9 <= value <= 13:
        return say("Houses are worth 9 to 13.")
    if action.broken is not None:
        house = deal.houses[action.broken]
        if seat in house.owners:
            return say("You can't break your own {house}.", house=house_name(action.broken))
        if house.cemented:
            return say(
                "The {house} is cemented: it can't be broken.", house=house_name(action.broken)
            )
        if action.broken + card.rank != value and not (
            deal.rules.loose_card_break and card.rank == value
        ):
            return say(
                "{card} on the {house} makes {total}, not {value}.",
                card=card.pretty,
                house=house_name(action.broken),
                total=action.broken + card.rank,
                value=value,
            )
    elif (card.rank + sum(c.rank for c in action.loose)) % value:
        return say("Those cards don't add up to {value} (or to several {value}s).", value=value)
    existing = deal.houses.get(value)
    limited = deal.rules.limited_houses and len(deal.houses) >= 2
    if existing is None and limited and action.broken is None:
        return say("Only two houses may be on the floor at once at this table.")
    partner_owns = existing is not None and deal.partner_of(seat) in existing.owners
    if not partner_owns and not count_of(hand_after, value):
        if existing is not None and seat in existing.owners:
            return _keep(value)
        if existing is not None:
            return say(
                "To add to the {house} you must keep {card} in your hand.",
                house=house_name(value),
                card=describe_value(value),
            )
        return say(
            "You can only build a {house} if you keep {card} in your hand (houses are only "
            "built for yourself, never for your partner).",
            house=house_name(value),
            card=describe_value(value),
        )
    for owned_value in sorted(owned):
        if owned_value != value and not count_of(hand_after, owned_value):
            return _keep(owned_value)
    if existing is None and card.rank == value and not action.loose:
        return say("A single {card} is not a house: throw it or capture with it.", card=card.pretty)
    if deal.rules.rawalpindi:
        return say(_RAWALPINDI)
    return say(
        "After a play worth {value} no loose {value} or group worth {value} may stay on the "
        "floor: take all of them into the house.",
        value=value,
    )

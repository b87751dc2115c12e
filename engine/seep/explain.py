"""Why a Seep move is illegal, said the way a player at the table would say it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.fishing import card_vector, count_of, maximal_takes, unit
from engine.seep.actions import Kind, SeepAction
from engine.seep.describe import describe_value, house_name

if TYPE_CHECKING:
    from engine.seep.deal import SeepDeal
    from engine.seep.moves import Signature


_RAWALPINDI = (
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
        return (
            f"Your first play must use your bid of {bid}: build a {house_name(bid)}, "
            f"or capture or throw {describe_value(bid)}."
        )
    if not deal.rawalpindi_allows(card, action.kind, action.value, action.broken):
        return _RAWALPINDI
    if action.kind is Kind.HOUSE:
        reason = _house_reason(deal, action, seat, hand_after, owned)
        if reason:
            return reason
    else:
        lost = owned - {a} if action.kind is Kind.CAPTURE else owned
        for value in sorted(lost):
            if not count_of(hand_after, value):
                return (
                    f"You own the {house_name(value)}: keep {describe_value(value)} in your hand "
                    "until it is taken."
                )
    capture_ways = [sig for sig in legal if sig[0] is Kind.CAPTURE]
    if action.kind is Kind.THROW and capture_ways:
        return (
            f"Your {card.pretty} can capture, so it can't be thrown: a card that can capture "
            "must capture (or go into a house)."
        )
    if action.kind is Kind.CAPTURE:
        nothing_to_take = maximal_takes(card_vector(deal.loose), a) == {0}
        if not capture_ways and a not in deal.houses and nothing_to_take:
            return f"Your {card.pretty} has nothing to capture."
        return (
            f"With {card.pretty} you must take every loose {a} and every group of loose cards "
            f"worth {a} that can be taken together (and the {house_name(a)} if there is one)."
            if a >= 9
            else f"With {card.pretty} you must take every loose {a} and every group of loose "
            f"cards worth {a} that can be taken together."
        )
    if action.kind is Kind.THROW:
        return "That card can't be thrown now."
    return "That play is not allowed here."


def _house_reason(
    deal: SeepDeal, action: SeepAction, seat: int, hand_after: int, owned: set[int]
) -> str | None:
    value = action.value
    card = action.card
    assert card is not None
    if not 9 <= value <= 13:
        return "Houses are worth 9 to 13."
    if action.broken is not None:
        house = deal.houses[action.broken]
        if seat in house.owners:
            return f"You can't break your own {house_name(action.broken)}."
        if house.cemented:
            return f"The {house_name(action.broken)} is cemented: it can't be broken."
        if action.broken + card.rank != value and not (
            deal.rules.loose_card_break and card.rank == value
        ):
            return (
                f"{card.pretty} on the {house_name(action.broken)} makes "
                f"{action.broken + card.rank}, not {value}."
            )
    elif (card.rank + sum(c.rank for c in action.loose)) % value:
        return f"Those cards don't add up to {value} (or to several {value}s)."
    existing = deal.houses.get(value)
    limited = deal.rules.limited_houses and len(deal.houses) >= 2
    if existing is None and limited and action.broken is None:
        return "Only two houses may be on the floor at once at this table."
    partner_owns = existing is not None and deal.partner_of(seat) in existing.owners
    if not partner_owns and not count_of(hand_after, value):
        if existing is not None and seat in existing.owners:
            return (
                f"You own the {house_name(value)}: keep {describe_value(value)} in your hand "
                "until it is taken."
            )
        if existing is not None:
            return (
                f"To add to the {house_name(value)} you must keep {describe_value(value)} "
                "in your hand."
            )
        return (
            f"You can only build a {house_name(value)} if you keep {describe_value(value)} in "
            "your hand (houses are only built for yourself, never for your partner)."
        )
    for owned_value in sorted(owned):
        if owned_value != value and not count_of(hand_after, owned_value):
            return (
                f"You own the {house_name(owned_value)}: keep {describe_value(owned_value)} "
                "in your hand until it is taken."
            )
    if existing is None and card.rank == value and not action.loose:
        return f"A single {card.pretty} is not a house: throw it or capture with it."
    if deal.rules.rawalpindi:
        return _RAWALPINDI
    return (
        f"After a play worth {value} no loose {value} or group worth {value} may stay on the "
        "floor: take all of them into the house."
    )

"""A slow, independent enumerator of legal Seep plays, straight from the rule text.

It tries every subset of the loose cards for every hand card and house value and keeps what the
rules allow. It shares no move-generation code with the engine, so agreement between the two
checks that the fast generator is complete and lists nothing illegal.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.cards import Card, format_cards, sorted_cards
from engine.seep import Phase, SeepDeal
from engine.seep.deal import RAWALPINDI_KEYS


def splits_into(cards: Sequence[int], target: int) -> bool:
    """Can these values be split into groups each worth exactly `target`?"""
    if not cards:
        return True
    if sum(cards) % target:
        return False
    first, rest = cards[0], list(cards[1:])
    for size in range(len(rest) + 1):
        for combo in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in combo) == target:
                left = [rest[i] for i in range(len(rest)) if i not in combo]
                if splits_into(left, target):
                    return True
    return False


def some_group_sums(cards: Sequence[int], target: int) -> bool:
    return any(
        sum(combo) == target
        for size in range(1, len(cards) + 1)
        for combo in combinations(cards, size)
    )


def subsets(cards: Sequence[Card]):
    for size in range(len(cards) + 1):
        yield from combinations(cards, size)


def brute_force_moves(deal: SeepDeal, *, restricted: bool = True) -> set[str]:
    if deal.phase is Phase.DONE:
        return set()
    seat = deal.turn
    hand = deal.hands[seat]
    if deal.phase is Phase.BID:
        return {f"B{card.rank}" for card in hand if card.rank >= 9}
    rules = deal.rules
    houses = deal.houses
    partner = (seat + 2) % 4
    owned = {v for v, h in houses.items() if seat in h.owners}
    bid_only = deal.bid if deal.play_number == 0 else None
    found: set[str] = set()

    def keeps(hand_after: list[Card], values: set[int]) -> bool:
        return all(any(c.rank == v for c in hand_after) for v in values)

    def key_card_blocks(card: Card, capture: bool, house_value: int | None) -> bool:
        if not (restricted and rules.rawalpindi):
            return False
        for value, key in RAWALPINDI_KEYS.items():
            larger_house = house_value is not None and house_value > value
            if card == key and value not in deal.built_by[seat] and (capture or larger_house):
                return True
        return False

    for card in set(hand):
        a = card.rank
        hand_after = list(hand)
        hand_after.remove(card)
        loose_values = [c.rank for c in deal.loose]
        if bid_only is None or bid_only == a:
            can_capture = a in houses or some_group_sums(loose_values, a)
            if can_capture:
                for taken in subsets(deal.loose):
                    rest = [c.rank for c in deal.loose if c not in taken]
                    if not taken and a not in houses:
                        continue
                    if not splits_into([c.rank for c in taken], a) or some_group_sums(rest, a):
                        continue
                    if keeps(hand_after, owned - {a}) and not key_card_blocks(card, True, None):
                        found.add(f"{card}x{format_cards(sorted_cards(taken), '')}")
            elif keeps(hand_after, owned) and not key_card_blocks(card, False, None):
                found.add(str(card))
        for value in range(9, 14):
            if bid_only is not None and value != bid_only:
                continue
            for taken in subsets(deal.loose):
                rest = [c.rank for c in deal.loose if c not in taken]
                if some_group_sums(rest, value):
                    continue
                taken_values = [c.rank for c in taken]
                ways: list[int | None] = []
                alone_without_house = a == value and not taken and value not in houses
                if splits_into([a, *taken_values], value) and not alone_without_house:
                    ways.append(None)
                for broken, house in houses.items():
                    if house.cemented or seat in house.owners or broken >= value:
                        continue
                    if broken + a == value and splits_into(taken_values, value):
                        ways.append(broken)
                    elif rules.loose_card_break and a == value:
                        for raise_card in taken:
                            others = list(taken_values)
                            others.remove(raise_card.rank)
                            if broken + raise_card.rank == value and splits_into(others, value):
                                ways.append(broken)
                                break
                for broken in ways:
                    existing = houses.get(value)
                    if existing is None:
                        if broken is None and rules.limited_houses and len(houses) >= 2:
                            continue
                        becomes_owner = True
                    else:
                        becomes_owner = partner not in existing.owners
                    if not keeps(hand_after, owned | {value} if becomes_owner else owned):
                        continue
                    if (
                        restricted
                        and rules.rawalpindi
                        and existing is None
                        and value in RAWALPINDI_KEYS
                        and value not in deal.values_built
                        and RAWALPINDI_KEYS[value] not in hand
                    ):
                        continue
                    if key_card_blocks(card, False, value):
                        continue
                    text = f"{card}h{value}" + (f"b{broken}" if broken is not None else "")
                    if taken:
                        text += "+" + format_cards(sorted_cards(taken), "")
                    found.add(text)
    if not found and restricted and rules.rawalpindi:
        return brute_force_moves(deal, restricted=False)
    return found

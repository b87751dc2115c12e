"""A slow, independent enumerator of legal Suipe plays, straight from the rule text."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.cards import Card, format_cards, sorted_cards
from engine.suipe import SuipeDeal


def splits(values: Sequence[int], target: int, distinct: bool, first: int | None = None) -> bool:
    """Can the values be split into groups worth `target` (each with distinct values when
    `distinct`)? With `first`, that value must sit in a group of its own choosing first."""
    items = list(values)
    if first is not None:
        items.insert(0, first)
    if not items:
        return True
    head, rest = items[0], items[1:]
    for size in range(len(rest) + 1):
        for combo in combinations(range(len(rest)), size):
            group = [head, *(rest[i] for i in combo)]
            if sum(group) != target or (distinct and len(set(group)) != len(group)):
                continue
            left = [rest[i] for i in range(len(rest)) if i not in combo]
            if splits(left, target, distinct):
                return True
    return False


def subsets(cards: Sequence[Card]):
    for size in range(len(cards) + 1):
        yield from combinations(cards, size)


def brute_force_moves(deal: SuipeDeal) -> set[str]:
    seat = deal.turn
    hand = deal.hands[seat]
    numerals = [c for c in deal.loose if c.rank <= 10]
    found: set[str] = set()
    for card in hand:
        r = card.rank
        after = list(hand)
        after.remove(card)
        holds = {c.rank for c in after}
        if r > 10:
            found.update(f"{card}x{face}" for face in deal.loose if face.rank == r)
            continue
        for taken in subsets(numerals):
            values = [c.rank for c in taken]
            text = format_cards(sorted_cards(taken), "")
            if splits(values, r, False):
                if taken:
                    found.add(f"{card}x{text}")
                if r in deal.builds:
                    found.add(f"{card}x{text}@")
            for value in range(2, 11):
                if value not in holds:
                    continue
                if (taken or value in deal.builds) and splits(values, value, True, first=r):
                    found.add(f"{card}={value}" + (f"+{text}" if taken else ""))
            for raised, build in deal.builds.items():
                if build.multiple:
                    continue
                for value in range(raised + r, 11):
                    if value not in holds:
                        continue
                    need = value - raised - r
                    for own in subsets(taken):
                        own_values = [c.rank for c in own]
                        if sum(own_values) != need or len({r, *own_values}) != len(own) + 1:
                            continue
                        rest = [c.rank for c in taken if c not in own]
                        if splits(rest, value, True):
                            found.add(f"{card}^{raised}={value}" + (f"+{text}" if taken else ""))
                            break
    trails = {str(card) for card in hand}
    if not any(build.builder == seat for build in deal.builds.values()) or not found:
        found |= trails
    return found

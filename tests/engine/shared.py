"""Test helpers: for every game (random play, moves in notation, refused moves), for the
fishing games (suit choices, positions, views) and for the trick-taking ones (a match's copy)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, count, product
from typing import Any

import pytest

from engine.cards import Card, sorted_cards
from engine.core import IllegalMove


def every_suit_choice(floor: Sequence[Card], action: Any) -> set[str]:
    """The action with every choice of equal-valued loose cards (the engine lists one)."""
    if not action.loose:
        return {action.notation}
    needed: dict[int, int] = {}
    for card in action.loose:
        needed[card.rank] = needed.get(card.rank, 0) + 1
    per_rank = [
        list(combinations([c for c in floor if c.rank == rank], count))
        for rank, count in needed.items()
    ]
    out = set()
    for choice in product(*per_rank):
        cards = sorted_cards([card for combo in choice for card in combo])
        out.add(action._replace(loose=cards).notation)
    return out


def redeal(places: Sequence[list[Card]], rng: random.Random | None = None) -> None:
    """Shuffle the cards of these places among them, keeping every place's size."""
    pool = [card for place in places for card in place]
    (rng or random.Random(len(pool))).shuffle(pool)
    for place in places:
        size = len(place)
        place[:] = pool[:size]
        del pool[:size]


def check_position_round_trip(
    deal: Any, format_position: Callable[[Any], str], parse_position: Callable[[str], Any]
) -> None:
    """A deal written as a position reads back as the same position, offering the same moves."""
    text = format_position(deal)
    again = parse_position(text)
    assert format_position(again) == text
    assert again.legal_actions() == deal.legal_actions()


def check_views_hide(match: Any, hidden_swapped: Callable[[Any, int | None], Any]) -> None:
    """The public view and the mover's do not change when the cards they cannot see do."""
    assert match.view() == hidden_swapped(match, None).view()
    mover = match.current_player
    assert match.view(mover) == hidden_swapped(match, mover).view(mover)


def engine_moves(deal: Any) -> set[str]:
    """A fishing deal's legal moves, with every choice of equal-valued loose cards."""
    out: set[str] = set()
    for action in deal.legal_actions():
        out |= every_suit_choice(deal.loose, action)
    return out


def first_deal_positions(match: Any, rng: random.Random, most_loose: int) -> Iterator[Any]:
    """The positions of a match's first deal with at most `most_loose` loose cards, the
    deal played on at random."""
    deal = match.deal
    while match.deal is deal and not match.is_terminal:
        if len(deal.loose) <= most_loose:
            yield deal
        match.apply(rng.choice(match.legal_actions()))


def played_at_random(
    match: Any,
    seed: int,
    plays: int | None = None,
    until: Callable[[Any], bool] = lambda match: bool(match.is_terminal),
) -> Any:
    """`match` after legal moves drawn at random from `seed`: `plays` of them at most (None:
    as many as it takes), fewer where `until` holds first (by default, the match is over)."""
    rng = random.Random(seed)
    for _ in count() if plays is None else range(plays):
        if until(match):
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def refused(deal: Any, action: Any, reason: str | None = None) -> None:
    """The move is not offered, and played anyway it is refused (saying `reason`)."""
    assert action.notation not in {offered.notation for offered in deal.legal_actions()}
    with pytest.raises(IllegalMove, match=reason):
        deal.apply(action)


def random_deals_checked(
    match: Any,
    rng: random.Random,
    before_move: Callable[[Any, Any], None],
    finished: Callable[[Any], None],
    most_deals: int | None = None,
) -> tuple[int, Any]:
    """Plays `match` at random to its end (or until `most_deals` deals have finished),
    checking each position with `before_move(match, deal)` and each finished deal with
    `finished`; the match then replays from its stored form to the same deal results and view.
    Returns how many deals finished and the replayed match (for the game's own comparisons)."""
    deals = 0
    while not match.is_terminal and (most_deals is None or deals < most_deals):
        deal = match.deal
        before_move(match, deal)
        match.apply(rng.choice(match.legal_actions()))
        if match.deal is not deal or match.is_terminal:
            finished(deal)
            deals += 1
    replayed = type(match).from_dict(match.to_dict())
    assert replayed.deal_results == match.deal_results
    assert replayed.view() == match.view()
    return deals, replayed


def trick_match_copy(match: Any) -> Any:
    """A trick-taking match around a copy of its hand, with its running totals (Sedma's
    scores, Sheepshead's sheet), its finished hands and their count: what to deal around again."""
    other = type(match).from_position(match.deal.copy())
    setattr(other, match.totals_name, list(getattr(match, match.totals_name)))
    other.deal_results, other.deal_number = list(match.deal_results), match.deal_number
    return other


def played(deal: Any, parse: Callable[[str], Any], *moves: str) -> Any:
    """`deal` after the `moves` (in the game's notation, read by `parse`), one after another."""
    for move in moves:
        deal.apply(parse(move))
    return deal

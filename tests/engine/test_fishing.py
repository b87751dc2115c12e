from __future__ import annotations

import random

from engine.fishing import (
    _takes_by_rests,
    _takes_by_search,
    any_takes,
    completed_takes,
    count_of,
    groups_within,
    maximal_takes,
    split_groups,
    values_of,
    vector,
)


def takes(loose: list[int], target: int) -> set[tuple[int, ...]]:
    return {tuple(values_of(t)) for t in maximal_takes(vector(loose), target)}


def test_jack_on_2_3_5_6_takes_2_3_6_or_5_6() -> None:
    assert takes([2, 3, 5, 6], 11) == {(2, 3, 6), (5, 6)}


def test_ten_on_1_2_3_4_6_9_never_leaves_a_ten_group() -> None:
    assert takes([1, 2, 3, 4, 6, 9], 10) == {(1, 2, 3, 4), (1, 3, 6), (1, 4, 6, 9)}


def test_nothing_to_take_is_the_empty_take() -> None:
    assert takes([2, 3], 9) == {()}


def test_partial_takes_list_every_non_empty_disjoint_choice() -> None:
    found = {tuple(values_of(t)) for t in any_takes(vector([1, 2, 3, 5, 6, 8]), 8)}
    assert (8,) in found and (2, 6) in found and (3, 5) in found
    assert (2, 3, 5, 6, 8) in found and (1, 2, 5, 8) in found
    assert (1, 2, 3, 5, 6, 8) not in found


def test_vectors_count_repeated_values() -> None:
    packed = vector([4, 4, 4, 4, 13])
    assert count_of(packed, 4) == 4 and count_of(packed, 13) == 1


def test_split_groups_finds_the_groups_of_a_capture() -> None:
    assert split_groups([2, 9, 11], 11) == [[2, 9], [11]]
    assert split_groups([2, 3], 11) is None


def test_both_take_algorithms_agree_on_crowded_floors() -> None:
    """Small floors are searched removal by removal, big ones through group-free remainders:
    on any floor the two must give the same takes."""
    rng = random.Random(5)
    big_floors = 0
    for _ in range(400):
        values = [rng.randint(1, 8) for _ in range(rng.randint(0, 16))]
        values = [v for v in values if values.count(v) <= 4]
        loose = vector(values)
        big_floors += len(values) > 8
        target = rng.randint(1, 13)
        assert _takes_by_search(loose, target) == _takes_by_rests(loose, target, 0)
        card = rng.randint(1, target - 1) if target > 1 else None
        if card:
            by_search: set[int] = set()
            for base in groups_within(loose, target - card):
                by_search |= {base + taken for taken in _takes_by_search(loose - base, target)}
            assert frozenset(by_search) == _takes_by_rests(loose, target, card)
            assert completed_takes(loose, card, target) == frozenset(by_search)
    assert big_floors > 100

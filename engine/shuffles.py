"""A match's shuffles from its seed, and what a deal draws its randomness from.

Kept apart from `engine.fairness` (which says them too): a process that only plays seeded
matches (a simulation, a benchmark, a script) never loads the secret deals and their keys.
The cut lives in `engine.cut` (named here as before)."""

from __future__ import annotations

import random
import sys
from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, cast

if TYPE_CHECKING:
    from engine.cut import Cut as Cut
    from engine.cut import parse_cut as parse_cut
    from engine.fairness import DealKeys


def __getattr__(name: str) -> Any:
    """`Cut` and `parse_cut`, kept in `engine.cut` (loaded by the first cut or secret deal,
    never by a process that only plays seeded matches) and named here as before."""
    if name in ("Cut", "parse_cut"):
        from engine import cut

        return getattr(cut, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Shuffler(Protocol):
    """What a deal draws its randomness from: `DealStream`, or `random.Random` for tests."""

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...

    def randrange(self, start: int, stop: int | None = None, /) -> int: ...


Seed: TypeAlias = "int | DealKeys"
"""What a match is seeded with: `DealKeys` for secret deals, or an int for a reproducible
`random.Random` shuffle (tests, simulations, and tables stored before secret deals)."""


def deal_keys(seed: Seed) -> DealKeys | None:
    """`seed` if it is `DealKeys` (there are none before `engine.fairness` is loaded)."""
    fairness = sys.modules.get("engine.fairness")
    if fairness is not None and isinstance(seed, fairness.DealKeys):
        return cast("DealKeys", seed)
    return None


def shuffle(rng: Shuffler, items: list[Any]) -> None:
    """`rng.shuffle(items)`. A `random.Random`'s shuffle (a seeded match's) is made here with
    the same draws in the same order (its `_randbelow`: `getrandbits` of the bound's bit length
    until one falls below it), without a Python call for each card."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, bound, bits in _DRAWS[len(items)]:
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


class _Draws(dict[int, tuple[tuple[int, int, int], ...]]):
    """For each deck size, `random.Random.shuffle`'s positions from the last down to 1, each
    with its bound (position + 1) and the bound's bit length."""

    def __missing__(self, size: int) -> tuple[tuple[int, int, int], ...]:
        draws = self[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        return draws


_DRAWS = _Draws()


class Shuffles:
    """A match's shuffles in order, from its seed: each from its own secret with `DealKeys`;
    with an int seed, all from one `random.Random(seed)`, exactly as before secret deals."""

    def __init__(self, seed: Seed) -> None:
        self.seed = seed
        self.made = 0  # shuffles made so far
        self.keys = keys = deal_keys(seed)
        self._legacy = None if keys is not None else random.Random(seed)  # type: ignore[arg-type]

    def first_dealer(self, players: int) -> int:
        legacy = self._legacy
        if legacy is not None:
            if type(legacy) is random.Random and players > 0:  # `randrange`'s own draws
                bits = players.bit_length()
                first = legacy.getrandbits(bits)
                while first >= players:
                    first = legacy.getrandbits(bits)
                return first
            return legacy.randrange(players)
        assert self.keys is not None
        return self.keys.choose_first_dealer(players)

    def next(self, dealer: int | None = None) -> Shuffler:
        """The numbers of the next shuffle (`dealer`, where given, is kept for its record)."""
        self.made += 1
        if self._legacy is not None:
            return self._legacy
        keys = self.keys
        assert keys is not None
        if dealer is not None:
            keys.note_dealer(self.made - 1, dealer)
        return keys.stream(self.made - 1)

    def commitment(self) -> str | None:
        """The commitment to the latest shuffle's secret (None without secret deals)."""
        keys = self.keys
        return keys.commitment(self.made - 1) if keys is not None and self.made else None

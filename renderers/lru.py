"""A least-recently-used cache bounded by the total size of what it keeps, shared by worker
threads (the images are drawn in the bot's worker threads)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """Items of a total `weight` (default 1 each: a count) up to `limit` kept, the least
    recently used dropped first; `size` is the total kept."""

    def __init__(self, limit: int, weight: Callable[[V], int] = lambda _: 1) -> None:
        self.limit = limit
        self.weight = weight
        self.size = 0
        self.items: OrderedDict[K, V] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def get_many(self, keys: Sequence[K]) -> list[V | None]:
        items = self.items
        with self.lock:
            found = [items.get(key) for key in keys]
            for key, value in zip(keys, found, strict=True):
                if value is not None:
                    items.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        """Keep `value` (a key kept already keeps its first value: the same by the caller's
        contract)."""
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return
            self.items[key] = value
            self.size += self.weight(value)
            while self.size > self.limit and self.items:
                _, dropped = self.items.popitem(last=False)
                self.size -= self.weight(dropped)

    def __contains__(self, key: object) -> bool:
        return key in self.items

    def __len__(self) -> int:
        return len(self.items)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.size = 0

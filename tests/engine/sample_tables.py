"""A table of every built-in game at a size it is played at, for tests and benchmarks that go
over every game (deals, records)."""

from __future__ import annotations

from typing import Any

BUILT_IN_TABLES: list[tuple[str, dict[str, Any]]] = [
    ("seep", {"players": 4}),
    ("seep30", {"players": 2}),
    ("suipe", {"players": 3}),
    ("sedma", {"players": 4}),
    ("hola", {"players": 2}),
    ("sheepshead", {"players": 5}),
]

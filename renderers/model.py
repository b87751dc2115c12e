"""The table image's model: a game's view makes its family's picture (`engine.pictures`).

The renderers draw pictures only, so the drawing code never sees a game object, and nothing
from a hidden hand can reach a public image: a public picture is built from a public view.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import GameView
from engine.pictures import (
    PileModel,
    SeatModel,
    TableModel,
    TablePicture,
    TrickSeat,
    TrickTable,
    default_names,
)

__all__ = [
    "PileModel",
    "SeatModel",
    "TableModel",
    "TablePicture",
    "TrickSeat",
    "TrickTable",
    "default_names",
    "table_model",
]


def table_model(view: GameView, names: Sequence[str] | None = None) -> TablePicture:
    return view.picture(names or default_names(view.players))

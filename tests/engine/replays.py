"""Seeded matches of every built-in game, played by the computer players, written down as
everything a player could notice: the moves offered and how they are worded, every seat's and
the public view, the pictures built from them, the records, hints, deal reports, positions and
the outcome. `tests/engine/test_replays.py` compares a fingerprint of each transcript with the
stored one (`replays.json`), so a change inside the engines that should not change behaviour
(sharing code between games) is checked against the engines as they were.

Run by hand after a change that is meant to change what players see:
    python -m tests.engine.replays --write        # store the new fingerprints
    python -m tests.engine.replays --dump DIR     # write the transcripts, to diff two versions
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import importlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine import registry
from engine.ai import choose_action, suggest
from engine.cards import Card
from engine.core import PUBLIC, GameState

STORED = Path(__file__).with_name("replays.json")
NAMES = ("Asha", "Bilal", "Chen", "Dana", "Eko", "Farid")
LEVELS = ("easy", "normal")
MAX_STEPS = 400  # enough for a whole short match; longer ones are cut here

# (game, options, seeds): every game at each table size, with options that change the rules
CASES: tuple[tuple[str, dict[str, Any], tuple[int, ...]], ...] = (
    ("seep", {"players": 4}, (1, 2, 3)),
    ("seep", {"players": 2}, (4, 5)),
    ("seep30", {"players": 4}, (6, 7)),
    ("seep30", {"players": 2}, (8,)),
    ("suipe", {"players": 2}, (9, 10)),
    ("suipe", {"players": 3}, (11, 12)),
    ("suipe", {"players": 4}, (13, 14)),
    ("sedma", {"players": 2}, (15, 16)),
    ("sedma", {"players": 3}, (17,)),
    ("sedma", {"players": 4}, (18, 19)),
    ("hola", {"players": 2}, (20,)),
    ("hola", {"players": 4}, (21, 22)),
    ("sheepshead", {"players": 5}, (23, 24, 25)),
    ("sheepshead", {"players": 3}, (26, 27)),
    ("sheepshead", {"players": 4}, (28,)),
)

POSITION_MODULES = {
    "seep": "engine.seep.position",
    "seep30": "engine.seep.position",
    "suipe": "engine.suipe.position",
    "sedma": "engine.sedma.position",
    "hola": "engine.sedma.position",
    "sheepshead": "engine.sheepshead.position",
}


def plain(value: Any) -> Any:
    """`value` as JSON data, by its fields (not its class name) so moving a type keeps it."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: plain(getattr(value, name)) for name in value._fields}
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(json.dumps(plain(v), sort_keys=True) for v in value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if callable(value):
        return "<words>"  # told where it is shown (an outcome's line: see `describe`)
    return repr(value)


def _views(match: GameState, names: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for who in [*range(match.num_players), PUBLIC]:
        view = match.view(who)
        key = str(who)
        out[key] = {
            "view": plain(view),
            "picture": plain(view.picture(names)),
        }
        if match.deals_finished:
            out[key]["summary"] = plain(view.summary_picture(names))
        if who is not PUBLIC:
            out[key]["hand"] = plain(view.hand_picture())
        recap = getattr(view, "recap_picture", None)
        if recap is not None and match.deals_finished:
            out[key]["recap"] = plain(recap(names))
    return out


def _position(game: str, match: GameState) -> str | None:
    deal = getattr(match, "deal", None)
    if deal is None:
        return None
    module = importlib.import_module(POSITION_MODULES[game])
    try:
        text = str(module.format_position(deal))
    except Exception as error:  # a position some phase cannot write: noticed as such
        return f"! {type(error).__name__}: {error}"
    again = module.format_position(_deal_of(module.parse_position(text)))
    return text if again == text else f"{text} ≠ {again}"


def _deal_of(parsed: Any) -> Any:
    return parsed[0] if isinstance(parsed, tuple) else parsed


def transcript(game: str, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Everything a seeded match shows, step by step."""
    match = registry.new_match(game, seed, **options)
    names = NAMES[: match.num_players]
    rng = random.Random(seed)
    yield {"start": plain(match.to_dict()), "position": _position(game, match)}
    for step in range(MAX_STEPS):
        if match.is_terminal:
            break
        player = match.current_player
        assert player is not None
        legal = match.legal_actions()
        entry: dict[str, Any] = {
            "player": player,
            "side": [match.side_of(p) for p in range(match.num_players)],
            "legal": [a.notation for a in legal],
            "words": [match.describe(a, names) for a in legal],
            "groups": plain(match.move_groups()),
            "views": _views(match, names),
            "position": _position(game, match),
        }
        if step % 7 == 0:
            hint = suggest(match, player, seed)
            entry["hint"] = [hint.action.notation, hint.reason]
        action = choose_action(match, player, LEVELS[step % 2], rng)
        finished = match.deals_finished
        record = match.apply(action.notation, player)
        entry["played"] = action.notation
        entry["told"] = record.told(names[player])
        if match.deals_finished > finished:
            report = match.deal_report(match.deals_finished, names)
            entry["report"] = plain(report)
        yield entry
    ending: dict[str, Any] = {"terminal": match.is_terminal, "saved": plain(match.to_dict())}
    if match.is_terminal:
        ending["returns"] = list(match.returns())
        ending["outcome"] = plain(match.outcome())
        ending["result"] = match.outcome().describe(names)
        ending["views"] = _views(match, names)
    again = registry.restore(match.to_dict())
    ending["restored"] = plain(again.view(PUBLIC)) == plain(match.view(PUBLIC))
    yield ending


def case_key(game: str, options: dict[str, Any], seed: int) -> str:
    return f"{game} {json.dumps(options, sort_keys=True)} seed {seed}"


def cases() -> Iterator[tuple[str, dict[str, Any], int]]:
    for game, options, seeds in CASES:
        for seed in seeds:
            yield game, options, seed


def fingerprint(game: str, options: dict[str, Any], seed: int) -> str:
    digest = hashlib.sha256()
    for entry in transcript(game, options, seed):
        digest.update(json.dumps(entry, sort_keys=True, ensure_ascii=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="store the fingerprints")
    parser.add_argument("--dump", type=Path, help="write each transcript to this folder")
    args = parser.parse_args()
    stored: dict[str, str] = {}
    for game, options, seed in cases():
        key = case_key(game, options, seed)
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            path = args.dump / (key.replace(" ", "_").replace('"', "") + ".jsonl")
            with path.open("w") as out:
                for entry in transcript(game, options, seed):
                    out.write(json.dumps(entry, sort_keys=True, ensure_ascii=False) + "\n")
        stored[key] = fingerprint(game, options, seed)
        print(key, stored[key][:16])
    if args.write:
        STORED.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()

"""Every example in docs/notation.md is read by the engine: the cards, each game's moves, each
game's position (with every option its first line is documented to take) and the command-line
example. A documented form the parser refuses fails here."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import MISSING
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.__main__ import main
from engine.cards import parse_cards
from engine.core import GameError, RulesRecord
from engine.games import match_from_position
from engine.notation import parse_options
from engine.sedma.actions import parse_action as sedma_action
from engine.sedma.rules import SedmaRules
from engine.seep.actions import parse_action as seep_action
from engine.seep.rules import SeepRules
from engine.sheepshead.actions import parse_action as sheepshead_action
from engine.sheepshead.rules import SheepsheadRules
from engine.suipe.actions import parse_action as suipe_action
from engine.suipe.rules import SuipeRules

DOC = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")

# per game section: its move parser, its rules and the game names its first line may take
GAMES: dict[str, tuple[Callable[[str], Any], type, tuple[str, ...]]] = {
    "Seep": (seep_action, SeepRules, ("seep", "seep30")),
    "Suipe": (suipe_action, SuipeRules, ("suipe",)),
    "Sedma and Hola": (sedma_action, SedmaRules, ("sedma", "hola")),
    "Sheepshead": (sheepshead_action, SheepsheadRules, ("sheepshead",)),
}
NOT_CARDS = {"A 2 3 4 5 6 7 8 9 10 J Q K", "S H D C", "T", "♠ ♥ ♦ ♣", "+"}  # the alphabet


def sections() -> dict[str, str]:
    parts = re.split(r"^## (.+)$", DOC, flags=re.M)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def game_text(game: str) -> str:
    """A game's sections: its moves and its positions (Sedma and Sheepshead have one)."""
    found = {t: b for t, b in sections().items() if t == game or t.startswith(f"{game} ")}
    assert found, f"docs/notation.md has no section for {game}"
    return "\n".join(found.values())


def code_blocks(text: str) -> list[tuple[str, str]]:
    return re.findall(r"```(\w*)\n(.*?)```", text, flags=re.S)


def backticked(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


def move_examples(game: str) -> list[str]:
    """The first column of a moves table, or the backticked moves of a `Moves:` paragraph."""
    text = game_text(game)
    table = sections().get(f"{game} moves", "")  # a positions table lists lines, not moves
    rows = re.findall(r"^\| `([^`]+)` \|", table, flags=re.M)
    paragraph = re.search(r"^Moves: (.*?)In words:", text, flags=re.M | re.S)
    return rows + (backticked(paragraph.group(1)) if paragraph else [])


def positions(game: str) -> list[str]:
    """The position blocks, and the positions the command-line examples pass."""
    found = []
    for lang, body in code_blocks(game_text(game)):
        if lang == "bash":
            for line in body.splitlines():
                words = shlex.split(line)
                if words[:4] == ["python", "-m", "engine", "moves"]:
                    found.append(words[4])
        else:
            found.append(body)
    return found


def option_examples(game: str, rules: type[RulesRecord]) -> list[str]:
    """Every `name=value` or flag the section shows for a first line (in a block's comments
    or in backticks), each value of `a|b|c` apart and `N` as a number."""
    text = game_text(game)
    shown = backticked(text)
    for _, body in code_blocks(text):
        shown += [line.partition("#")[2] for line in body.splitlines()]
    defaults = {name: value for name, value in rules.option_defaults().items() if name != "game"}
    options = []
    for piece in shown:
        for name, value in re.findall(r"\b([a-z_]+)(?:=([\w|]+))?", piece):
            if name not in defaults:
                continue
            if not value:
                options.append(name)
                continue
            for one in value.split("|"):
                if one == "N":
                    default = defaults[name]
                    one = str(default if isinstance(default, int) and default > 0 else 1)
                    assert default is not MISSING
                options.append(f"{name}={one}")
    return sorted(set(options))


def test_every_built_in_game_has_a_section_here() -> None:
    """A built-in game left out of `GAMES` would have its section (or its lack of one) go
    unchecked: each name of `engine.registry.BUILT_IN` is one of a section's games."""
    checked = {name for _, _, names in GAMES.values() for name in names}
    assert sorted(set(registry.BUILT_IN) - checked) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_every_move_example_is_read(game: str) -> None:
    parse, _, _ = GAMES[game]
    examples = move_examples(game)
    assert len(examples) >= 4
    for text in examples:
        assert parse(text).notation.lower() == text.lower() or text == "unknown", text


@pytest.mark.parametrize("game", list(GAMES))
def test_every_position_example_is_read_and_has_a_move(game: str) -> None:
    examples = positions(game)
    assert examples, f"no position example for {game}"
    for text in examples:
        match = match_from_position(text)
        assert registry.game(text.split()[0]).display_name
        assert match.legal_actions(), text


@pytest.mark.parametrize("game", list(GAMES))
def test_every_option_a_first_line_shows_is_read(game: str) -> None:
    _, rules, names = GAMES[game]
    options = option_examples(game, rules)
    assert options
    for option in options:
        accepted = []
        for name in names:
            try:
                accepted.append(parse_options(rules, "game", [name, option]))
            except GameError:
                continue
        assert accepted, f"{option} is refused by {' and '.join(names)}"


def test_the_sheepshead_options_shown_are_read_in_a_position() -> None:
    example = positions("Sheepshead")[0]
    for option, field, value in (("partner=jack", "partner", "jack"),
                                 ("no_pick=redeal", "no_pick", "redeal")):  # fmt: skip
        assert option in option_examples("Sheepshead", SheepsheadRules)
        first, _, rest = example.partition("\n")
        text = f"{first.partition('#')[0].strip()} {option}\n{rest}"
        match = match_from_position(text)
        assert getattr(match.deal.rules, field) == value


def test_every_card_example_is_read() -> None:
    text = sections()["Cards"]
    examples = [t for t in backticked(text) if t not in NOT_CARDS]
    assert len(examples) >= 8
    for example in examples:
        assert parse_cards(example), example
    assert parse_cards("2S 9S JC") == parse_cards("2S+9S+JC") == parse_cards("2S9SJC")
    assert parse_cards("td") == parse_cards("10D") and parse_cards("Q♠") == parse_cards("QS")


def test_the_command_line_example_lists_moves(capsys: pytest.CaptureFixture[str]) -> None:
    commands = [p for game in GAMES for p in positions(game) if "\n" not in p.strip()]
    assert commands
    for position in commands:
        assert main(["moves", position]) == 0
        assert capsys.readouterr().out.strip()

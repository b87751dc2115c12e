"""`python -m engine moves|play|simulate`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def test_moves_prints_every_legal_move_with_its_description(capsys) -> None:
    position = "seep | dealer: 0 | play: 0 | bid: 11 | floor: 2S 9S JC KD | hand 1: JD 7H 8C 8D"
    assert main(["moves", position]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["JDx2S9SJC  Capture 2♠+9♠ and J♣ with J♦"]


def test_moves_reports_a_bad_position_as_one_line(capsys) -> None:
    assert main(["moves", "seep | floor: 2S 2S"]) == 2
    assert "appears twice" in capsys.readouterr().err


def test_simulate_prints_totals(capsys) -> None:
    assert main(["simulate", "--games", "3", "--seed", "4", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "games: 3" in out and "baazis side 0:" in out and "deals/s" in out
    assert main(["simulate", "--game", "suipe", "--players", "3", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "games: 4  deals: 8" in out and "side" in out


def test_moves_reads_a_suipe_position(capsys) -> None:
    assert main(["moves", "suipe | dealer: 1 | turn: 0 | floor: 5D | hand 0: 3C 8H"]) == 0
    out = capsys.readouterr().out
    assert "3C=8+5D  Build 8 (valu), single: 3♣ on 5♦ — you hold an 8" in out


def test_play_in_the_terminal_until_the_player_quits() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--seed", "3"],
        input="1\n99\nnonsense\n1\nq\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Your hand:" in result.stdout and "You threw " in result.stdout  # told as done
    assert "Computer 3 bid 9: a 9-house" in result.stdout  # seats named from 1, as the moves say
    assert "Choose a number from 1 to" in result.stdout
    assert "is not a Seep move" in result.stdout


def test_play_offers_the_bots_levels_by_name_and_refuses_a_seat_not_at_the_table(
    capsys, monkeypatch
) -> None:
    from engine import __main__ as cli

    chosen: list[str] = []
    real = cli.choose_action

    def choose(match, player, level, rng):  # type: ignore[no-untyped-def]
        chosen.append(str(level))
        return real(match, player, level, rng)

    monkeypatch.setattr(cli, "choose_action", choose)
    for level in ("easy", "normal", "hard"):
        answers = iter(["1", "1", "1", "q"])  # three moves of the human seat, then quit
        monkeypatch.setattr("builtins.input", lambda _prompt, answers=answers: next(answers))
        chosen.clear()
        args = ["play", "--game", "sedma", "--players", "2", "--seat", "2", "--seed", "2"]
        assert main([*args, "--level", level]) == 0
        assert chosen and set(chosen) == {level}  # the computer seat played at that level
    assert main(["play", "--game", "seep", "--players", "4", "--seat", "5"]) == 2
    assert capsys.readouterr().err.strip().endswith(
        "error: --seat 5: a table of 4 has seats 1 to 4"
    )


def test_every_kind_of_table_option_reaches_the_rules(monkeypatch) -> None:
    """Yes/no and chosen options too, with dashes (`--winning_lead` still works): each
    reaches the match's rules as the bot's `/table new` would set it."""
    from engine import __main__ as cli

    made: list[dict[str, object]] = []
    real = cli.new_match

    def new_match(game, seed, **rules):  # type: ignore[no-untyped-def]
        made.append({"game": game, **rules})
        return real(game, seed, **rules)

    monkeypatch.setattr(cli, "new_match", new_match)
    args = ["simulate", "--games", "1", "--game", "sheepshead", "--players", "5",
            "--sheepshead-partner", "jack", "--no-double-on-bump", "--nobody-picks", "redeal"]
    assert main(args) == 0
    assert made[-1] == {"game": "sheepshead", "players": 5, "partner": "jack",
                        "double_on_bump": False, "no_pick": "redeal"}
    assert main(["simulate", "--games", "1", "--game", "suipe", "--players", "2",
                 "--hand-size", "6"]) == 0
    assert made[-1]["hand_size"] == 6  # the choice's own value, a number
    assert main(["simulate", "--games", "1", "--winning_lead", "30", "--players", "2"]) == 0
    assert made[-1]["target"] == 30


def test_a_trick_game_prints_no_sweeps_and_no_double_stops(capsys) -> None:
    assert main(["simulate", "--game", "hola", "--players", "2", "--games", "2"]) == 0
    assert "sweeps" not in capsys.readouterr().out
    result = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--game", "seep", "--players", "4",
         "--seed", "5", "--level", "random"],
        input="1\n" * 600, capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    # a baazi's words end with their own full stop: "… win a baazi.", not "… win a baazi.."
    assert "win a baazi." in result.stdout and ".." not in result.stdout


def test_moves_says_why_a_position_has_none(capsys) -> None:
    assert main(["moves", "seep | dealer: 0 | turn: 1 | floor: 2S"]) == 0
    assert capsys.readouterr().out.strip() == (
        "no legal moves: the player to move holds no cards: give their hand (hand 1: …)"
    )

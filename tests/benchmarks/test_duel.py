"""`python -m benchmarks.duel` refuses a checkout it cannot use with a sentence saying what
to give instead (the peer itself is never needed here: its code is not in this repository)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.duel import main


def refusal(capsys: pytest.CaptureFixture[str], peer: Path) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(["--peer", str(peer), "--shuffles", "1"])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert not captured.out, "nothing is played"
    return captured.err


def test_a_missing_checkout_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal(capsys, tmp_path / "nowhere")
    assert "no such directory" in said and "sheepsheadai" in said


def test_a_directory_without_the_peers_player_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = refusal(capsys, tmp_path)
    assert "sheepshead/scripted_agent.py is missing" in said
    assert "github.com/adamanthil/sheepsheadai" in said


def test_a_checkout_whose_player_does_not_load_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = tmp_path / "sheepshead"
    package.mkdir()
    (package / "__init__.py").write_text("import a_module_nobody_installed\n")
    (package / "scripted_agent.py").write_text("")
    said = refusal(capsys, tmp_path)
    assert "its player does not load" in said and "a_module_nobody_installed" in said

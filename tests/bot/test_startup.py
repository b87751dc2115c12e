"""Starting the bot without a token ends with one clear line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID")}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_the_bot_says_what_to_do_in_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {})
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and ".env.example" in lines[0]
    assert "Traceback" not in result.stderr + result.stdout


def test_settings_come_from_the_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nDISCORD_TOKEN='abc.def'\nDEV_GUILD_ID=123\n", encoding="utf-8")
    settings = load_settings(env_file)
    assert settings.token == "abc.def" and settings.dev_guild_id == 123
    assert "abc.def" not in repr(settings)
    env_file.write_text("DISCORD_TOKEN=x\nDEV_GUILD_ID=general\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        load_settings(env_file)

"""Starting the bot without a token ends with one clear line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID")}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
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


def test_invite_prints_the_link_with_exactly_the_permissions_the_bot_needs(tmp_path: Path) -> None:
    import base64
    from urllib.parse import parse_qs, urlparse

    from bot.__main__ import PERMISSIONS

    first = base64.b64encode(b"123456789012345678").decode().rstrip("=")
    result = run_bot(tmp_path, {"DISCORD_TOKEN": f"{first}.abcdef.ghijkl"}, "--invite")
    assert result.returncode == 0, result.stderr
    link = urlparse(result.stdout.strip())
    query = parse_qs(link.query)
    assert link.netloc == "discord.com" and query["client_id"] == ["123456789012345678"]
    assert set(query["scope"][0].split()) == {"bot", "applications.commands"}
    granted = int(query["permissions"][0])
    assert granted == PERMISSIONS.value
    for needed in ("send_messages", "embed_links", "attach_files", "create_public_threads"):
        assert getattr(PERMISSIONS, needed)
    assert not PERMISSIONS.administrator and not PERMISSIONS.manage_messages


def test_a_token_that_is_not_a_bot_token_gets_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "not-a-token"}, "--invite")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "seepbot: DISCORD_TOKEN does not look like a bot token"
    ]


def test_a_refused_token_or_no_network_gives_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "MTIz.abc.def"})
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert "refused the token" in lines[0] or "cannot reach Discord" in lines[0]

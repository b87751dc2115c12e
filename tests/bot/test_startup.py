"""Starting the bot without a token ends with one clear line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from tests.bot.running import run_bot
from tests.postgres_server import free_port


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


def test_a_database_that_cannot_be_reached_is_one_line(tmp_path: Path) -> None:
    port = free_port()
    url = f"postgresql://seep:secret@127.0.0.1:{port}/seep"
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "x.y.z", "DATABASE_URL": url})
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert "cannot open the PostgreSQL database" in lines[0] and f"127.0.0.1:{port}" in lines[0]
    assert "secret" not in result.stderr and "Traceback" not in result.stderr


def test_shards_come_from_the_command_line_or_the_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("DISCORD_TOKEN", "SHARDS", "SHARD_COUNT"):
        monkeypatch.delenv(key, raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=x\nSHARDS=0-1\nSHARD_COUNT=4\n", encoding="utf-8")
    plan = load_settings(env_file).shards
    assert plan is not None and plan.ids == (0, 1) and plan.count == 4
    plan = load_settings(env_file, {"SHARDS": "2,3", "SHARD_COUNT": "4"}).shards
    assert plan is not None and plan.ids == (2, 3)
    # every shard of the count when only the count is given; none at all by default
    plan = load_settings(env_file, {"SHARDS": "", "SHARD_COUNT": "2"}).shards
    assert plan is not None and plan.ids == (0, 1)  # the .env's 0-1 still applies
    env_file.write_text("DISCORD_TOKEN=x\n", encoding="utf-8")
    assert load_settings(env_file).shards is None
    result = run_bot(tmp_path, {"DISCORD_TOKEN": "x.y.z"}, "--shards", "0-8", "--shard-count", "8")
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and lines == [
        "seepbot: SHARDS: shard 8 does not exist: shards run from 0 to 7"
    ]

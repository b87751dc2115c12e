"""Starting the bot: every problem an operator can fix ends with one clear line and an exit
status that says whether to try again (2 for a setting to fix), never a traceback; settings
come from `.env` as other tools read it."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from tests.bot.running import TOKEN, run_bot
from tests.postgres_server import free_port


def test_without_a_token_the_bot_says_what_to_do_in_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {})
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and ".env.example" in lines[0]
    assert f"looked in {tmp_path / '.env'}: no such file" in lines[0]  # the folder it read
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
    server, user = result.stdout.strip().splitlines()
    assert server.startswith("Add it to a server: ")
    link = urlparse(server.split(": ", 1)[1])
    query = parse_qs(link.query)
    assert link.netloc == "discord.com" and query["client_id"] == ["123456789012345678"]
    assert set(query["scope"][0].split()) == {"bot", "applications.commands"}
    assert query["integration_type"] == ["0"]  # a server install
    # the user install: the app on a person's account, no bot member and no permissions
    assert user.startswith("Add it to your account ")
    personal = parse_qs(urlparse(user.split(": ", 1)[1]).query)
    assert personal["scope"] == ["applications.commands"] and "permissions" not in personal
    assert personal["integration_type"] == ["1"]
    granted = int(query["permissions"][0])
    assert granted == PERMISSIONS.value
    for needed in ("send_messages", "embed_links", "attach_files", "create_public_threads"):
        assert getattr(PERMISSIONS, needed)
    assert not PERMISSIONS.administrator and not PERMISSIONS.manage_messages


@pytest.mark.parametrize("command", [(), ("--sync",), ("--check",), ("--invite",)])
@pytest.mark.parametrize("token", ["not-a-token", "client-secret-abcdef", "eHl6.abc.def"])
def test_a_token_that_is_not_a_bot_token_is_caught_before_connecting(
    tmp_path: Path, command: tuple[str, ...], token: str
) -> None:
    """Starting, publishing, checking or inviting: the shape is checked first (a token that
    reached Discord would end with "refused" or "cannot reach Discord" instead), and no store
    is created."""
    result = run_bot(tmp_path, {"DISCORD_TOKEN": token}, *command)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "seepbot: DISCORD_TOKEN does not look like a bot token ("
    ), result.stderr
    assert token not in result.stderr and not (tmp_path / "data").exists()


def test_a_refused_token_or_no_network_gives_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN})
    connecting, *lines = result.stderr.strip().splitlines()
    assert connecting.endswith("INFO seepbot: connecting to Discord…"), result.stderr
    assert len(lines) == 1, result.stderr  # then the one line that says why
    assert "Traceback" not in result.stderr + result.stdout
    assert ("refused the token" in lines[0] and result.returncode == 77) or (
        "cannot reach Discord" in lines[0] and result.returncode == 75
    ), (result.returncode, lines)


def test_a_database_that_cannot_be_reached_is_one_line(tmp_path: Path) -> None:
    port = free_port()
    url = f"postgresql://seep:secret@127.0.0.1:{port}/seep"
    result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url})
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 75 and len(lines) == 1, result.stderr  # may be up later: retry
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
    result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN}, "--shards", "0-8", "--shard-count", "8")
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and lines == [
        "seepbot: SHARDS: shard 8 does not exist: shards run from 0 to 7"
    ]


def test_the_env_file_is_read_as_other_tools_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`export`, quotes, escapes, comments after a value and variables, as in a shell."""
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL", "DEV_GUILD_ID", "SEEP_HOME"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("SEEP_HOME", "/srv/seep")
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# the bot's settings\n"
        "export DISCORD_TOKEN=MTIz.abc.def  # from the Bot page\n"
        'DATABASE_PATH="${SEEP_HOME}/tables #1.sqlite3"\n'
        "LOG_LEVEL='debug'\n"
        "DEV_GUILD_ID=\n",
        encoding="utf-8",
    )
    settings = load_settings(env_file)
    assert settings.token == "MTIz.abc.def"
    assert settings.database_path == Path("/srv/seep/tables #1.sqlite3")
    assert settings.log_level == "DEBUG" and settings.dev_guild_id is None
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.from.environment")  # the environment wins
    assert load_settings(env_file).token == "MTIz.from.environment"


def test_a_wrong_server_id_says_where_to_find_one(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "my server"})
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1
    assert "Developer Mode" in lines[0] and "Copy Server ID" in lines[0]


def read_only_runner(folder: Path) -> tuple[str, ...]:
    """A command prefix under which `folder` is read-only: its permissions for a normal user;
    for root (who writes anyway) a read-only bind mount in a mount namespace of its own."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return ()
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("root without unshare: no way to make a folder read-only")
    prefix = (unshare, "-rm", "sh", "-c", 'mount --bind -o ro "$0" "$0" && exec "$@"', str(folder))
    probe = subprocess.run([*prefix, "touch", str(folder / "probe")], capture_output=True)
    if probe.returncode == 0 or b"Read-only" not in probe.stderr:
        pytest.skip(f"cannot mount {folder} read-only here: {probe.stderr.decode().strip()}")
    return prefix


@pytest.mark.parametrize("command", [(), ("--check",)])
def test_a_read_only_sqlite_folder_is_one_line(tmp_path: Path, command: tuple[str, ...]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    sqlite3.connect(data / "seepbot.sqlite3").close()  # an existing store, as after a deploy
    prefix = read_only_runner(data)
    try:
        result = run_bot(tmp_path, {"DISCORD_TOKEN": TOKEN}, *command, prefix=prefix)
    finally:
        data.chmod(0o755)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert lines[0].startswith("seepbot: cannot use the SQLite file data/seepbot.sqlite3")
    assert "must be able to write" in lines[0] and "Traceback" not in result.stderr


def test_check_reports_the_settings_the_token_and_the_store(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\n", encoding="utf-8")
    result = run_bot(tmp_path, {}, "--check")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    read = f" in {tmp_path}: settings from {tmp_path / '.env'} and the environment"
    assert lines[0].endswith(read)
    assert lines[1].startswith("seepbot: configuration ok: store data/seepbot.sqlite3 (SQLite)")
    assert TOKEN not in result.stdout
    assert lines[2] == "seepbot: the token has a bot token's shape (application 123)"
    # no store yet: said so, and none is made
    assert lines[3].startswith(f"seepbot: no store at {tmp_path / 'data/seepbot.sqlite3'} yet")
    assert not (tmp_path / "data").exists()
    (tmp_path / "data").mkdir()
    # a problem in any of the three is one line on stderr and a non-zero exit
    for env, expected in (
        ({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "chatty"}, "LOG_LEVEL must be"),
        ({"DISCORD_TOKEN": TOKEN, "METRICS_PORT": "99999"}, "METRICS_PORT must be"),
        ({"DISCORD_TOKEN": "MTIz"}, "does not look like a bot token"),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": "data"}, "cannot open the SQLite file data"),
    ):
        failed = run_bot(tmp_path, env, "--check")
        lines = failed.stderr.strip().splitlines()
        assert failed.returncode == 2 and len(lines) == 1, failed.stderr
        assert expected in lines[0], lines[0]

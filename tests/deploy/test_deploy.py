"""The deployment files: both compose files are valid by the Compose Specification's schema
(vendored here with its licence), the one-process service keeps SQLite on a volume and its
`postgres` profile points the bot at the PostgreSQL it starts, and the Dockerfile installs and
starts the bot with the README's own command. (No Docker engine runs here: the files are
read and checked, not built.)"""

from __future__ import annotations

import configparser
import json
import re
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema
import pytest
import yaml

from bot.config import DEFAULT_DATABASE, load_settings

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = Path(__file__).with_name("compose-spec.json")
COMPOSE_FILES = [ROOT / "compose.yaml", ROOT / "docs" / "deploy" / "compose.yaml"]
INSTRUCTIONS = {"FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT",
                "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK",
                "SHELL", "MAINTAINER"}  # fmt: skip


def readme_commands() -> tuple[str, list[str]]:
    """The README's first command, as (its install part, its start command's words)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)\n```", text, re.S)
    assert block, "the README starts with its commands"
    first = block.group(1).splitlines()[0]
    install, _, start = first.rpartition(" && ")
    return install, shlex.split(start)


def compose(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", COMPOSE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_compose_files_follow_the_compose_specification(path: Path) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$schema"].rstrip("#").endswith("draft/2019-09/schema")
    validator = jsonschema.Draft201909Validator  # the draft the schema names
    validator.check_schema(schema)
    errors = sorted(validator(schema).iter_errors(compose(path)), key=lambda e: e.json_path)
    assert not errors, [f"{e.json_path}: {e.message}" for e in errors]


def test_the_schema_catches_a_mistake() -> None:
    """(The check above can fail: a misspelt key is refused.)"""
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    broken = compose(ROOT / "compose.yaml")
    broken["services"]["bot"]["restart_policy"] = "always"
    assert list(jsonschema.Draft201909Validator(schema).iter_errors(broken))


def interpolate(text: str, env: dict[str, str]) -> str:
    """Compose's `${VAR}`, `${VAR:-default}` and `${VAR:+replacement}`."""

    def value(found: re.Match[str]) -> str:
        name, op, word = found["name"], found["op"], found["word"] or ""
        current = env.get(name, "")
        if op == ":-":
            return current or word
        if op == ":+":
            return word if current else ""
        return current

    return re.sub(r"\$\{(?P<name>\w+)(?:(?P<op>:[-+])(?P<word>[^}]*))?\}", value, text)


def bot_settings(profiles: str, tmp_path: Path) -> Any:
    """The bot's settings in the `bot` container, with COMPOSE_PROFILES as given."""
    service = compose(ROOT / "compose.yaml")["services"]["bot"]
    env = {k: interpolate(str(v), {"COMPOSE_PROFILES": profiles})
           for k, v in service["environment"].items()}  # fmt: skip
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=MTIz.abc.def\n", encoding="utf-8")
    return load_settings(env_file, overrides=env)


def test_one_process_keeps_sqlite_on_a_volume_or_uses_the_postgres_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("DATABASE_URL", "DATABASE_PATH", "DISCORD_TOKEN"):
        monkeypatch.delenv(key, raising=False)
    spec = compose(ROOT / "compose.yaml")
    bot, postgres = spec["services"]["bot"], spec["services"]["postgres"]
    assert "profiles" not in bot and postgres["profiles"] == ["postgres"]
    assert bot["build"] == "." and bot["env_file"] == ".env"
    assert bot["stop_signal"] == "SIGINT"
    workdir = dockerfile_value("WORKDIR")
    # by default: the SQLite file, on the named volume mounted where the bot keeps it
    settings = bot_settings("", tmp_path)
    assert settings.database_url is None and settings.database_path == DEFAULT_DATABASE
    mounts = dict(volume.split(":", 1)[::-1] for volume in bot["volumes"])
    assert mounts[f"{workdir}/{DEFAULT_DATABASE.parent}"] in spec["volumes"]
    # with the profile: the database that PostgreSQL service creates
    url = urlsplit(bot_settings("postgres", tmp_path).database_url)
    env = postgres["environment"]
    assert url.hostname == "postgres" and url.path == f"/{env['POSTGRES_DB']}"
    assert (url.username, url.password) == (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"])
    assert "ports" not in postgres  # the database is not published beyond the project


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions: (keyword, argument), continuation lines joined."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        keyword, _, argument = pending.strip().partition(" ")
        instructions.append((keyword.upper(), " ".join(argument.split())))
        pending = ""
    assert not pending, "a continued line at the end"
    return instructions


def dockerfile_value(keyword: str) -> str:
    values = [argument for name, argument in dockerfile() if name == keyword]
    assert values, f"no {keyword}"
    return values[-1]


def test_the_dockerfile_installs_and_starts_the_bot_with_the_readmes_command() -> None:
    instructions = dockerfile()
    assert all(name in INSTRUCTIONS for name, _ in instructions), instructions
    assert instructions[0][0] == "FROM"
    image = re.fullmatch(r"python:3\.(\d+)(-slim)?", instructions[0][1])
    assert image and int(image[1]) >= 11  # the README's Python 3.11 or newer
    install, start = readme_commands()
    runs = [argument for name, argument in instructions if name == "RUN"]
    assert any(run.startswith(install) for run in runs), (install, runs)
    assert json.loads(dockerfile_value("CMD")) == start == ["python", "-m", "bot"]
    # `python` is the environment's: its bin folder first on PATH, as `activate` does
    env = dockerfile_value("ENV")
    assert f'PATH="{dockerfile_value("WORKDIR")}/.venv/bin:$PATH"' in env.split()
    copied = {argument.split()[-2] for name, argument in instructions if name == "COPY"}
    copied |= {"pyproject.toml", "README.md"} if any(
        "pyproject.toml README.md" in argument for name, argument in instructions
    ) else set()
    packages = ("bot", "cogs", "engine", "renderers", "pyproject.toml", "README.md")
    assert set(packages) <= copied, copied
    assert dockerfile_value("STOPSIGNAL") == "SIGINT"
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored and "data/" in ignored  # the token and the store stay out


def test_the_systemd_units_start_the_installed_bot() -> None:
    for name, start in (("seepbot.service", "-m bot"), ("seepbot@.service", "-m bot --shards %i")):
        unit = configparser.ConfigParser(interpolation=None, strict=False)
        unit.read_string((ROOT / "docs" / "deploy" / name).read_text(encoding="utf-8"))
        service = unit["Service"]
        folder = service["WorkingDirectory"]
        assert service["ExecStart"] == f"{folder}/.venv/bin/python {start}", name
        assert service["KillSignal"] == "SIGINT" and unit["Install"]["WantedBy"]

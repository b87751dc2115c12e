"""The deployment files: both compose files are valid by the Compose Specification's schema
(vendored here with its licence); the one-process service keeps SQLite on a volume, its
`postgres` profile points the bot at the PostgreSQL it starts, and a DATABASE_URL in `.env`
wins over both; backups have a volume of their own and logs are rotated; the Dockerfile
installs the bot's wheel (built from what it copies) with the dependencies pinned by
constraints.txt, starts it with the README's start command and probes it with `--health`;
the restart policies leave alone the exit statuses a restart cannot mend. (No Docker engine
runs here: the files are read and checked, and the wheel is built as the image builds it.)"""

from __future__ import annotations

import configparser
import json
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import distribution
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema
import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bot import __version__
from bot.config import DEFAULT_DATABASE, load_settings, read_env_file
from bot.exits import HOLD_SETTING, NO_RESTART

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
    """Compose's `${VAR}`, `${VAR:-default}` and `${VAR:+replacement}`, nested as Compose
    nests them (`${A:-${B:+word}}`)."""
    out, at = [], 0
    while (start := text.find("${", at)) >= 0:
        out.append(text[at:start])
        value, at = _expression(text, start + 2, env)
        out.append(value)
    return "".join(out) + text[at:]


def _expression(text: str, at: int, env: dict[str, str]) -> tuple[str, int]:
    """The value of the `${…}` whose name starts at `at`, and where the text goes on."""
    name = re.match(r"\w+", text[at:])
    assert name, text
    at += name.end()
    current = env.get(name[0], "")
    if text[at] == "}":
        return current, at + 1
    op = text[at : at + 2]
    assert op in (":-", ":+"), text
    at += 2
    depth, start = 0, at
    while depth or text[at] != "}":  # the word, with its own ${…} inside
        depth += text.startswith("${", at)
        depth -= text[at] == "}"
        at += 1
    word = interpolate(text[start:at], env)
    if op == ":-":
        return current or word, at + 1
    return (word if current else ""), at + 1


def test_interpolation_as_compose_does_it() -> None:
    env = {"SET": "value", "EMPTY": ""}
    assert interpolate("${SET}/${UNSET}", env) == "value/"
    assert interpolate("${EMPTY:-${SET:+alt}}!", env) == "alt!"
    assert interpolate("${SET:-${UNSET:+alt}}", env) == "value"
    assert interpolate("a${UNSET:-${EMPTY:-x${SET}y}}b", env) == "axvalueyb"


def container_env(path: Path, service: str, dot_env: Path, shell: dict[str, str]) -> dict[str, str]:
    """A service's environment in its container, as Compose makes it: the project's `.env`
    (and the shell, which wins) fill in the file's `${…}`; the service's `env_file` is read,
    and its `environment` wins over it."""
    spec = compose(path)
    settings = spec["services"][service]
    variables = {**read_env_file(dot_env), **shell}
    env = read_env_file(dot_env) if settings.get("env_file") else {}
    for key, value in (settings.get("environment") or {}).items():
        env[key] = interpolate(str(value), variables)
    return env


def bot_settings(profiles: str, tmp_path: Path, dot_env: str = "") -> Any:
    """The bot's settings in the `bot` container, with COMPOSE_PROFILES as given and `.env`
    holding the token and `dot_env`."""
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN=MTIz.abc.def\n{dot_env}", encoding="utf-8")
    shell = {"COMPOSE_PROFILES": profiles} if profiles else {}
    env = container_env(ROOT / "compose.yaml", "bot", env_file, shell)
    return load_settings(tmp_path / "no-env-file-inside-the-image", overrides=env)


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


def test_a_database_url_in_the_env_file_is_used_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An admin's own PostgreSQL server, named in `.env` (the documented way), with or
    without the `postgres` profile: compose does not replace it (or empty it)."""
    for key in ("DATABASE_URL", "DATABASE_PATH", "DISCORD_TOKEN"):
        monkeypatch.delenv(key, raising=False)
    own = "postgresql://bot:pw@db.example.org:5432/cards"
    for profiles in ("", "postgres"):
        settings = bot_settings(profiles, tmp_path, f"DATABASE_URL={own}\n")
        assert settings.database_url == own, profiles
    # the shards' compose file too (its own database by default, the admin's when given)
    env_file = tmp_path / ".env"
    env_file.write_text(f"DATABASE_URL={own}\n", encoding="utf-8")
    sharded = ROOT / "docs" / "deploy" / "compose.yaml"
    assert container_env(sharded, "bot-0", env_file, {})["DATABASE_URL"] == own
    env_file.write_text("POSTGRES_PASSWORD=s3cret\n", encoding="utf-8")
    url = urlsplit(container_env(sharded, "bot-1", env_file, {})["DATABASE_URL"])
    assert (url.hostname, url.password) == ("postgres", "s3cret")


@pytest.mark.parametrize("path", COMPOSE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_service_rotates_its_logs_and_the_bot_holds_on_a_fatal_problem(path: Path) -> None:
    spec = compose(path)
    for name, service in spec["services"].items():  # (YAML's `<<:` merged in by the loader)
        logging_ = service.get("logging", {})
        assert logging_.get("driver") == "json-file", name
        assert re.fullmatch(r"\d+m", logging_["options"]["max-size"]), name
        assert int(logging_["options"]["max-file"]) >= 2, name
        if name.startswith("bot"):
            # restarted whatever ended it (and after a reboot), so the bot itself must not
            # end on a problem a restart cannot mend: it holds instead
            assert service["restart"] == "unless-stopped"
            assert service["environment"][HOLD_SETTING] == "1", name


def test_backups_have_a_volume_of_their_own() -> None:
    spec = compose(ROOT / "compose.yaml")
    mounts = dict(volume.split(":", 1)[::-1] for volume in spec["services"]["bot"]["volumes"])
    workdir = dockerfile_value("WORKDIR")
    data, backups = mounts[f"{workdir}/data"], mounts[f"{workdir}/backups"]
    assert data != backups and {data, backups} <= set(spec["volumes"])
    declared = json.loads(dockerfile_value("VOLUME"))
    assert {f"{workdir}/data", f"{workdir}/backups"} <= set(declared)
    # the documented command writes there: `backup` without a file uses backups/
    from bot.backup import DEFAULT_FOLDER

    assert str(DEFAULT_FOLDER) == "backups"


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


def stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's stages, each from its FROM."""
    found: list[list[tuple[str, str]]] = []
    for instruction in dockerfile():
        if instruction[0] == "FROM":
            found.append([])
        found[-1].append(instruction)
    return found


def test_the_image_installs_the_built_bot_with_pinned_dependencies_and_starts_it() -> None:
    instructions = dockerfile()
    assert all(name in INSTRUCTIONS for name, _ in instructions), instructions
    build, final = stages()
    for stage in (build, final):
        image = re.fullmatch(r"python:3\.(\d+)(-slim)?( AS \w+)?", stage[0][1])
        assert image and int(image[1]) >= 11  # the README's Python 3.11 or newer
    # the build stage copies the project and makes its wheel
    copied = {word for name, argument in build if name == "COPY" for word in argument.split()[:-1]}
    assert {"bot", "cogs", "engine", "renderers", "pyproject.toml", "README.md"} <= copied
    assert any(name == "RUN" and "pip wheel --no-deps" in arg for name, arg in build)
    # the image: the pinned dependencies first (a layer of their own), then the wheel alone
    runs = [argument for name, argument in final if name == "RUN"]
    pins = [i for i, run in enumerate(runs) if "-r constraints.txt" in run]
    wheel = [i for i, run in enumerate(runs) if "--no-deps" in run and ".whl" in run]
    assert pins and wheel and pins[0] < wheel[0], runs
    assert "-e " not in " ".join(runs)  # an installed bot, not an editable checkout
    assert not {"bot", "cogs", "engine", "renderers"} & {
        argument.split()[-2] for name, argument in final if name == "COPY"
    }  # and no source tree beside it, which `python -m` would import instead
    _, start = readme_commands()
    assert json.loads(dockerfile_value("CMD")) == start == ["python", "-m", "bot"]
    # `python` is the environment's: its bin folder first on PATH, as `activate` does
    env = dockerfile_value("ENV").split()
    assert f'PATH="{dockerfile_value("WORKDIR")}/.venv/bin:$PATH"' in env
    assert dockerfile_value("STOPSIGNAL") == "SIGINT"
    # healthy while the bot's heartbeat says it is connected
    health = dockerfile_value("HEALTHCHECK")
    assert json.loads(health.partition(" CMD ")[2]) == [*start, "--health"]
    assert any(word.startswith("HEALTH_FILE=/") for word in env)
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert ".env" in ignored and "data/" in ignored  # the token and the store stay out
    assert "constraints.txt" not in ignored


def runtime_requirements() -> list[Requirement]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(line) for line in project["dependencies"]]


def pinned() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"not pinned with ==: {line}"
            pins[canonicalize_name(name)] = version
    return pins


def test_the_images_dependencies_are_pinned_every_one() -> None:
    """constraints.txt pins each of the bot's dependencies, and theirs (as the installed
    distributions name them, on this Python), at versions pyproject.toml allows."""
    pins = pinned()
    for requirement in runtime_requirements():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not pinned"
        assert requirement.specifier.contains(pins[name]), (name, pins[name])
    needed: set[str] = set()
    todo = runtime_requirements()
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        marker = requirement.marker
        if name in needed or (marker and not marker.evaluate({"extra": ""})):
            continue
        needed.add(name)
        todo += [Requirement(line) for line in distribution(name).requires or []]
    assert set(pins) == needed, (sorted(needed - set(pins)), sorted(set(pins) - needed))


@pytest.mark.slow
def test_the_wheel_the_image_builds_holds_every_file_of_the_bot(tmp_path: Path) -> None:
    """Built from exactly what the Dockerfile's build stage copies: every file of the four
    packages is in it (catalogues, fonts, lessons: package data forgotten in pyproject.toml
    would be missing from the image), at this version."""
    build = stages()[0]
    source = tmp_path / "src"
    source.mkdir()
    for name, argument in build:
        if name == "COPY":
            *sources, _ = argument.split()
            for item in sources:
                origin = ROOT / item
                if origin.is_dir():
                    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
                    shutil.copytree(origin, source / item, ignore=ignore)
                else:
                    shutil.copy(origin, source / item)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(tmp_path / "wheels"), str(source)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (wheel,) = (tmp_path / "wheels").glob("*.whl")
    assert wheel.name == f"seepbot-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as built:
        inside = set(built.namelist())
    files = {
        str(path.relative_to(source))
        for package in ("bot", "cogs", "engine", "renderers")
        for path in (source / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert len(files) > 100 and not files - inside, sorted(files - inside)


def test_the_systemd_units_start_the_installed_bot() -> None:
    for name, start in (("seepbot.service", "-m bot"), ("seepbot@.service", "-m bot --shards %i")):
        unit = configparser.ConfigParser(interpolation=None, strict=False)
        unit.read_string((ROOT / "docs" / "deploy" / name).read_text(encoding="utf-8"))
        service = unit["Service"]
        folder = service["WorkingDirectory"]
        assert service["ExecStart"] == f"{folder}/.venv/bin/python {start}", name
        assert service["ExecStartPre"].startswith(f"{folder}/.venv/bin/python -m bot --check")
        assert service["KillSignal"] == "SIGINT" and unit["Install"]["WantedBy"]
        # restarted on failure, but never on a status a restart cannot mend (bot.exits)
        assert service["Restart"] == "on-failure"
        prevented = {int(code) for code in service["RestartPreventExitStatus"].split()}
        assert prevented == set(NO_RESTART), name
        assert service["NoNewPrivileges"] == "yes" and service["PrivateTmp"] == "yes"

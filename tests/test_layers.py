"""The shape of the code: which package may import which, no import cycle (an import inside a
function counts; one only for the type checker does not), and computer players that know no
game's words. Read from the source with `ast`, so every import is seen, taken or not."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "renderers", "bot", "cogs")
# what each package may import of ours (engine is pure, renderers draw pictures, bot never
# reaches up to the Discord glue in cogs)
ALLOWED = {
    "engine": {"engine"},
    "renderers": {"renderers", "engine"},
    "bot": {"bot", "engine", "renderers"},
    "cogs": {"cogs", "bot", "engine", "renderers"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {
    module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, except under `if TYPE_CHECKING:`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking_only(node):
            for other in node.orelse:
                yield from _imports(other)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from _imports(node)


def _ours(name: str) -> str | None:
    """The module of ours that `name` names (a module, or a name in a module), if any."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            ours = _ours(target)
            if ours is not None and ours != module:
                found.add(ours)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_has_no_cycle() -> None:
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_one_hidden_in_a_function() -> None:
    source = "def f():\n    from engine.cards import Card\n"
    hidden = [node for node in _imports(ast.parse(source))]
    assert len(hidden) == 1  # an import inside a function is an edge
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import engine.cards\n"
    assert [type(n).__name__ for n in _imports(ast.parse(typed))] == ["ImportFrom"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_what_its_layer_may(package: str) -> None:
    wrong = sorted(
        f"{module} → {target}"
        for module, targets in GRAPH.items()
        if module.split(".")[0] == package
        for target in targets
        if target.split(".")[0] not in ALLOWED[package]
    )
    assert wrong == []


# The fishing games' action kinds: engine/ai learns what a move does from the game's adapter.
ACTION_WORDS = {"bid", "throw", "trail", "capture", "house", "build", "raise"}


def test_the_computer_players_know_no_games_words() -> None:
    found = []
    for path in (ROOT / "engine" / "ai").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            said = node.value if isinstance(node, ast.Constant) else None
            if isinstance(said, str) and said.strip().lower() in ACTION_WORDS:
                found.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}: {said!r}")
    assert found == []


# The benchmarks' all-seeing player reads every hand: no package of the bot may reach it.
BENCHMARKS = "benchmarks"


def _names_benchmarks(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] == BENCHMARKS for alias in node.names)
    return node.level == 0 and (node.module or "").split(".")[0] == BENCHMARKS


def test_nothing_the_bot_runs_can_import_the_benchmarks() -> None:
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _imports(tree):
            if _names_benchmarks(node):
                found.append(f"{module}:{node.lineno}")
        for node in ast.walk(tree):  # importlib.import_module("benchmarks...") and the like
            said = node.value if isinstance(node, ast.Constant) else None
            if isinstance(said, str) and said.split(".")[0] == BENCHMARKS:
                found.append(f"{module}:{getattr(node, 'lineno', 0)}: {said!r}")
    assert found == []
    assert (ROOT / BENCHMARKS / "omniscient.py").is_file()  # (the check looks at the real name)


def test_the_benchmarks_check_finds_a_hidden_import() -> None:
    source = "def f():\n    from benchmarks.omniscient import omniscient_action\n"
    assert [_names_benchmarks(node) for node in _imports(ast.parse(source))] == [True]
    assert [_names_benchmarks(n) for n in _imports(ast.parse("import benchmarks.ai"))] == [True]
    assert [_names_benchmarks(n) for n in _imports(ast.parse("from . import ai"))] == [False]


# A function (a method, a class made inside a function) longer than this is split into named
# steps: past a screen, a function's steps are read as one.
FUNCTION_LINES_AT_MOST = 80


def _long_functions(tree: ast.AST) -> Iterator[tuple[str, int, int]]:
    """(name, first line, lines) of each function of `tree` longer than the limit."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > FUNCTION_LINES_AT_MOST:
                yield node.name, node.lineno, lines


def test_no_function_is_longer_than_a_screen() -> None:
    found = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{module}:{line} {name} ({lines} lines)"
                  for name, line, lines in _long_functions(tree)]  # fmt: skip
    assert found == []


def test_the_length_check_counts_a_class_made_inside_a_function() -> None:
    body = "".join(f"        x{n} = {n}\n" for n in range(FUNCTION_LINES_AT_MOST))
    source = f"def commands():\n    class Cog:\n{body}    return Cog\n"
    assert list(_long_functions(ast.parse(source))) == [("commands", 1, FUNCTION_LINES_AT_MOST + 3)]
    assert list(_long_functions(ast.parse("def short():\n    return 1\n"))) == []

"""Arrows point down only: no module imports, however indirectly, a module that imports it.

Every import counts, at the top of a module or inside a function: a function-level import
is for start-up speed, and hiding a circle in a function does not make it go away. Imports
under ``if TYPE_CHECKING:`` never run, but a circle through one is a circle still (a
helper reaching back into the screen that uses it): a second scan counts them too.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.contracts.parsed import tree_of

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scorekeeper", "screens")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {
        module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
    }


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(
    tree: ast.AST, module: str, is_package: bool, known: set[str], *, typed: bool = False
) -> set[str]:
    """The modules the import statements in ``tree`` name, outside TYPE_CHECKING unless
    ``typed``: for ``from a import b``, ``a.b`` if that is a module, else ``a``."""
    names: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and is_type_checking(node.test) and not typed:
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                names.add(submodule if submodule in known else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


@functools.cache
def import_graph(*, typed: bool = False) -> dict[str, set[str]]:
    """Module to the project modules importing it runs. Importing ``a.b.c`` runs ``a`` and
    ``a.b`` first, except those already running because the importer is inside them.
    Worked out once per process for each kind of scan; read it, never change it."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        tree = tree_of(path)
        own = path.name == "__init__.py"
        targets: set[str] = set()
        for name in imported_names(tree, module, own, set(known), typed=typed):
            parts = name.split(".")
            prefixes = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
            found = [prefix for prefix in prefixes if prefix in known]
            if not found:
                continue
            targets.add(found[-1])
            targets.update(p for p in found[:-1] if not module.startswith(f"{p}."))
        targets.discard(module)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle per strongly connected group of modules (Tarjan), shortest path shown."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return [circle_in(group, graph) for group in groups]


def circle_in(group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest way from the group's first module back to itself, within the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & group):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    return sorted(group)


def test_no_module_imports_a_module_that_imports_it() -> None:
    found = cycles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_module_names_a_module_that_imports_it_even_for_its_types() -> None:
    found = cycles(import_graph(typed=True))
    said = "\n".join(" -> ".join(c) for c in found)
    assert not found, (
        f"circles through TYPE_CHECKING imports (pass data or post a message):\n{said}"
    )


def test_the_scan_sees_function_level_imports_and_skips_type_checking_ones() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from screens.table import TableScreen\n"
        "def open_home():\n    from screens.home import HomeScreen\n"
        "from . import format\n"
    )
    names = imported_names(tree, "screens.app", False, {"screens.format"})
    assert "screens.home" in names and "screens.format" in names
    assert "screens.table" not in names
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    project = import_graph()
    assert {"screens.home", "screens.table"} <= project["screens.app"], "top and function level"
    assert "screens.app" not in project["screens.table"]

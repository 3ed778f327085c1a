"""The domain stays headless: no module under scorekeeper/ may pull in Textual or screens."""

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import scorekeeper
from tests.contracts.parsed import tree_of


def _domain_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper.")]


def test_every_domain_module_imports_without_textual() -> None:
    modules = _domain_modules()
    assert "scorekeeper.session" in modules
    probe = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "ui = ('textual', 'rich', 'screens')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ui)\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_the_domain_never_names_the_ui() -> None:
    """Not even as a string handed to importlib: a dependency no linter could see."""
    naming = re.compile(r"""(\bimport\s+screens\b|\bfrom\s+screens\b|["']screens[."'])""")
    root = Path(scorekeeper.__file__).parent
    hits = [
        f"{file.relative_to(root.parent)}:{number}: {line.strip()}"
        for file in sorted(root.rglob("*.py"))
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1)
        if naming.search(line)
    ]
    assert hits == []


COMMANDS_PROBE = """
import contextlib, io, sys
from screens.console import main
db, out = sys.argv[1], sys.argv[2]
commands = [
    ["list", "--db", db],
    ["export", "--db", db, "--out", out],
    ["stats", "--db", db],
    ["settle", "--db", db],
    ["doctor", "--db", db],
]
statuses = []
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    for command in commands:
        statuses.append(main(command))
    try:
        statuses.append(main(["--version"]))
    except SystemExit as done:
        statuses.append(done.code)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(statuses, "screens.app" in sys.modules, loaded)
"""


def test_no_command_of_the_console_script_imports_textual(tmp_path: Path) -> None:
    """``list``, ``export``, ``stats``, ``settle``, ``doctor`` and ``--version`` run
    headless (on a store with a session); only the app itself loads Textual."""
    from scorekeeper import Session
    from scorekeeper.store import Store

    with Store(tmp_path / "db") as store:
        store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    result = subprocess.run(
        [sys.executable, "-c", COMMANDS_PROBE, str(tmp_path / "db"), str(tmp_path / "out")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "[0, 0, 0, 0, 0, 0] False []", result.stderr


ABOVE_THE_STORE = ("scorekeeper.reports", "scorekeeper.cli", "screens")
"""What sits above the store: it may not import them, nor name them for importlib."""


def _named_modules(file: Path) -> list[str]:
    """Every module ``file`` imports (at the top or in a function), and every string in it
    that looks like a dotted module name."""
    import ast

    tree = tree_of(file)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.append(node.value)
    return names


def test_the_store_knows_nothing_above_it() -> None:
    """The store writes what the reports keep beside each session through the hook they
    register (``sidecar``); it never imports them, nor anything else above it."""
    root = Path(scorekeeper.__file__).parent / "store"
    hits = [
        f"{file.name}: {name}"
        for file in sorted(root.rglob("*.py"))
        for name in _named_modules(file)
        if any(name == above or name.startswith(above + ".") for above in ABOVE_THE_STORE)
    ]
    assert hits == []
    probe = (
        "import importlib, pkgutil, sys\n"
        "import scorekeeper.store as store\n"
        "for found in pkgutil.walk_packages(store.__path__, 'scorekeeper.store.'):\n"
        "    importlib.import_module(found.name)\n"
        f"above = {ABOVE_THE_STORE!r}\n"
        "print(sorted(m for m in sys.modules if m.startswith(above)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]", result.stderr


def test_importing_the_reports_gives_no_store_what_to_keep() -> None:
    """What a store keeps beside its sessions is given where it is opened (the app, the
    commands, the board), never by importing a module: a store opened bare keeps nothing."""
    probe = (
        "import screens.console, screens.app, scorekeeper.reports.export, tempfile\n"
        "from scorekeeper.store import Store\n"
        "with Store(tempfile.mkdtemp(), readonly=True) as store:\n"
        "    print(store._beside)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "None", result.stderr

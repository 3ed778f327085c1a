"""The domain stays headless: no module under scorekeeper/ may pull in Textual or screens."""

import pkgutil
import subprocess
import sys

import scorekeeper


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

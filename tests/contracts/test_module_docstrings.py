"""Each module says first what it is for, so the tree reads as a table of contents.

How long a module may grow is a question for review, not a test (docs/architecture.md,
"Module size"): a line count held by a test was met by squeezing code onto fewer lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.contracts.parsed import tree_of

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scorekeeper", "screens")


def modules() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def test_every_module_opens_with_what_it_is_for() -> None:
    found = modules()
    assert found, "no module found: the scan looks in the wrong place"
    silent = [str(path.relative_to(ROOT)) for path in found if not ast.get_docstring(tree_of(path))]
    assert not silent, "no docstring first: " + "; ".join(silent)

"""Modules stay small enough to read in one sitting, and each says first what it is for.

Past 400 lines a module holds more than one idea and a reader loses the thread: what
grew is split by what it does, not cut at a line count. The domain and the screens are
held to it; a module opens with a docstring, so the tree reads as a table of contents.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.contracts.parsed import tree_of

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scorekeeper", "screens")
MOST_LINES = 400


def modules() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def test_no_module_in_the_domain_or_the_screens_is_over_400_lines() -> None:
    counted = {path: len(path.read_text(encoding="utf-8").splitlines()) for path in modules()}
    assert counted, "no module found: the scan looks in the wrong place"
    too_long = [
        f"{path.relative_to(ROOT)}: {lines} lines"
        for path, lines in counted.items()
        if lines > MOST_LINES
    ]
    assert not too_long, f"over {MOST_LINES} lines, to split by what each part does: " + (
        "; ".join(too_long)
    )


def test_every_module_opens_with_what_it_is_for() -> None:
    silent = [
        str(path.relative_to(ROOT)) for path in modules() if not ast.get_docstring(tree_of(path))
    ]
    assert not silent, "no docstring first: " + "; ".join(silent)

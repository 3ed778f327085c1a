"""The project's modules parsed once per test process: several contract scans walk the
same trees, and parsing every module is most of what each scan costs. A tree handed out
here is shared: read it, never change it."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def parsed(source: str) -> ast.Module:
    return ast.parse(source)


def tree_of(path: Path) -> ast.Module:
    return parsed(path.read_text(encoding="utf-8"))

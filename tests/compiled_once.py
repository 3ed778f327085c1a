"""The project and its tests compiled once, before the workers start, not by each worker.

pytest rewrites a test module's asserts as it imports it and keeps the result in
``__pycache__``; Python keeps every other module's compiled code there too. On a fresh
clone none is there yet, and the workers of ``-n auto``, starting together, each
rewrote and compiled every module they collect: two to three seconds of CPU a worker,
most of it the rewriting, a twentieth of the whole run. Here the run's first process
does it once, before it starts the workers (``pytest_xdist_setupnodes`` in
``tests/conftest.py``), and each worker finds it done.

pytest has no public way to rewrite a module without running it: ``_rewrite_test`` and
``_write_pyc`` are its own, read against pytest ``TESTED_WITH``
(``tests/contracts/test_compiled_once.py`` fails on any other version). A module this
misses is only rewritten by each worker again, as before.
"""

from __future__ import annotations

import compileall
import fnmatch
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from _pytest.assertion.rewrite import (
    PYC_TAIL,
    _read_pyc,
    _rewrite_test,
    _write_pyc,
    assertstate_key,
    get_cache_dir,
)

TESTED_WITH = "8.4.2"
PROJECT = ("scorekeeper", "screens")
"""The project's packages, beside ``tests/`` in the checkout."""


def rewritten_pyc(source: Path) -> Path:
    """Where pytest keeps the rewritten code of the test module ``source``."""
    return get_cache_dir(source) / (source.name[:-3] + PYC_TAIL)


def sources(config: pytest.Config) -> Iterator[Path]:
    """The Python files under what the run collects (its paths, or ``testpaths``)."""
    seen: set[Path] = set()
    for arg in config.args:
        where = config.invocation_params.dir / arg.split("::")[0]
        found = [where] if where.is_file() else sorted(where.rglob("*.py"))
        for path in found:
            if path.suffix == ".py" and "__pycache__" not in path.parts and path not in seen:
                seen.add(path)
                yield path


def compile_once(config: pytest.Config) -> None:
    """The project's packages and every file the run collects, compiled where the
    workers will look for them."""
    for package in PROJECT:
        compileall.compile_dir(config.rootpath / package, quiet=1)
    compile_each(config, sources(config))


def compile_each(config: pytest.Config, paths: Iterable[Path]) -> None:
    """Each test module (and conftest) rewritten as pytest rewrites it, unless it is
    already; each other module compiled as Python compiles it."""
    rewriting = config.getoption("assertmode") == "rewrite"
    patterns = config.getini("python_files")
    for source in paths:
        is_test = source.name == "conftest.py" or any(
            fnmatch.fnmatch(source.name, pattern) for pattern in patterns
        )
        if not (is_test and rewriting):
            compileall.compile_file(source, quiet=1)
            continue
        state = config.stash[assertstate_key]
        pyc = rewritten_pyc(source)
        if _read_pyc(source, pyc, state.trace) is None:
            pyc.parent.mkdir(parents=True, exist_ok=True)
            stat, code = _rewrite_test(source, config)
            _write_pyc(state, code, stat, pyc)

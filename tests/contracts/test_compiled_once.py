"""What the run's first process compiles for the workers (``tests/compiled_once.py``) is
what a worker would make itself, so a worker takes it as it is."""

from __future__ import annotations

import importlib.util
from importlib.metadata import version
from pathlib import Path

import pytest
from _pytest.assertion.rewrite import _read_pyc

from tests import compiled_once


def test_pytest_is_the_version_the_rewriting_was_read_against() -> None:
    installed = version("pytest")
    assert installed == compiled_once.TESTED_WITH, (
        f"pytest {installed} is installed; tests/compiled_once.py calls the private parts "
        f"of pytest {compiled_once.TESTED_WITH} that rewrite a test module's asserts. "
        "Read them against the new pytest, then set TESTED_WITH."
    )


def test_a_test_module_is_found_rewritten_and_a_helper_compiled(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    test_module = tmp_path / "test_sums.py"
    test_module.write_text("def test_sums():\n    assert 1 + 1 == 2\n", encoding="utf-8")
    helper = tmp_path / "helper.py"
    helper.write_text("TWO = 2\n", encoding="utf-8")
    compiled_once.compile_each(request.config, [test_module, helper])
    code = _read_pyc(test_module, compiled_once.rewritten_pyc(test_module), print)
    assert code is not None, "a worker would rewrite the test module again"
    assert "@pytest_ar" in code.co_names, "its asserts are not rewritten"
    assert Path(importlib.util.cache_from_source(str(helper))).is_file()

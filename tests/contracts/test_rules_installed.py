"""The rules with their worked examples ship with the app: a wheel built from this
checkout, installed in a fresh environment, finds docs/rules.md (the one file) among its
data, every game's section in it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from scorekeeper.handbook import CHECKOUT, rules_path

ROOT = Path(__file__).parents[2]
CACHES = shutil.ignore_patterns("__pycache__", "*.egg-info")


def test_a_checkout_reads_docs_rules_md_itself() -> None:
    assert rules_path() == CHECKOUT == ROOT / "docs" / "rules.md"


@pytest.mark.slow
def test_the_wheel_installed_in_a_fresh_environment_finds_the_rules(tmp_path: Path) -> None:
    # Built from a copy: pip builds in the source tree, and the checkout stays as it is.
    source = tmp_path / "source"
    for part in ("pyproject.toml", "README.md", "docs", "scorekeeper", "screens"):
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, source / part, ignore=CACHES)
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / part, source / part)
    fresh = tmp_path / "fresh"
    venv.create(fresh, with_pip=False)
    python = fresh / "bin" / "python"
    # pip builds a wheel in an isolated environment and installs that wheel; compiling
    # every installed module (and the build's setuptools) is all it skips.
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            str(source),
        ],
        check=True,
        cwd=tmp_path,
        env={**os.environ, "PIP_NO_COMPILE": "1"},
    )
    # -I: not this checkout's scorekeeper from the working folder, the installed one.
    found = subprocess.run(
        [
            str(python),
            "-I",
            "-c",
            "from scorekeeper.handbook import rules_path; print(rules_path())",
        ],
        check=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    ).stdout.strip()
    installed = Path(found)
    assert installed.is_file(), found
    assert str(installed).startswith(str(fresh))
    assert installed.read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()

"""A hang anywhere in a test fails it with its stack and the run goes on: in the test, in
a fixture's set-up (async too: the stack is then the event loop's) or in its tear-down
(``tests/conftest.py``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HANG = 30
"""Seconds a hang below lasts, sixty times the limit the run is given: the run ends
before any one of them would have, or the test fails."""

HANGS = f"""
import asyncio
import time

import pytest


@pytest.fixture
def stuck_setting_up():
    time.sleep({HANG})


@pytest.fixture
async def stuck_waiting():
    await asyncio.sleep({HANG})


@pytest.fixture
def stuck_tearing_down():
    yield
    time.sleep({HANG})


def test_set_up(stuck_setting_up):
    pass


async def test_async_set_up(stuck_waiting):
    pass


def test_tear_down(stuck_tearing_down):
    pass


def test_body():
    time.sleep({HANG})


def test_after():
    pass
"""


def test_a_hang_in_a_fixture_fails_with_its_stack_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "test_hangs.py").write_text(HANGS)
    command = [sys.executable, "-m", "pytest", str(tmp_path / "test_hangs.py")]
    command += ["-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path)]
    command += ["-p", "tests.conftest", "-n", "0", "-p", "no:cacheprovider", "-o", "timeout=0.5"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=HANG)
    said = run.stdout + run.stderr
    assert "2 passed" in said and "1 failed" in said and "3 errors" in said, said
    for phase in (
        "setup of test_set_up",
        "setup of test_async_set_up",
        "teardown of test_tear_down",
    ):
        assert f"ERROR at {phase}" in said, phase
    timed_out = re.findall(r"^E +Failed: Timeout \(>0\.5s\) from pytest-timeout\.$", said, re.M)
    assert len(timed_out) == 4, said
    for stuck in ("def stuck_setting_up():", "def stuck_tearing_down():", "run_until_complete"):
        assert stuck in said, stuck  # where it hung

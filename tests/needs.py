"""Tests that need a program this machine may lack: Chromium for the served board in a
browser, Syncthing and rsync for two laptops kept in step. Where it is missing such a test is
skipped, except in CI (``CI=true``), where it fails: a green CI that ran no browser is
no proof. Whoever runs the suite may still skip one on purpose, even in CI:
``SCOREKEEPER_SKIP_BROWSER=1``, ``SCOREKEEPER_SKIP_SYNC=1``."""

from __future__ import annotations

import os

import pytest

SKIP = {
    "chromium": "SCOREKEEPER_SKIP_BROWSER",
    "syncthing": "SCOREKEEPER_SKIP_SYNC",
    "rsync": "SCOREKEEPER_SKIP_SYNC",
}


def needs(program: str, found: bool) -> pytest.MarkDecorator:
    """The mark of a test that needs ``program``, found on this machine or not."""
    return pytest.mark.needs(program, found)


def check(item: pytest.Item) -> None:
    """Before a test that needs a program: skip it or fail it if the program is missing."""
    marker = item.get_closest_marker("needs")
    if marker is None:
        return
    program, found = marker.args
    if found:
        return
    variable = SKIP[program]
    if os.environ.get(variable) == "1":
        pytest.skip(f"{program}: skipped on purpose ({variable}=1)")
    if os.environ.get("CI") == "true":
        pytest.fail(f"{program} is not installed, and CI must run this test", pytrace=False)
    pytest.skip(f"{program} is not installed (CI fails here; {variable}=1 skips it there)")

"""Every UI test gets its own store folder and working folder, never the person's own data.

The table's full collection after an entry closes waits an hour here, so it never comes
within a test (``test_long_evening`` times it with its own wait): in a test worker it
walks every earlier test's objects too, several times the app's, and took about 150 ms a
time against a few in the app; about a tenth of the CPU of the tests that record rounds.

Every app a test starts would parse the same CSS again; here the rules parsed are shared
by the apps of a worker (``tests/textual_internals.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import collector
from tests import textual_internals

COLLECT_AFTER_IN_TESTS = 3600.0


@pytest.fixture(autouse=True)
def css_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    textual_internals.css_parsed_once(monkeypatch)


@pytest.fixture(autouse=True)
def away_from_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "db"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(collector, "FULL_PASS_AFTER", COLLECT_AFTER_IN_TESTS)

"""Every UI test gets its own store folder and working folder, never the person's own data.

Every app a test starts would parse the same CSS again; here the rules parsed are shared
by the apps of a worker (``tests/textual_internals.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import textual_internals


@pytest.fixture(autouse=True)
def css_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    textual_internals.css_parsed_once(monkeypatch)


@pytest.fixture(autouse=True)
def away_from_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "db"))
    monkeypatch.chdir(tmp_path)
